#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A spring force.
#include "particles.h"

// kfuse-functor-begin kfuse_part_force_6dba9cd5
// 'force' (test/golden/multi/chain_three/force.cpp:7) as a functor: deferred, it runs fused
// with 'kick' (test/golden/multi/chain_three/kick.cpp:10) when 'main' calls their functions in turn.
template <class T_f, class T_x, class T_k> struct kfuse_part_force_6dba9cd5 {
  T_f f;
  T_x x;
  T_k k;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { f(i) = -k * x(i); }
};
// kfuse-functor-end
void force(Particles &p, double k) {
  auto x = p.x;
  auto f = p.f;
  // kfuse-begin deferred("force") until "kick" profile=test/golden/multi/chain_three/profile.json
  if (::kfuse::deferring("kfuse_chain_6dba9cd5_1e0438d0")) {
    // Runs later: fused with 'kick' (test/golden/multi/chain_three/kick.cpp:10), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, p.n);
    ::kfuse::defer("kfuse_chain_6dba9cd5_1e0438d0", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_force_6dba9cd5>(f, x, k),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("force", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_6dba9cd5_1e0438d0"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "force", Kokkos::RangePolicy<>(0, p.n), KOKKOS_LAMBDA(const int i) { f(i) = -k * x(i); });
// kfuse-original-end
  }
  // kfuse-end
}
