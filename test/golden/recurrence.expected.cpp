#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Scalar replacement: a forward and a backward sweep per row, as in a
// tridiagonal solve. What a loop stores at column j and reads at the column
// of the previous iteration stays in a register across iterations. Not
// carried: a store under a condition (c), and a read of the next element (d).
// A loop with no iteration (M = 1) loads nothing.
// KFUSE-RUN: 200 50
// KFUSE-RUN: 200 1
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// kfuse-functor-begin kfuse_fused_forward_backward
// 'forward', 'backward' (test/golden/recurrence.cpp:25), fused.
template <class T_b, class T_a, class T_c, class T_d, class T_M, class T_It, class T_kfuse_chunks>
struct kfuse_fused_forward_backward {
  T_b b;
  T_a a;
  T_c c;
  T_d d;
  T_M M;
  T_It It;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT b_,
       const ::kfuse::stride_t<T_b, 0, 2> b_s0, const ::kfuse::stride_t<T_b, 1, 2> b_s1,
       const double *KOKKOS_RESTRICT a_, const ::kfuse::stride_t<T_a, 0, 2> a_s0,
       const ::kfuse::stride_t<T_a, 1, 2> a_s1, double *KOKKOS_RESTRICT c_,
       const ::kfuse::stride_t<T_c, 0, 2> c_s0, const ::kfuse::stride_t<T_c, 1, 2> c_s1,
       double *KOKKOS_RESTRICT d_, const ::kfuse::stride_t<T_d, 0, 2> d_s0,
       const ::kfuse::stride_t<T_d, 1, 2> d_s1, const T_M M, const T_It It) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        b_[i * b_s0 + 0 * b_s1] = a_[i * a_s0 + 0 * a_s1];
        double b_carried = ((1) < M) ? b_[i * b_s0 + ((1) - 1) * b_s1] : double();
        for (int j = 1; j < M; ++j) {
          const double Ratio = 0.25 / b_carried;
          b_[i * b_s0 + j * b_s1] = b_carried = a_[i * a_s0 + j * a_s1] - Ratio;
          if (Ratio > 0.2)
            c_[i * c_s0 + j * c_s1] = c_[i * c_s0 + (j - 1) * c_s1] + Ratio;
        }
      }
      {
        const int i = kfuse_i0;
        double c_carried = ((M - 2) >= 0) ? c_[i * c_s0 + ((M - 2) + 1) * c_s1] : double();
        for (int j = M - 2; j >= 0; --j)
          c_[i * c_s0 + j * c_s1] = c_carried = 0.5 * c_carried + b_[i * b_s0 + j * b_s1] + It;
        for (int j = 0; j + 1 < M; ++j)
          d_[i * d_s0 + j * d_s1] = d_[i * d_s0 + (j + 1) * d_s1] - b_[i * b_s0 + j * b_s1];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), b.data(), b.stride(0),
         b.stride(1), a.data(), a.stride(0), a.stride(1), c.data(), c.stride(0), c.stride(1),
         d.data(), d.stride(0), d.stride(1), M, It);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 100;
    const int M = argc > 2 ? std::atoi(argv[2]) : 40;
    Kokkos::View<double **> a("a", N, M), b("b", N, M), c("c", N, M), d("d", N, M + 1);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, M}),
        KOKKOS_LAMBDA(const int i, const int j) {
          a(i, j) = 1.0 + double((3 * i + j) % 7) / 8.0;
          d(i, j) = double(i - j) / 16.0;
        });
    for (int It = 0; It < 3; ++It) {
      // kfuse-begin fused("forward", "backward") profile=test/golden/recurrence.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("forward+backward", "b,a,c,d", [&] { return ::kfuse::shadow_items(b, a, c, d); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("forward+backward", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, false), ::kfuse::bytes_of(c, true), ::kfuse::bytes_of(d, true)})))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("forward+backward", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_forward_backward>(b, a, c, d, M, It, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "forward", N, KOKKOS_LAMBDA(const int i) {
            b(i, 0) = a(i, 0);
            for (int j = 1; j < M; ++j) {
              const double Ratio = 0.25 / b(i, j - 1);
              b(i, j) = a(i, j) - Ratio;
              if (Ratio > 0.2)
                c(i, j) = c(i, j - 1) + Ratio;
            }
          });
      Kokkos::parallel_for(
          "backward", N, KOKKOS_LAMBDA(const int i) {
            for (int j = M - 2; j >= 0; --j)
              c(i, j) = 0.5 * c(i, j + 1) + b(i, j) + It;
            for (int j = 0; j + 1 < M; ++j)
              d(i, j) = d(i, j + 1) - b(i, j);
          });
// kfuse-original-end
        }
      }
      // kfuse-end
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, M}),
        KOKKOS_LAMBDA(const int i, const int j, double &S) { S += b(i, j) + 2.0 * c(i, j) + d(i, j); },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
