#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "state.h"

void heat(State &s) {
  auto t = s.t;
  Kokkos::parallel_for(
      "heat", s.n, KOKKOS_LAMBDA(const int i) { t(i) += 1.0 + 0.01 * i; });
}

// kfuse-functor-begin kfuse_part_cool_b282f69c
// 'cool' (test/golden/multi/callee_every_call/physics.cpp:11) as a functor: deferred, it runs fused
// with 'mix' (test/golden/multi/callee_every_call/physics.cpp:18) when 'main' calls their functions in turn.
template <class T_t> struct kfuse_part_cool_b282f69c {
  T_t t;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { t(i) *= 0.5; }
};
// kfuse-functor-end
void cool(State &s) {
  auto t = s.t;
  // kfuse-begin deferred("cool") until "mix" profile=test/golden/multi/callee_every_call/profile.json
  if (::kfuse::deferring("kfuse_chain_b282f69c_f76e19a1")) {
    // Runs later: fused with 'mix' (test/golden/multi/callee_every_call/physics.cpp:18), or on its own.
    const auto kfuse_policy = s.n;
    ::kfuse::defer("kfuse_chain_b282f69c_f76e19a1", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_cool_b282f69c>(t),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("cool", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_b282f69c_f76e19a1"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "cool", s.n, KOKKOS_LAMBDA(const int i) { t(i) *= 0.5; });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_mix_f76e19a1
// 'mix' (test/golden/multi/callee_every_call/physics.cpp:18) as a functor: deferred, it runs fused
// with 'settle' (test/golden/multi/callee_every_call/physics.cpp:24) when 'main' calls their functions in turn.
template <class T_u, class T_t> struct kfuse_part_mix_f76e19a1 {
  T_u u;
  T_t t;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) = 0.5 * (u(i) + t(i)); }
};
// kfuse-functor-end
void mix(State &s) {
  auto t = s.t;
  auto u = s.u;
  // kfuse-begin fused-across("cool", "mix") deferred until "settle" profile=test/golden/multi/callee_every_call/profile.json
  {
    // 'cool' (test/golden/multi/callee_every_call/physics.cpp:11) may be pending: then both run as one, later:
    // with 'settle' (test/golden/multi/callee_every_call/physics.cpp:24), or on their own.
    const auto kfuse_policy = s.n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_cool_b282f69c<Kokkos::View<double *>>>(
        "kfuse_chain_b282f69c_f76e19a1", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("cool+mix", ::kfuse::apart(kfuse_first->t, true, u, true) &&
          ::kfuse::same_or_apart(kfuse_first->t, t));
    if (::kfuse::deferring("kfuse_chain_f76e19a1_97365e4c")) {
      if (kfuse_fuse) {
        const auto kfuse_both = ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_mix_f76e19a1>(u, t));
        ::kfuse::discard("kfuse_chain_b282f69c_f76e19a1");
        ::kfuse::defer("kfuse_chain_f76e19a1_97365e4c", ::kfuse::bounds_of(kfuse_policy), kfuse_both,
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("cool+mix", kfuse_policy, kfuse_part); });
      } else {
        ::kfuse::flush("kfuse_chain_b282f69c_f76e19a1");
        ::kfuse::defer("kfuse_chain_f76e19a1_97365e4c", ::kfuse::bounds_of(kfuse_policy), ::kfuse::make_fused<kfuse_part_mix_f76e19a1>(u, t),
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("mix", kfuse_policy, kfuse_part); });
      }
    } else {
      for (auto kfuse_shadow = ::kfuse::shadow_of("cool+mix", "t,u,t", [&] { return ::kfuse::shadow_items(kfuse_first->t, u, t); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_fuse)) {
          Kokkos::parallel_for("cool+mix", kfuse_policy, ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_mix_f76e19a1>(u, t)));
          ::kfuse::discard("kfuse_chain_b282f69c_f76e19a1");
        } else {
          kfuse_shadow.flush("kfuse_chain_b282f69c_f76e19a1");
          if (!kfuse_fuse)
            ::kfuse::flush("kfuse_chain_f76e19a1_97365e4c"); // one pending from an outer call runs first
// kfuse-original-begin
          Kokkos::parallel_for(
      "mix", s.n, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * (u(i) + t(i)); });
// kfuse-original-end
        }
      }
    }
  }
  // kfuse-end
}

void settle(State &s) {
  auto u = s.u;
  // kfuse-begin fused-across("mix", "settle") after "cool" profile=test/golden/multi/callee_every_call/profile.json
  {
    // 'mix' (test/golden/multi/callee_every_call/physics.cpp:18) may be pending, alone or run as one with
    // 'cool' (test/golden/multi/callee_every_call/physics.cpp:11): then they run here as one with this kernel.
    const auto kfuse_policy = s.n;
    auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<int, kfuse_part_cool_b282f69c<Kokkos::View<double *>>, kfuse_part_mix_f76e19a1<Kokkos::View<double *>, Kokkos::View<double *>>>>(
        "kfuse_chain_f76e19a1_97365e4c", ::kfuse::bounds_of(kfuse_policy));
    auto *kfuse_first = ::kfuse::pending<kfuse_part_mix_f76e19a1<Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_f76e19a1_97365e4c", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_three = kfuse_both && ::kfuse::use_fused("cool+mix+settle", ::kfuse::apart(kfuse_both->A.t, true, u, true) &&
          ::kfuse::same_or_apart(kfuse_both->B.u, u) &&
          ::kfuse::apart(kfuse_both->B.t, false, u, true));
    const bool kfuse_two = !kfuse_three && kfuse_first && ::kfuse::use_fused("mix+settle", ::kfuse::same_or_apart(kfuse_first->u, u) &&
          ::kfuse::apart(kfuse_first->t, false, u, true));
    for (auto kfuse_shadow3 = ::kfuse::shadow_of("cool+mix+settle", "t,u,t,u", [&] { return ::kfuse::shadow_items(kfuse_both->A.t, kfuse_both->B.u, kfuse_both->B.t, u); }); kfuse_shadow3.next();)
      for (auto kfuse_shadow = ::kfuse::shadow_of("mix+settle", "u,t,u", [&] { return ::kfuse::shadow_items(kfuse_first->u, kfuse_first->t, u); }); kfuse_shadow.next();) {
        if (kfuse_shadow3.run_fused(kfuse_three)) {
          Kokkos::parallel_for("cool+mix+settle", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_both, KOKKOS_LAMBDA(const int i) { u(i) += 0.25; }));
          ::kfuse::discard("kfuse_chain_f76e19a1_97365e4c");
        } else if (kfuse_shadow.run_fused(kfuse_two)) {
          Kokkos::parallel_for("mix+settle", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) { u(i) += 0.25; }));
          ::kfuse::discard("kfuse_chain_f76e19a1_97365e4c");
        } else {
          if (kfuse_shadow3.checking()) {
            Kokkos::parallel_for("cool", kfuse_policy, ::kfuse::alone<int>(kfuse_both->A));
            Kokkos::parallel_for("mix", kfuse_policy, ::kfuse::alone<int>(kfuse_both->B));
          } else {
            kfuse_shadow.flush("kfuse_chain_f76e19a1_97365e4c");
          }
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "settle", s.n, KOKKOS_LAMBDA(const int i) { u(i) += 0.25; });
// kfuse-original-end
        }
      }
  }
  // kfuse-end
}
