// syr2k.cpp fused by hand: one kernel per row scales it, then adds the
// rank-2k update (same expression, same order: bitwise equal results).
//
// Usage: syr2k_handfused [N (M = N * 4 / 5)] [iterations]

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
          "scale_rank_2k_update", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j <= i; ++j)
              C(i, j) *= Beta;
            for (int k = 0; k < M; ++k) {
              const double Aik = A(i, k), Bik = B(i, k);
              for (int j = 0; j <= i; ++j)
                C(i, j) += A(j, k) * Alpha * Bik + B(j, k) * Alpha * Aik;
            }
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("syr2k", example::checksum(C), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
