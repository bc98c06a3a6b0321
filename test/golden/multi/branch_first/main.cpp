// The first kernel of a chain in a branch of an `if`/`else` of its function
// (a predictor and a corrector of one step), the second in another
// function: on the path where the branch ran, the first is deferred and runs
// fused with the second; on the other path the launches run as written. The
// hotter chain (the predictor's, two steps in three) is fused; the second
// kernel runs fused with one first kernel only. A kernel in a branch
// followed there by host code reading what it wrote is not deferred.
//   main [N] [alias]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-FALLBACK-RUN: 1000 alias
// KFUSE-PROFILE-RUN: 1000

using Field = Kokkos::View<double *>;

// The position half a step ahead, or its correction.
void advance(Field x, Field v, Field xn, double dt, bool predict) {
  const int n = x.extent(0);
  if (predict) {
    Kokkos::parallel_for(
        "predict", n, KOKKOS_LAMBDA(const int i) { xn(i) = x(i) + dt * v(i); });
  } else {
    Kokkos::parallel_for(
        "correct", n, KOKKOS_LAMBDA(const int i) { xn(i) = 0.5 * (xn(i) + x(i) + dt * v(i)); });
  }
}

// A spring force at the new positions.
void force(Field xn, Field f, double k) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "force", xn.extent(0), KOKKOS_LAMBDA(const int i) { f(i) = -k * xn(i); });
}

// The host looks at what the kernel wrote before the function returns.
double sample(Field f, Field g, bool look) {
  double seen = 0.0;
  if (look) {
    Kokkos::parallel_for(
        "sample", f.extent(0), KOKKOS_LAMBDA(const int i) { g(i) = 2.0 * f(i); });
    seen = g(0);
  }
  return seen;
}

void damp(Field g, Field v) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "damp", g.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = 0.99 * v(i) + 1e-3 * g(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool alias = argc > 2;
    Field x("x", n), v("v", n), xn("xn", n), f("f", n), g("g", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          x(i) = (i * 7) % 11 - 5.0;
          v(i) = (i * 3) % 13 * 0.1;
        });
    // With `alias`, the force is written over the new positions.
    Field out = alias ? xn : f;
    double total = 0.0, seen = 0.0;
    for (int step = 0; step < 9; ++step) {
      advance(x, v, xn, 0.01, step % 3 != 2);
      force(xn, out, 4.0);
      // The host reads a result between the pairs (the Views are in host
      // memory here): kernels of different functions do not fuse across it.
      seen += out(n / 2);
      seen += sample(out, g, step % 2 == 0);
      damp(g, v);
      seen += v(n / 3);
      Kokkos::deep_copy(x, xn);
      double s = 0.0;
      Kokkos::parallel_reduce(
          "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += x(i) + 2.0 * v(i) + g(i); },
          s);
      total += s;
    }
    std::printf("total=%.17g seen=%.17g\n", total, seen);
  }
  Kokkos::finalize();
}
