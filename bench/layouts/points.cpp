// Layout benchmark "points": two MDRange kernels over the (i, j) grid, A
// written by the first and read by the second at (i, j): no inner loops,
// Kokkos tiles the iteration space.
#include "LayoutSupport.hpp"

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = layouts::argOr(argc, argv, 1, 300);
    const int M = layouts::argOr(argc, argv, 2, 64);
    const int Steps = layouts::argOr(argc, argv, 3, 5);
    auto A = layouts::Make2D<layouts::LayoutA>::make("A", N, M);
    auto B = layouts::Make2D<layouts::LayoutB>::make("B", N, M);
    auto C = layouts::Make2D<layouts::LayoutA>::make("C", N, M);
    layouts::fill(A, 1);
    layouts::fill(B, 2);
    layouts::fill(C, 3);
    layouts::Timer T;
    using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<2>>;
    for (int S = 0; S < Steps; ++S) {
#ifndef HANDFUSED
      Kokkos::parallel_for(
          "update", Policy({0, 0}, {N, M}),
          KOKKOS_LAMBDA(const int i, const int j) { A(i, j) = 0.5 * A(i, j) + B(i, j); });
      Kokkos::parallel_for(
          "combine", Policy({0, 0}, {N, M}),
          KOKKOS_LAMBDA(const int i, const int j) { C(i, j) = 0.25 * C(i, j) + A(i, j) * B(i, j); });
#else
      Kokkos::parallel_for(
          "update+combine", Policy({0, 0}, {N, M}), KOKKOS_LAMBDA(const int i, const int j) {
            const double a = 0.5 * A(i, j) + B(i, j);
            A(i, j) = a;
            C(i, j) = 0.25 * C(i, j) + a * B(i, j);
          });
#endif
    }
    Kokkos::fence();
    const double Seconds = T.seconds();
    std::printf("checksum=%.17g\ntime_s=%.6f\n", layouts::checksum(A) + layouts::checksum(C),
                Seconds);
  }
  Kokkos::finalize();
}
