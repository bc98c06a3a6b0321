#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Several reductions in one fused kernel: an update, then the energy (a
// sum), its largest term (Kokkos::Max), the smallest cell count
// (Kokkos::Min of an int) and a product, each result declared just before
// its reduction. The partial results combine in one value, member by member,
// and each result is copied out after the launch; 'energy_again', the same
// sum written again with other names, is computed once. A reduction whose
// result a later kernel reads stays apart ('normalise').
#include <Kokkos_Core.hpp>
#include <cstdio>

using Vector = Kokkos::View<double *>;
using Counts = Kokkos::View<int *>;

// kfuse-functor-begin kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again
// 'kinetic', 'energy', 'peak', 'fewest', 'growth', 'energy_again'
// (test/golden/reductions_combined.cpp:16), fused. The results of 5 reductions, combined.
struct kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_values {
  double r0;
  double r1;
  int r2;
  double r3;
  double r4;
};
template <class T_e, class T_v, class T_n>
struct kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again {
  T_e e;
  T_v v;
  T_n n;
  using value_type = kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_values;
  KOKKOS_INLINE_FUNCTION void init(value_type &kfuse_v) const {
    kfuse_v.r0 = ::Kokkos::reduction_identity<double>::sum();
    kfuse_v.r1 = ::Kokkos::reduction_identity<double>::max();
    kfuse_v.r2 = ::Kokkos::reduction_identity<int>::min();
    kfuse_v.r3 = ::Kokkos::reduction_identity<double>::prod();
    kfuse_v.r4 = ::Kokkos::reduction_identity<double>::sum();
  }
  KOKKOS_INLINE_FUNCTION void join(value_type &kfuse_d, const value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    if (kfuse_s.r1 > kfuse_d.r1)
      kfuse_d.r1 = kfuse_s.r1;
    if (kfuse_s.r2 < kfuse_d.r2)
      kfuse_d.r2 = kfuse_s.r2;
    kfuse_d.r3 *= kfuse_s.r3;
    kfuse_d.r4 += kfuse_s.r4;
  }
  // Kokkos 3 joins volatile values.
  KOKKOS_INLINE_FUNCTION void join(volatile value_type &kfuse_d,
                                   const volatile value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    if (kfuse_s.r1 > kfuse_d.r1)
      kfuse_d.r1 = kfuse_s.r1;
    if (kfuse_s.r2 < kfuse_d.r2)
      kfuse_d.r2 = kfuse_s.r2;
    kfuse_d.r3 *= kfuse_s.r3;
    kfuse_d.r4 += kfuse_s.r4;
  }
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT e_,
                                          const double *KOKKOS_RESTRICT v_,
                                          const int *KOKKOS_RESTRICT n_, double &kfuse_r0,
                                          double &kfuse_r1, int &kfuse_r2, double &kfuse_r3,
                                          double &kfuse_r4) {
    {
      const int i = kfuse_i0;
      e_[i] = 0.5 * v_[i] * v_[i];
    }
    {
      const int i = kfuse_i0;
      double &S = kfuse_r0;
      S += e_[i];
    }
    {
      const int i = kfuse_i0;
      double &M = kfuse_r1;
      if (e_[i] > M)
        M = e_[i];
    }
    {
      const int i = kfuse_i0;
      int &M = kfuse_r2;
      if (n_[i] < M)
        M = n_[i];
    }
    {
      const int i = kfuse_i0;
      double &P = kfuse_r3;
      P *= 1.0 + (n_[i] % 2) * 0.5;
    }
    // 'energy_again' computes what 'energy' computes: one result serves both.
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_v) const {
    body(kfuse_i0, e.data(), v.data(), n.data(), kfuse_v.r0, kfuse_v.r1, kfuse_v.r2, kfuse_v.r3,
         kfuse_v.r4);
  }
};
// kfuse-functor-end
void diagnostics(Vector e, Vector v, Counts n, int N, double &Energy, double &Peak, int &Fewest,
                 double &Growth, double &Again) {
  // kfuse-begin fused("kinetic", "energy", "peak", "fewest", "growth", "energy_again") profile=test/golden/reductions_combined.profile.json
  auto kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_shadow = ::kfuse::shadow_of("kinetic+energy+peak+fewest+growth+energy_again", "e,v,n", [&] { return ::kfuse::shadow_items(e, v, n); });
  const bool kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_on = kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_shadow.run_fused(::kfuse::use_fused("kinetic+energy+peak+fewest+growth+energy_again", ::kfuse::no_overlap({::kfuse::bytes_of(e, true), ::kfuse::bytes_of(v, false), ::kfuse::bytes_of(n, false)})));
  if (!kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_on) {
// kfuse-original-begin
    Kokkos::parallel_for(
      "kinetic", N, KOKKOS_LAMBDA(const int i) { e(i) = 0.5 * v(i) * v(i); });
// kfuse-original-end
  }
  // kfuse-kept-begin
  double Sum = 0;
  // kfuse-kept-end
  if (!kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_on) {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "energy", N, KOKKOS_LAMBDA(const int i, double &S) { S += e(i); }, Sum);
// kfuse-original-end
  }
  // kfuse-kept-begin
  double Max = 0;
  // kfuse-kept-end
  if (!kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_on) {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "peak", N, KOKKOS_LAMBDA(const int i, double &M) { if (e(i) > M) M = e(i); },
      Kokkos::Max<double>(Max));
// kfuse-original-end
  }
  // kfuse-kept-begin
  int Min = 0;
  // kfuse-kept-end
  if (!kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_on) {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "fewest", N, KOKKOS_LAMBDA(const int i, int &M) { if (n(i) < M) M = n(i); },
      Kokkos::Min<int>(Min));
// kfuse-original-end
  }
  // kfuse-kept-begin
  double Prod = 1;
  // kfuse-kept-end
  if (!kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_on) {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "growth", N, KOKKOS_LAMBDA(const int i, double &P) { P *= 1.0 + (n(i) % 2) * 0.5; },
      Kokkos::Prod<double>(Prod));
// kfuse-original-end
  }
  // kfuse-kept-begin
  double Same = 0;
  // kfuse-kept-end
  if (kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_on) {
    kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_values kfuse_results;
    Kokkos::parallel_reduce("kinetic+energy+peak+fewest+growth+energy_again", N, ::kfuse::make_fused<kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again>(e, v, n), kfuse_results);
    Sum = kfuse_results.r0;
    Max = kfuse_results.r1;
    Min = kfuse_results.r2;
    Prod = kfuse_results.r3;
    Same = kfuse_results.r0;
  } else {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "energy_again", N, KOKKOS_LAMBDA(const int j, double &T) { T += e(j); }, Same);
// kfuse-original-end
  }
  if (kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_shadow.replay()) {
    kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_values kfuse_results;
    Kokkos::parallel_reduce("kinetic+energy+peak+fewest+growth+energy_again", N, ::kfuse::make_fused<kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again>(e, v, n), kfuse_results);
    Sum = kfuse_results.r0;
    Max = kfuse_results.r1;
    Min = kfuse_results.r2;
    Prod = kfuse_results.r3;
    Same = kfuse_results.r0;
    kfuse_fused_kinetic_energy_peak_fewest_growth_energy_again_shadow.compare();
  }
  // kfuse-end
  Energy = Sum;
  Again = Same;
  Peak = Max;
  Fewest = Min;
  Growth = Prod;
}

void normalise(Vector e, int N) {
  double Total = 0;
  Kokkos::parallel_reduce(
      "total", N, KOKKOS_LAMBDA(const int i, double &S) { S += e(i); }, Total);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "normalise", N, KOKKOS_LAMBDA(const int i) { e(i) /= Total; });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 40;
    Vector e("e", N), v("v", N);
    Counts n("n", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { v(i) = (i % 9) - 4; n(i) = 3 + (i * 7) % 11; });
    double Energy = 0, Peak = 0, Growth = 0, Again = 0;
    int Fewest = 0;
    for (int It = 0; It < 3; ++It) {
      diagnostics(e, v, n, N, Energy, Peak, Fewest, Growth, Again);
      normalise(e, N);
    }
    std::printf("energy=%.17g peak=%.17g fewest=%d growth=%.17g again=%.17g\n", Energy, Peak,
                Fewest, Growth, Again);
  }
  Kokkos::finalize();
}
