#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Every launch of a group under an `if` of its own (clamps that run only
// when their bound is set, a count that runs only when asked for): fused,
// and when no condition holds the fused code launches nothing, as the
// original did. Run with the bounds set (as profiled) and with none.
// KFUSE-PROFILE-RUN: 1
// KFUSE-RUN: 1
// KFUSE-RUN: 0
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vec = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_clamp_e_clamp_p_count_low
// 'clamp_e', 'clamp_p', 'count_low' (test/golden/guarded_none.cpp:17), fused.
template <class T_e, class T_p, class T_EMin, class T_kfuse_if1, class T_PMin, class T_kfuse_if2,
          class T_kfuse_if3>
struct kfuse_fused_clamp_e_clamp_p_count_low {
  T_e e;
  T_p p;
  T_EMin EMin;
  T_kfuse_if1 kfuse_if1;
  T_PMin PMin;
  T_kfuse_if2 kfuse_if2;
  T_kfuse_if3 kfuse_if3;
  using value_type = int;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT e_,
                                          double *KOKKOS_RESTRICT p_, const T_EMin EMin,
                                          const T_kfuse_if1 kfuse_if1, const T_PMin PMin,
                                          const T_kfuse_if2 kfuse_if2, const T_kfuse_if3 kfuse_if3,
                                          int &C) {
    if (kfuse_if1) {
      const int i = kfuse_i0;
      if (e_[i] < EMin)
        e_[i] = EMin;
    }
    if (kfuse_if2) {
      const int i = kfuse_i0;
      if (p_[i] < PMin)
        p_[i] = PMin;
    }
    if (kfuse_if3) {
      const int i = kfuse_i0;
      C += e_[i] + p_[i] < 1.0 ? 1 : 0;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, int &C) const {
    body(kfuse_i0, e.data(), p.data(), EMin, kfuse_if1, PMin, kfuse_if2, kfuse_if3, C);
  }
};
// kfuse-functor-end
int clamp(Vec e, Vec p, double EMin, double PMin, bool Count, int N) {
  int Low = -1;
  // kfuse-begin fused("clamp_e", "clamp_p", "count_low") profile=test/golden/guarded_none.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("clamp_e+clamp_p+count_low", "e,p,Low", [&] { return ::kfuse::shadow_items(e, p, ::kfuse::result_of(Low)); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("clamp_e+clamp_p+count_low", ::kfuse::no_overlap({::kfuse::bytes_of(e, true), ::kfuse::bytes_of(p, true)})))) {
      const bool kfuse_if1 = (EMin != 0);
      const bool kfuse_if2 = (PMin != 0);
      const bool kfuse_if3 = (Count);
      if (kfuse_if1 || kfuse_if2 || kfuse_if3) {
        std::decay_t<decltype(Low)> kfuse_result{};
        Kokkos::parallel_reduce("clamp_e+clamp_p+count_low", N, ::kfuse::make_fused<kfuse_fused_clamp_e_clamp_p_count_low>(e, p, EMin, kfuse_if1, PMin, kfuse_if2, kfuse_if3), kfuse_result);
        if (kfuse_if3) Low = kfuse_result;
      }
    } else {
// kfuse-original-begin
      if (EMin != 0)
    Kokkos::parallel_for(
        "clamp_e", N, KOKKOS_LAMBDA(const int i) { if (e(i) < EMin) e(i) = EMin; });
  if (PMin != 0) {
    Kokkos::parallel_for(
        "clamp_p", N, KOKKOS_LAMBDA(const int i) { if (p(i) < PMin) p(i) = PMin; });
  }
  if (Count)
    Kokkos::parallel_reduce(
        "count_low", N, KOKKOS_LAMBDA(const int i, int &C) { C += e(i) + p(i) < 1.0 ? 1 : 0; },
        Low);
// kfuse-original-end
    }
  }
  // kfuse-end
  return Low;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool On = argc > 1 && std::atoi(argv[1]) != 0;
    const int N = 1000;
    Vec e("e", N), p("p", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) {
          e(i) = 0.01 * (i % 97) - 0.3;
          p(i) = 0.02 * (i % 89) - 0.5;
        });
    int Total = 0;
    for (int It = 0; It < 4; ++It)
      Total += clamp(e, p, On ? 0.1 : 0.0, On ? 0.2 : 0.0, On, N);
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += e(i) + 3.0 * p(i); }, Sum);
    std::printf("checksum=%.17g low=%d\n", Sum, Total);
  }
  Kokkos::finalize();
}
