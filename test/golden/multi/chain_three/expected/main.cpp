#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The time loop: force, kick, and every EVERY steps the energy.
//   main [N] [STEPS] [EVERY]
// With EVERY > 1 the energy does not follow the kick at some steps: the
// force and the kick, deferred together, run before the next force.
#include "particles.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 6 1
// KFUSE-RUN: 1000 6 2
// KFUSE-RUN: 37 5 3
// KFUSE-PROFILE-RUN: 1000 6 1

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Particles p;
    p.n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 6;
    const int every = argc > 3 ? std::atoi(argv[3]) : 1;
    p.x = Kokkos::View<double *>("x", p.n);
    p.v = Kokkos::View<double *>("v", p.n);
    p.f = Kokkos::View<double *>("f", p.n);
    auto x = p.x, v = p.v;
    Kokkos::parallel_for(
        "init", p.n, KOKKOS_LAMBDA(const int i) {
          x(i) = 1.0 + (i % 9) * 0.125;
          v(i) = (i % 4) * 0.25 - 0.5;
        });
    double total = 0.0;
    for (int step = 0; step < steps; ++step) {
      ::kfuse::Window kfuse_window_6dba9cd5_1e0438d0("kfuse_chain_6dba9cd5_1e0438d0"); // kfuse-line d12a6407
      kfuse_window_6dba9cd5_1e0438d0.arm(); // kfuse-line df538944
      force(p, 0.75);
      ::kfuse::Window kfuse_window_1e0438d0_4600d0d6("kfuse_chain_1e0438d0_4600d0d6"); // kfuse-line d5e9b66a
      kfuse_window_1e0438d0_4600d0d6.arm(); // kfuse-line 20c283a4
      kfuse_window_6dba9cd5_1e0438d0.disarm(); // kfuse-line 6c4d8ca7
      kick(p, 0.01);
      kfuse_window_6dba9cd5_1e0438d0.close(); // kfuse-line ad9cfee0
      kfuse_window_1e0438d0_4600d0d6.disarm(); // kfuse-line 3f7a8ab9
      if (step % every == 0) {
        total += energy(p);
      }
      kfuse_window_1e0438d0_4600d0d6.close(); // kfuse-line 5eb03491
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", p.n, KOKKOS_LAMBDA(const int i, double &t) { t += x(i) + 2.0 * v(i); }, sum);
    std::printf("checksum=%.17g energy=%.17g\n", sum, total);
  }
  Kokkos::finalize();
}
