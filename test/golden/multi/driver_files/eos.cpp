// The equation of state (with the largest pressure) and a smoothing kernel.
#include "kernels.h"

double eos(State &s) {
  auto rho = s.rho;
  auto e = s.e;
  auto p = s.p;
  double pmax = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "eos", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i, double &m) {
        p(i) = 0.4 * rho(i) * e(i);
        m = p(i) > m ? p(i) : m;
      },
      Kokkos::Max<double>(pmax));
  return pmax;
}

void smooth(State &s) {
  auto e = s.e;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "smooth", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        e(i) *= 0.999;
      });
}
