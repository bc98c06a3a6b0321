// NSTREAM (Parallel Research Kernels): A += B + scalar * C, repeated.
//
// One kernel per iteration, as in the original: the chain to fuse is the same
// launch repeated across the iteration loop's back edge (PyFuser fused 50 such
// calls). Every iteration touches only element i, so it is legal.
//
// Usage: nstream [N] [iterations]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 1 << 20);
    const int Iterations = example::argOr(argc, argv, 2, 10);
    const double Scalar = 3.0;

    Kokkos::View<double *> A("A", N), B("B", N), C("C", N);
    example::fill(A, 1, 0.0, 1.0);
    example::fill(B, 2, 1.0, 2.0);
    example::fill(C, 3, 1.0, 2.0);
    Kokkos::fence();

    example::Timer Timer;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_for(
          "nstream", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i) { A(i) += B(i) + Scalar * C(i); });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("nstream", example::checksum(A), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
