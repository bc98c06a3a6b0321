// minimd: the atoms' state (positions, velocities, forces, types, masses) in a periodic cubic box.
#ifndef MINIMD_SYSTEM_H
#define MINIMD_SYSTEM_H

#include <Kokkos_Core.hpp>

/// Everything the kernels need to know about the atoms: N atoms of ntypes types
/// in a cubic periodic box of edge `box`, positions kept in [0, box).
struct System {
  int N = 0;
  int ntypes = 1;
  double box = 0.0;
  Kokkos::View<double *[3]> x; ///< positions
  Kokkos::View<double *[3]> v; ///< velocities
  Kokkos::View<double *[3]> f; ///< forces
  Kokkos::View<int *> type;    ///< type of each atom
  Kokkos::View<double *> mass; ///< mass of each type
};

/// The component \p d of a separation folded into (-box/2, box/2]: the nearest
/// periodic image (positions are in [0, box), so one fold is enough).
KOKKOS_INLINE_FUNCTION double min_image(double d, double box) {
  return d > 0.5 * box ? d - box : (d <= -0.5 * box ? d + box : d);
}

/// Squared distance between the nearest images of atoms \p i and \p j.
KOKKOS_INLINE_FUNCTION double distance_sq(const Kokkos::View<double *[3]> &x, int i, int j,
                                          double box) {
  const double dx = min_image(x(i, 0) - x(j, 0), box);
  const double dy = min_image(x(i, 1) - x(j, 1), box);
  const double dz = min_image(x(i, 2) - x(j, 2), box);
  return dx * dx + dy * dy + dz * dz;
}

/// Puts side^3 atoms of one type and unit mass on a simple-cubic lattice of
/// spacing \p lattice, each moved a little from its site, with velocities drawn
/// from hashes of the atom index and scaled to \p target_temp.
void create_lattice(System &sys, int side, double lattice, double target_temp);

#endif // MINIMD_SYSTEM_H
