// A CG-shaped pair across functions whose calls pass one View under two
// names (`waxpby(n, 1.0, r, -alpha, Ap, r)`: x and w are r; `dot(n, r, r)`:
// x and y are r). Every name of r becomes one restrict pointer of one
// body, as argument fusion does in one block; the guard checks each name
// still is that View. (Composed, each body over its own names, the pair
// gained a fraction of what it gains in one block.)
// KFUSE-RUN: 1001
// KFUSE-RUN: 1234
// KFUSE-RUN-FALLBACK: 1001 other
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using V = Kokkos::View<double *>;

void waxpby(int n, double alpha, V x, double beta, V y, V w) {
  Kokkos::parallel_for("waxpby", n, KOKKOS_LAMBDA(const int i) { w(i) = alpha * x(i) + beta * y(i); });
}

double dot(int n, V x, V y) {
  double s = 0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused "both bodies in one function over restrict pointers"
      "dot", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += x(i) * y(i); }, s);
  return s;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1001;
    V r("r", n), Ap("Ap", n), q("q", n);
    Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) {
      r(i) = 1.0 + (i % 3);
      Ap(i) = 0.5 * (i % 5);
      q(i) = 0.25 * (i % 7);
    });
    double normr = 0, alpha = 1e-3;
    for (int k = 0; k < 4; ++k) {
      waxpby(n, 1.0, r, -alpha, Ap, r);
      normr += dot(n, r, r);
    }
    // Other Views under the same names (not in the profiled run): the guard
    // takes the original launches.
    if (argc > 2) {
      waxpby(n, 1.0, r, -alpha, Ap, q);
      normr += dot(n, r, q);
    }
    std::printf("checksum=%.17g\n", normr);
  }
  Kokkos::finalize();
}
