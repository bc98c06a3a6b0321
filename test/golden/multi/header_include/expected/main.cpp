#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A time loop: the equation of state, then the sound speed, then an update
// of the energy from both.
//   main [N] [STEPS]
#include "kernels.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 8
// KFUSE-RUN: 37 3
// KFUSE-PROFILE-RUN: 1000 8

// kfuse-functor-begin kfuse_part_update_06c2e7d9
// 'update' (test/golden/multi/header_include/main.cpp:31) as a functor: deferred, it runs fused
// with 'eos' (test/golden/multi/header_include/eos.cpp:12) when 'main' calls their functions in turn.
template <class T_e, class T_c, class T_p> struct kfuse_part_update_06c2e7d9 {
  T_e e;
  T_c c;
  T_p p;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { e(i) += 0.01 * c(i) - 0.001 * p(i); }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Cells s;
    s.n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 8;
    s.rho = Kokkos::View<double *>("rho", s.n);
    s.e = Kokkos::View<double *>("e", s.n);
    s.p = Kokkos::View<double *>("p", s.n);
    s.c = Kokkos::View<double *>("c", s.n);
    auto rho = s.rho, e = s.e, p = s.p, c = s.c;
    Kokkos::parallel_for(
        "init", s.n, KOKKOS_LAMBDA(const int i) {
          rho(i) = 1.0 + (i % 7) * 0.125;
          e(i) = 2.5 - (i % 5) * 0.25;
        });
    ::kfuse::Window kfuse_window_06c2e7d9_dcb1cb67("kfuse_chain_06c2e7d9_dcb1cb67"); // kfuse-line 46b5718d
    for (int step = 0; step < steps; ++step) {
      ::kfuse::Window kfuse_window_dcb1cb67_849eec01("kfuse_chain_dcb1cb67_849eec01"); // kfuse-line 8cd4c701
      kfuse_window_dcb1cb67_849eec01.arm(); // kfuse-line 845c0424
      eos(s);
      kfuse_window_dcb1cb67_849eec01.disarm(); // kfuse-line d99675cc
      sound(s);
      kfuse_window_dcb1cb67_849eec01.close(); // kfuse-line bd532738
      kfuse_window_06c2e7d9_dcb1cb67.arm(); // kfuse-line aeac122e
      // kfuse-begin deferred("update") until "eos" profile=test/golden/multi/header_include/profile.json
      if (::kfuse::deferring("kfuse_chain_06c2e7d9_dcb1cb67")) {
        // Runs later: fused with 'eos' (test/golden/multi/header_include/eos.cpp:12), or on its own.
        const auto kfuse_policy = s.n;
        ::kfuse::defer("kfuse_chain_06c2e7d9_dcb1cb67", ::kfuse::bounds_of(kfuse_policy),
                       ::kfuse::make_fused<kfuse_part_update_06c2e7d9>(e, c, p),
                       [=](const auto &kfuse_part) {
                         Kokkos::parallel_for("update", kfuse_policy, kfuse_part);
                       });
      } else {
        ::kfuse::flush("kfuse_chain_06c2e7d9_dcb1cb67"); // one pending from an outer call runs first
// kfuse-original-begin
        Kokkos::parallel_for(
          "update", s.n, KOKKOS_LAMBDA(const int i) { e(i) += 0.01 * c(i) - 0.001 * p(i); });
// kfuse-original-end
      }
      // kfuse-end
      kfuse_window_06c2e7d9_dcb1cb67.disarm(); // kfuse-line b1f15389
    }
    kfuse_window_06c2e7d9_dcb1cb67.close(); // kfuse-line 6e93d7e3
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", s.n,
        KOKKOS_LAMBDA(const int i, double &t) { t += e(i) + 2.0 * p(i) + 3.0 * c(i); }, sum);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
