// Transpose (Parallel Research Kernels): B += A^T, then A += 1, repeated.
//
// Kernels per iteration: "transpose" B(i,j) += A(j,i) and "increment"
// A(j,i) += 1. Both index A as (j,i) at point (i,j), as the original's single
// loop does, so the pair fuses element by element; it would not if
// "increment" wrote A(i,j).
//
// Usage: transpose [order] [iterations]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int Order = example::argOr(argc, argv, 1, 512);
    const int Iterations = example::argOr(argc, argv, 2, 10);

    Kokkos::View<double **> A("A", Order, Order), B("B", Order, Order);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {Order, Order}),
        KOKKOS_LAMBDA(const int i, const int j) {
          A(i, j) = double(i) * Order + j;
          B(i, j) = 0.0;
        });
    Kokkos::fence();

    example::Timer Timer;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_for(
          "transpose", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {Order, Order}),
          KOKKOS_LAMBDA(const int i, const int j) { B(i, j) += A(j, i); });
      Kokkos::parallel_for(
          "increment", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {Order, Order}),
          KOKKOS_LAMBDA(const int i, const int j) { A(j, i) += 1.0; });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("transpose", example::checksum(B) + example::checksum(A),
                         Seconds);
  }
  Kokkos::finalize();
  return 0;
}
