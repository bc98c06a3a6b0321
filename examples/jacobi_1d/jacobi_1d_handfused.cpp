// jacobi_1d.cpp "fused by hand": nothing to fuse. This is a negative subject:
// stencil_a reads B(i-1) and B(i+1), written by other iterations of
// stencil_b, so a careful person keeps the two kernels apart, and this file
// is jacobi_1d.cpp unchanged. It exists so every subject has both variants.
//
// Usage: jacobi_1d_handfused [N] [time steps]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 1 << 16);
    const int Steps = example::argOr(argc, argv, 2, 50);

    Kokkos::View<double *> A("A", N), B("B", N);
    Kokkos::parallel_for(
        "init", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
          A(i) = (i + 2.0) / N;
          B(i) = (i + 3.0) / N;
        });
    Kokkos::fence();

    example::Timer Timer;
    for (int Step = 0; Step < Steps; ++Step) {
      Kokkos::parallel_for(
          "stencil_b", Kokkos::RangePolicy<>(1, N - 1),
          KOKKOS_LAMBDA(const int i) { B(i) = 0.33333 * (A(i - 1) + A(i) + A(i + 1)); });
      Kokkos::parallel_for(
          "stencil_a", Kokkos::RangePolicy<>(1, N - 1),
          KOKKOS_LAMBDA(const int i) { A(i) = 0.33333 * (B(i - 1) + B(i) + B(i + 1)); });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("jacobi_1d", example::checksum(A) + example::checksum(B),
                         Seconds);
  }
  Kokkos::finalize();
  return 0;
}
