// A time loop that launches a predictor itself and then calls a function
// of another file whose kernel reads the prediction: the window opens in
// the loop's body, around the launch and the call, and the two run as one
// where the guard holds. A second loop's corrector reads a neighbour's
// prediction: refused, the remark naming the access. A third loop calls a
// function of the other file and then launches a kernel reading its
// output: fused the same way, the window around the call and the launch.
//   main [N] [STEPS] [ALIAS]   (ALIAS 1: the prediction is the relaxed field
//   itself, and the guard runs the kernels as written)
#include "physics.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 500 4 0
// KFUSE-RUN: 33 3 0
// KFUSE-FALLBACK-RUN: 500 4 1
// KFUSE-PROFILE-RUN: 500 4 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 500;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 4;
    const bool alias = argc > 3 && std::atoi(argv[3]) == 1;
    Field x("x", n), v("v", n), w("w", n), p("p", n);
    Field u = alias ? w : p;
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          x(i) = 0.01 * i;
          v(i) = 1.0 - 0.002 * i;
          w(i) = 0.5;
        });
    const double dt = 0.1;
    for (int step = 0; step < steps; ++step) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
          "predict", n, KOKKOS_LAMBDA(const int i) { u(i) = x(i) + dt * v(i); });
      relax(u, w, n);
    }
    for (int step = 0; step < steps; ++step) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
          "predict again", n, KOKKOS_LAMBDA(const int i) { u(i) = x(i) - dt * w(i); });
      smooth(u, w, n);
    }
    Field acc("acc", n);
    for (int step = 0; step < steps; ++step) {
      damp(w, n);
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "accumulate", n, KOKKOS_LAMBDA(const int i) { acc(i) += w(i); });
    }
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &s) { s += w(i) + 0.5 * u(i) + acc(i); }, sum);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
  return 0;
}
