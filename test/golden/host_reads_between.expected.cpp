#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Host code between launches that only loads elements of a View the
// kernels only read (a diagnostic sample of the input) does not keep them
// apart: 'scale' and 'shift' fuse across it, the host's loads of 'a' moved
// before the fused launch. A load of 'b', which 'scale' writes, must see
// the kernel's result: 'smooth' stays after it.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vector = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_scale_shift
// 'scale', 'shift' (test/golden/host_reads_between.cpp:14), fused.
template <class T_b, class T_a, class T_c, class T_k, class T_first, class T_kfuse_chunks>
struct kfuse_fused_scale_shift {
  T_b b;
  T_a a;
  T_c c;
  T_k k;
  T_first first;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT b_,
                                          const double *KOKKOS_RESTRICT a_,
                                          double *KOKKOS_RESTRICT c_, const T_k k,
                                          const T_first first) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        b_[i] = k * a_[i];
      }
      {
        const int i = kfuse_i0;
        c_[i] = b_[i] + first * a_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), b.data(), a.data(),
         c.data(), k, first);
  }
};
// kfuse-functor-end
double step(Vector a, Vector b, Vector c, double k) {
  const int n = a.extent_int(0);
  // kfuse-begin fused("scale", "shift") profile=test/golden/host_reads_between.profile.json
  auto kfuse_fused_scale_shift_shadow = ::kfuse::shadow_of("scale+shift", "b,c", [&] { return ::kfuse::shadow_items(b, c); });
  const bool kfuse_fused_scale_shift_on = kfuse_fused_scale_shift_shadow.run_fused(::kfuse::use_fused("scale+shift", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, true), ::kfuse::bytes_of(c, true)})));
  if (!kfuse_fused_scale_shift_on) {
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "scale", n, KOKKOS_LAMBDA(const int i) { b(i) = k * a(i); });
// kfuse-original-end
  }
  // kfuse-kept-begin
  const double first = a(0) + a(n - 1);
  // kfuse-kept-end
  if (kfuse_fused_scale_shift_on) {
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
    Kokkos::parallel_for("scale+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_shift>(b, a, c, k, first, ::kfuse::chunks_of(kfuse_policy)));
  } else {
// kfuse-original-begin
    Kokkos::parallel_for(
      "shift", n, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + first * a(i); });
// kfuse-original-end
  }
  if (kfuse_fused_scale_shift_shadow.replay()) {
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
    Kokkos::parallel_for("scale+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_shift>(b, a, c, k, first, ::kfuse::chunks_of(kfuse_policy)));
    kfuse_fused_scale_shift_shadow.compare();
  }
  // kfuse-end
  const double probe = b(n / 2);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "smooth", n, KOKKOS_LAMBDA(const int i) { b(i) = 0.5 * (c(i) + probe); });
  return probe;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vector a("a", n), b("b", n), c("c", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) { a(i) = (i * 7) % 11 - 5.0; });
    double seen = 0.0;
    for (int s = 0; s < 4; ++s)
      seen += step(a, b, c, 1.0 + 0.5 * s);
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += b(i) + 2.0 * c(i); }, sum);
    std::printf("sum=%.17g seen=%.17g\n", sum, seen);
  }
  Kokkos::finalize();
}
