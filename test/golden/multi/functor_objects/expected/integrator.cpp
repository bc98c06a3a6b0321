#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The halves of the step as functor objects in an anonymous namespace; the
// second half's functor is defined after the first half's function, so its
// site launches both when they run as one.
#include "integrator.h"

namespace {
struct InitialFunctor {
  t_x x, v, f;
  double dt;
  InitialFunctor(t_x x_, t_x v_, t_x f_, double dt_) : x(x_), v(v_), f(f_), dt(dt_) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    for (int d = 0; d < 3; ++d) {
      v(i, d) += 0.5 * dt * f(i, d);
      x(i, d) += dt * v(i, d);
    }
  }
};
} // namespace

void IntegratorVerlet::initial_integrate() {
  // kfuse-begin fused-across("final_integrate", "initial_integrate") profile=test/golden/multi/functor_objects/profile.json
  {
    // 'final_integrate' (test/golden/multi/functor_objects/integrator.cpp:37) may be pending: then its site launches
    // both as one.
    const auto kfuse_policy = p.n;
    const auto kfuse_second = InitialFunctor(p.x, p.v, p.f, 0.01);
    if (!::kfuse::fuse_pending("kfuse_chain_3e46143f_7f656c6a", ::kfuse::bounds_of(kfuse_policy), kfuse_second)) {
      ::kfuse::flush("kfuse_chain_3e46143f_7f656c6a");
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "initial_integrate", p.n, InitialFunctor(p.x, p.v, p.f, 0.01));
// kfuse-original-end
    }
  }
  // kfuse-end
}

namespace {
struct FinalFunctor {
  t_x v, f;
  double dt, damping;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    for (int d = 0; d < 3; ++d)
      v(i, d) = damping * (v(i, d) + 0.5 * dt * f(i, d));
  }
};
} // namespace

void IntegratorVerlet::final_integrate() {
  // kfuse-begin deferred("final_integrate") until "initial_integrate" profile=test/golden/multi/functor_objects/profile.json
  if (::kfuse::deferring("kfuse_chain_3e46143f_7f656c6a")) {
    // Runs later: fused with 'initial_integrate' (test/golden/multi/functor_objects/integrator.cpp:21), or on its own.
    const auto kfuse_policy = p.n;
    ::kfuse::defer_fusable<InitialFunctor>("kfuse_chain_3e46143f_7f656c6a", ::kfuse::bounds_of(kfuse_policy),
        FinalFunctor{p.v, p.f, 0.01, 1.0},
        [=](const auto &kfuse_part) {
          Kokkos::parallel_for("final_integrate", kfuse_policy, kfuse_part);
        },
        [=](const auto &kfuse_first, const InitialFunctor &kfuse_second) {
          if (!::kfuse::use_fused("final_integrate+initial_integrate", ::kfuse::same_or_apart(kfuse_first.v, kfuse_second.v) &&
                ::kfuse::apart(kfuse_first.v, true, kfuse_second.f, false) &&
                ::kfuse::apart(kfuse_first.v, true, kfuse_second.x, true) &&
                ::kfuse::apart(kfuse_first.f, false, kfuse_second.v, true) &&
                ::kfuse::apart(kfuse_first.f, false, kfuse_second.x, true)))
            return false;
          Kokkos::parallel_for("final_integrate+initial_integrate", kfuse_policy, ::kfuse::compose<int>(kfuse_first, kfuse_second));
          return true;
        });
  } else {
    ::kfuse::flush("kfuse_chain_3e46143f_7f656c6a"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("final_integrate", p.n, FinalFunctor{p.v, p.f, 0.01, 1.0});
// kfuse-original-end
  }
  // kfuse-end
}

void IntegratorDamped::final_integrate() {
  Kokkos::parallel_for("final_damped", p.n, FinalFunctor{p.v, p.f, 0.01, 0.999});
}

void compute_forces(Particles &p) {
  auto x = p.x;
  auto f = p.f;
  const int n = p.n;
  Kokkos::parallel_for(
      "forces", Kokkos::TeamPolicy<>(n, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type &t) {
        const int i = t.league_rank();
        Kokkos::single(Kokkos::PerTeam(t), [&]() {
          for (int d = 0; d < 3; ++d)
            f(i, d) = -x(i, d) + 0.01 * x((i + 1) % n, d);
        });
      });
}

double kinetic(Particles &p) {
  auto v = p.v;
  double ke = 0.0;
  Kokkos::parallel_reduce(
      "kinetic", p.n,
      KOKKOS_LAMBDA(const int i, double &s) {
        s += 0.5 * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
      ke);
  return ke;
}
