#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Two kernels over a 2-D box, in two files, called in turn by the driver.
//   boxes [NX] [NY] [STEPS]
#include "grid.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 40 30 4
// KFUSE-RUN: 7 50 2
// KFUSE-PROFILE-RUN: 40 30 4

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Grid grid;
    grid.nx = argc > 1 ? std::atoi(argv[1]) : 40;
    grid.ny = argc > 2 ? std::atoi(argv[2]) : 30;
    const int steps = argc > 3 ? std::atoi(argv[3]) : 4;
    grid.a = Kokkos::View<double **>("a", grid.nx, grid.ny);
    grid.b = Kokkos::View<double **>("b", grid.nx, grid.ny);
    grid.c = Kokkos::View<double **>("c", grid.nx, grid.ny);
    Kokkos::deep_copy(grid.a, 2.0);
    for (int step = 0; step < steps; ++step) {
      ::kfuse::Window kfuse_window_22b80cd3_c26f5fb6("kfuse_chain_22b80cd3_c26f5fb6"); // kfuse-line 373f0e96
      kfuse_window_22b80cd3_c26f5fb6.arm(); // kfuse-line ddbe2c03
      heat(grid, 0.01 * (step + 1));
      kfuse_window_22b80cd3_c26f5fb6.disarm(); // kfuse-line 50431973
      cool(grid);
      kfuse_window_22b80cd3_c26f5fb6.close(); // kfuse-line 0d2910ea
    }
    auto c = grid.c;
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {grid.nx, grid.ny}),
        KOKKOS_LAMBDA(const int j, const int k, double &s) { s += c(j, k) * (1 + j + 3 * k); },
        sum);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
