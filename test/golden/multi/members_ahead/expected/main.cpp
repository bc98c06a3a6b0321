#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The driver: a kick each step; every THERMO steps the temperature and the
// kinetic energy, each computed by its own object, called in turn; at the
// end the largest speed, then the weighted kinetic energy; then the
// largest speed and the sampled kinetic energy.
//   main [N] [THERMO]
#include "properties.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 500 1
// KFUSE-RUN: 500 4
// KFUSE-RUN: 9 2
// KFUSE-PROFILE-RUN: 500 1

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    System system;
    system.N_local = argc > 1 ? std::atoi(argv[1]) : 500;
    const int every = argc > 2 ? std::atoi(argv[2]) : 1;
    system.v = t_v("v", system.N_local);
    system.type = t_type("type", system.N_local);
    system.mass = t_mass("mass", 2);
    t_v v = system.v;
    t_type type = system.type;
    t_mass mass = system.mass;
    Kokkos::parallel_for(
        "init", system.N_local, KOKKOS_LAMBDA(const int i) {
          type(i) = i % 2;
          if (i < 2)
            mass(i) = 1.0 + i;
          for (int d = 0; d < 3; ++d)
            v(i, d) = 0.01 * ((i * 7 + d * 3) % 11) - 0.05;
        });
    Temperature temp;
    KinE kine;
    double sum = 0.0;
    for (int step = 1; step <= 6; ++step) {
      Kokkos::parallel_for(
          "kick", system.N_local, KOKKOS_LAMBDA(const int i) {
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
        const double KE = kine.compute(&system) / system.N_local;
        kfuse_window_9ba744af_d37c3ffd.close(); // kfuse-line c3c71fad
        std::printf("step=%d T=%.17g KE=%.17g\n", step, T, KE);
        sum += T + KE;
      }
    }
    MaxSpeed fastest;
    WeightedKinE weighted(0.25);
    double top = 0.0, wke = 0.0;
    for (int r = 1; r <= 2; ++r) {
      top = fastest.compute(&system);
      wke = weighted.compute(&system);
    }
    SampledKinE sampled;
    double ske = 0.0;
    for (int r = 1; r <= 2; ++r) {
      const double t = fastest.compute(&system);
      const double k = sampled.compute(&system);
      top += t;
      ske += k;
    }
    std::printf("sum=%.17g top=%.17g wke=%.17g ske=%.17g\n", sum, top, wke, ske);
  }
  Kokkos::finalize();
}
