#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The driver: a kick each step; every THERMO steps the temperature, the
// potential energy (a virtual call into a class template, whose kernel
// reduces over neighbour lists and stores nothing) and the kinetic energy,
// in turn; at the end the largest speed, the virial (which stores) and the
// momentum it weights, twice.
//   main [N] [THERMO] [HALF]
#include "properties.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 400 1 0
// KFUSE-RUN: 400 3 1
// KFUSE-RUN: 9 2 0
// KFUSE-PROFILE-RUN: 400 1 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    System system;
    system.N_local = argc > 1 ? std::atoi(argv[1]) : 400;
    const int every = argc > 2 ? std::atoi(argv[2]) : 1;
    const bool half = argc > 3 && std::atoi(argv[3]) != 0;
    const int n = system.N_local;
    system.x = t_x("x", n);
    system.v = t_v("v", n);
    system.type = t_type("type", n);
    system.mass = t_mass("mass", 2);
    system.w = t_w("w", n);
    t_x x = system.x;
    t_v v = system.v;
    t_type type = system.type;
    t_mass mass = system.mass;
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          type(i) = i % 2;
          if (i < 2)
            mass(i) = 1.0 + i;
          for (int d = 0; d < 3; ++d) {
            x(i, d) = 0.1 * ((i * 5 + d * 7) % 13);
            v(i, d) = 0.01 * ((i * 7 + d * 3) % 11) - 0.05;
          }
        });
    NeighborRing *ring = new NeighborRing(4);
    Neighbor *neighbor = ring;
    neighbor->build(&system);
    Force *force = new ForceLJ<NeighborRing>(half);
    Temperature temp;
    PotE pote;
    KinE kine;
    double sum = 0.0;
    for (int step = 1; step <= 6; ++step) {
      Kokkos::parallel_for(
          "kick", n, KOKKOS_LAMBDA(const int i) {
            for (int d = 0; d < 3; ++d)
              v(i, d) *= 1.0 + 0.001 * ((i + d) % 5);
          });
      if (step % every == 0) {
        ::kfuse::Window kfuse_window_9ba744af_d37c3ffd("kfuse_chain_9ba744af_d37c3ffd"); // kfuse-line 05e676bb
        // 'KinE::compute' is computed ahead, with the first kernel: its captures as 'KinE::compute' assigns its members. // kfuse-line 16b218e0
        kfuse_window_9ba744af_d37c3ffd.ahead([&] { // kfuse-line ba2fe88d
          return [](auto &&system) { // kfuse-line d0387ab6
            Kokkos::View<double *[3]> v = system->v; // kfuse-line 7cc2aa4d
            Kokkos::View<double *> mass = system->mass; // kfuse-line 011cca90
            Kokkos::View<int *> type = system->type; // kfuse-line 9c5da4c0
            return ::kfuse::ahead_captures(::kfuse::bounds_of(Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local)), v, mass, type); // kfuse-line cef9c5e5
          }(&system); // kfuse-line dea3afaf
        }); // kfuse-line 80d1dab2
        kfuse_window_9ba744af_d37c3ffd.arm(); // kfuse-line 651a7d56
        const double T = temp.compute(&system);
        kfuse_window_9ba744af_d37c3ffd.disarm(); // kfuse-line cf997b59
        const double PE = pote.compute(&system, neighbor, force) / n;
        const double KE = kine.compute(&system) / n;
        kfuse_window_9ba744af_d37c3ffd.close(); // kfuse-line c3c71fad
        std::printf("step=%d T=%.17g PE=%.17g KE=%.17g\n", step, T, PE, KE);
        sum += T + PE + KE;
      }
    }
    MaxSpeed fastest;
    Virial virial;
    Momentum momentum;
    double top = 0.0, p = 0.0;
    for (int r = 1; r <= 2; ++r) {
      top = fastest.compute(&system);
      virial.compute(&system);
      p = momentum.compute(&system);
    }
    std::printf("sum=%.17g top=%.17g p=%.17g\n", sum, top, p);
    delete force;
    delete ring;
  }
  Kokkos::finalize();
}
