// The integrator run for STEPS steps over N atoms, with thermo output every
// EVERY steps (none when 0); the positions are printed at the end.
//   tagged [N] [STEPS] [EVERY]
#include "integrate.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 500 20 5
// KFUSE-RUN: 500 7 3
// KFUSE-RUN: 64 3 0
// KFUSE-RUN: 64 4 1
// KFUSE-PROFILE-RUN: 500 20 5

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Atoms atoms;
    atoms.n = argc > 1 ? std::atoi(argv[1]) : 500;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 20;
    Thermo thermo;
    thermo.every = argc > 3 ? std::atoi(argv[3]) : 5;
    atoms.x = t_x("x", atoms.n);
    atoms.v = t_x("v", atoms.n);
    atoms.f = t_x("f", atoms.n);
    auto x = Kokkos::create_mirror_view(atoms.x);
    for (int i = 0; i < atoms.n; ++i)
      for (int d = 0; d < 3; ++d)
        x(i, d) = 0.5 * i + 0.1 * d;
    Kokkos::deep_copy(atoms.x, x);
    Kokkos::deep_copy(atoms.v, 0.25);
    compute_forces(atoms);

    Integrate integrate;
    integrate.run(atoms, thermo, steps);

    Kokkos::deep_copy(x, atoms.x);
    double sum = 0.0;
    for (int i = 0; i < atoms.n; ++i)
      sum += x(i, 0) + 2 * x(i, 1) + 3 * x(i, 2);
    std::printf("positions %.12e\n", sum);
  }
  Kokkos::finalize();
}
