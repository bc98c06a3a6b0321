// ADI (NPBench/PolyBench): alternating-direction implicit solver of a 2-D heat
// equation; per time step a column sweep, then a row sweep, each a
// tridiagonal solve per grid line i in [1, N-1).
//
// Kernels per step, all over i in [1, N-1):
//   column sweep: col_boundary, col_start, col_forward, col_backward
//   row sweep:    row_boundary, row_start, row_forward, row_backward
// Each sweep is a fusable chain: its kernels touch only line i (v(., i),
// p(i, .), q(i, .) in the column sweep; u(i, .), p(i, .), q(i, .) in the row
// sweep). The sweeps must not fuse with each other: row_boundary writes
// u(i, 0), which col_forward reads as u(j, i-1) in another iteration, and
// row_forward reads v(i+-1, j), written by col_backward in other iterations.
//
// Usage: adi [N] [time steps]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 200);
    const int Steps = example::argOr(argc, argv, 2, 20);

    const double DX = 1.0 / N, DY = 1.0 / N, DT = 1.0 / Steps;
    const double Mul1 = 2.0 * DT / (DX * DX), Mul2 = 1.0 * DT / (DY * DY);
    const double a = -Mul1 / 2.0, b = 1.0 + Mul1, c = a;
    const double d = -Mul2 / 2.0, e = 1.0 + Mul2, f = d;

    Kokkos::View<double **> u("u", N, N), v("v", N, N), p("p", N, N), q("q", N, N);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
        KOKKOS_LAMBDA(const int i, const int j) { u(i, j) = double(i + N - j) / N; });
    Kokkos::fence();

    example::Timer Timer;
    for (int Step = 0; Step < Steps; ++Step) {
      Kokkos::parallel_for(
          "col_boundary", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            v(0, i) = 1.0;
            v(N - 1, i) = 1.0;
          });
      Kokkos::parallel_for(
          "col_start", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            p(i, 0) = 0.0;
            q(i, 0) = v(0, i);
          });
      Kokkos::parallel_for(
          "col_forward", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            for (int j = 1; j < N - 1; ++j) {
              const double Denom = a * p(i, j - 1) + b;
              p(i, j) = -c / Denom;
              q(i, j) = (-d * u(j, i - 1) + (1.0 + 2.0 * d) * u(j, i) - f * u(j, i + 1) -
                         a * q(i, j - 1)) /
                        Denom;
            }
          });
      Kokkos::parallel_for(
          "col_backward", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            for (int j = N - 2; j >= 1; --j)
              v(j, i) = p(i, j) * v(j + 1, i) + q(i, j);
          });

      Kokkos::parallel_for(
          "row_boundary", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            u(i, 0) = 1.0;
            u(i, N - 1) = 1.0;
          });
      Kokkos::parallel_for(
          "row_start", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            p(i, 0) = 0.0;
            q(i, 0) = u(i, 0);
          });
      Kokkos::parallel_for(
          "row_forward", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            for (int j = 1; j < N - 1; ++j) {
              const double Denom = d * p(i, j - 1) + e;
              p(i, j) = -f / Denom;
              q(i, j) = (-a * v(i - 1, j) + (1.0 + 2.0 * a) * v(i, j) - c * v(i + 1, j) -
                         d * q(i, j - 1)) /
                        Denom;
            }
          });
      Kokkos::parallel_for(
          "row_backward", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            for (int j = N - 2; j >= 1; --j)
              u(i, j) = p(i, j) * u(i, j + 1) + q(i, j);
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("adi", example::checksum(u) + example::checksum(v), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
