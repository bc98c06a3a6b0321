#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Loop fusion: both kernels walk the columns of their row with the same inner
// loop; after kernel fusion the two inner loops are merged into one, which
// reads the row once.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// kfuse-functor-begin kfuse_fused_relax_accumulate
// 'relax', 'accumulate' (test/golden/loop_fusion.cpp:16), fused.
template <class T_A, class T_B, class T_rowsum, class T_M, class T_It, class T_kfuse_chunks>
struct kfuse_fused_relax_accumulate {
  T_A A;
  T_B B;
  T_rowsum rowsum;
  T_M M;
  T_It It;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT A_,
       const ::kfuse::stride_t<T_A, 0, 2> A_s0, const ::kfuse::stride_t<T_A, 1, 2> A_s1,
       double *KOKKOS_RESTRICT B_, const ::kfuse::stride_t<T_B, 0, 2> B_s0,
       const ::kfuse::stride_t<T_B, 1, 2> B_s1, double *KOKKOS_RESTRICT rowsum_, const T_M M,
       const T_It It) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        for (int j = 0; j < M; ++j) {
          {
            A_[i * A_s0 + j * A_s1] = 0.5 * A_[i * A_s0 + j * A_s1] + 0.01 * (i + j) + It;
          }
          {
            B_[i * B_s0 + j * B_s1] += A_[i * A_s0 + j * A_s1] * A_[i * A_s0 + j * A_s1];
            rowsum_[i] += B_[i * B_s0 + j * B_s1];
          }
        }
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), A.data(), A.stride(0),
         A.stride(1), B.data(), B.stride(0), B.stride(1), rowsum.data(), M, It);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 300;
    const int M = 64;
    Kokkos::View<double **> A("A", N, M), B("B", N, M);
    Kokkos::View<double *> rowsum("rowsum", N);
    for (int It = 0; It < 3; ++It) {
      // kfuse-begin fused("relax", "accumulate") profile=test/golden/loop_fusion.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("relax+accumulate", "A,B,rowsum", [&] { return ::kfuse::shadow_items(A, B, rowsum); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("relax+accumulate", ::kfuse::no_overlap({::kfuse::bytes_of(A, true), ::kfuse::bytes_of(B, true), ::kfuse::bytes_of(rowsum, true)})))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("relax+accumulate", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_relax_accumulate>(A, B, rowsum, M, It, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for(
          "relax", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              A(i, j) = 0.5 * A(i, j) + 0.01 * (i + j) + It;
          });
      Kokkos::parallel_for(
          "accumulate", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j) {
              B(i, j) += A(i, j) * A(i, j);
              rowsum(i) += B(i, j);
            }
          });
// kfuse-original-end
        }
      }
      // kfuse-end
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += rowsum(i) * 1e-3 + A(i, 0); },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
