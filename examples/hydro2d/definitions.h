// hydro2d: the mesh data (fields as View members of structs) and the iteration ranges over it.
#ifndef HYDRO2D_DEFINITIONS_H
#define HYDRO2D_DEFINITIONS_H

#include <Kokkos_Core.hpp>

/// The fields of one chunk. Cell arrays have one ghost layer, (x_cells + 2) x
/// (y_cells + 2); node arrays one more entry each way. Index (j, k) is x, y.
/// Suffix 0: start of the step, 1: end of the step.
struct Field {
  Kokkos::View<double **> density0, density1;   ///< cells
  Kokkos::View<double **> energy0, energy1;     ///< cells, specific internal energy
  Kokkos::View<double **> pressure, soundspeed; ///< cells
  Kokkos::View<double **> cell_xvel0, cell_yvel0; ///< cells: node velocities averaged
  Kokkos::View<double **> cell_xvel1, cell_yvel1; ///< cells: velocities after advection
  Kokkos::View<double **> xvel0, yvel0, xvel1, yvel1; ///< nodes
};

/// One rectangular piece of the mesh with its fields and run parameters.
struct Chunk {
  int x_cells = 0, y_cells = 0;
  double dx = 0.0, dy = 0.0;
  double gamma = 1.4;          ///< ratio of specific heats
  double cfl = 0.4;            ///< fraction of the stable time step taken
  double density_floor = 0.0;  ///< lower bound on density; 0: none
  double energy_floor = 0.0;   ///< lower bound on energy; 0: none
  double max_speed = 0.0;      ///< bound on each velocity component; 0: none
  Field field;
};

/// The interior cells, 1 .. x_cells by 1 .. y_cells.
inline Kokkos::MDRangePolicy<Kokkos::Rank<2>> cells(const Chunk &chunk) {
  return Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {chunk.x_cells + 1, chunk.y_cells + 1});
}

/// The nodes of the interior cells, 1 .. x_cells + 1 by 1 .. y_cells + 1.
inline Kokkos::MDRangePolicy<Kokkos::Rank<2>> nodes(const Chunk &chunk) {
  return Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {chunk.x_cells + 2, chunk.y_cells + 2});
}

/// The interior cells and the ghost layer around them.
inline Kokkos::MDRangePolicy<Kokkos::Rank<2>> all_cells(const Chunk &chunk) {
  return Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {chunk.x_cells + 2, chunk.y_cells + 2});
}

#endif // HYDRO2D_DEFINITIONS_H
