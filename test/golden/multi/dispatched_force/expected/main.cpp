#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A time loop over a force chosen at run time (through its base class) and
// an integrator: the force's kernel, launched in a member function template
// its virtual compute() returns into, runs fused with the next kick (a lap
// counted between them, through a pointer member holding an array of its
// own).
//   md [N] [STEPS] [MODE]   (MODE 2: the shifted kernel, not fused; MODE 3:
//   the integrator's velocities are the force's positions, and the guard
//   runs the kernels as written)
#include "system.h"
#include <cstdio>
#include <cstdlib>
#include <memory>

// KFUSE-RUN: 300 6 0
// KFUSE-RUN: 300 6 2
// KFUSE-RUN: 41 3 0
// KFUSE-FALLBACK-RUN: 300 6 3
// KFUSE-PROFILE-RUN: 300 6 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Atoms atoms;
    atoms.n = argc > 1 ? std::atoi(argv[1]) : 300;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 6;
    const int mode = argc > 3 ? std::atoi(argv[3]) : 0;
    const int per = 8;
    atoms.x = t_vec("x", atoms.n);
    atoms.v = t_vec("v", atoms.n);
    atoms.f = t_vec("f", atoms.n);
    t_vec anchors("anchors", atoms.n);
    t_count count("count", atoms.n);
    auto x = atoms.x;
    Kokkos::parallel_for(
        "setup", atoms.n, KOKKOS_LAMBDA(const int i) {
          x(i, 0) = 0.1 * i;
          x(i, 1) = 0.05 * (i % 7);
          x(i, 2) = 0.02 * (i % 13);
          count(i) = i % per;
          for (int d = 0; d < 3; ++d)
            anchors(i, d) = 0.01 * ((i + 3 * d) % 11);
        });
    std::unique_ptr<Force> owner(new PairForce(mode));
    Force *force = owner.get();
    Integrator integrator;
    Laps laps(2);
    integrator.nlocal = atoms.n;
    for (int step = 0; step < steps; ++step) {
      integrator.x = atoms.x;
      integrator.v = mode == 3 ? atoms.x : atoms.v;
      integrator.f = atoms.f;
      integrator.drift();
      ::kfuse::Window kfuse_window_f9f52ae0_6c4a98ef("kfuse_chain_f9f52ae0_6c4a98ef"); // kfuse-line 11d296a9
      kfuse_window_f9f52ae0_6c4a98ef.arm(); // kfuse-line 6e555e7e
      force->compute(atoms, anchors, count);
      kfuse_window_f9f52ae0_6c4a98ef.disarm(); // kfuse-line 3d5952d5
      laps.stamp(1);
      integrator.kick();
      kfuse_window_f9f52ae0_6c4a98ef.close(); // kfuse-line 2eaca609
    }
    double sum = 0.0;
    auto v = atoms.v;
    Kokkos::parallel_reduce(
        "sum", atoms.n,
        KOKKOS_LAMBDA(const int i, double &s) { s += x(i, 0) + 2.0 * x(i, 1) + v(i, 2); }, sum);
    std::printf("checksum=%.17g laps=%g\n", sum, laps.total(1));
  }
  Kokkos::finalize();
  return 0;
}
