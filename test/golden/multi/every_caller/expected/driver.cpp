#include <kfuse/runtime/Guard.hpp> // kfuse-include
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
  ::kfuse::Window kfuse_window_64014f8c_226413a2("kfuse_chain_64014f8c_226413a2"); // kfuse-line
  kfuse_window_64014f8c_226413a2.arm(); // kfuse-line
  predict(s, 0.05);
  kfuse_window_64014f8c_226413a2.disarm(); // kfuse-line
  correct(s, 0.05);
  kfuse_window_64014f8c_226413a2.close(); // kfuse-line
  ::kfuse::Window kfuse_window_1e703764_0dc8135a_2("kfuse_chain_1e703764_0dc8135a"); // kfuse-line
  // 'kinetic' is computed ahead, with the first kernel: its captures as 'kinetic' declares them. // kfuse-line
  kfuse_window_1e703764_0dc8135a_2.ahead([&] { // kfuse-line
    return [](auto &&s) { // kfuse-line
      auto u = s.u; // kfuse-line
      auto rho = s.rho; // kfuse-line
      return ::kfuse::ahead_captures(::kfuse::bounds_of(Kokkos::RangePolicy<>(0, s.n)), rho, u); // kfuse-line
    }(s); // kfuse-line
  }); // kfuse-line
  kfuse_window_1e703764_0dc8135a_2.arm(); // kfuse-line
  t0 = temperature(s);
  kfuse_window_1e703764_0dc8135a_2.disarm(); // kfuse-line
  k0 = kinetic(s);
  kfuse_window_1e703764_0dc8135a_2.close(); // kfuse-line
}

static void twice(State &s, double dt) {
  ::kfuse::Window kfuse_window_64014f8c_226413a2_2("kfuse_chain_64014f8c_226413a2"); // kfuse-line
  kfuse_window_64014f8c_226413a2_2.arm(); // kfuse-line
  predict(s, dt);
  kfuse_window_64014f8c_226413a2_2.disarm(); // kfuse-line
  correct(s, dt);
  kfuse_window_64014f8c_226413a2_2.close(); // kfuse-line
  ::kfuse::Window kfuse_window_64014f8c_226413a2_3("kfuse_chain_64014f8c_226413a2"); // kfuse-line
  kfuse_window_64014f8c_226413a2_3.arm(); // kfuse-line
  predict(s, 0.5 * dt);
  kfuse_window_64014f8c_226413a2_3.disarm(); // kfuse-line
  correct(s, 0.5 * dt);
  kfuse_window_64014f8c_226413a2_3.close(); // kfuse-line
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
      ::kfuse::Window kfuse_window_1e703764_0dc8135a("kfuse_chain_1e703764_0dc8135a"); // kfuse-line
      // 'kinetic' is computed ahead, with the first kernel: its captures as 'kinetic' declares them. // kfuse-line
      kfuse_window_1e703764_0dc8135a.ahead([&] { // kfuse-line
        return [](auto &&s) { // kfuse-line
          auto u = s.u; // kfuse-line
          auto rho = s.rho; // kfuse-line
          return ::kfuse::ahead_captures(::kfuse::bounds_of(Kokkos::RangePolicy<>(0, s.n)), rho, u); // kfuse-line
        }(s); // kfuse-line
      }); // kfuse-line
      kfuse_window_1e703764_0dc8135a.arm(); // kfuse-line
      const double t = temperature(s);
      kfuse_window_1e703764_0dc8135a.disarm(); // kfuse-line
      const double k = kinetic(s);
      kfuse_window_1e703764_0dc8135a.close(); // kfuse-line
      energy += t + 2.0 * k;
      if (step % 3 == 2)
        seen += report(s);
    }
    std::printf("t0=%.17g k0=%.17g energy=%.17g seen=%.17g\n", t0, k0, energy, seen);
  }
  Kokkos::finalize();
}
