// nstream.cpp fused by hand: the repeated launches become one kernel that
// runs all iterations on its element in a register (bitwise equal results).
//
// Usage: nstream_handfused [N] [iterations]

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
    Kokkos::parallel_for(
        "nstream_iterations", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
          double Ai = A(i);
          const double Bi = B(i), Ci = C(i);
          for (int It = 0; It < Iterations; ++It)
            Ai += Bi + Scalar * Ci;
          A(i) = Ai;
        });
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("nstream", example::checksum(A), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
