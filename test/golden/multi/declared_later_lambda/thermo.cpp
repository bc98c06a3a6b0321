// The thermodynamic output: a reduction over the velocities.
#include "md.h"

double kinetic(Atoms &a) {
  auto v = a.v;
  double ke = 0.0;
  Kokkos::parallel_reduce(
      "kinetic", Kokkos::RangePolicy<>(0, a.n),
      KOKKOS_LAMBDA(const int i, double &s) {
        s += 0.5 * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
      ke);
  return ke;
}
