#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Reductions under an `if`, fused with the kernels around them: where the
// condition is false the original launches nothing and the result keeps its
// value, so the fused kernel skips that part and copies its result out only
// where the condition held. 'scale' to 'again' run as one launch (the sums
// into 'Total' read results the fused launch computed, as before). A
// reduction under an `if` into a View ('mass') has no variable to keep:
// refused. 'tail' and 'tail_max', alone in their group, reduce into a
// variable of the fused launch's own, copied to 'Peak' where it ran.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 5 3
// KFUSE-RUN: 1000 5 0
// KFUSE-RUN: 1000 5 1
// KFUSE-RUN: 17 4 2
// KFUSE-PROFILE-RUN: 1000 5 3

// kfuse-functor-begin kfuse_fused_scale_norm_peak_shift_spread_again
// 'scale', 'norm', 'peak', 'shift', 'spread', 'again' (test/golden/reduction_under_if.cpp:35),
// fused. The results of 3 reductions, combined.
struct kfuse_fused_scale_norm_peak_shift_spread_again_values {
  double r0;
  double r1;
  double r2;
};
template <class T_b, class T_a, class T_c, class T_kfuse_if2, class T_kfuse_if3, class T_kfuse_if5>
struct kfuse_fused_scale_norm_peak_shift_spread_again {
  T_b b;
  T_a a;
  T_c c;
  T_kfuse_if2 kfuse_if2;
  T_kfuse_if3 kfuse_if3;
  T_kfuse_if5 kfuse_if5;
  using value_type = kfuse_fused_scale_norm_peak_shift_spread_again_values;
  KOKKOS_INLINE_FUNCTION void init(value_type &kfuse_v) const {
    kfuse_v.r0 = ::Kokkos::reduction_identity<double>::sum();
    kfuse_v.r1 = ::Kokkos::reduction_identity<double>::max();
    kfuse_v.r2 = ::Kokkos::reduction_identity<double>::min();
  }
  KOKKOS_INLINE_FUNCTION void join(value_type &kfuse_d, const value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    if (kfuse_s.r1 > kfuse_d.r1)
      kfuse_d.r1 = kfuse_s.r1;
    if (kfuse_s.r2 < kfuse_d.r2)
      kfuse_d.r2 = kfuse_s.r2;
  }
  // Kokkos 3 joins volatile values.
  KOKKOS_INLINE_FUNCTION void join(volatile value_type &kfuse_d,
                                   const volatile value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    if (kfuse_s.r1 > kfuse_d.r1)
      kfuse_d.r1 = kfuse_s.r1;
    if (kfuse_s.r2 < kfuse_d.r2)
      kfuse_d.r2 = kfuse_s.r2;
  }
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT b_,
                                          double *KOKKOS_RESTRICT a_, double *KOKKOS_RESTRICT c_,
                                          const T_kfuse_if2 kfuse_if2, const T_kfuse_if3 kfuse_if3,
                                          const T_kfuse_if5 kfuse_if5, double &kfuse_r0,
                                          double &kfuse_r1, double &kfuse_r2) {
    {
      const int i = kfuse_i0;
      b_[i] = 0.5 * b_[i] + a_[i];
    }
    if (kfuse_if2) {
      const int i = kfuse_i0;
      double &v = kfuse_r0;
      v += b_[i] * b_[i];
    }
    if (kfuse_if3) {
      const int i = kfuse_i0;
      double &m = kfuse_r1;
      if (b_[i] > m)
        m = b_[i];
    }
    {
      const int i = kfuse_i0;
      c_[i] = c_[i] + b_[i] - a_[i];
    }
    if (kfuse_if5) {
      const int i = kfuse_i0;
      double &m = kfuse_r2;
      if (c_[i] < m)
        m = c_[i];
    }
    {
      const int i = kfuse_i0;
      a_[i] = 0.25 * a_[i] + c_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_v) const {
    body(kfuse_i0, b.data(), a.data(), c.data(), kfuse_if2, kfuse_if3, kfuse_if5, kfuse_v.r0,
         kfuse_v.r1, kfuse_v.r2);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_tail_tail_max
// 'tail', 'tail_max' (test/golden/reduction_under_if.cpp:65), fused.
template <class T_c, class T_kfuse_if2> struct kfuse_fused_tail_tail_max {
  T_c c;
  T_kfuse_if2 kfuse_if2;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT c_,
                                          const T_kfuse_if2 kfuse_if2, double &m) {
    {
      const int i = kfuse_i0;
      c_[i] *= 0.5;
    }
    if (kfuse_if2) {
      const int i = kfuse_i0;
      if (c_[i] > m)
        m = c_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, double &m) const {
    body(kfuse_i0, c.data(), kfuse_if2, m);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 5;
    const int Flags = argc > 3 ? std::atoi(argv[3]) : 3;
    Kokkos::View<double *> a("a", N), b("b", N), c("c", N);
    Kokkos::View<double> Mass("mass");
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) {
          a(i) = i % 7;
          b(i) = 1;
          c(i) = i % 3;
        });
    double Norm = -1, Peak = -1, Spread = -1, Total = 0;
    for (int s = 0; s < Steps; ++s) {
      // kfuse-begin fused("scale", "norm", "peak", "shift", "spread", "again") profile=test/golden/reduction_under_if.profile.json
      auto kfuse_fused_scale_norm_peak_shift_spread_again_shadow = ::kfuse::shadow_of("scale+norm+peak+shift+spread+again", "b,a,c", [&] { return ::kfuse::shadow_items(b, a, c); });
      const bool kfuse_fused_scale_norm_peak_shift_spread_again_on = kfuse_fused_scale_norm_peak_shift_spread_again_shadow.run_fused(::kfuse::use_fused("scale+norm+peak+shift+spread+again", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, true), ::kfuse::bytes_of(c, true)})));
      if (kfuse_fused_scale_norm_peak_shift_spread_again_on) {
        const bool kfuse_if2 = (Flags & 1);
        const bool kfuse_if3 = (s % 2 == 0 && (Flags & 2));
        const bool kfuse_if5 = (Flags & 2);
        kfuse_fused_scale_norm_peak_shift_spread_again_values kfuse_results;
        Kokkos::parallel_reduce("scale+norm+peak+shift+spread+again", N, ::kfuse::make_fused<kfuse_fused_scale_norm_peak_shift_spread_again>(b, a, c, kfuse_if2, kfuse_if3, kfuse_if5), kfuse_results);
        if (kfuse_if2) Norm = kfuse_results.r0;
        if (kfuse_if3) Peak = kfuse_results.r1;
        if (kfuse_if5) Spread = kfuse_results.r2;
      } else {
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "scale", N, KOKKOS_LAMBDA(const int i) { b(i) = 0.5 * b(i) + a(i); });
      if (Flags & 1)
        Kokkos::parallel_reduce(
            "norm", N, KOKKOS_LAMBDA(const int i, double &v) { v += b(i) * b(i); }, Norm);
      if (s % 2 == 0 && (Flags & 2))
        Kokkos::parallel_reduce(
            "peak", N,
            KOKKOS_LAMBDA(const int i, double &m) {
              if (b(i) > m)
                m = b(i);
            },
            Kokkos::Max<double>(Peak));
// kfuse-original-end
      }
      // kfuse-kept-begin
      Total += Norm + Peak;
      // kfuse-kept-end
      if (!kfuse_fused_scale_norm_peak_shift_spread_again_on) {
// kfuse-original-begin
        Kokkos::parallel_for(
          "shift", N, KOKKOS_LAMBDA(const int i) { c(i) = c(i) + b(i) - a(i); });
      if (Flags & 2)
        Kokkos::parallel_reduce(
            "spread", N,
            KOKKOS_LAMBDA(const int i, double &m) {
              if (c(i) < m)
                m = c(i);
            },
            Kokkos::Min<double>(Spread));
// kfuse-original-end
      }
      // kfuse-kept-begin
      Total += Spread;
      // kfuse-kept-end
      if (!kfuse_fused_scale_norm_peak_shift_spread_again_on) {
// kfuse-original-begin
        Kokkos::parallel_for(
          "again", N, KOKKOS_LAMBDA(const int i) { a(i) = 0.25 * a(i) + c(i); });
// kfuse-original-end
      }
      if (kfuse_fused_scale_norm_peak_shift_spread_again_shadow.replay()) {
        const bool kfuse_if2 = (Flags & 1);
        const bool kfuse_if3 = (s % 2 == 0 && (Flags & 2));
        const bool kfuse_if5 = (Flags & 2);
        kfuse_fused_scale_norm_peak_shift_spread_again_values kfuse_results;
        Kokkos::parallel_reduce("scale+norm+peak+shift+spread+again", N, ::kfuse::make_fused<kfuse_fused_scale_norm_peak_shift_spread_again>(b, a, c, kfuse_if2, kfuse_if3, kfuse_if5), kfuse_results);
        if (kfuse_if2) Norm = kfuse_results.r0;
        if (kfuse_if3) Peak = kfuse_results.r1;
        if (kfuse_if5) Spread = kfuse_results.r2;
        kfuse_fused_scale_norm_peak_shift_spread_again_shadow.compare();
      }
      // kfuse-end
      if (Flags & 1)
        Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-not-fusable
            "mass", N, KOKKOS_LAMBDA(const int i, double &v) { v += a(i); }, Mass);
      // kfuse-begin fused("tail", "tail_max") profile=test/golden/reduction_under_if.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("tail+tail_max", "c,Peak", [&] { return ::kfuse::shadow_items(c, ::kfuse::result_of(Peak)); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("tail+tail_max", ::kfuse::no_overlap({::kfuse::bytes_of(c, true)})))) {
          const bool kfuse_if2 = (Flags & 2);
          std::decay_t<decltype(Peak)> kfuse_result{};
          Kokkos::parallel_reduce("tail+tail_max", N, ::kfuse::make_fused<kfuse_fused_tail_tail_max>(c, kfuse_if2), Kokkos::Max<double>(kfuse_result));
          if (kfuse_if2) Peak = kfuse_result;
        } else {
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "tail", N, KOKKOS_LAMBDA(const int i) { c(i) *= 0.5; });
      if (Flags & 2)
        Kokkos::parallel_reduce(
            "tail_max", N,
            KOKKOS_LAMBDA(const int i, double &m) {
              if (c(i) > m)
                m = c(i);
            },
            Kokkos::Max<double>(Peak));
// kfuse-original-end
        }
      }
      // kfuse-end
    }
    double M = 0;
    Kokkos::deep_copy(M, Mass);
    std::printf("norm %.17g peak %.17g spread %.17g total %.17g mass %.17g\n", Norm, Peak, Spread,
                Total, M);
  }
  Kokkos::finalize();
  return 0;
}
