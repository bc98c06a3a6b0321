// SYR2K (NPBench/PolyBench): symmetric rank-2k update of the lower triangle,
// C = alpha A B^T + alpha B A^T + beta C, with A and B of size N x M.
//
// Kernels per iteration over rows i: "scale" (C(i, j) *= beta for j <= i) and
// "rank_2k_update". They fuse: both touch only row i of C; A and B are only
// read.
//
// Usage: syr2k [N (M = N * 4 / 5)] [iterations]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 160);
    const int M = N * 4 / 5 > 0 ? N * 4 / 5 : 1;
    const int Iterations = example::argOr(argc, argv, 2, 3);
    const double Alpha = 1.5, Beta = 1.2;

    Kokkos::View<double **> A("A", N, M), B("B", N, M), C("C", N, N);
    example::fill(A, 41);
    example::fill(B, 42);
    example::fill(C, 43);
    Kokkos::fence();

    example::Timer Timer;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_for(
          "scale", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j <= i; ++j)
              C(i, j) *= Beta;
          });
      Kokkos::parallel_for(
          "rank_2k_update", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            for (int k = 0; k < M; ++k)
              for (int j = 0; j <= i; ++j)
                C(i, j) += A(j, k) * Alpha * B(i, k) + B(j, k) * Alpha * A(i, k);
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("syr2k", example::checksum(C), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
