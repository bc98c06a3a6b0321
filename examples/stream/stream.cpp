// Stream-benchmark kernels kept separate, as a modular code has them: copy,
// mul, add, triad and a dot product over the same range, repeated.
//
// Usage: stream [N] [iterations]; prints the checksum of the final arrays.

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstdlib>

using Vector = Kokkos::View<double *>;

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
    const int Iterations = argc > 2 ? std::atoi(argv[2]) : 10;
    const double Scalar = 0.4;

    Vector a("a", N), b("b", N), c("c", N);
    Kokkos::parallel_for(
        "init", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
          a(i) = 0.1;
          b(i) = 0.2;
          c(i) = 0.0;
        });

    double Dot = 0.0;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_for(
          "copy", N, KOKKOS_LAMBDA(const int i) { c(i) = a(i); });
      Kokkos::parallel_for(
          "mul", N, KOKKOS_LAMBDA(const int i) { b(i) = Scalar * c(i); });
      Kokkos::parallel_for(
          "add", N, KOKKOS_LAMBDA(const int i) { c(i) = a(i) + b(i); });
      Kokkos::parallel_for(
          "triad", N, KOKKOS_LAMBDA(const int i) { a(i) = b(i) + Scalar * c(i); });
      Kokkos::parallel_reduce(
          "dot", N,
          KOKKOS_LAMBDA(const int i, double &Sum) { Sum += a(i) * b(i); }, Dot);
    }
    Kokkos::fence();

    double Checksum = 0.0;
    Kokkos::parallel_reduce(
        "checksum", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          S += a(i) + 2.0 * b(i) + 3.0 * c(i);
        },
        Checksum);
    std::printf("stream N=%d iterations=%d dot=%.15e checksum=%.15e\n", N,
                Iterations, Dot, Checksum);
  }
  Kokkos::finalize();
  return 0;
}
