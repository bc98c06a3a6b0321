// The corrector and a kinetic-energy-like sum.
#include "kernels.h"

void correct(State &s, double dt) {
  auto e = s.e;
  auto u = s.u;
  auto rho = s.rho;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "correct", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        u(i) -= dt * 0.01 * e(i) / rho(i);
      });
}

double kinetic(State &s) {
  auto u = s.u;
  auto rho = s.rho;
  double k = 0.0;
  Kokkos::parallel_reduce(
      "kinetic", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i, double &sum) { sum += 0.5 * rho(i) * u(i) * u(i); }, k);
  return k;
}
