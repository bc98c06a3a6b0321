// minimd: the driver, a Lennard-Jones melt run with velocity Verlet and periodic neighbour rebuilds.
//
// Usage: minimd [atoms_per_side (N = side^3, at least 6)] [steps] [half]
// The third argument `half` switches to half neighbour lists (forces scattered
// with atomics); the default is full lists.
#include "ExampleSupport.hpp"
#include "force_lj.h"
#include "integrate.h"
#include "neighbor.h"
#include "system.h"
#include "thermo.h"

#include <cstdio>
#include <cstring>

namespace {

/// Weighted sum of every position and velocity component, so that a change in
/// any atom changes it.
double state_checksum(System &sys) {
  auto x = sys.x;
  auto v = sys.v;
  double sum = 0.0;
  Kokkos::parallel_reduce(
      "checksum", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &s) {
        for (int d = 0; d < 3; ++d)
          s += example::checksumWeight(3 * i + d) * (x(i, d) + v(i, d));
      },
      sum);
  return sum;
}

} // namespace

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    // The box must be wider than twice the neighbour cutoff (2.8) for the
    // nearest-image convention: 6 sites of 1.1 give 6.6.
    const int requested = example::argOr(argc, argv, 1, 8);
    const int side = requested < 6 ? 6 : requested;
    const int steps = example::argOr(argc, argv, 2, 100);
    const bool half = argc > 3 && std::strcmp(argv[3], "half") == 0;

    const double lattice = 1.1, initial_temp = 1.44, dt = 0.005;
    const double force_cutoff = 2.5, skin = 0.3;
    const int reneighbor_every = 10, thermo_every = 20;

    System sys;
    create_lattice(sys, side, lattice, initial_temp);
    Integrator integrator(dt);
    Neighbor neighbor(force_cutoff + skin, half);
    ForceLJ<NeighList2D> force(force_cutoff);
    NeighList2D list;

    // Setup: forces of the initial state (sys.f starts zeroed).
    neighbor.build(sys, list);
    force.compute(sys, list);
    std::printf("minimd N=%d steps=%d list=%s\n", sys.N, steps, half ? "half" : "full");

    double temp = 0.0, ke = 0.0, pe = 0.0;
    example::Timer timer;
#ifdef MINIMD_HANDFUSED
    // The loop rotated by hand: each step starts after its initial_integrate,
    // and its final_integrate runs with the next step's initial_integrate as
    // one kernel, except on thermo steps (the output reads the state between
    // the two; the last step is one). Reneighbouring follows initial_integrate,
    // so it never falls between them.
    integrator.initial_integrate(sys); // steps is at least 1
    for (int step = 1; step <= steps; ++step) {
      if (step % reneighbor_every == 0)
        neighbor.build(sys, list);

      auto f = sys.f;
      Kokkos::parallel_for(
          "force_zero", Kokkos::RangePolicy<>(0, sys.N), KOKKOS_LAMBDA(const int i) {
            f(i, 0) = 0.0;
            f(i, 1) = 0.0;
            f(i, 2) = 0.0;
          });
      force.compute(sys, list);

      if (step % thermo_every == 0 || step == steps) {
        integrator.final_integrate(sys);
        temp = temperature(sys);
        ke = kinetic_energy(sys);
        pe = force.compute_energy(sys, list);
        std::printf("thermo step=%d temp=%.17g ke=%.17g pe=%.17g etotal=%.17g\n", step, temp,
                    ke, pe, ke + pe);
        if (step < steps)
          integrator.initial_integrate(sys);
      } else {
        integrator.final_then_initial_integrate(sys);
      }
    }
#else
    for (int step = 1; step <= steps; ++step) {
      integrator.initial_integrate(sys);

      if (step % reneighbor_every == 0)
        neighbor.build(sys, list);

      auto f = sys.f;
      Kokkos::parallel_for(
          "force_zero", Kokkos::RangePolicy<>(0, sys.N), KOKKOS_LAMBDA(const int i) {
            f(i, 0) = 0.0;
            f(i, 1) = 0.0;
            f(i, 2) = 0.0;
          });
      force.compute(sys, list);

      integrator.final_integrate(sys);

      if (step % thermo_every == 0 || step == steps) {
        temp = temperature(sys);
        ke = kinetic_energy(sys);
        pe = force.compute_energy(sys, list);
        std::printf("thermo step=%d temp=%.17g ke=%.17g pe=%.17g etotal=%.17g\n", step, temp,
                    ke, pe, ke + pe);
      }
    }
#endif
    Kokkos::fence();
    const double seconds = timer.seconds();

    example::printResult("minimd", state_checksum(sys) + temp + ke + pe, seconds);
  }
  Kokkos::finalize();
  return 0;
}
