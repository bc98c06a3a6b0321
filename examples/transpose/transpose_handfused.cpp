// transpose.cpp fused by hand: "transpose" and "increment" become one kernel
// per iteration that loads A(j,i) once (bitwise equal results).
//
// Usage: transpose_handfused [order] [iterations]

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
          "transpose_increment",
          Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {Order, Order}),
          KOKKOS_LAMBDA(const int i, const int j) {
            const double Aji = A(j, i);
            B(i, j) += Aji;
            A(j, i) = Aji + 1.0;
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("transpose", example::checksum(B) + example::checksum(A),
                         Seconds);
  }
  Kokkos::finalize();
  return 0;
}
