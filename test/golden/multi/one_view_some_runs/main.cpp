// Vector helpers called with one View in two roles in some calls only:
// `update(r, r, q)` then `dot(r, r)` in the loop (the written `z` and the
// read `a` are one View), `update(p, r, q)` then `dot(r, r)` once before it
// (two Views). Judged as one View, the two kernels touch each element at
// its own index only: they fuse across the functions in every run, the
// guard checking that the Views are one or apart. 'ahead' reads `a(i + 1)`,
// which 'relax' writes where its `z` is that `a` (the last run): refused,
// for the dependence, though most runs pass two Views.
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

using Vec = Kokkos::View<double *>;

// z = x - c y
static void update(Vec z, Vec x, Vec y, double c, int n) {
  Kokkos::parallel_for(
      "update", n, KOKKOS_LAMBDA(const int i) { z(i) = x(i) - c * y(i); });
}

static double dot(Vec a, Vec b, int n) {
  double s = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "dot", n, KOKKOS_LAMBDA(const int i, double &t) { t += a(i) * b(i); }, s);
  return s;
}

static void relax(Vec z, Vec x, int n) {
  Kokkos::parallel_for(
      "relax", n - 1, KOKKOS_LAMBDA(const int i) { z(i) = 0.5 * (x(i) + x(i + 1)); });
}

static void ahead(Vec d, Vec a, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "ahead", n - 1, KOKKOS_LAMBDA(const int i) { d(i) = a(i + 1) - a(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec r("r", n), p("p", n), q("q", n), d("d", n), u("u", n), w("w", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          r(i) = 1.0 + (i % 7);
          q(i) = 0.25 * (i % 3);
          u(i) = (i % 5) - 2.0;
        });
    update(p, r, q, 0.5, n);
    double rr = dot(r, r, n);
    for (int it = 0; it < 6; ++it) {
      update(r, r, q, 0.01 * (it + 1), n);
      rr += dot(r, r, n);
    }
    for (int it = 0; it < 6; ++it) {
      relax(it == 5 ? w : p, u, n);
      ahead(d, w, n);
    }
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &t) { t += p(i) + 2.0 * r(i) + 3.0 * d(i) + w(i); },
        sum);
    std::printf("rr=%.17g sum=%.17g\n", rr, sum);
  }
  Kokkos::finalize();
}
