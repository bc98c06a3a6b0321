// stream.cpp fused by hand: copy, mul, add, triad and dot are all element-wise
// over the same range, so one parallel_reduce does them all per element, with
// the same arithmetic in the same order (bitwise equal results).
//
// Usage: stream_handfused [N] [iterations]; prints stream's result line and
// the time of the iteration loop.

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

#include <cstdio>

using Vector = Kokkos::View<double *>;

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 1 << 20);
    const int Iterations = example::argOr(argc, argv, 2, 10);
    const double Scalar = 0.4;

    Vector a("a", N), b("b", N), c("c", N);
    Kokkos::parallel_for(
        "init", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
          a(i) = 0.1;
          b(i) = 0.2;
          c(i) = 0.0;
        });
    Kokkos::fence();

    example::Timer Timer;
    double Dot = 0.0;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_reduce(
          "copy_mul_add_triad_dot", N,
          KOKKOS_LAMBDA(const int i, double &Sum) {
            const double Ai = a(i);
            const double Bi = Scalar * Ai;         // mul reads the copy, c(i) == a(i)
            const double Ci = Ai + Bi;             // add
            const double NewAi = Bi + Scalar * Ci; // triad
            a(i) = NewAi;
            b(i) = Bi;
            c(i) = Ci;
            Sum += NewAi * Bi; // dot
          },
          Dot);
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    double Checksum = 0.0;
    Kokkos::parallel_reduce(
        "checksum", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += a(i) + 2.0 * b(i) + 3.0 * c(i); },
        Checksum);
    std::printf("stream N=%d iterations=%d dot=%.15e checksum=%.15e\n", N, Iterations,
                Dot, Checksum);
    std::printf("time_s=%.9f\n", Seconds);
  }
  Kokkos::finalize();
  return 0;
}
