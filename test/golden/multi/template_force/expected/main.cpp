#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Atoms on a ring: a pair force over a neighbour list whose layout the
// input chooses (a class template launching itself, instantiated for two
// list types in its own source file) runs fused with the kick that follows,
// whose functor the force's file cannot name (an anonymous namespace of
// another source file). Planned for a GPU (a gather loop is left alone on a
// host backend); the fused program runs here all the same.
//   ring [N] [STEPS] [KIND] [MODE]   (KIND 1: the other list type; MODE 1:
//   the kicked velocities are the forces, and the guard runs them as written)
#include "atoms.h"
#include <cstdio>
#include <cstdlib>

void kick(Atoms &atoms, double dt);

// KFUSE-BACKEND: Cuda
// KFUSE-RUN: 200 6 0 0
// KFUSE-RUN: 200 6 1 0
// KFUSE-RUN: 31 3 1 0
// KFUSE-FALLBACK-RUN: 200 6 0 1
// KFUSE-PROFILE-RUN: 200 6 0 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Atoms atoms;
    atoms.n = argc > 1 ? std::atoi(argv[1]) : 200;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 6;
    const int kind = argc > 3 ? std::atoi(argv[3]) : 0;
    const int mode = argc > 4 ? std::atoi(argv[4]) : 0;
    atoms.x = t_pos("x", atoms.n);
    atoms.v = t_pos("v", atoms.n);
    atoms.f = t_pos("f", atoms.n);
    auto x = atoms.x;
    const int n = atoms.n;
    Kokkos::parallel_for("place", n, KOKKOS_LAMBDA(const int i) {
      x(i, 0) = 0.1 * i + 0.03 * (i % 5);
      x(i, 1) = 0.02 * (i % 7);
    });
    Force *force = make_force(kind, n, 4);
    Atoms kicked = atoms;
    if (mode == 1)
      kicked.v = atoms.f;
    const double dt = 0.001;
    for (int step = 0; step < steps; ++step) {
      ::kfuse::Window kfuse_window_c76a45f5_e8bf2b1d("kfuse_chain_c76a45f5_e8bf2b1d"); // kfuse-line 6d19e8e9
      kfuse_window_c76a45f5_e8bf2b1d.arm(); // kfuse-line ccbbd772
      force->compute(atoms);
      kfuse_window_c76a45f5_e8bf2b1d.disarm(); // kfuse-line 3f2bab1d
      kick(kicked, dt);
      kfuse_window_c76a45f5_e8bf2b1d.close(); // kfuse-line 078af482
      auto v = atoms.v;
      Kokkos::parallel_for("drift", n, KOKKOS_LAMBDA(const int i) {
        x(i, 0) += dt * v(i, 0);
        x(i, 1) += dt * v(i, 1);
      });
    }
    double sum = 0;
    auto v = atoms.v;
    Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(const int i, double &a) {
      a += (x(i, 0) + 2 * x(i, 1)) * (i + 1) + v(i, 0) - v(i, 1);
    }, sum);
    std::printf("sum=%.12g\n", sum);
    delete force;
  }
  Kokkos::finalize();
}
