// Kernels in two functions of one file, called in turn from a loop: the
// first is deferred and runs fused with the second. Where the host reads
// the second kernel's output before the third, nothing is deferred; a
// reduction, whose result its function returns, is never deferred (across
// the loop's back edge).
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vec = Kokkos::View<double *>;

void scale(Vec x, Vec y, double a) {
  Kokkos::parallel_for(
      "scale", x.extent(0), KOKKOS_LAMBDA(const int i) { y(i) = a * x(i); });
}

void shift(Vec y, Vec z) {
  const double offset = 1.0;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "shift", y.extent(0), KOKKOS_LAMBDA(const int i) { z(i) = y(i) + offset; });
}

double norm(Vec z, Vec u) {
  double sum = 0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-code-between
      "norm", z.extent(0),
      KOKKOS_LAMBDA(const int i, double &s) {
        u(i) += z(i);
        s += u(i) * u(i);
      },
      sum);
  return sum;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec x("x", N), y("y", N), z("z", N), u("u", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { x(i) = 0.25 * i; });
    double seen = 0, total = 0;
    for (int It = 0; It < 4; ++It) {
      scale(x, y, 1.5 + It);
      shift(y, z);
      // The host reads what 'shift' wrote before 'norm' runs (the Views
      // are in host memory here).
      seen += z(N / 2);
      total += norm(z, u);
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &s) { s += z(i) + 3.0 * u(i) + y(i); }, sum);
    std::printf("checksum=%.17g seen=%.17g total=%.17g\n", sum, seen, total);
  }
  Kokkos::finalize();
}
