#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "system.h"

// kfuse-functor-begin kfuse_second_f9f52ae0_6c4a98ef
// 'Integrator::kick' (test/golden/multi/dispatched_force/integrator.cpp:4) as a functor: its operator() is defined
// where this file cannot call it; it runs fused with 'PairForce::run_pairs' (test/golden/multi/dispatched_force/force.cpp:7)
// when 'main' calls their functions in turn.
template <class T_v, class T_f, class T_dt> struct kfuse_second_f9f52ae0_6c4a98ef {
  T_v v;
  T_f f;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int & i) const {
    for (int d = 0; d < 3; ++d)
      v(i, d) += dt * f(i, d);
  }
};
// kfuse-functor-end
template <int STYLE> void PairForce::run_pairs() {
  if (STYLE > 1)
    Kokkos::parallel_for("shifted pairs", Kokkos::RangePolicy<TagPair<1>>(0, nlocal), *this);
  else
    // kfuse-begin deferred("PairForce::run_pairs") until "Integrator::kick" profile=test/golden/multi/dispatched_force/profile.json
    if (::kfuse::deferring("kfuse_chain_f9f52ae0_6c4a98ef")) {
      // Runs later: fused with 'Integrator::kick' (test/golden/multi/dispatched_force/integrator.cpp:4), or on its own.
      const auto kfuse_policy = Kokkos::RangePolicy<TagPair<0>>(0, nlocal);
      ::kfuse::defer_fusable<Integrator>("kfuse_chain_f9f52ae0_6c4a98ef", ::kfuse::bounds_of(kfuse_policy),
          *this,
          [=](const auto &kfuse_part) {
            Kokkos::parallel_for(kfuse_policy, kfuse_part);
          },
          [=](const auto &kfuse_first, const Integrator &kfuse_second) {
            if (!::kfuse::use_fused("PairForce::run_pairs+Integrator::kick", ::kfuse::apart(kfuse_first.numneigh, false, kfuse_second.v, true) &&
                  ::kfuse::apart(kfuse_first.x, false, kfuse_second.v, true) &&
                  ::kfuse::apart(kfuse_first.anchor, false, kfuse_second.v, true) &&
                  ::kfuse::apart(kfuse_first.f, true, kfuse_second.v, true) &&
                  ::kfuse::same_or_apart(kfuse_first.f, kfuse_second.f)))
              return false;
            for (auto kfuse_shadow = ::kfuse::shadow_of("PairForce::run_pairs+Integrator::kick", "numneigh,x,anchor,f,v,f", [&] { return ::kfuse::shadow_items(kfuse_first.numneigh, kfuse_first.x, kfuse_first.anchor, kfuse_first.f, kfuse_second.v, kfuse_second.f); }); kfuse_shadow.next();) {
              if (kfuse_shadow.run_fused(true)) {
                Kokkos::parallel_for("PairForce::run_pairs+Integrator::kick", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), ::kfuse::tagged<PairForce::TagPair<0>>(kfuse_first), ::kfuse::make_fused<kfuse_second_f9f52ae0_6c4a98ef>(kfuse_second.v, kfuse_second.f, kfuse_second.dt)));
              } else {
                Kokkos::parallel_for(kfuse_policy, ::kfuse::alone<int>(::kfuse::tagged<PairForce::TagPair<0>>(kfuse_first)));
                Kokkos::parallel_for(kfuse_policy, ::kfuse::alone<int>(::kfuse::make_fused<kfuse_second_f9f52ae0_6c4a98ef>(kfuse_second.v, kfuse_second.f, kfuse_second.dt)));
              }
            }
            return true;
          });
    } else {
      ::kfuse::flush("kfuse_chain_f9f52ae0_6c4a98ef"); // one pending from an outer call runs first
// kfuse-original-begin
      Kokkos::parallel_for(Kokkos::RangePolicy<TagPair<0>>(0, nlocal), *this);
// kfuse-original-end
    }
    // kfuse-end // EXPECT-REMARK: kfuse-not-fusable
}

void PairForce::compute(Atoms &atoms, const t_vec &anchors, const t_count &count) {
  nlocal = atoms.n;
  x = atoms.x;
  f = atoms.f;
  anchor = anchors;
  numneigh = count;
  if (mode == 2)
    return run_pairs<2>();
  return run_pairs<0>();
}

void Laps::stamp(int phase) { counts[phase] += 1.0; }
