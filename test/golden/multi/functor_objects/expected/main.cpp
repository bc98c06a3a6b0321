#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The time loop calls the integrator through its base class: the final
// half of one step runs fused with the initial half of the next when the
// object is exactly an IntegratorVerlet; a damped integrator (mode 1) runs
// its own final half, and the pending one never waits for it.
//   md [N] [STEPS] [THERMO_EVERY] [MODE]
#include "integrator.h"
#include <cstdio>
#include <cstdlib>
#include <memory>

// KFUSE-RUN: 400 12 4 0
// KFUSE-RUN: 400 12 4 1
// KFUSE-RUN: 31 5 1 0
// KFUSE-PROFILE-RUN: 400 12 4 0

struct Settings {
  int thermo_every = 4;
  bool verbose = false;
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Particles p;
    p.n = argc > 1 ? std::atoi(argv[1]) : 400;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 12;
    Settings settings;
    settings.thermo_every = argc > 3 ? std::atoi(argv[3]) : 4;
    const int mode = argc > 4 ? std::atoi(argv[4]) : 0;
    Settings *input = &settings;
    p.x = t_x("x", p.n);
    p.v = t_x("v", p.n);
    p.f = t_x("f", p.n);
    Kokkos::deep_copy(p.x, 1.0);
    Kokkos::deep_copy(p.v, 0.5);
    std::unique_ptr<Integrator> owner;
    if (mode == 1)
      owner.reset(new IntegratorDamped(p));
    else
      owner.reset(new IntegratorVerlet(p));
    Integrator *integrator = owner.get();
    double ke = 0.0;
    ::kfuse::Window kfuse_window_3e46143f_7f656c6a("kfuse_chain_3e46143f_7f656c6a"); // kfuse-line bb1cb643
    for (int step = 1; step <= steps; ++step) {
      if (!::kfuse::is_exactly<IntegratorVerlet>(integrator)) kfuse_window_3e46143f_7f656c6a.flush(); // kfuse-line a0c99fdb
      integrator->initial_integrate();
      compute_forces(p);
      kfuse_window_3e46143f_7f656c6a.arm(); // kfuse-line f810ebe0
      integrator->final_integrate();
      kfuse_window_3e46143f_7f656c6a.disarm(); // kfuse-line 2171180b
      if (step % input->thermo_every == 0) {
        kfuse_window_3e46143f_7f656c6a.flush(); // kfuse-line 59400492
        ke = kinetic(p);
        std::printf("step=%d ke=%.17g\n", step, ke);
      }
      if (input->verbose)
        std::printf("step %d done\n", step);
    }
    kfuse_window_3e46143f_7f656c6a.close(); // kfuse-line f4f26be5
    auto x = p.x;
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", p.n, KOKKOS_LAMBDA(const int i, double &s) { s += x(i, 0) + x(i, 1) + x(i, 2); },
        sum);
    std::printf("checksum=%.17g ke=%.17g\n", sum, ke);
  }
  Kokkos::finalize();
}
