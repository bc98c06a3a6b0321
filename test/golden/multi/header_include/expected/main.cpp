#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A time loop: the equation of state, then the sound speed, then an update
// of the energy from both.
//   main [N] [STEPS]
#include "kernels.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 8
// KFUSE-RUN: 37 3
// KFUSE-PROFILE-RUN: 1000 8

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Cells s;
    s.n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 8;
    s.rho = Kokkos::View<double *>("rho", s.n);
    s.e = Kokkos::View<double *>("e", s.n);
    s.p = Kokkos::View<double *>("p", s.n);
    s.c = Kokkos::View<double *>("c", s.n);
    auto rho = s.rho, e = s.e, p = s.p, c = s.c;
    Kokkos::parallel_for(
        "init", s.n, KOKKOS_LAMBDA(const int i) {
          rho(i) = 1.0 + (i % 7) * 0.125;
          e(i) = 2.5 - (i % 5) * 0.25;
        });
    for (int step = 0; step < steps; ++step) {
      ::kfuse::Window kfuse_window_dcb1cb67_849eec01("kfuse_chain_dcb1cb67_849eec01"); // kfuse-line 8cd4c701
      kfuse_window_dcb1cb67_849eec01.arm(); // kfuse-line 845c0424
      eos(s);
      kfuse_window_dcb1cb67_849eec01.disarm(); // kfuse-line d99675cc
      sound(s);
      kfuse_window_dcb1cb67_849eec01.close(); // kfuse-line bd532738
      Kokkos::parallel_for(
          "update", s.n, KOKKOS_LAMBDA(const int i) { e(i) += 0.01 * c(i) - 0.001 * p(i); });
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", s.n,
        KOKKOS_LAMBDA(const int i, double &t) { t += e(i) + 2.0 * p(i) + 3.0 * c(i); }, sum);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
