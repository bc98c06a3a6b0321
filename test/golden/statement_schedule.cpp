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
      Total += Largest;

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
