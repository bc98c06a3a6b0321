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
