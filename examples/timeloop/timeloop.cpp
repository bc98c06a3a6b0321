// A time loop of two elementwise kernels: b = f(a), then a = g(b), each step.
//
// As a modular code writes it: one launch per kernel per step. Each element
// of a and b is only ever touched by its own index, so the whole time loop
// may run inside one kernel (temporal fusion), each index's steps in turn.
//
// Usage: timeloop [N] [steps]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 1 << 16);
    const int Steps = example::argOr(argc, argv, 2, 20);

    Kokkos::View<double *> A("A", N), B("B", N);
    example::fill(A, 1, 0.0, 1.0);
    Kokkos::fence();

    example::Timer Timer;
    for (int Step = 0; Step < Steps; ++Step) {
      Kokkos::parallel_for(
          "relax", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i) { B(i) = 0.5 * A(i) + 1.0; });
      Kokkos::parallel_for(
          "damp", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i) { A(i) = 0.999 * B(i) - 0.25; });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("timeloop", example::checksum(A) + example::checksum(B), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
