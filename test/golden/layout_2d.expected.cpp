#include <kfuse/runtime/Guard.hpp> // kfuse-include
// 2-D Views in LayoutRight and LayoutLeft (and a strided subview), one row
// per launch index with an inner loop over the columns. The fused kernel
// indexes raw pointers through the strides of each layout.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using RightMatrix = Kokkos::View<double **, Kokkos::LayoutRight>;
using LeftMatrix = Kokkos::View<double **, Kokkos::LayoutLeft>;

// kfuse-functor-begin kfuse_fused_fill_transform_store
// 'fill', 'transform', 'store' (test/golden/layout_2d.cpp:21), fused.
template <class T_A, class T_B, class T_Half, class T_M, class T_It, class T_kfuse_chunks>
struct kfuse_fused_fill_transform_store {
  T_A A;
  T_B B;
  T_Half Half;
  T_M M;
  T_It It;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT A_,
       const ::kfuse::stride_t<T_A, 0, 2> A_s0, const ::kfuse::stride_t<T_A, 1, 2> A_s1,
       double *KOKKOS_RESTRICT B_, const ::kfuse::stride_t<T_B, 0, 2> B_s0,
       const ::kfuse::stride_t<T_B, 1, 2> B_s1, double *KOKKOS_RESTRICT Half_,
       const ::kfuse::stride_t<T_Half, 0, 2> Half_s0, const ::kfuse::stride_t<T_Half, 1, 2> Half_s1,
       const T_M M, const T_It It) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        for (int j = 0; j < M; ++j)
          A_[i * A_s0 + j * A_s1] = 0.25 * i - 0.5 * j + It;
      }
      {
        const int i = kfuse_i0;
        for (int j = 0; j < M; ++j) {
          {
            B_[i * B_s0 + j * B_s1] = A_[i * A_s0 + j * A_s1] * A_[i * A_s0 + (M - 1 - j) * A_s1];
          }
          {
            Half_[i * Half_s0 + j * Half_s1] = B_[i * B_s0 + j * B_s1] + A_[i * A_s0 + j * A_s1];
          }
        }
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), A.data(), A.stride(0),
         A.stride(1), B.data(), B.stride(0), B.stride(1), Half.data(), Half.stride(0),
         Half.stride(1), M, It);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 200;
    const int M = 37;
    RightMatrix A("A", N, M);
    LeftMatrix B("B", N, M);
    Kokkos::View<double **, Kokkos::LayoutRight> Wide("Wide", N, 2 * M);
    auto Half = Kokkos::subview(Wide, Kokkos::ALL(), Kokkos::make_pair(M, 2 * M));
    for (int It = 0; It < 3; ++It) {
      // kfuse-begin fused("fill", "transform", "store") profile=test/golden/layout_2d.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("fill+transform+store", "A,B,Half", [&] { return ::kfuse::shadow_items(A, B, Half); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("fill+transform+store", ::kfuse::no_overlap({::kfuse::bytes_of(A, true), ::kfuse::bytes_of(B, true), ::kfuse::bytes_of(Half, true)})))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("fill+transform+store", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_fill_transform_store>(A, B, Half, M, It, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for(
          "fill", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              A(i, j) = 0.25 * i - 0.5 * j + It;
          });
      Kokkos::parallel_for(
          "transform", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              B(i, j) = A(i, j) * A(i, M - 1 - j);
          });
      Kokkos::parallel_for(
          "store", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              Half(i, j) = B(i, j) + A(i, j);
          });
// kfuse-original-end
        }
      }
      // kfuse-end
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          for (int j = 0; j < 2 * M; ++j)
            S += (j + 1) * Wide(i, j);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
