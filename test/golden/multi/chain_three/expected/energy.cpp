#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The energy: the last of the three, a reduction.
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
double energy(Particles &p) {
  auto x = p.x;
  auto v = p.v;
  double e = 0.0;
  // kfuse-begin fused-across("kick", "energy") after "force" profile=test/golden/multi/chain_three/profile.json
  {
    // 'kick' (test/golden/multi/chain_three/kick.cpp:10) may be pending, alone or run as one with
    // 'force' (test/golden/multi/chain_three/force.cpp:7): then they run here as one with this kernel.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, p.n);
    auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<int, kfuse_part_force_6dba9cd5<Kokkos::View<double *>, Kokkos::View<double *>, double>, kfuse_part_kick_1e0438d0<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>, double>>>(
        "kfuse_chain_1e0438d0_4600d0d6", ::kfuse::bounds_of(kfuse_policy));
    auto *kfuse_first = ::kfuse::pending<kfuse_part_kick_1e0438d0<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_1e0438d0_4600d0d6", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_three = kfuse_both && ::kfuse::use_fused("force+kick+energy", ::kfuse::apart(kfuse_both->A.f, true, v, false) &&
          ::kfuse::apart(kfuse_both->A.f, true, x, false) &&
          ::kfuse::same_or_apart(kfuse_both->B.v, v) &&
          ::kfuse::apart(kfuse_both->B.v, true, x, false) &&
          ::kfuse::apart(kfuse_both->B.x, true, v, false) &&
          ::kfuse::same_or_apart(kfuse_both->B.x, x));
    const bool kfuse_two = !kfuse_three && kfuse_first && ::kfuse::use_fused("kick+energy", ::kfuse::same_or_apart(kfuse_first->v, v) &&
          ::kfuse::apart(kfuse_first->v, true, x, false) &&
          ::kfuse::apart(kfuse_first->x, true, v, false) &&
          ::kfuse::same_or_apart(kfuse_first->x, x));
    for (auto kfuse_shadow3 = ::kfuse::shadow_of("force+kick+energy", "f,x,v,f,x,v,x,e", [&] { return ::kfuse::shadow_items(kfuse_both->A.f, kfuse_both->A.x, kfuse_both->B.v, kfuse_both->B.f, kfuse_both->B.x, v, x, ::kfuse::result_of(e)); }); kfuse_shadow3.next();)
      for (auto kfuse_shadow = ::kfuse::shadow_of("kick+energy", "v,f,x,v,x,e", [&] { return ::kfuse::shadow_items(kfuse_first->v, kfuse_first->f, kfuse_first->x, v, x, ::kfuse::result_of(e)); }); kfuse_shadow.next();) {
        if (kfuse_shadow3.run_fused(kfuse_three)) {
          Kokkos::parallel_reduce("force+kick+energy", ::kfuse::reduction_chunked(kfuse_policy), ::kfuse::compose_reduce_chunks<int, double>(::kfuse::reduction_chunks_of(kfuse_policy), *kfuse_both, KOKKOS_LAMBDA(const int i, double &s) { s += 0.5 * (v(i) * v(i) + x(i) * x(i)); }), e);
          ::kfuse::discard("kfuse_chain_1e0438d0_4600d0d6");
        } else if (kfuse_shadow.run_fused(kfuse_two)) {
          Kokkos::parallel_reduce("kick+energy", ::kfuse::reduction_chunked(kfuse_policy), ::kfuse::compose_reduce_chunks<int, double>(::kfuse::reduction_chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i, double &s) { s += 0.5 * (v(i) * v(i) + x(i) * x(i)); }), e);
          ::kfuse::discard("kfuse_chain_1e0438d0_4600d0d6");
        } else {
          if (kfuse_shadow3.checking()) {
            Kokkos::parallel_for("force", kfuse_policy, ::kfuse::alone<int>(kfuse_both->A));
            Kokkos::parallel_for("kick", kfuse_policy, ::kfuse::alone<int>(kfuse_both->B));
          } else {
            kfuse_shadow.flush("kfuse_chain_1e0438d0_4600d0d6");
          }
// kfuse-original-begin
          Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "energy", Kokkos::RangePolicy<>(0, p.n),
      KOKKOS_LAMBDA(const int i, double &s) { s += 0.5 * (v(i) * v(i) + x(i) * x(i)); }, e);
// kfuse-original-end
        }
      }
  }
  // kfuse-end
  return e;
}
