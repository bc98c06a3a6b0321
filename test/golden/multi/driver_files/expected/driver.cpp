#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The driver: predict then (every CHECK steps) the equation of state, then
// advect and smooth with a virtual call between them (its one overrider
// only counts: fused).
//   driver [N] [CHECK]
#include "kernels.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 1
// KFUSE-RUN: 1000 3
// KFUSE-RUN: 17 2
// KFUSE-PROFILE-RUN: 1000 1

namespace {
struct Counter : Monitor {
  int Notes = 0;
  void note(int) override { ++Notes; }
};
} // namespace

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    State s;
    s.n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int check = argc > 2 ? std::atoi(argv[2]) : 1;
    s.rho = Kokkos::View<double *>("rho", s.n);
    s.e = Kokkos::View<double *>("e", s.n);
    s.p = Kokkos::View<double *>("p", s.n);
    s.u = Kokkos::View<double *>("u", s.n);
    Kokkos::deep_copy(s.rho, 1.0);
    Kokkos::deep_copy(s.e, 2.5);
    Kokkos::deep_copy(s.u, 0.5);
    Counter counter;
    Monitor *monitor = &counter;
    double pmax = 0.0;
    for (int step = 0; step < 10; ++step) {
      ::kfuse::Window kfuse_window_b203e763_0ab0dbbd("kfuse_chain_b203e763_0ab0dbbd"); // kfuse-line 1375cf74
      kfuse_window_b203e763_0ab0dbbd.arm(); // kfuse-line 08dfa0c9
      predict(s, 0.1);
      kfuse_window_b203e763_0ab0dbbd.disarm(); // kfuse-line fd67182d
      if (step % check == 0) {
        pmax += eos(s);
      }
      kfuse_window_b203e763_0ab0dbbd.close(); // kfuse-line 71b12ca7
      ::kfuse::Window kfuse_window_ddb8fa38_e384644b("kfuse_chain_ddb8fa38_e384644b"); // kfuse-line 221e8f11
      kfuse_window_ddb8fa38_e384644b.arm(); // kfuse-line 5bfddf9e
      advect(s, 0.1);
      kfuse_window_ddb8fa38_e384644b.disarm(); // kfuse-line 95aacc85
      monitor->note(step);
      smooth(s);
      kfuse_window_ddb8fa38_e384644b.close(); // kfuse-line e39cb2f2
    }
    double sum = 0;
    auto e = s.e;
    auto p = s.p;
    auto u = s.u;
    Kokkos::parallel_reduce(
        "sum", s.n, KOKKOS_LAMBDA(const int i, double &t) { t += e(i) + 2.0 * p(i) + 3.0 * u(i); },
        sum);
    std::printf("checksum=%.17g pmax=%.17g notes=%d\n", sum, pmax, counter.Notes);
  }
  Kokkos::finalize();
}
