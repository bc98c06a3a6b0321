#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Velocities from the force, then positions from the velocities: fused
// with the force before it (force.cpp) and, the two deferred again, with
// the energy after it (energy.cpp).
#include "particles.h"

// kfuse-functor-begin kfuse_part_kick_1e0438d0
// 'kick' (test/golden/multi/chain_three/kick.cpp:10) as a functor: deferred, it runs fused
// with 'energy' (test/golden/multi/chain_three/energy.cpp:8) when 'main' calls their functions in turn.
template <class T_v, class T_f, class T_x, class T_dt> struct kfuse_part_kick_1e0438d0 {
  T_v v;
  T_f f;
  T_x x;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        v(i) += dt * f(i);
        x(i) += dt * v(i);
      }
};
// kfuse-functor-end
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
void kick(Particles &p, double dt) {
  auto x = p.x;
  auto v = p.v;
  auto f = p.f;
  // kfuse-begin fused-across("force", "kick") deferred until "energy" profile=test/golden/multi/chain_three/profile.json
  {
    // 'force' (test/golden/multi/chain_three/force.cpp:7) may be pending: then both run as one, later:
    // with 'energy' (test/golden/multi/chain_three/energy.cpp:8), or on their own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, p.n);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_force_6dba9cd5<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_6dba9cd5_1e0438d0", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("force+kick", ::kfuse::apart(kfuse_first->f, true, v, true) &&
          ::kfuse::same_or_apart(kfuse_first->f, f) &&
          ::kfuse::apart(kfuse_first->f, true, x, true) &&
          ::kfuse::apart(kfuse_first->x, false, v, true) &&
          ::kfuse::same_or_apart(kfuse_first->x, x));
    if (::kfuse::deferring("kfuse_chain_1e0438d0_4600d0d6")) {
      if (kfuse_fuse) {
        const auto kfuse_both = ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_kick_1e0438d0>(v, f, x, dt));
        ::kfuse::discard("kfuse_chain_6dba9cd5_1e0438d0");
        ::kfuse::defer("kfuse_chain_1e0438d0_4600d0d6", ::kfuse::bounds_of(kfuse_policy), kfuse_both,
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("force+kick", kfuse_policy, kfuse_part); });
      } else {
        ::kfuse::flush("kfuse_chain_6dba9cd5_1e0438d0");
        ::kfuse::defer("kfuse_chain_1e0438d0_4600d0d6", ::kfuse::bounds_of(kfuse_policy), ::kfuse::make_fused<kfuse_part_kick_1e0438d0>(v, f, x, dt),
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("kick", kfuse_policy, kfuse_part); });
      }
    } else {
      for (auto kfuse_shadow = ::kfuse::shadow_of("force+kick", "f,x,v,f,x", [&] { return ::kfuse::shadow_items(kfuse_first->f, kfuse_first->x, v, f, x); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_fuse)) {
          Kokkos::parallel_for("force+kick", kfuse_policy, ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_kick_1e0438d0>(v, f, x, dt)));
          ::kfuse::discard("kfuse_chain_6dba9cd5_1e0438d0");
        } else {
          kfuse_shadow.flush("kfuse_chain_6dba9cd5_1e0438d0");
          if (!kfuse_fuse)
            ::kfuse::flush("kfuse_chain_1e0438d0_4600d0d6"); // one pending from an outer call runs first
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "kick", Kokkos::RangePolicy<>(0, p.n), KOKKOS_LAMBDA(const int i) {
        v(i) += dt * f(i);
        x(i) += dt * v(i);
      });
// kfuse-original-end
        }
      }
    }
  }
  // kfuse-end
}
