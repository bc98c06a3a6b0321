#include "system.h"

void Integrator::kick() {
  Kokkos::parallel_for(Kokkos::RangePolicy<TagKick>(0, nlocal), *this); // EXPECT-REMARK: kfuse-fused
}

void Integrator::drift() {
  Kokkos::parallel_for(Kokkos::RangePolicy<TagDrift>(0, nlocal), *this); // EXPECT-REMARK: kfuse-not-fusable
}

KOKKOS_INLINE_FUNCTION void Integrator::operator()(TagKick, const int &i) const {
  for (int d = 0; d < 3; ++d)
    v(i, d) += dt * f(i, d);
}

KOKKOS_INLINE_FUNCTION void Integrator::operator()(TagDrift, const int &i) const {
  for (int d = 0; d < 3; ++d)
    x(i, d) += dt * v(i, d);
}
