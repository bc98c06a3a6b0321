// The predictor and a temperature-like sum.
#include "kernels.h"

void predict(State &s, double dt) {
  auto e = s.e;
  auto u = s.u;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "predict", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        e(i) += dt * u(i);
      });
}

double temperature(State &s) {
  auto u = s.u;
  double t = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "temperature", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i, double &sum) { sum += u(i) * u(i); }, t);
  return t;
}
