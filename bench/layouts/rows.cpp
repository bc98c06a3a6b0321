// Layout benchmark "rows": two kernels over rows i with inner loops over the
// columns j, A written by the first and read by the second at (i, j); the
// loops merge when fused. Layouts of A and B from -DLAYOUT_A / -DLAYOUT_B.
#include "LayoutSupport.hpp"

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = layouts::argOr(argc, argv, 1, 300);
    const int M = layouts::argOr(argc, argv, 2, 64);
    const int Steps = layouts::argOr(argc, argv, 3, 5);
    auto A = layouts::Make2D<layouts::LayoutA>::make("A", N, M);
    auto B = layouts::Make2D<layouts::LayoutB>::make("B", N, M);
    Kokkos::View<double *> r("r", N);
    layouts::fill(A, 1);
    layouts::fill(B, 2);
    layouts::Timer T;
    for (int S = 0; S < Steps; ++S) {
#ifndef HANDFUSED
      Kokkos::parallel_for(
          "update", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              A(i, j) = 0.5 * A(i, j) + B(i, j);
          });
      Kokkos::parallel_for(
          "reduce_row", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              r(i) += A(i, j) * B(i, j);
          });
#else
      Kokkos::parallel_for(
          "update+reduce_row", N, KOKKOS_LAMBDA(const int i) {
            double ri = r(i);
            for (int j = 0; j < M; ++j) {
              const double a = 0.5 * A(i, j) + B(i, j);
              A(i, j) = a;
              ri += a * B(i, j);
            }
            r(i) = ri;
          });
#endif
    }
    Kokkos::fence();
    const double Seconds = T.seconds();
    double R = 0;
    Kokkos::parallel_reduce("sum", N, KOKKOS_LAMBDA(const int i, double &Acc) { Acc += r(i); }, R);
    std::printf("checksum=%.17g\ntime_s=%.6f\n", layouts::checksum(A) + R, Seconds);
  }
  Kokkos::finalize();
}
