// Layout benchmark "cols": two kernels over columns i whose inner loops walk
// the rows j (A(j, i): strided in LayoutRight, unit stride in LayoutLeft); A
// written by the first and read by the second; the loops merge when fused.
#include "LayoutSupport.hpp"

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = layouts::argOr(argc, argv, 1, 300);
    const int M = layouts::argOr(argc, argv, 2, 64);
    const int Steps = layouts::argOr(argc, argv, 3, 5);
    auto A = layouts::Make2D<layouts::LayoutA>::make("A", N, M);
    auto B = layouts::Make2D<layouts::LayoutB>::make("B", N, M);
    Kokkos::View<double *> c("c", M);
    layouts::fill(A, 1);
    layouts::fill(B, 2);
    layouts::Timer T;
    for (int S = 0; S < Steps; ++S) {
#ifndef HANDFUSED
      Kokkos::parallel_for(
          "update", M, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < N; ++j)
              A(j, i) = 0.5 * A(j, i) + B(j, i);
          });
      Kokkos::parallel_for(
          "reduce_col", M, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < N; ++j)
              c(i) += A(j, i) * B(j, i);
          });
#else
      Kokkos::parallel_for(
          "update+reduce_col", M, KOKKOS_LAMBDA(const int i) {
            double ci = c(i);
            for (int j = 0; j < N; ++j) {
              const double a = 0.5 * A(j, i) + B(j, i);
              A(j, i) = a;
              ci += a * B(j, i);
            }
            c(i) = ci;
          });
#endif
    }
    Kokkos::fence();
    const double Seconds = T.seconds();
    double C = 0;
    Kokkos::parallel_reduce("sum", M, KOKKOS_LAMBDA(const int i, double &Acc) { Acc += c(i); }, C);
    std::printf("checksum=%.17g\ntime_s=%.6f\n", layouts::checksum(A) + C, Seconds);
  }
  Kokkos::finalize();
}
