#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Kokkos reached through -I rather than -isystem: its headers are no
// system headers, yet no project file either. The copy of 'predict''s body
// in correct.cpp names what Kokkos_View.hpp declares; kfuse includes no
// library header by a path of this machine (correct.cpp reaches Kokkos
// through steps.h) and fuses the pair across files.
#include "steps.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-KOKKOS-INCLUDE: -I
// KFUSE-RUN: 1000
// KFUSE-PROFILE-RUN: 1000

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Field u("u", n), v("v", n), w("w", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          v(i) = 0.001 * i;
          w(i) = 1.0;
        });
    for (int step = 0; step < 5; ++step) {
      ::kfuse::Window kfuse_window_bc44a2e6_a60ae802("kfuse_chain_bc44a2e6_a60ae802"); // kfuse-line 764195b5
      kfuse_window_bc44a2e6_a60ae802.arm(); // kfuse-line 8aff2c14
      predict(u, v, 0.1 * step);
      kfuse_window_bc44a2e6_a60ae802.disarm(); // kfuse-line c0394d31
      correct(u, w);
      kfuse_window_bc44a2e6_a60ae802.close(); // kfuse-line df34254b
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &s) { s += u(i) + 3.0 * w(i); }, sum);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
