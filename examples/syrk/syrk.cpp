// SYRK (NPBench/PolyBench): symmetric rank-k update of the lower triangle,
// C = alpha A A^T + beta C, with A of size N x M.
//
// Kernels per iteration over rows i: "scale" (C(i, j) *= beta for j <= i) and
// "rank_k_update" (C(i, j) += alpha A(i, k) A(j, k)). They fuse: both touch
// only row i of C, and A is only read.
//
// Usage: syrk [N (M = N * 4 / 5)] [iterations]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 200);
    const int M = N * 4 / 5 > 0 ? N * 4 / 5 : 1;
    const int Iterations = example::argOr(argc, argv, 2, 3);
    const double Alpha = 1.5, Beta = 1.2;

    Kokkos::View<double **> A("A", N, M), C("C", N, N);
    example::fill(A, 31);
    example::fill(C, 32);
    Kokkos::fence();

    example::Timer Timer;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_for(
          "scale", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j <= i; ++j)
              C(i, j) *= Beta;
          });
      Kokkos::parallel_for(
          "rank_k_update", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            for (int k = 0; k < M; ++k)
              for (int j = 0; j <= i; ++j)
                C(i, j) += Alpha * A(i, k) * A(j, k);
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("syrk", example::checksum(C), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
