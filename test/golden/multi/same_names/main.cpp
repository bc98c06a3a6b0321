// Two functions whose kernels name different Views alike: the first's `y`
// is what it writes, the second's `y` what it reads one element ahead. The
// profile saw them as different allocations, so the names do not make the
// kernels dependent: they fuse across the functions, and the guard checks
// at run time that the Views are apart (where a caller passes one View to
// both, the launches run as written).
//   main [N] [same]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-FALLBACK-RUN: 1000 same
// KFUSE-PROFILE-RUN: 1000

using Field = Kokkos::View<double *>;

// y = 2 x, over the first n - 1 elements.
static void scale(Field y, Field x, int n) {
  Kokkos::parallel_for(
      "scale", n - 1, KOKKOS_LAMBDA(const int i) { y(i) = 2.0 * x(i) + 1.0; });
}

// The forward difference of y.
static void difference(Field d, Field y, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "difference", n - 1, KOKKOS_LAMBDA(const int i) { d(i) = y(i + 1) - y(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool same = argc > 2;
    Field a("a", n), b("b", n), c("c", n), e("e", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          a(i) = (i * 7) % 11 - 5.0;
          c(i) = (i * 3) % 13 * 0.5;
        });
    Field second = same ? b : c;
    double total = 0.0;
    for (int step = 0; step < 6; ++step) {
      scale(b, a, n);
      difference(e, second, n);
      double s = 0.0;
      Kokkos::parallel_reduce(
          "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += b(i) + 3.0 * e(i); }, s);
      total += s;
      Kokkos::deep_copy(c, b);
    }
    std::printf("total=%.17g\n", total);
  }
  Kokkos::finalize();
}
