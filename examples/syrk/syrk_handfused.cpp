// syrk.cpp fused by hand: one kernel per row scales it, then adds the rank-k
// update, with alpha A(i, k) computed once per k (the same products as
// syrk.cpp: bitwise equal results).
//
// Usage: syrk_handfused [N (M = N * 4 / 5)] [iterations]

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
          "scale_rank_k_update", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j <= i; ++j)
              C(i, j) *= Beta;
            for (int k = 0; k < M; ++k) {
              const double AlphaAik = Alpha * A(i, k);
              for (int j = 0; j <= i; ++j)
                C(i, j) += AlphaAik * A(j, k);
            }
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("syrk", example::checksum(C), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
