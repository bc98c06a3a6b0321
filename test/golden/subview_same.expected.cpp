#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Two names for one allocation: a subview made in the function that covers
// the same elements as the View it was cut from. The profile records that
// 'whole' and 'part' are one View, so they are merged (one restrict pointer)
// and the guard checks they still are: the fused kernel runs.
#include <Kokkos_Core.hpp>
#include <cstdio>

using Vector = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_scale_shift
// 'scale', 'shift' (test/golden/subview_same.cpp:12), fused.
template <class T_part, class T_out, class T_kfuse_chunks> struct kfuse_fused_scale_shift {
  T_part part;
  T_out out;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT part_,
                                          double *KOKKOS_RESTRICT out_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        part_[i] = 2.0 * part_[i] + 1.0;
      }
      {
        const int i = kfuse_i0;
        out_[i] = part_[i] - 0.5 * out_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), part.data(), out.data());
  }
};
// kfuse-functor-end
void step(Vector whole, Vector out, int N) {
  Vector part = Kokkos::subview(whole, Kokkos::make_pair(0, N));
  // kfuse-begin fused("scale", "shift") profile=test/golden/subview_same.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("scale+shift", "part,out,whole", [&] { return ::kfuse::shadow_items(part, out, whole); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("scale+shift", ::kfuse::no_overlap({::kfuse::bytes_of(part, true), ::kfuse::bytes_of(out, true)}) && ::kfuse::same_view(part, whole)))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
      Kokkos::parallel_for("scale+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_shift>(part, out, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { part(i) = 2.0 * part(i) + 1.0; });
  Kokkos::parallel_for(
      "shift", N, KOKKOS_LAMBDA(const int i) { out(i) = whole(i) - 0.5 * out(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_sum_outsum
// 'sum', 'outsum' (test/golden/subview_same.cpp:27), fused.
// The results of 2 reductions, combined.
struct kfuse_fused_sum_outsum_values {
  double r0;
  double r1;
};
template <class T_whole, class T_out> struct kfuse_fused_sum_outsum {
  T_whole whole;
  T_out out;
  using value_type = kfuse_fused_sum_outsum_values;
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
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, const double *KOKKOS_RESTRICT whole_,
                                          const double *KOKKOS_RESTRICT out_, double &kfuse_r0,
                                          double &kfuse_r1) {
    {
      const int i = kfuse_i0;
      double &S = kfuse_r0;
      S += whole_[i] * (1 + i % 7);
    }
    {
      const int i = kfuse_i0;
      double &S = kfuse_r1;
      S += out_[i] * (1 + i % 5);
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_v) const {
    body(kfuse_i0, whole.data(), out.data(), kfuse_v.r0, kfuse_v.r1);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 500;
    Vector whole("whole", N), out("out", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { whole(i) = 0.01 * i; out(i) = i % 3; });
    for (int It = 0; It < 3; ++It)
      step(whole, out, N);
    double Sum = 0, OutSum = 0;
    // kfuse-begin fused("sum", "outsum") profile=test/golden/subview_same.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("sum+outsum", "whole,out,Sum,OutSum", [&] { return ::kfuse::shadow_items(whole, out, ::kfuse::result_of(Sum), ::kfuse::result_of(OutSum)); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("sum+outsum", ::kfuse::no_overlap({::kfuse::bytes_of(whole, false), ::kfuse::bytes_of(out, false)})))) {
        kfuse_fused_sum_outsum_values kfuse_results;
        Kokkos::parallel_reduce("sum+outsum", N, ::kfuse::make_fused<kfuse_fused_sum_outsum>(whole, out), kfuse_results);
        Sum = kfuse_results.r0;
        OutSum = kfuse_results.r1;
      } else {
// kfuse-original-begin
        Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += whole(i) * (1 + i % 7); }, Sum);
    Kokkos::parallel_reduce(
        "outsum", N, KOKKOS_LAMBDA(const int i, double &S) { S += out(i) * (1 + i % 5); }, OutSum);
// kfuse-original-end
      }
    }
    // kfuse-end
    std::printf("checksum=%.17g out=%.17g\n", Sum, OutSum);
  }
  Kokkos::finalize();
}
