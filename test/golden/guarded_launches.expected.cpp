#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Launches under `if`s (a material update: each correction only where the
// run asks for it), then an error count. The three guarded kernels and the
// reduction fuse; the conditions are evaluated once on the host, where the
// fused launch runs, and each kernel's part runs only when its condition
// held. Profiled with every condition true; run with all of them false, and
// with a mix. A condition that reads the result of a reduction before it
// stays apart ('rescale').
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vector = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_clamp_e_clamp_p_viscosity_count_errors
// 'clamp_e', 'clamp_p', 'viscosity', 'count_errors' (test/golden/guarded_launches.cpp:16), fused.
template <class T_e, class T_p, class T_q, class T_EMin, class T_kfuse_if1, class T_PMin,
          class T_kfuse_if2, class T_kfuse_if3>
struct kfuse_fused_clamp_e_clamp_p_viscosity_count_errors {
  T_e e;
  T_p p;
  T_q q;
  T_EMin EMin;
  T_kfuse_if1 kfuse_if1;
  T_PMin PMin;
  T_kfuse_if2 kfuse_if2;
  T_kfuse_if3 kfuse_if3;
  using value_type = int;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT e_,
                                          double *KOKKOS_RESTRICT p_, double *KOKKOS_RESTRICT q_,
                                          const T_EMin EMin, const T_kfuse_if1 kfuse_if1,
                                          const T_PMin PMin, const T_kfuse_if2 kfuse_if2,
                                          const T_kfuse_if3 kfuse_if3, int &Count) {
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
      q_[i] = 0.5 * (e_[i] + p_[i]);
    }
    {
      const int i = kfuse_i0;
      Count += e_[i] + p_[i] + q_[i] > 8.0 ? 1 : 0;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, int &Count) const {
    body(kfuse_i0, e.data(), p.data(), q.data(), EMin, kfuse_if1, PMin, kfuse_if2, kfuse_if3,
         Count);
  }
};
// kfuse-functor-end
int update(Vector e, Vector p, Vector q, int N, double EMin, double PMin, bool Viscous) {
  // kfuse-begin fused("clamp_e", "clamp_p", "viscosity", "count_errors") profile=test/golden/guarded_launches.profile.json
  auto kfuse_fused_clamp_e_clamp_p_viscosity_count_errors_shadow = ::kfuse::shadow_of("clamp_e+clamp_p+viscosity+count_errors", "e,p,q", [&] { return ::kfuse::shadow_items(e, p, q); });
  const bool kfuse_fused_clamp_e_clamp_p_viscosity_count_errors_on = kfuse_fused_clamp_e_clamp_p_viscosity_count_errors_shadow.run_fused(::kfuse::use_fused("clamp_e+clamp_p+viscosity+count_errors", ::kfuse::no_overlap({::kfuse::bytes_of(e, true), ::kfuse::bytes_of(p, true), ::kfuse::bytes_of(q, true)})));
  if (!kfuse_fused_clamp_e_clamp_p_viscosity_count_errors_on) {
// kfuse-original-begin
    if (EMin != 0) {
    Kokkos::parallel_for(
        "clamp_e", N, KOKKOS_LAMBDA(const int i) { if (e(i) < EMin) e(i) = EMin; });
  }
  if (PMin != 0)
    Kokkos::parallel_for(
        "clamp_p", N, KOKKOS_LAMBDA(const int i) { if (p(i) < PMin) p(i) = PMin; });
  if (Viscous) {
    Kokkos::parallel_for(
        "viscosity", N, KOKKOS_LAMBDA(const int i) { q(i) = 0.5 * (e(i) + p(i)); });
  }
// kfuse-original-end
  }
  // kfuse-kept-begin
  int Errors = 0;
  // kfuse-kept-end
  if (kfuse_fused_clamp_e_clamp_p_viscosity_count_errors_on) {
    const bool kfuse_if1 = (EMin != 0);
    const bool kfuse_if2 = (PMin != 0);
    const bool kfuse_if3 = (Viscous);
    Kokkos::parallel_reduce("clamp_e+clamp_p+viscosity+count_errors", N, ::kfuse::make_fused<kfuse_fused_clamp_e_clamp_p_viscosity_count_errors>(e, p, q, EMin, kfuse_if1, PMin, kfuse_if2, kfuse_if3), Errors);
  } else {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "count_errors", N,
      KOKKOS_LAMBDA(const int i, int &Count) { Count += e(i) + p(i) + q(i) > 8.0 ? 1 : 0; },
      Errors);
// kfuse-original-end
  }
  if (kfuse_fused_clamp_e_clamp_p_viscosity_count_errors_shadow.replay()) {
    const bool kfuse_if1 = (EMin != 0);
    const bool kfuse_if2 = (PMin != 0);
    const bool kfuse_if3 = (Viscous);
    Kokkos::parallel_reduce("clamp_e+clamp_p+viscosity+count_errors", N, ::kfuse::make_fused<kfuse_fused_clamp_e_clamp_p_viscosity_count_errors>(e, p, q, EMin, kfuse_if1, PMin, kfuse_if2, kfuse_if3), Errors);
    kfuse_fused_clamp_e_clamp_p_viscosity_count_errors_shadow.compare();
  }
  // kfuse-end
  return Errors;
}

void rescale(Vector e, int N) {
  double Largest = 0;
  Kokkos::parallel_reduce(
      "largest", N, KOKKOS_LAMBDA(const int i, double &M) { if (e(i) > M) M = e(i); },
      Kokkos::Max<double>(Largest));
  if (Largest > 4.0)
    Kokkos::parallel_for("halve", N, KOKKOS_LAMBDA(const int i) { e(i) *= 0.5; }); // EXPECT-REMARK: kfuse-unsafe-dependence
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int Flags = argc > 1 ? std::atoi(argv[1]) : 7;
    const int N = 200;
    Vector e("e", N), p("p", N), q("q", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { e(i) = (i % 9) - 3; p(i) = (i % 5) - 1; });
    int Errors = 0;
    for (int It = 0; It < 3; ++It) {
      Errors += update(e, p, q, N, Flags & 1 ? 0.5 : 0.0, Flags & 2 ? 0.25 : 0.0, Flags & 4);
      rescale(e, N);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "check", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += (e(i) + 2 * p(i) + 3 * q(i)) * (1 + i % 7); },
        Sum);
    std::printf("flags=%d errors=%d checksum=%.17g\n", Flags, Errors, Sum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN: 7
// KFUSE-RUN: 0
// KFUSE-RUN: 5
// KFUSE-RUN: 2
