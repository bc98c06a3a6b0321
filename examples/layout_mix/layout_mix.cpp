// Layout mix: a row update over a LayoutRight matrix, then a row reduction
// that walks the same rows of a LayoutLeft matrix in an inner loop, as codes
// that keep one field in each layout do.
//
// Kernels per step, over rows i: "scale_rows" (A(i, j) = A(i, j) * w(i) + 1
// for every column j: LayoutRight, unit stride in j), then "row_dot"
// (r(i) = sum over j of A(i, j) * B(i, j), B LayoutLeft: stride N in j).
// They fuse: row_dot reads row i of A, which scale_rows wrote in the same
// iteration; the inner loops over j merge.
//
// Usage: layout_mix [N rows] [M columns] [steps]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 200);
    const int M = example::argOr(argc, argv, 2, 64);
    const int Steps = example::argOr(argc, argv, 3, 10);

    Kokkos::View<double **, Kokkos::LayoutRight> A("A", N, M);
    Kokkos::View<double **, Kokkos::LayoutLeft> B("B", N, M);
    Kokkos::View<double *> w("w", N), r("r", N);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, M}),
        KOKKOS_LAMBDA(const int i, const int j) {
          A(i, j) = double((i * 7 + j * 3) % 17) / 16.0;
          B(i, j) = double((i * 5 + j * 11) % 13) / 8.0;
          if (j == 0)
            w(i) = 0.5 + double(i % 5) / 8.0;
        });
    Kokkos::fence();

    example::Timer Timer;
    for (int Step = 0; Step < Steps; ++Step) {
      Kokkos::parallel_for(
          "scale_rows", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              A(i, j) = A(i, j) * w(i) + 1.0 / 64.0;
          });
      Kokkos::parallel_for(
          "row_dot", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              r(i) += A(i, j) * B(i, j);
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("layout_mix", example::checksum(A) + example::checksum(r), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
