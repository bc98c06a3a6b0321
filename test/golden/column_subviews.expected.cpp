#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Columns of a row-major matrix (`Kokkos::subview(m, Kokkos::ALL(), 0)`) span
// almost the same bytes yet share no element: the profile records no
// overlap, and the guard tells them apart by their elements' places (a
// block every row). The pair fuses; called with one column twice, the
// guard sees the Views share elements and runs the launches as written.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 0 1
// KFUSE-RUN-FALLBACK: 1 1
// KFUSE-PROFILE-RUN: 0 1

using Matrix = Kokkos::View<double **, Kokkos::LayoutRight>;

// kfuse-functor-begin kfuse_fused_scale_copy
// 'scale', 'copy' (test/golden/column_subviews.cpp:20), fused.
template <class T_a, class T_b, class T_kfuse_chunks> struct kfuse_fused_scale_copy {
  T_a a;
  T_b b;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT a_,
                                          const ::kfuse::stride_t<T_a, 0, 1> a_s0,
                                          double *KOKKOS_RESTRICT b_,
                                          const ::kfuse::stride_t<T_b, 0, 1> b_s0) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        a_[i * a_s0] = 2.0 * a_[i * a_s0] + 1.0;
      }
      {
        const int i = kfuse_i0;
        b_[i * b_s0] = a_[i * a_s0] - 0.5 * b_[i * b_s0];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), a.data(), a.stride(0),
         b.data(), b.stride(0));
  }
};
// kfuse-functor-end
void columns(Matrix m, int from, int to) {
  auto a = Kokkos::subview(m, Kokkos::ALL(), from);
  auto b = Kokkos::subview(m, Kokkos::ALL(), to);
  const int n = m.extent_int(0);
  // kfuse-begin fused("scale", "copy") profile=test/golden/column_subviews.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("scale+copy", "a,b", [&] { return ::kfuse::shadow_items(a, b); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("scale+copy", ::kfuse::no_overlap({::kfuse::bytes_of(a, true), ::kfuse::bytes_of(b, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("scale+copy", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_copy>(a, b, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "scale", n, KOKKOS_LAMBDA(const int i) { a(i) = 2.0 * a(i) + 1.0; });
  Kokkos::parallel_for("copy", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i) - 0.5 * b(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int from = argc > 1 ? std::atoi(argv[1]) : 0;
    const int to = argc > 2 ? std::atoi(argv[2]) : 1;
    const int n = 500;
    Matrix m("m", n, 3);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          m(i, 0) = 0.01 * i;
          m(i, 1) = i % 3;
          m(i, 2) = 1.0;
        });
    for (int t = 0; t < 3; ++t)
      columns(m, from, to);
    double s = 0.0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &acc) { acc += m(i, 0) + 3.0 * m(i, 1) + 5.0 * m(i, 2); },
        s);
    std::printf("s=%.17g\n", s);
  }
  Kokkos::finalize();
}
