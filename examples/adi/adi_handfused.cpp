// adi.cpp fused by hand: each sweep's four kernels become one kernel per grid
// line that carries p, q and the solution along the line in registers; the
// two sweeps stay separate (see adi.cpp). Same arithmetic in the same order:
// bitwise equal results.
//
// Usage: adi_handfused [N] [time steps]

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
          "column_sweep", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            v(0, i) = 1.0;
            v(N - 1, i) = 1.0;
            double P = 0.0, Q = 1.0; // q(i, 0) = v(0, i)
            p(i, 0) = P;
            q(i, 0) = Q;
            for (int j = 1; j < N - 1; ++j) {
              const double Denom = a * P + b;
              P = -c / Denom;
              Q = (-d * u(j, i - 1) + (1.0 + 2.0 * d) * u(j, i) - f * u(j, i + 1) -
                   a * Q) /
                  Denom;
              p(i, j) = P;
              q(i, j) = Q;
            }
            double V = 1.0; // v(N - 1, i)
            for (int j = N - 2; j >= 1; --j) {
              V = p(i, j) * V + q(i, j);
              v(j, i) = V;
            }
          });
      Kokkos::parallel_for(
          "row_sweep", Kokkos::RangePolicy<>(1, N - 1), KOKKOS_LAMBDA(const int i) {
            u(i, 0) = 1.0;
            u(i, N - 1) = 1.0;
            double P = 0.0, Q = 1.0; // q(i, 0) = u(i, 0)
            p(i, 0) = P;
            q(i, 0) = Q;
            for (int j = 1; j < N - 1; ++j) {
              const double Denom = d * P + e;
              P = -f / Denom;
              Q = (-a * v(i - 1, j) + (1.0 + 2.0 * a) * v(i, j) - c * v(i + 1, j) -
                   d * Q) /
                  Denom;
              p(i, j) = P;
              q(i, j) = Q;
            }
            double U = 1.0; // u(i, N - 1)
            for (int j = N - 2; j >= 1; --j) {
              U = p(i, j) * U + q(i, j);
              u(i, j) = U;
            }
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("adi", example::checksum(u) + example::checksum(v), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
