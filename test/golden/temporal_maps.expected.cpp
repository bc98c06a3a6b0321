#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Temporal fusion where each element of what the loop writes belongs to one
// launch index through a one-to-one map that is not the index itself: a
// transposed index (B(i, j) from A(j, i), then A(j, i) updated: the loop's
// two launches fused, and the loop moved into the fused kernel), a launch
// alone in a loop writing its transposed element, and a constant offset.
#include <Kokkos_Core.hpp>
#include <cstdio>

// kfuse-functor-begin kfuse_fused_transpose_increment_repeated
// 'transpose', 'increment' (test/golden/temporal_maps.cpp:27), fused with the host loop around them
// (line 26).
template <class T_B, class T_A, class T_Steps> struct kfuse_fused_transpose_increment_repeated {
  T_B B;
  T_A A;
  T_Steps Steps;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_i0, const int kfuse_i1, double *KOKKOS_RESTRICT B_,
       const ::kfuse::stride_t<T_B, 0, 2> B_s0, const ::kfuse::stride_t<T_B, 1, 2> B_s1,
       double *KOKKOS_RESTRICT A_, const ::kfuse::stride_t<T_A, 0, 2> A_s0,
       const ::kfuse::stride_t<T_A, 1, 2> A_s1, const T_Steps Steps) {
    for (int It = 0; It < Steps; ++It) {
      {
        const int i = kfuse_i0;
        const int j = kfuse_i1;
        B_[i * B_s0 + j * B_s1] += A_[j * A_s0 + i * A_s1];
      }
      {
        const int i = kfuse_i0;
        const int j = kfuse_i1;
        A_[j * A_s0 + i * A_s1] += 1.0 + It;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    body(kfuse_i0, kfuse_i1, B.data(), B.stride(0), B.stride(1), A.data(), A.stride(0), A.stride(1),
         Steps);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_scale_transposed_repeated
// 'scale_transposed' (test/golden/temporal_maps.cpp:35), fused with the host loop around it (line
// 34).
template <class T_C, class T_B, class T_Steps> struct kfuse_fused_scale_transposed_repeated {
  T_C C;
  T_B B;
  T_Steps Steps;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_i0, const int kfuse_i1, double *KOKKOS_RESTRICT C_,
       const ::kfuse::stride_t<T_C, 0, 2> C_s0, const ::kfuse::stride_t<T_C, 1, 2> C_s1,
       const double *KOKKOS_RESTRICT B_, const ::kfuse::stride_t<T_B, 0, 2> B_s0,
       const ::kfuse::stride_t<T_B, 1, 2> B_s1, const T_Steps Steps) {
    for (int It = 0; It < Steps; ++It) {
      const int i = kfuse_i0;
      const int j = kfuse_i1;
      C_[j * C_s0 + i * C_s1] = 0.5 * C_[j * C_s0 + i * C_s1] + B_[i * B_s0 + j * B_s1];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    body(kfuse_i0, kfuse_i1, C.data(), C.stride(0), C.stride(1), B.data(), B.stride(0), B.stride(1),
         Steps);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_shifted_repeated
// 'shifted' (test/golden/temporal_maps.cpp:40), fused with the host loop around it (line 39).
template <class T_s, class T_t, class T_Steps, class T_kfuse_chunks>
struct kfuse_fused_shifted_repeated {
  T_s s;
  T_t t;
  T_Steps Steps;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT s_,
                                          const double *KOKKOS_RESTRICT t_, const T_Steps Steps) {
    for (int It = 0; It < Steps; ++It) {
      for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
        {
          const int i = kfuse_i0;
          s_[i + 2] = s_[i + 2] * t_[i] + It;
        }
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), s.data(), t.data(), Steps);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 41, Steps = 6;
    Kokkos::View<double **> A("A", N, N), B("B", N, N), C("C", N, N);
    Kokkos::View<double *> s("s", N + 2), t("t", N);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
        KOKKOS_LAMBDA(const int i, const int j) {
          A(i, j) = i * N + j;
          B(i, j) = 0.5 * j;
          C(i, j) = i - 2.0 * j;
          if (j == 0) {
            s(i) = 0.25 * i;
            t(i) = 1.0 / (i + 1);
          }
        });
    // kfuse-begin fused("transpose", "increment") repeated profile=test/golden/temporal_maps.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("transpose+increment(repeated)", "B,A", [&] { return ::kfuse::shadow_items(B, A); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("transpose+increment(repeated)", ::kfuse::no_overlap({::kfuse::bytes_of(B, true), ::kfuse::bytes_of(A, true)})))) {
        Kokkos::parallel_for("transpose+increment(repeated)", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}), ::kfuse::make_fused<kfuse_fused_transpose_increment_repeated>(B, A, Steps));
      } else {
// kfuse-original-begin
        for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "transpose", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
          KOKKOS_LAMBDA(const int i, const int j) { B(i, j) += A(j, i); });
      Kokkos::parallel_for(
          "increment", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
          KOKKOS_LAMBDA(const int i, const int j) { A(j, i) += 1.0 + It; });
    }
// kfuse-original-end
      }
    }
    // kfuse-end
    // kfuse-begin fused("scale_transposed") repeated profile=test/golden/temporal_maps.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("scale_transposed(repeated)", "C,B", [&] { return ::kfuse::shadow_items(C, B); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("scale_transposed(repeated)", ::kfuse::no_overlap({::kfuse::bytes_of(C, true), ::kfuse::bytes_of(B, false)})))) {
        Kokkos::parallel_for("scale_transposed(repeated)", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}), ::kfuse::make_fused<kfuse_fused_scale_transposed_repeated>(C, B, Steps));
      } else {
// kfuse-original-begin
        for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "scale_transposed", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
          KOKKOS_LAMBDA(const int i, const int j) { C(j, i) = 0.5 * C(j, i) + B(i, j); });
    }
// kfuse-original-end
      }
    }
    // kfuse-end
    // kfuse-begin fused("shifted") repeated profile=test/golden/temporal_maps.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("shifted(repeated)", "s,t", [&] { return ::kfuse::shadow_items(s, t); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("shifted(repeated)", ::kfuse::no_overlap({::kfuse::bytes_of(s, true), ::kfuse::bytes_of(t, false)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
        Kokkos::parallel_for("shifted(repeated)", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_shifted_repeated>(s, t, Steps, ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "shifted", N, KOKKOS_LAMBDA(const int i) { s(i + 2) = s(i + 2) * t(i) + It; });
    }
// kfuse-original-end
      }
    }
    // kfuse-end
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
        KOKKOS_LAMBDA(const int i, const int j, double &Acc) {
          Acc += A(i, j) + 3.0 * B(i, j) + 7.0 * C(i, j) + (j == 0 ? 11.0 * s(i + 2) : 0.0);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
