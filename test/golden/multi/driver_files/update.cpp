// The predictor and the advection kernels.
#include "kernels.h"

void predict(State &s, double dt) {
  auto rho = s.rho;
  auto e = s.e;
  auto u = s.u;
  Kokkos::parallel_for(
      "predict", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        e(i) += dt * u(i);
        rho(i) *= 1.0 + 0.01 * dt;
      });
}

void advect(State &s, double dt) {
  auto u = s.u;
  auto p = s.p;
  Kokkos::parallel_for(
      "advect", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        u(i) -= dt * 0.001 * p(i);
      });
}
