#include <kfuse/runtime/Guard.hpp> // kfuse-include
// KFUSE-PROFILE-RUN: 1000
// KFUSE-RUN: 1000
// KFUSE-RUN: 37
// A run where relax writes the temperature heat wrote ('alias'): the fused
// body's pointers would overlap, so its guard refuses and the two kernels
// run as written.
// KFUSE-FALLBACK-RUN: 1000 alias
#include "fields.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool alias = argc > 2 && std::strcmp(argv[2], "alias") == 0;
    Vec t("t", n), u("u", n);
    Mat q("q", n, 2);
    Vec w("w", 4);
    Vec out = alias ? t : u;
    double energy = 0;
    Kokkos::deep_copy(w, 0.5);
    for (int step = 0; step < 4; ++step) {
      ::kfuse::Window kfuse_window_c2161a6b_37a51f88("kfuse_chain_c2161a6b_37a51f88"); // kfuse-line de484090
      kfuse_window_c2161a6b_37a51f88.arm(); // kfuse-line c481c450
      heat(t, q, w, 0.25 * (step + 1), step % 4);
      kfuse_window_c2161a6b_37a51f88.disarm(); // kfuse-line d9734825
      relax(t, out, q, 2.0 - 0.1 * step);
      kfuse_window_c2161a6b_37a51f88.close(); // kfuse-line 97e9c15c
      ::kfuse::Window kfuse_window_e5b648c3_77ae8a39("kfuse_chain_e5b648c3_77ae8a39"); // kfuse-line c583dd91
      kfuse_window_e5b648c3_77ae8a39.arm(); // kfuse-line a2d2e863
      damp(u, 0.75);
      kfuse_window_e5b648c3_77ae8a39.disarm(); // kfuse-line e6b934bf
      energy += norm(u, 0.5 + step);
      kfuse_window_e5b648c3_77ae8a39.close(); // kfuse-line f1c937f7
    }
    auto ht = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), t);
    auto hu = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), u);
    auto hq = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), q);
    double sum = 0;
    for (int i = 0; i < n; ++i)
      sum += ht(i) + 2 * hu(i) + 3 * hq(i, 0) + 5 * hq(i, 1) * (1 + i % 3);
    std::printf("checksum=%.17g energy=%.17g\n", sum, energy);
  }
  Kokkos::finalize();
}
