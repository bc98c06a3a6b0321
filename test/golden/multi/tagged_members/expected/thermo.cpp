#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The thermo output: nothing on most steps (its early return), else a
// reduction over the velocities the pending kernel writes.
#include "integrate.h"
#include <cstdio>

void Thermo::compute(int step, Atoms &atoms) {
  if (step % every)
    return;

  printed++;

  auto v = atoms.v;
  double ke = 0.0;
  ::kfuse::flush("kfuse_chain_0c00495f_6d4a80fd"); // kfuse-line e5119086
  Kokkos::parallel_reduce(
      "kinetic", atoms.n,
      KOKKOS_LAMBDA(const int i, double &s) {
        s += 0.5 * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
      ke);
  std::printf("%d %d %.12e\n", printed, step, ke);
}

void compute_forces(Atoms &atoms) {
  auto x = atoms.x;
  auto f = atoms.f;
  const int n = atoms.n;
  Kokkos::parallel_for(
      "forces", Kokkos::TeamPolicy<>(n, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type &t) {
        const int i = t.league_rank();
        Kokkos::single(Kokkos::PerTeam(t), [&]() {
          for (int d = 0; d < 3; ++d)
            f(i, d) = -x(i, d) + 0.1 * (d + 1) - 0.01 * x((i + 1) % n, d);
        });
      });
}
