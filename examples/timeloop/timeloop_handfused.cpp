// timeloop.cpp fused by hand as a person would: one kernel, each index
// running every step of the time loop in turn.
//
// Usage: timeloop_handfused [N] [steps]

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
    Kokkos::parallel_for(
        "relax+damp", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
          for (int Step = 0; Step < Steps; ++Step) {
            B(i) = 0.5 * A(i) + 1.0;
            A(i) = 0.999 * B(i) - 0.25;
          }
        });
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("timeloop", example::checksum(A) + example::checksum(B), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
