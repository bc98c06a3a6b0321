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
  ::kfuse::Window kfuse_window_64014f8c_226413a2("kfuse_chain_64014f8c_226413a2"); // kfuse-line d0a61da4
  kfuse_window_64014f8c_226413a2.arm(); // kfuse-line 65249516
  predict(s, 0.05);
  kfuse_window_64014f8c_226413a2.disarm(); // kfuse-line 5c0ec0de
  correct(s, 0.05);
  kfuse_window_64014f8c_226413a2.close(); // kfuse-line 410adfe6
  ::kfuse::Window kfuse_window_1e703764_0dc8135a_2("kfuse_chain_1e703764_0dc8135a"); // kfuse-line 12f26ace
  // 'kinetic' is computed ahead, with the first kernel: its captures as 'kinetic' declares them. // kfuse-line 08deecf4
  kfuse_window_1e703764_0dc8135a_2.ahead([&] { // kfuse-line db5c0fb9
    return [](auto &&s) { // kfuse-line dca1f7d5
      auto u = s.u; // kfuse-line cc43368f
      auto rho = s.rho; // kfuse-line c12a9086
      return ::kfuse::ahead_captures(::kfuse::bounds_of(Kokkos::RangePolicy<>(0, s.n)), rho, u); // kfuse-line ca7b4d65
    }(s); // kfuse-line 3e8d0cb4
  }); // kfuse-line 4f75036b
  kfuse_window_1e703764_0dc8135a_2.arm(); // kfuse-line fc4b1fcf
  t0 = temperature(s);
  kfuse_window_1e703764_0dc8135a_2.disarm(); // kfuse-line 5985f366
  k0 = kinetic(s);
  kfuse_window_1e703764_0dc8135a_2.close(); // kfuse-line d99c9087
}

static void twice(State &s, double dt) {
  ::kfuse::Window kfuse_window_64014f8c_226413a2_2("kfuse_chain_64014f8c_226413a2"); // kfuse-line 3ae2707c
  kfuse_window_64014f8c_226413a2_2.arm(); // kfuse-line 4972ede2
  predict(s, dt);
  kfuse_window_64014f8c_226413a2_2.disarm(); // kfuse-line 12a0ce12
  correct(s, dt);
  kfuse_window_64014f8c_226413a2_2.close(); // kfuse-line 357c1b54
  ::kfuse::Window kfuse_window_64014f8c_226413a2_3("kfuse_chain_64014f8c_226413a2"); // kfuse-line 984dd026
  kfuse_window_64014f8c_226413a2_3.arm(); // kfuse-line e44b9d00
  predict(s, 0.5 * dt);
  kfuse_window_64014f8c_226413a2_3.disarm(); // kfuse-line 23745174
  correct(s, 0.5 * dt);
  kfuse_window_64014f8c_226413a2_3.close(); // kfuse-line 2b923003
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
      ::kfuse::Window kfuse_window_1e703764_0dc8135a("kfuse_chain_1e703764_0dc8135a"); // kfuse-line 3c3e8922
      // 'kinetic' is computed ahead, with the first kernel: its captures as 'kinetic' declares them. // kfuse-line 4ddd2f00
      kfuse_window_1e703764_0dc8135a.ahead([&] { // kfuse-line 35bff5d8
        return [](auto &&s) { // kfuse-line b4d12bb7
          auto u = s.u; // kfuse-line a82ce702
          auto rho = s.rho; // kfuse-line 22b171bd
          return ::kfuse::ahead_captures(::kfuse::bounds_of(Kokkos::RangePolicy<>(0, s.n)), rho, u); // kfuse-line 108146ce
        }(s); // kfuse-line d96bc947
      }); // kfuse-line e740f582
      kfuse_window_1e703764_0dc8135a.arm(); // kfuse-line 413eca95
      const double t = temperature(s);
      kfuse_window_1e703764_0dc8135a.disarm(); // kfuse-line ebe201e4
      const double k = kinetic(s);
      kfuse_window_1e703764_0dc8135a.close(); // kfuse-line c51096ec
      energy += t + 2.0 * k;
      if (step % 3 == 2)
        seen += report(s);
    }
    std::printf("t0=%.17g k0=%.17g energy=%.17g seen=%.17g\n", t0, k0, energy, seen);
  }
  Kokkos::finalize();
}
