#include <kfuse/runtime/Guard.hpp> // kfuse-include
#pragma once
#include "pair.h"

// kfuse-functor-begin kfuse_second_c76a45f5_e8bf2b1d
// 'kick' (test/golden/multi/template_force/kick.cpp:19) as a functor: its class is declared
// where this file cannot name it (its site hands over its members); it runs fused with 'pair' (test/golden/multi/template_force/pair_impl.h:7)
// when 'main' calls their functions in turn.
template <class T_v, class T_f, class T_dt> struct kfuse_second_c76a45f5_e8bf2b1d {
  T_v v;
  T_f f;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
      v(i, 0) += dt * f(i, 0);
      v(i, 1) += dt * f(i, 1);
    }
};
// kfuse-functor-end
template <class List> void PairForce<List>::compute(Atoms &atoms) {
  x = atoms.x;
  f = atoms.f;
  // kfuse-begin deferred("pair") until "kick" profile=test/golden/multi/template_force/profile.json
  if (::kfuse::deferring("kfuse_chain_c76a45f5_e8bf2b1d")) {
    // Runs later: fused with 'kick' (test/golden/multi/template_force/kick.cpp:19), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<TagForce>(0, atoms.n);
    ::kfuse::defer_fusable<std::tuple<Kokkos::View<double *[2]>, Kokkos::View<const double *[2]>, double>>("kfuse_chain_c76a45f5_e8bf2b1d", ::kfuse::bounds_of(kfuse_policy),
        *this,
        [=](const auto &kfuse_part) {
          Kokkos::parallel_for("pair", kfuse_policy, kfuse_part);
        },
        [=](const auto &kfuse_first, const std::tuple<Kokkos::View<double *[2]>, Kokkos::View<const double *[2]>, double> &kfuse_members) {
          const auto kfuse_second = ::kfuse::make_fused<kfuse_second_c76a45f5_e8bf2b1d>(std::get<0>(kfuse_members), std::get<1>(kfuse_members), std::get<2>(kfuse_members));
          if (!::kfuse::use_fused("pair+kick", ::kfuse::apart(kfuse_first.x, false, kfuse_second.v, true) &&
                ::kfuse::apart(kfuse_first.f, true, kfuse_second.v, true) &&
                ::kfuse::same_or_apart(kfuse_first.f, kfuse_second.f)))
            return false;
          for (auto kfuse_shadow = ::kfuse::shadow_of("pair+kick", "x,f,v,f", [&] { return ::kfuse::shadow_items(kfuse_first.x, kfuse_first.f, kfuse_second.v, kfuse_second.f); }); kfuse_shadow.next();) {
            if (kfuse_shadow.run_fused(true)) {
              Kokkos::parallel_for("pair+kick", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), ::kfuse::tagged<PairForce::TagForce>(kfuse_first), kfuse_second));
            } else {
              Kokkos::parallel_for("pair", kfuse_policy, ::kfuse::alone<int>(::kfuse::tagged<PairForce::TagForce>(kfuse_first)));
              Kokkos::parallel_for("kick", kfuse_policy, ::kfuse::alone<int>(kfuse_second));
            }
          }
          return true;
        });
  } else {
    ::kfuse::flush("kfuse_chain_c76a45f5_e8bf2b1d"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("pair", Kokkos::RangePolicy<TagForce>(0, atoms.n), *this);
// kfuse-original-end
  }
  // kfuse-end // EXPECT-REMARK: kfuse-unsafe-dependence
  Kokkos::fence();
  ++steps;
}

template <class List>
KOKKOS_INLINE_FUNCTION void PairForce<List>::operator()(TagForce, const int i) const {
  const Neighbours near = list.of(i);
  double fx = 0, fy = 0;
  for (int k = 0; k < near.size(); ++k) {
    const int j = near(k);
    const double dx = x(i, 0) - x(j, 0), dy = x(i, 1) - x(j, 1);
    const double r2 = dx * dx + dy * dy + 0.01;
    if (r2 < cut * cut) {
      fx += dx / r2;
      fy += dy / r2;
    }
  }
  f(i, 0) = fx;
  f(i, 1) = fy;
}
