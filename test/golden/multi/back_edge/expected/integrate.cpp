#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The two halves of the step, one kernel each.
#include "md.h"

// kfuse-functor-begin kfuse_part_final_integrate_a3880831
// 'final_integrate' (test/golden/multi/back_edge/integrate.cpp:23) as a functor: deferred, it runs fused
// with 'initial_integrate' (test/golden/multi/back_edge/integrate.cpp:8) when 'main' calls their functions in turn.
template <class T_v, class T_f, class T_dt> struct kfuse_part_final_integrate_a3880831 {
  T_v v;
  T_f f;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        v(i, 0) += 0.5 * dt * f(i, 0);
        v(i, 1) += 0.5 * dt * f(i, 1);
        v(i, 2) += 0.5 * dt * f(i, 2);
      }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_a3880831_41902cef
// 'final_integrate' (test/golden/multi/back_edge/integrate.cpp:23) then 'initial_integrate'
// (test/golden/multi/back_edge/integrate.cpp:8), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_v, class T_f, class T_x, class T_dt, class T_kfuse_chunks,
          class T_kfuse_same>
struct kfuse_fused_a3880831_41902cef {
  T_kfuse_first kfuse_first;
  T_v v;
  T_f f;
  T_x x;
  T_dt dt;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // std::true_type where the site found the numbers both kernels name alike equal:
  // the body reads one value for both.
  T_kfuse_same kfuse_same;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT v_,
       const ::kfuse::stride_t<T_v, 0, 2> v_s0, const ::kfuse::stride_t<T_v, 1, 2> v_s1,
       const double *KOKKOS_RESTRICT f_, const ::kfuse::stride_t<T_f, 0, 2> f_s0,
       const ::kfuse::stride_t<T_f, 1, 2> f_s1, double *KOKKOS_RESTRICT x_,
       const ::kfuse::stride_t<T_x, 0, 2> x_s0, const ::kfuse::stride_t<T_x, 1, 2> x_s1,
       const T_dt dt, const decltype(T_kfuse_first::dt) dt_first) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        v_[i * v_s0 + 0 * v_s1] += 0.5 * dt_first * f_[i * f_s0 + 0 * f_s1];
        v_[i * v_s0 + 1 * v_s1] += 0.5 * dt_first * f_[i * f_s0 + 1 * f_s1];
        v_[i * v_s0 + 2 * v_s1] += 0.5 * dt_first * f_[i * f_s0 + 2 * f_s1];
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
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), v.data(), v.stride(0),
         v.stride(1), f.data(), f.stride(0), f.stride(1), x.data(), x.stride(0), x.stride(1), dt,
         T_kfuse_same::value ? dt : kfuse_first.dt);
  }
};
// kfuse-functor-end
void initial_integrate(Atoms &a, double dt) {
  auto x = a.x;
  auto v = a.v;
  auto f = a.f;
  // kfuse-begin fused-across("final_integrate", "initial_integrate") profile=test/golden/multi/back_edge/profile.json
  {
    // 'final_integrate' (test/golden/multi/back_edge/integrate.cpp:23) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, a.n);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_final_integrate_a3880831<Kokkos::View<double *[3]>, Kokkos::View<double *[3]>, double>>(
        "kfuse_chain_a3880831_41902cef", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("final_integrate+initial_integrate", "v,f,v,f,x", [&] { return ::kfuse::shadow_items(kfuse_first->v, kfuse_first->f, v, f, x); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("final_integrate+initial_integrate", ::kfuse::no_overlap({::kfuse::bytes_of(v, true), ::kfuse::bytes_of(f, false), ::kfuse::bytes_of(x, true)}) &&
            ::kfuse::same_view(kfuse_first->v, v) &&
            ::kfuse::same_view(kfuse_first->f, f)))) {
        if (::kfuse::same_bits(kfuse_first->dt, dt))
          Kokkos::parallel_for("final_integrate+initial_integrate", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_a3880831_41902cef>(*kfuse_first, v, f, x, dt, ::kfuse::chunks_of(kfuse_policy), std::true_type()));
        else
          Kokkos::parallel_for("final_integrate+initial_integrate", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_a3880831_41902cef>(*kfuse_first, v, f, x, dt, ::kfuse::chunks_of(kfuse_policy), std::false_type()));
        ::kfuse::discard("kfuse_chain_a3880831_41902cef");
      } else {
        kfuse_shadow.flush("kfuse_chain_a3880831_41902cef");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "initial_integrate", Kokkos::RangePolicy<>(0, a.n), KOKKOS_LAMBDA(const int i) {
        for (int d = 0; d < 3; ++d) {
          v(i, d) += 0.5 * dt * f(i, d);
          x(i, d) += dt * v(i, d);
        }
      });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

// Over the first `count` atoms: when count differs from a.n, this kernel,
// pending at the end of a step, is not fused with the next step's
// 'initial_integrate' (their ranges differ): it runs on its own first.
void final_integrate(Atoms &a, double dt, int count) {
  auto v = a.v;
  auto f = a.f;
  // kfuse-begin deferred("final_integrate") until "initial_integrate" profile=test/golden/multi/back_edge/profile.json
  if (::kfuse::deferring("kfuse_chain_a3880831_41902cef")) {
    // Runs later: fused with 'initial_integrate' (test/golden/multi/back_edge/integrate.cpp:8), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, count);
    ::kfuse::defer("kfuse_chain_a3880831_41902cef", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_final_integrate_a3880831>(v, f, dt),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("final_integrate", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_a3880831_41902cef"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "final_integrate", Kokkos::RangePolicy<>(0, count), KOKKOS_LAMBDA(const int i) {
        v(i, 0) += 0.5 * dt * f(i, 0);
        v(i, 1) += 0.5 * dt * f(i, 1);
        v(i, 2) += 0.5 * dt * f(i, 2);
      });
// kfuse-original-end
  }
  // kfuse-end
}

// A team kernel, as force kernels over neighbour lists are: kfuse fuses
// only 1-D ranges across functions.
void compute_forces(Atoms &a) {
  auto x = a.x;
  auto f = a.f;
  const int n = a.n;
  Kokkos::parallel_for(
      "forces", Kokkos::TeamPolicy<>(n, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type &t) {
        const int i = t.league_rank();
        Kokkos::single(Kokkos::PerTeam(t), [&]() {
          for (int d = 0; d < 3; ++d)
            f(i, d) = -x(i, d) + 0.1 * (d + 1) - 0.01 * x((i + 1) % n, d);
        });
      });
}
