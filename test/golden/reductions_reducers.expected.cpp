#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Reductions through Kokkos reducers other than Sum/Prod/Min/Max, combined
// in one fused kernel with a sum: the location of the smallest and of the
// largest value (ties included: many values repeat) and whether all are
// positive. Each keeps its reducer's own identity and join.
#include <Kokkos_Core.hpp>
#include <cstdio>

// kfuse-functor-begin kfuse_fused_shift_sum_lowest_highest_positive
// 'shift', 'sum', 'lowest', 'highest', 'positive' (test/golden/reductions_reducers.cpp:22), fused.
// The results of 4 reductions, combined.
struct kfuse_fused_shift_sum_lowest_highest_positive_values {
  double r0;
  Kokkos::MinLoc<double, int>::value_type r1;
  Kokkos::MaxLoc<double, int>::value_type r2;
  Kokkos::LAnd<int>::value_type r3;
};
template <class T_x, class T_It> struct kfuse_fused_shift_sum_lowest_highest_positive {
  T_x x;
  T_It It;
  using value_type = kfuse_fused_shift_sum_lowest_highest_positive_values;
  KOKKOS_INLINE_FUNCTION void init(value_type &kfuse_v) const {
    kfuse_v.r0 = ::Kokkos::reduction_identity<double>::sum();
    Kokkos::MinLoc<double, int>(kfuse_v.r1).init(kfuse_v.r1);
    Kokkos::MaxLoc<double, int>(kfuse_v.r2).init(kfuse_v.r2);
    Kokkos::LAnd<int>(kfuse_v.r3).init(kfuse_v.r3);
  }
  KOKKOS_INLINE_FUNCTION void join(value_type &kfuse_d, const value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    Kokkos::MinLoc<double, int>(kfuse_d.r1).join(kfuse_d.r1, kfuse_s.r1);
    Kokkos::MaxLoc<double, int>(kfuse_d.r2).join(kfuse_d.r2, kfuse_s.r2);
    Kokkos::LAnd<int>(kfuse_d.r3).join(kfuse_d.r3, kfuse_s.r3);
  }
  // Kokkos 3 joins volatile values.
  KOKKOS_INLINE_FUNCTION void join(volatile value_type &kfuse_d,
                                   const volatile value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    ::kfuse::join_volatile(Kokkos::MinLoc<double, int>(
                               const_cast<Kokkos::MinLoc<double, int>::value_type &>(kfuse_d.r1)),
                           kfuse_d.r1, kfuse_s.r1, 0);
    ::kfuse::join_volatile(Kokkos::MaxLoc<double, int>(
                               const_cast<Kokkos::MaxLoc<double, int>::value_type &>(kfuse_d.r2)),
                           kfuse_d.r2, kfuse_s.r2, 0);
    ::kfuse::join_volatile(
        Kokkos::LAnd<int>(const_cast<Kokkos::LAnd<int>::value_type &>(kfuse_d.r3)), kfuse_d.r3,
        kfuse_s.r3, 0);
  }
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT x_,
                                          const T_It It, double &kfuse_r0,
                                          Kokkos::MinLoc<double, int>::value_type &kfuse_r1,
                                          Kokkos::MaxLoc<double, int>::value_type &kfuse_r2,
                                          Kokkos::LAnd<int>::value_type &kfuse_r3) {
    {
      const int i = kfuse_i0;
      x_[i] += 0.5 * It;
    }
    {
      const int i = kfuse_i0;
      double &S = kfuse_r0;
      S += x_[i];
    }
    {
      const int i = kfuse_i0;
      Kokkos::MinLoc<double, int>::value_type &V = kfuse_r1;
      if (x_[i] < V.val) {
        V.val = x_[i];
        V.loc = i;
      }
    }
    {
      const int i = kfuse_i0;
      Kokkos::MaxLoc<double, int>::value_type &V = kfuse_r2;
      if (x_[i] > V.val) {
        V.val = x_[i];
        V.loc = i;
      }
    }
    {
      const int i = kfuse_i0;
      Kokkos::LAnd<int>::value_type &P = kfuse_r3;
      P = P && x_[i] > 0;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_v) const {
    body(kfuse_i0, x.data(), It, kfuse_v.r0, kfuse_v.r1, kfuse_v.r2, kfuse_v.r3);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    using MinLoc = Kokkos::MinLoc<double, int>;
    using MaxLoc = Kokkos::MaxLoc<double, int>;
    Kokkos::View<double *> x("x", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { x(i) = (i * 37) % 101 - 20; });
    double Total = 0, Sum = 0;
    int Where = 0, AllPositive = 0;
    for (int It = 0; It < 3; ++It) {
      MinLoc::value_type Lo;
      MaxLoc::value_type Hi;
      int Positive = 0;
      // kfuse-begin fused("shift", "sum", "lowest", "highest", "positive") profile=test/golden/reductions_reducers.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("shift+sum+lowest+highest+positive", "x,Sum,Positive", [&] { return ::kfuse::shadow_items(x, ::kfuse::result_of(Sum), ::kfuse::result_of(Positive)); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("shift+sum+lowest+highest+positive", ::kfuse::no_overlap({::kfuse::bytes_of(x, true)})))) {
          kfuse_fused_shift_sum_lowest_highest_positive_values kfuse_results;
          Kokkos::parallel_reduce("shift+sum+lowest+highest+positive", N, ::kfuse::make_fused<kfuse_fused_shift_sum_lowest_highest_positive>(x, It), kfuse_results);
          Sum = kfuse_results.r0;
          Lo = kfuse_results.r1;
          Hi = kfuse_results.r2;
          Positive = kfuse_results.r3;
        } else {
// kfuse-original-begin
          Kokkos::parallel_for("shift", N, KOKKOS_LAMBDA(const int i) { x(i) += 0.5 * It; });
      Kokkos::parallel_reduce(
          "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += x(i); }, Sum);
      Kokkos::parallel_reduce(
          "lowest", N,
          KOKKOS_LAMBDA(const int i, MinLoc::value_type &V) {
            if (x(i) < V.val) {
              V.val = x(i);
              V.loc = i;
            }
          },
          MinLoc(Lo));
      Kokkos::parallel_reduce(
          "highest", N,
          KOKKOS_LAMBDA(const int i, MaxLoc::value_type &V) {
            if (x(i) > V.val) {
              V.val = x(i);
              V.loc = i;
            }
          },
          MaxLoc(Hi));
      Kokkos::parallel_reduce(
          "positive", N, KOKKOS_LAMBDA(const int i, int &P) { P = P && x(i) > 0; },
          Kokkos::LAnd<int>(Positive));
// kfuse-original-end
        }
      }
      // kfuse-end
      Total += Sum + Lo.val + Hi.val;
      Where += Lo.loc + 3 * Hi.loc;
      AllPositive += Positive;
    }
    std::printf("total=%.17g where=%d positive=%d\n", Total, Where, AllPositive);
  }
  Kokkos::finalize();
}
