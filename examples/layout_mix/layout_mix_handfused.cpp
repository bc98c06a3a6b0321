// Layout mix, hand-fused: scale_rows and row_dot in one kernel, one loop
// over the columns of row i (see layout_mix.cpp).

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
          "scale_rows+row_dot", N, KOKKOS_LAMBDA(const int i) {
            const double wi = w(i);
            double ri = r(i);
            for (int j = 0; j < M; ++j) {
              const double a = A(i, j) * wi + 1.0 / 64.0;
              A(i, j) = a;
              ri += a * B(i, j);
            }
            r(i) = ri;
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("layout_mix", example::checksum(A) + example::checksum(r), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
