#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The time loop: 'final_integrate' of one step runs fused with
// 'initial_integrate' of the next (across the loop's back edge); on thermo
// steps the pending kernel is flushed before the output reads the
// velocities. A run whose step count is the loop's last runs it at the
// window's close. With EXTRA, 'final_integrate' is also called before the
// forces: that call is not the one the window is for, and must launch at
// once (the forces overwrite what it reads).
//   md [N] [STEPS] [THERMO_EVERY] [FIRST_STEP_FINAL_OVER] [EXTRA]
#include "md.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 500 20 5
// KFUSE-RUN: 500 7 3
// KFUSE-RUN: 64 3 1
// KFUSE-RUN: 500 6 4 250
// KFUSE-RUN: 500 6 4 500 1
// KFUSE-PROFILE-RUN: 500 20 5

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Atoms a;
    a.n = argc > 1 ? std::atoi(argv[1]) : 500;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 20;
    const int every = argc > 3 ? std::atoi(argv[3]) : 5;
    const int partial = argc > 4 ? std::atoi(argv[4]) : a.n;
    const bool extra = argc > 5 && std::atoi(argv[5]) != 0;
    a.x = Kokkos::View<double *[3]>("x", a.n);
    a.v = Kokkos::View<double *[3]>("v", a.n);
    a.f = Kokkos::View<double *[3]>("f", a.n);
    Kokkos::deep_copy(a.x, 1.0);
    Kokkos::deep_copy(a.v, 0.25);
    double ke = 0.0;
    int count = partial;
    ::kfuse::Window kfuse_window_a3880831_41902cef("kfuse_chain_a3880831_41902cef"); // kfuse-line 159ffb6f
    for (int step = 1; step <= steps; ++step) {
      initial_integrate(a, 0.01);
      if (extra)
        final_integrate(a, 0.005, a.n);
      compute_forces(a);
      kfuse_window_a3880831_41902cef.arm(); // kfuse-line 52bc0370
      final_integrate(a, 0.01, count);
      kfuse_window_a3880831_41902cef.disarm(); // kfuse-line 1f70a947
      count = a.n;
      if (step % every == 0) {
        kfuse_window_a3880831_41902cef.flush(); // kfuse-line 31979370
        ke = kinetic(a);
        std::printf("step=%d ke=%.17g\n", step, ke);
      }
    }
    kfuse_window_a3880831_41902cef.close(); // kfuse-line 0400d83b
    auto x = a.x;
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", a.n, KOKKOS_LAMBDA(const int i, double &s) { s += x(i, 0) + x(i, 1) + x(i, 2); },
        sum);
    std::printf("checksum=%.17g ke=%.17g\n", sum, ke);
  }
  Kokkos::finalize();
}
