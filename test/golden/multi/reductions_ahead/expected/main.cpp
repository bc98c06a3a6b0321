#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The driver: a kick each step; every THERMO steps the temperature and
// kinetic energy, computed by two functions called in turn; at the end,
// twice, the momentum and the marking kinetic energy.
//   main [N] [THERMO]
#include "thermo.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 500 1
// KFUSE-RUN: 500 3
// KFUSE-RUN: 7 2
// KFUSE-PROFILE-RUN: 500 1

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    System sys;
    sys.N = argc > 1 ? std::atoi(argv[1]) : 500;
    const int every = argc > 2 ? std::atoi(argv[2]) : 1;
    sys.v = Kokkos::View<double *[3]>("v", sys.N);
    sys.type = Kokkos::View<int *>("type", sys.N);
    sys.mass = Kokkos::View<double *>("mass", 2);
    sys.hot = Kokkos::View<int *>("hot", sys.N);
    auto v = sys.v;
    auto type = sys.type;
    auto mass = sys.mass;
    Kokkos::parallel_for(
        "init", sys.N, KOKKOS_LAMBDA(const int i) {
          type(i) = i % 2;
          if (i < 2)
            mass(i) = 1.0 + i;
          for (int d = 0; d < 3; ++d)
            v(i, d) = 0.01 * ((i * 7 + d * 3) % 11) - 0.05;
        });
    double temp = 0.0, ke = 0.0, sum = 0.0;
    for (int step = 1; step <= 6; ++step) {
      Kokkos::parallel_for(
          "kick", sys.N, KOKKOS_LAMBDA(const int i) {
            for (int d = 0; d < 3; ++d)
              v(i, d) *= 1.0 + 0.001 * ((i + d) % 5);
          });
      if (step % every == 0) {
        ::kfuse::Window kfuse_window_64836b9b_49bf4c7f("kfuse_chain_64836b9b_49bf4c7f"); // kfuse-line 14a4128a
        // 'kinetic_energy' is computed ahead, with the first kernel: its captures as 'kinetic_energy' declares them. // kfuse-line 656af22b
        kfuse_window_64836b9b_49bf4c7f.ahead([&] { // kfuse-line af83728a
          return [](auto &&sys) { // kfuse-line 2a038326
            auto v = sys.v; // kfuse-line 48d634fe
            auto type = sys.type; // kfuse-line 618367ca
            auto mass = sys.mass; // kfuse-line 028ec7ac
            const double half = 0.5; // kfuse-line 014acda0
            return ::kfuse::ahead_captures(::kfuse::bounds_of(Kokkos::RangePolicy<>(0, sys.N)), mass, type, v, half); // kfuse-line 819b6cb7
          }(sys); // kfuse-line b96cbd44
        }); // kfuse-line 80d1dab2
        kfuse_window_64836b9b_49bf4c7f.arm(); // kfuse-line dd5c53ff
        temp = temperature(sys);
        kfuse_window_64836b9b_49bf4c7f.disarm(); // kfuse-line 6d6a3900
        ke = kinetic_energy(sys);
        kfuse_window_64836b9b_49bf4c7f.close(); // kfuse-line 73704390
        std::printf("step=%d temp=%.17g ke=%.17g\n", step, temp, ke);
        sum += temp + ke;
      }
    }
    double p = 0.0, marked = 0.0;
    for (int r = 1; r <= 2; ++r) {
      p = momentum(sys);
      marked = kinetic_energy_marking(sys, 0.001 * r);
    }
    int hot = 0;
    auto h = sys.hot;
    Kokkos::parallel_reduce(
        "count_hot", sys.N, KOKKOS_LAMBDA(const int i, int &c) { c += h(i); }, hot);
    std::printf("sum=%.17g p=%.17g marked=%.17g hot=%d\n", sum, p, marked, hot);
  }
  Kokkos::finalize();
}
