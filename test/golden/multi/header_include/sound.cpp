// The sound speed from the pressure.
#include "kernels.h"
#include <cmath>

void sound(Cells &s) {
  auto rho = s.rho;
  auto p = s.p;
  auto c = s.c;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "sound", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i) { c(i) = std::sqrt(1.4 * p(i) / rho(i)); });
}
