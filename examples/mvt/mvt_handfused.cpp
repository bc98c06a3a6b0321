// mvt.cpp fused by hand: one kernel per row whose single inner loop computes
// both sums (each still summed in j order: bitwise equal results).
//
// Usage: mvt_handfused [N] [iterations]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 512);
    const int Iterations = example::argOr(argc, argv, 2, 5);

    Kokkos::View<double **> A("A", N, N);
    Kokkos::View<double *> x1("x1", N), x2("x2", N), y1("y1", N), y2("y2", N);
    example::fill(A, 21, 0.0, 1.0);
    example::fill(x1, 22);
    example::fill(x2, 23);
    example::fill(y1, 24);
    example::fill(y2, 25);
    Kokkos::fence();

    example::Timer Timer;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_for(
          "mv_both", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            double Sum1 = 0.0, Sum2 = 0.0;
            for (int j = 0; j < N; ++j) {
              Sum1 += A(i, j) * y1(j);
              Sum2 += A(j, i) * y2(j);
            }
            x1(i) += Sum1;
            x2(i) += Sum2;
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("mvt", example::checksum(x1) + example::checksum(x2), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
