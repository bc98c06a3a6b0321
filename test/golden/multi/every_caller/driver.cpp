// The drivers: every call of predict then correct, and of temperature then
// kinetic, gets a window of its own where the code between allows it.
//   driver [N]
#include "kernels.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 37
// KFUSE-PROFILE-RUN: 1000

static void setup(State &s, double &t0, double &k0) {
  predict(s, 0.05);
  correct(s, 0.05);
  t0 = temperature(s);
  k0 = kinetic(s);
}

static void twice(State &s, double dt) {
  predict(s, dt);
  correct(s, dt);
  predict(s, 0.5 * dt);
  correct(s, 0.5 * dt);
}

// The host reads what predict wrote before correct runs: not fused here.
static double report(State &s) {
  predict(s, 0.01);
  auto h = Kokkos::create_mirror_view(s.e);
  Kokkos::deep_copy(h, s.e);
  const double first = h(0);
  correct(s, 0.01);
  return first;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    State s;
    s.n = argc > 1 ? std::atoi(argv[1]) : 1000;
    s.rho = Kokkos::View<double *>("rho", s.n);
    s.e = Kokkos::View<double *>("e", s.n);
    s.u = Kokkos::View<double *>("u", s.n);
    Kokkos::deep_copy(s.rho, 1.5);
    Kokkos::deep_copy(s.e, 2.5);
    Kokkos::deep_copy(s.u, 0.5);
    double t0 = 0.0, k0 = 0.0, energy = 0.0, seen = 0.0;
    setup(s, t0, k0);
    for (int step = 0; step < 6; ++step) {
      twice(s, 0.1);
      const double t = temperature(s);
      const double k = kinetic(s);
      energy += t + 2.0 * k;
      if (step % 3 == 2)
        seen += report(s);
    }
    std::printf("t0=%.17g k0=%.17g energy=%.17g seen=%.17g\n", t0, k0, energy, seen);
  }
  Kokkos::finalize();
}
