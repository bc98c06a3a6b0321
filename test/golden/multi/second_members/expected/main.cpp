#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A diffusion loop: a flux kernel (a class launching itself) fused with the
// relaxation that follows, whose functor the flux's file cannot name (an
// anonymous namespace of another source file): its data members travel to
// the flux's site, which runs a copy of its body. A decay running after
// the flux less often is left alone.
//   diffuse [N] [STEPS] [MODE]   (MODE 1: the decay follows the flux every
//   other step; MODE 2: the relaxed field is written into the flux, and
//   the guard runs them as written)
#include "state.h"
#include <cstdio>
#include <cstdlib>
#include <utility>

// KFUSE-RUN: 400 5 0
// KFUSE-RUN: 400 5 1
// KFUSE-RUN: 37 2 0
// KFUSE-FALLBACK-RUN: 400 5 2
// KFUSE-PROFILE-RUN: 400 5 1

// kfuse-functor-begin kfuse_fused_sum_rate
// 'sum', 'rate' (test/golden/multi/second_members/main.cpp:52), fused.
// The results of 2 reductions, combined.
struct kfuse_fused_sum_rate_values {
  double r0;
  double r1;
};
template <class T_u, class T_r> struct kfuse_fused_sum_rate {
  T_u u;
  T_r r;
  using value_type = kfuse_fused_sum_rate_values;
  KOKKOS_INLINE_FUNCTION void init(value_type &kfuse_v) const {
    kfuse_v.r0 = ::Kokkos::reduction_identity<double>::sum();
    kfuse_v.r1 = ::Kokkos::reduction_identity<double>::sum();
  }
  KOKKOS_INLINE_FUNCTION void join(value_type &kfuse_d, const value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    kfuse_d.r1 += kfuse_s.r1;
  }
  // Kokkos 3 joins volatile values.
  KOKKOS_INLINE_FUNCTION void join(volatile value_type &kfuse_d,
                                   const volatile value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    kfuse_d.r1 += kfuse_s.r1;
  }
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, const double *KOKKOS_RESTRICT u_,
                                          const double *KOKKOS_RESTRICT r_, double &kfuse_r0,
                                          double &kfuse_r1) {
    {
      const int i = kfuse_i0;
      double &a = kfuse_r0;
      a += u_[i] * (i + 1);
    }
    {
      const int i = kfuse_i0;
      double &a = kfuse_r1;
      a += r_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_v) const {
    body(kfuse_i0, u.data(), r.data(), kfuse_v.r0, kfuse_v.r1);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    State s;
    s.n = argc > 1 ? std::atoi(argv[1]) : 400;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 5;
    const int mode = argc > 3 ? std::atoi(argv[3]) : 0;
    s.u = t_field("u", s.n);
    s.w = t_field("w", s.n);
    s.flux = t_field("flux", s.n);
    s.rate = t_field("rate", s.n);
    auto u = s.u;
    const int n = s.n;
    Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) { u(i) = (i * 7 % 13) * 0.25; });
    Flux flux(0.2);
    Advance advance(0.5);
    State other = s;
    if (mode == 2)
      other.w = s.flux;
    State &target = mode == 2 ? other : s;
    for (int step = 0; step < steps; ++step) {
      ::kfuse::Window kfuse_window_0167fc01_1e711dd2("kfuse_chain_0167fc01_1e711dd2"); // kfuse-line 3cda7cbb
      kfuse_window_0167fc01_1e711dd2.arm(); // kfuse-line 18053621
      flux.compute(s);
      kfuse_window_0167fc01_1e711dd2.disarm(); // kfuse-line 60f9ddc1
      if (mode == 1 && step % 2)
        advance.decay(s);
      advance.relax(target);
      kfuse_window_0167fc01_1e711dd2.close(); // kfuse-line cd86b94b
      std::swap(s.u, s.w);
      other.u = s.u;
      other.w = mode == 2 ? s.flux : s.w;
    }
    double sum = 0, rate = 0;
    auto r = s.rate;
    u = s.u;
    // kfuse-begin fused("sum", "rate") profile=test/golden/multi/second_members/profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("sum+rate", "u,r,sum,rate", [&] { return ::kfuse::shadow_items(u, r, ::kfuse::result_of(sum), ::kfuse::result_of(rate)); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("sum+rate", ::kfuse::no_overlap({::kfuse::bytes_of(u, false), ::kfuse::bytes_of(r, false)})))) {
        kfuse_fused_sum_rate_values kfuse_results;
        Kokkos::parallel_reduce("sum+rate", n, ::kfuse::make_fused<kfuse_fused_sum_rate>(u, r), kfuse_results);
        sum = kfuse_results.r0;
        rate = kfuse_results.r1;
      } else {
// kfuse-original-begin
        Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(const int i, double &a) { a += u(i) * (i + 1); }, sum);
    Kokkos::parallel_reduce("rate", n, KOKKOS_LAMBDA(const int i, double &a) { a += r(i); }, rate);
// kfuse-original-end
      }
    }
    // kfuse-end
    std::printf("sum=%.12g rate=%.12g\n", sum, rate);
  }
  Kokkos::finalize();
}
