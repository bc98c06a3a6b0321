#include <kfuse/runtime/Guard.hpp> // kfuse-include
// KFUSE-PROFILE-RUN: 500
// KFUSE-RUN: 500
// KFUSE-RUN: 17
#include "fields.h"
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 500;
    Vec a("a", n), b("b", n), c("c", n);
    Kokkos::deep_copy(a, 1.5);
    for (int step = 0; step < 3; ++step) {
      ::kfuse::Window kfuse_window_e559e049_5132ed09("kfuse_chain_e559e049_5132ed09"); // kfuse-line 1fb064ce
      kfuse_window_e559e049_5132ed09.arm(); // kfuse-line 20a0d022
      smooth(a, b, 0.5 + 0.1 * step);
      kfuse_window_e559e049_5132ed09.disarm(); // kfuse-line 12e6a081
      accumulate(b, c);
      kfuse_window_e559e049_5132ed09.close(); // kfuse-line a179cdd9
    }
    auto hb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), b);
    auto hc = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
    double sum = 0;
    for (int i = 0; i < n; ++i)
      sum += hb(i) + 3 * hc(i) * (1 + i % 7);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
