// hydro2d: the kernel functions, one per *_kernel.cpp file, that the hydro cycle calls.
#ifndef HYDRO2D_KERNELS_H
#define HYDRO2D_KERNELS_H

#include "definitions.h"

/// Sums over the interior cells that field_summary_kernel returns.
struct SummaryValues {
  double volume = 0.0;
  double mass = 0.0;
  double internal_energy = 0.0;
  double kinetic_energy = 0.0;
  double pressure = 0.0; ///< volume-weighted
};

/// The initial state: a dense, hot corner in a light background, at rest.
void generate_chunk_kernel(Chunk &chunk);

/// Pressure and sound speed of an ideal gas from density0 and energy0.
void ideal_gas_kernel(Chunk &chunk);

/// Cell velocities at the start of the step: the mean of each cell's 4 nodes.
void cell_velocity_kernel(Chunk &chunk);

#ifdef HYDRO2D_HANDFUSED
/// ideal_gas_kernel then cell_velocity_kernel, fused by hand into one kernel.
void ideal_gas_cell_velocity_kernel(Chunk &chunk);
#endif

/// Fills the ghost layer of cell field \p f by reflection at the walls: the
/// copy is multiplied by \p sign_x at the left and right walls and by
/// \p sign_y at the bottom and top (-1 for the normal velocity component).
void update_halo_kernel(Chunk &chunk, const Kokkos::View<double **> &f, double sign_x,
                        double sign_y);

/// The largest stable time step of the interior cells (before the CFL factor).
double timestep_kernel(Chunk &chunk);

/// One Lax-Friedrichs step of length \p dt: density1, energy1 and the cell
/// velocities cell_xvel1, cell_yvel1 from the step's start values.
void advec_kernel(Chunk &chunk, double dt);

/// Node velocities at the end of the step: the mean of the 4 cells around each node.
void node_velocity_kernel(Chunk &chunk);

/// Makes the end-of-step values the next step's start values.
void reset_field_kernel(Chunk &chunk);

/// Volume, mass, energies and pressure summed over the interior cells.
SummaryValues field_summary_kernel(Chunk &chunk);

#endif // HYDRO2D_KERNELS_H
