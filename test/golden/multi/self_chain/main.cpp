// One function called twice in a row: its kernel is deferred at the first
// call and runs fused with itself at the second, one body over the Views of
// both calls. Where the second call reads what the first wrote at the same
// element, the two calls' Views are one (the profile saw them so); where it
// reads a neighbour, the calls are not fused. Three calls in a row fuse the
// first two. A caller passing Views the profile never saw together falls back
// to the launches as written.
//   main [N] [alias]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-FALLBACK-RUN: 1000 alias
// KFUSE-PROFILE-RUN: 1000

using Field = Kokkos::View<double *>;

// y += a x: called on different Views each time.
void axpy(Field y, Field x, double a) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "axpy", y.extent(0), KOKKOS_LAMBDA(const int i) { y(i) += a * x(i); });
}

// out = in^2 + 1: the second call squares what the first wrote.
void square(Field out, Field in) {
  const double one = 1.0;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "square", out.extent(0), KOKKOS_LAMBDA(const int i) { out(i) = in(i) * in(i) + one; });
}

// A three-point average: the second call reads neighbours of what the first
// wrote.
void blur(Field out, Field in) {
  const int n = in.extent(0);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "blur", n, KOKKOS_LAMBDA(const int i) {
        out(i) = (in(i > 0 ? i - 1 : i) + in(i) + in(i + 1 < n ? i + 1 : i)) / 3.0;
      });
}

// Called three times in a row: the first two calls fuse.
void shift(Field v, double by) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "shift", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = 0.5 * v(i) + by; });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool alias = argc > 2;
    Field x("x", n), y("y", n), z("z", n), u("u", n), w("w", n), p("p", n), q("q", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          x(i) = (i * 7) % 11 - 5.0;
          p(i) = (i * 3) % 13 * 0.5;
        });
    // With `alias`, the second axpy reads the View the first writes.
    Field second = alias ? y : x;
    double total = 0.0, seen = 0.0;
    for (int step = 0; step < 5; ++step) {
      // The host reads a result between the pairs (the Views are in host
      // memory here): kernels of different functions do not fuse across it.
      axpy(y, x, 0.5);
      axpy(z, second, 0.25);
      seen += z(n / 2);
      square(u, y);
      square(w, u);
      seen += w(n / 3);
      blur(q, p);
      blur(p, q);
      seen += p(n / 4);
      shift(y, 1.0);
      shift(z, 2.0);
      shift(w, -1.0);
      double s = 0.0;
      Kokkos::parallel_reduce(
          "sum", n,
          KOKKOS_LAMBDA(const int i, double &acc) {
            acc += y(i) + 2.0 * z(i) + 1e-3 * w(i) + 3.0 * p(i) + u(i);
          },
          s);
      total += s;
    }
    std::printf("total=%.17g seen=%.17g\n", total, seen);
  }
  Kokkos::finalize();
}
