#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Statement scheduling in a fused body: kernels whose bodies hold several
// statements and loops, fused into one group. A later kernel's loop over the
// same iterations that reads the same elements runs in an earlier kernel's
// loop where nothing between them orders them: the statements it needs move
// up with it, the ones that need the earlier loop's result stay after it.
// - "col_stats" (a reduction) sums and then squares column i of A;
//   "col_hist" (index c) clears and then fills column c of H from A. Its fill
//   loop joins the sum loop, its clearing loop runs first.
// - "scaled" writes T(i, j) in a loop over j and W(i, k) in one over k;
//   "combined" reads T(i, q) and A(q, i) over q and updates W(i, k) over k:
//   each loop joins the earlier one that touches the same element (its
//   variable q named j there). Both declare `Acc`: the second one's is
//   renamed.
// - "normalise" divides by the norm "scaled" computes after its loops: its
//   loop stays after that statement. The loop squaring the column needs the
//   mean computed after the sum: it stays apart. "offset" reads T(i + 1, j),
//   an element another index writes, and is not fused.
#include <Kokkos_Core.hpp>
#include <cstdio>

// kfuse-functor-begin kfuse_fused_col_stats_col_hist_scaled_combined_normalise
// 'col_stats', 'col_hist', 'scaled', 'combined', 'normalise'
// (test/golden/statement_schedule.cpp:38), fused.
template <class T_A, class T_H, class T_Bin, class T_T, class T_W, class T_Norm, class T_U,
          class T_M, class T_B, class T_It>
struct kfuse_fused_col_stats_col_hist_scaled_combined_normalise {
  T_A A;
  T_H H;
  T_Bin Bin;
  T_T T;
  T_W W;
  T_Norm Norm;
  T_U U;
  T_M M;
  T_B B;
  T_It It;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_i0, const double *KOKKOS_RESTRICT A_,
       const ::kfuse::stride_t<T_A, 0, 2> A_s0, const ::kfuse::stride_t<T_A, 1, 2> A_s1,
       double *KOKKOS_RESTRICT H_, const ::kfuse::stride_t<T_H, 0, 2> H_s0,
       const ::kfuse::stride_t<T_H, 1, 2> H_s1, const int *KOKKOS_RESTRICT Bin_,
       double *KOKKOS_RESTRICT T_, const ::kfuse::stride_t<T_T, 0, 2> T_s0,
       const ::kfuse::stride_t<T_T, 1, 2> T_s1, double *KOKKOS_RESTRICT W_,
       const ::kfuse::stride_t<T_W, 0, 2> W_s0, const ::kfuse::stride_t<T_W, 1, 2> W_s1,
       double *KOKKOS_RESTRICT Norm_, double *KOKKOS_RESTRICT U_,
       const ::kfuse::stride_t<T_U, 0, 2> U_s0, const ::kfuse::stride_t<T_U, 1, 2> U_s1,
       const T_M M, const T_B B, const T_It It, double &Max) {
    {
      const int i = kfuse_i0;
      const int c = kfuse_i0;
      double Sum = 0.0;
      for (int b = 0; b < B; ++b)
        H_[b * H_s0 + c * H_s1] = 0.0;
      double Acc = 0.0;
      double Acc_4 = 1.0;
      for (int j = 0; j < M; ++j) {
        {
          Sum += A_[j * A_s0 + i * A_s1];
        }
        {
          H_[(Bin_[j]) * H_s0 + c * H_s1] += A_[j * A_s0 + c * A_s1];
        }
        {
          T_[i * T_s0 + j * T_s1] = 0.5 * A_[j * A_s0 + i * A_s1] + It;
          Acc += T_[i * T_s0 + j * T_s1] * T_[i * T_s0 + j * T_s1];
        }
        {
          U_[i * U_s0 + j * U_s1] = T_[i * T_s0 + j * T_s1] - A_[j * A_s0 + i * A_s1] * Acc_4;
        }
      }
      const double Mean = Sum / M;
      double Var = 0.0;
      for (int j = 0; j < M; ++j)
        Var += (A_[j * A_s0 + i * A_s1] - Mean) * (A_[j * A_s0 + i * A_s1] - Mean);
      if (Var > Max)
        Max = Var;
      for (int k = 0; k < B; ++k) {
        {
          W_[i * W_s0 + k * W_s1] = H_[k * H_s0 + i * H_s1] * 0.25;
        }
        {
          W_[i * W_s0 + k * W_s1] += Acc_4 * k;
        }
      }
      Norm_[i] = Acc + 1.0;
      for (int j = 0; j < M; ++j)
        U_[i * U_s0 + j * U_s1] /= Norm_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, double &Max) const {
    body(kfuse_i0, A.data(), A.stride(0), A.stride(1), H.data(), H.stride(0), H.stride(1),
         Bin.data(), T.data(), T.stride(0), T.stride(1), W.data(), W.stride(0), W.stride(1),
         Norm.data(), U.data(), U.stride(0), U.stride(1), M, B, It, Max);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 200, M = 96, B = 4;
    Kokkos::View<double **> A("A", M, N), H("H", B, N), T("T", N, M), W("W", N, B),
        U("U", N, M);
    Kokkos::View<int *> Bin("bin", M);
    Kokkos::View<double *> Norm("norm", N);
    Kokkos::parallel_for(
        "init", M, KOKKOS_LAMBDA(const int j) {
          Bin(j) = (j * 5) % B;
          for (int i = 0; i < N; ++i)
            A(j, i) = double((i * 7 + j * 13) % 31) - 15.0;
        });
    double Total = 0.0;
    for (int It = 0; It < 3; ++It) {
      double Largest = 0.0;
      // kfuse-begin fused("col_stats", "col_hist", "scaled", "combined", "normalise") profile=test/golden/statement_schedule.profile.json
      auto kfuse_fused_col_stats_col_hist_scaled_combined_normalise_shadow = ::kfuse::shadow_of("col_stats+col_hist+scaled+combined+normalise", "A,H,Bin,T,W,Norm,U", [&] { return ::kfuse::shadow_items(A, H, Bin, T, W, Norm, U); });
      const bool kfuse_fused_col_stats_col_hist_scaled_combined_normalise_on = kfuse_fused_col_stats_col_hist_scaled_combined_normalise_shadow.run_fused(::kfuse::use_fused("col_stats+col_hist+scaled+combined+normalise", ::kfuse::no_overlap({::kfuse::bytes_of(A, false), ::kfuse::bytes_of(H, true), ::kfuse::bytes_of(Bin, false), ::kfuse::bytes_of(T, true), ::kfuse::bytes_of(W, true), ::kfuse::bytes_of(Norm, true), ::kfuse::bytes_of(U, true)})));
      if (kfuse_fused_col_stats_col_hist_scaled_combined_normalise_on) {
        Kokkos::parallel_reduce("col_stats+col_hist+scaled+combined+normalise", N, ::kfuse::make_fused<kfuse_fused_col_stats_col_hist_scaled_combined_normalise>(A, H, Bin, T, W, Norm, U, M, B, It), Kokkos::Max<double>(Largest));
      } else {
// kfuse-original-begin
        Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
          "col_stats", N,
          KOKKOS_LAMBDA(const int i, double &Max) {
            double Sum = 0.0;
            for (int j = 0; j < M; ++j)
              Sum += A(j, i);
            const double Mean = Sum / M;
            double Var = 0.0;
            for (int j = 0; j < M; ++j)
              Var += (A(j, i) - Mean) * (A(j, i) - Mean);
            if (Var > Max)
              Max = Var;
          },
          Kokkos::Max<double>(Largest));
      Kokkos::parallel_for(
          "col_hist", N, KOKKOS_LAMBDA(const int c) {
            for (int b = 0; b < B; ++b)
              H(b, c) = 0.0;
            for (int j = 0; j < M; ++j)
              H(Bin(j), c) += A(j, c);
          });
// kfuse-original-end
      }
      // kfuse-kept-begin
      Total += Largest;

      // kfuse-kept-end
      if (!kfuse_fused_col_stats_col_hist_scaled_combined_normalise_on) {
// kfuse-original-begin
        Kokkos::parallel_for(
          "scaled", N, KOKKOS_LAMBDA(const int i) {
            double Acc = 0.0;
            for (int j = 0; j < M; ++j) {
              T(i, j) = 0.5 * A(j, i) + It;
              Acc += T(i, j) * T(i, j);
            }
            for (int k = 0; k < B; ++k)
              W(i, k) = H(k, i) * 0.25;
            Norm(i) = Acc + 1.0;
          });
      Kokkos::parallel_for(
          "combined", N, KOKKOS_LAMBDA(const int i) {
            double Acc = 1.0;
            for (int q = 0; q < M; ++q)
              U(i, q) = T(i, q) - A(q, i) * Acc;
            for (int k = 0; k < B; ++k)
              W(i, k) += Acc * k;
          });
      Kokkos::parallel_for(
          "normalise", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              U(i, j) /= Norm(i);
          });
// kfuse-original-end
      }
      if (kfuse_fused_col_stats_col_hist_scaled_combined_normalise_shadow.replay()) {
        Kokkos::parallel_reduce("col_stats+col_hist+scaled+combined+normalise", N, ::kfuse::make_fused<kfuse_fused_col_stats_col_hist_scaled_combined_normalise>(A, H, Bin, T, W, Norm, U, M, B, It), Kokkos::Max<double>(Largest));
        kfuse_fused_col_stats_col_hist_scaled_combined_normalise_shadow.compare();
      }
      // kfuse-end
      Kokkos::parallel_for(
          "offset", N - 1, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              U(i, j) += T(i + 1, j); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          for (int j = 0; j < M; ++j)
            S += U(i, j) + 0.5 * T(i, j);
          for (int b = 0; b < B; ++b)
            S += H(b, i) + W(i, b);
          S += Norm(i);
        },
        Sum);
    std::printf("checksum=%.17g total=%.17g\n", Sum, Total);
  }
  Kokkos::finalize();
}
