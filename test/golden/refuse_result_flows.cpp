// A reduction's minimum becomes the next kernel's time step through the
// caller: `dt = cfl(n, c); advance(n, c, u, dt);`. The second kernel runs on
// the first's result, so it cannot be computed ahead with it: the remark
// names that dependence (it named the second kernel's form, not a
// reduction). The pair the other way round, across the loop's back edge,
// fuses.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double *>;

double cfl(int n, Field c) {
  double m = 0;
  Kokkos::parallel_reduce(
      "cfl", n, KOKKOS_LAMBDA(const int i, double &mn) { mn = c(i) < mn ? c(i) : mn; },
      Kokkos::Min<double>(m));
  return 0.5 * m;
}

void advance(int n, Field c, Field u, double dt) {
  Kokkos::parallel_for("advance", n, KOKKOS_LAMBDA(const int i) { u(i) += dt * c(i); }); // EXPECT-REMARK: kfuse-unsafe-dependence "runs on what the first's returns or sets"
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1001;
    Field c("c", n), u("u", n);
    Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) { c(i) = 1 + i % 5; });
    for (int k = 0; k < 4; ++k) {
      double dt = cfl(n, c);
      advance(n, c, u, dt);
    }
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &r) { r += u(i); }, s);
    std::printf("checksum=%.17g\n", s);
  }
  Kokkos::finalize();
}
