#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "system.h"

void Integrator::kick() {
  // kfuse-begin fused-across("PairForce::run_pairs", "Integrator::kick") profile=test/golden/multi/dispatched_force/profile.json
  {
    // 'PairForce::run_pairs' (test/golden/multi/dispatched_force/force.cpp:7) may be pending: then its site launches
    // both as one.
    const auto kfuse_policy = Kokkos::RangePolicy<TagKick>(0, nlocal);
    const auto kfuse_second = *this;
    if (!::kfuse::fuse_pending("kfuse_chain_f9f52ae0_6c4a98ef", ::kfuse::bounds_of(kfuse_policy), kfuse_second)) {
      ::kfuse::flush("kfuse_chain_f9f52ae0_6c4a98ef");
// kfuse-original-begin
      Kokkos::parallel_for(Kokkos::RangePolicy<TagKick>(0, nlocal), *this);
// kfuse-original-end
    }
  }
  // kfuse-end // EXPECT-REMARK: kfuse-fused
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
