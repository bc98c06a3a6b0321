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

// kfuse-functor-begin kfuse_fused_3e46143f_7f656c6a
// 'final_integrate' (test/golden/multi/functor_objects/integrator.cpp:37) then 'initial_integrate'
// (test/golden/multi/functor_objects/integrator.cpp:21), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_kfuse_second, class T_kfuse_chunks, class T_kfuse_same>
struct kfuse_fused_3e46143f_7f656c6a {
  T_kfuse_first kfuse_first;
  T_kfuse_second kfuse_second;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // std::true_type where the site found the numbers both kernels name alike equal:
  // the body reads one value for both.
  T_kfuse_same kfuse_same;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT v_,
       const ::kfuse::stride_t<decltype(T_kfuse_second::v), 0, 2> v_s0,
       const ::kfuse::stride_t<decltype(T_kfuse_second::v), 1, 2> v_s1,
       const double *KOKKOS_RESTRICT f_,
       const ::kfuse::stride_t<decltype(T_kfuse_second::f), 0, 2> f_s0,
       const ::kfuse::stride_t<decltype(T_kfuse_second::f), 1, 2> f_s1, double *KOKKOS_RESTRICT x_,
       const ::kfuse::stride_t<decltype(T_kfuse_second::x), 0, 2> x_s0,
       const ::kfuse::stride_t<decltype(T_kfuse_second::x), 1, 2> x_s1,
       const decltype(T_kfuse_second::dt) dt, const decltype(T_kfuse_first::damping) damping,
       const decltype(T_kfuse_first::dt) dt_first) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        for (int d = 0; d < 3; ++d)
          v_[i * v_s0 + d * v_s1] =
              damping * (v_[i * v_s0 + d * v_s1] + 0.5 * dt_first * f_[i * f_s0 + d * f_s1]);
      }
      {
        const int i = kfuse_i0;
        for (int d = 0; d < 3; ++d) {
          v_[i * v_s0 + d * v_s1] += 0.5 * dt * f_[i * f_s0 + d * f_s1];
          x_[i * x_s0 + d * x_s1] += dt * v_[i * v_s0 + d * v_s1];
        }
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), kfuse_second.v.data(),
         kfuse_second.v.stride(0), kfuse_second.v.stride(1), kfuse_second.f.data(),
         kfuse_second.f.stride(0), kfuse_second.f.stride(1), kfuse_second.x.data(),
         kfuse_second.x.stride(0), kfuse_second.x.stride(1), kfuse_second.dt, kfuse_first.damping,
         T_kfuse_same::value ? kfuse_second.dt : kfuse_first.dt);
  }
};
// kfuse-functor-end
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
          if (!::kfuse::use_fused("final_integrate+initial_integrate", ::kfuse::no_overlap({::kfuse::bytes_of(kfuse_second.v, true), ::kfuse::bytes_of(kfuse_second.f, false), ::kfuse::bytes_of(kfuse_second.x, true)}) &&
                ::kfuse::same_view(kfuse_first.v, kfuse_second.v) &&
                ::kfuse::same_view(kfuse_first.f, kfuse_second.f)))
            return false;
          for (auto kfuse_shadow = ::kfuse::shadow_of("final_integrate+initial_integrate", "v,f,v,f,x", [&] { return ::kfuse::shadow_items(kfuse_first.v, kfuse_first.f, kfuse_second.v, kfuse_second.f, kfuse_second.x); }); kfuse_shadow.next();) {
            if (kfuse_shadow.run_fused(true)) {
              if (::kfuse::same_bits(kfuse_first.dt, kfuse_second.dt))
                Kokkos::parallel_for("final_integrate+initial_integrate", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_3e46143f_7f656c6a>(kfuse_first, kfuse_second, ::kfuse::chunks_of(kfuse_policy), std::true_type()));
              else
                Kokkos::parallel_for("final_integrate+initial_integrate", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_3e46143f_7f656c6a>(kfuse_first, kfuse_second, ::kfuse::chunks_of(kfuse_policy), std::false_type()));
            } else {
              Kokkos::parallel_for("final_integrate", kfuse_policy, ::kfuse::alone<int>(kfuse_first));
              Kokkos::parallel_for("initial_integrate", kfuse_policy, ::kfuse::alone<int>(kfuse_second));
            }
          }
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
