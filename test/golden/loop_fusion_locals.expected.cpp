#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Loop fusion of kernels with declarations before their inner loop and
// statements after it: the declarations run first, then one loop with both
// bodies, then what followed each loop. Both kernels name their accumulator
// Acc: the second one's is renamed. The fourth kernel's loop reads norm(i),
// which the statement after the third kernel's loop writes: its loop stays
// apart, after the merged one (the kernel still fuses).
#include <Kokkos_Core.hpp>
#include <cstdio>

// kfuse-functor-begin kfuse_fused_row_sum_row_max_norm_relative_repeated
// 'row_sum', 'row_max', 'norm', 'relative' (test/golden/loop_fusion_locals.cpp:20), fused with the
// host loop around them (line 19).
template <class T_A, class T_rowsum, class T_rowmax, class T_norm, class T_M, class T_kfuse_chunks>
struct kfuse_fused_row_sum_row_max_norm_relative_repeated {
  T_A A;
  T_rowsum rowsum;
  T_rowmax rowmax;
  T_norm norm;
  T_M M;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, const double *KOKKOS_RESTRICT A_,
       const ::kfuse::stride_t<T_A, 0, 2> A_s0, const ::kfuse::stride_t<T_A, 1, 2> A_s1,
       double *KOKKOS_RESTRICT rowsum_, double *KOKKOS_RESTRICT rowmax_,
       double *KOKKOS_RESTRICT norm_, const T_M M) {
    for (int It = 0; It < 3; ++It) {
      for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
        {
          const int i = kfuse_i0;
          double Acc = 0.0;
          double Acc_2 = A_[i * A_s0 + 0 * A_s1];
          const double Floor = -100.0;
          double Sq = 0.0;
          for (int j = 0; j < M; ++j) {
            {
              Acc += A_[i * A_s0 + j * A_s1];
            }
            {
              const double V = A_[i * A_s0 + j * A_s1];
              Acc_2 = Acc_2 > V ? Acc_2 : V;
            }
            {
              Sq += A_[i * A_s0 + j * A_s1] * A_[i * A_s0 + j * A_s1];
            }
          }
          {
            rowsum_[i] = Acc + It;
          }
          {
            const double Half = 0.5 * Acc_2;
            rowmax_[i] = Half > Floor ? Half : Floor;
          }
          {
            norm_[i] = Sq;
          }
        }
        {
          const int i = kfuse_i0;
          double Acc = 0.0;
          for (int j = 0; j < M; ++j)
            Acc += A_[i * A_s0 + j * A_s1] / (norm_[i] + 1.0);
          rowsum_[i] += Acc;
        }
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), A.data(), A.stride(0),
         A.stride(1), rowsum.data(), rowmax.data(), norm.data(), M);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 300, M = 120;
    Kokkos::View<double **> A("A", N, M);
    Kokkos::View<double *> rowsum("rowsum", N), rowmax("rowmax", N), norm("norm", N);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, M}),
        KOKKOS_LAMBDA(const int i, const int j) { A(i, j) = double((i * 7 + j * 13) % 31) - 15.0; });
    // kfuse-begin fused("row_sum", "row_max", "norm", "relative") repeated profile=test/golden/loop_fusion_locals.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("row_sum+row_max+norm+relative(repeated)", "A,rowsum,rowmax,norm", [&] { return ::kfuse::shadow_items(A, rowsum, rowmax, norm); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("row_sum+row_max+norm+relative(repeated)", ::kfuse::no_overlap({::kfuse::bytes_of(A, false), ::kfuse::bytes_of(rowsum, true), ::kfuse::bytes_of(rowmax, true), ::kfuse::bytes_of(norm, true)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
        Kokkos::parallel_for("row_sum+row_max+norm+relative(repeated)", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_row_sum_row_max_norm_relative_repeated>(A, rowsum, rowmax, norm, M, ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "row_sum", N, KOKKOS_LAMBDA(const int i) {
            double Acc = 0.0;
            for (int j = 0; j < M; ++j)
              Acc += A(i, j);
            rowsum(i) = Acc + It;
          });
      Kokkos::parallel_for(
          "row_max", N, KOKKOS_LAMBDA(const int i) {
            double Acc = A(i, 0);
            const double Floor = -100.0;
            for (int j = 0; j < M; ++j) {
              const double V = A(i, j);
              Acc = Acc > V ? Acc : V;
            }
            const double Half = 0.5 * Acc;
            rowmax(i) = Half > Floor ? Half : Floor;
          });
      Kokkos::parallel_for(
          "norm", N, KOKKOS_LAMBDA(const int i) {
            double Sq = 0.0;
            for (int j = 0; j < M; ++j)
              Sq += A(i, j) * A(i, j);
            norm(i) = Sq;
          });
      Kokkos::parallel_for(
          "relative", N, KOKKOS_LAMBDA(const int i) {
            double Acc = 0.0;
            for (int j = 0; j < M; ++j)
              Acc += A(i, j) / (norm(i) + 1.0);
            rowsum(i) += Acc;
          });
    }
// kfuse-original-end
      }
    }
    // kfuse-end
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += rowsum(i) + 3.0 * rowmax(i) + norm(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
