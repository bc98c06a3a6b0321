#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The relaxation loop: 'relax' of one step runs fused with 'sweep' of the
// next; the output calls between run a pending 'relax' first where they
// may read u.
//   grid [N] [STEPS] [REPORT_EVERY (0: none)] [INSPECT] [VERBOSE]
#include "grid.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 500 12 4 0 0
// KFUSE-RUN: 500 12 4 1 0
// KFUSE-RUN: 500 12 0 0 1
// KFUSE-RUN: 64 5 1 1 1
// KFUSE-PROFILE-RUN: 500 12 4 0 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Grid g;
    g.n = argc > 1 ? std::atoi(argv[1]) : 500;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 12;
    const int every = argc > 3 ? std::atoi(argv[3]) : 4;
    const bool check = argc > 4 && std::atoi(argv[4]) != 0;
    const bool verbose = argc > 5 && std::atoi(argv[5]) != 0;
    g.u = Kokkos::View<double *>("u", g.n);
    g.w = Kokkos::View<double *>("w", g.n);
    Kokkos::deep_copy(g.u, 1.0);
    Kokkos::deep_copy(g.w, 0.5);
    Logger loud;
    QuietLogger quiet;
    Logger *logger = verbose ? &loud : &quiet;
    ::kfuse::Window kfuse_window_d85bee3d_845267c9("kfuse_chain_d85bee3d_845267c9"); // kfuse-line b0065e3f
    for (int step = 1; step <= steps; ++step) {
      sweep(g);
      pin(g);
      kfuse_window_d85bee3d_845267c9.arm(); // kfuse-line cd00b3e3
      relax(g);
      kfuse_window_d85bee3d_845267c9.disarm(); // kfuse-line c3508f00
      if (every) report(step, every, g);
      if (check) inspect(g);
      if (verbose) logger->note(step);
    }
    kfuse_window_d85bee3d_845267c9.close(); // kfuse-line 815f4a39
    inspect(g);
  }
  Kokkos::finalize();
}
