// MVT (NPBench/PolyBench): two matrix-vector products with the same matrix,
// x1 += A y1 and x2 += A^T y2.
//
// Kernels per iteration over rows i: "mv" and "mv_transposed", each with an
// inner loop over j. They fuse: each writes only its own vector at i and both
// only read A; the fused kernel can also merge the two inner loops.
//
// Usage: mvt [N] [iterations]

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
          "mv", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            double Sum = 0.0;
            for (int j = 0; j < N; ++j)
              Sum += A(i, j) * y1(j);
            x1(i) += Sum;
          });
      Kokkos::parallel_for(
          "mv_transposed", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            double Sum = 0.0;
            for (int j = 0; j < N; ++j)
              Sum += A(j, i) * y2(j);
            x2(i) += Sum;
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("mvt", example::checksum(x1) + example::checksum(x2), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
