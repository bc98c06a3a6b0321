// Loop fusion: both kernels walk the columns of their row with the same inner
// loop; after kernel fusion the two inner loops are merged into one, which
// reads the row once.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 300;
    const int M = 64;
    Kokkos::View<double **> A("A", N, M), B("B", N, M);
    Kokkos::View<double *> rowsum("rowsum", N);
    for (int It = 0; It < 3; ++It) {
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
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += rowsum(i) * 1e-3 + A(i, 0); },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
