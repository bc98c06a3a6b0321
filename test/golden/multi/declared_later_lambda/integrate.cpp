// The two halves of the step, one kernel each.
#include "md.h"

void initial_integrate(Atoms &a, double dt) {
  auto x = a.x;
  auto v = a.v;
  auto f = a.f;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "initial_integrate", Kokkos::RangePolicy<>(0, a.n), KOKKOS_LAMBDA(const int i) {
        for (int d = 0; d < 3; ++d) {
          v(i, d) += 0.5 * dt * f(i, d);
          x(i, d) += dt * v(i, d);
        }
      });
}

// Declared after 'initial_integrate': a copy of 'final_integrate''s body
// before 'initial_integrate' (where the fused code would go) could not name
// it, so the pair is refused (kfuse never writes code that does not compile).
KOKKOS_INLINE_FUNCTION double kick(double dt, double f) { return 0.5 * dt * f; }

// Over the first `count` atoms: when count differs from a.n, this kernel,
// pending at the end of a step, is not fused with the next step's
// 'initial_integrate' (their ranges differ): it runs on its own first.
void final_integrate(Atoms &a, double dt, int count) {
  auto v = a.v;
  auto f = a.f;
  Kokkos::parallel_for(
      "final_integrate", Kokkos::RangePolicy<>(0, count), KOKKOS_LAMBDA(const int i) {
        v(i, 0) += kick(dt, f(i, 0));
        v(i, 1) += 0.5 * dt * f(i, 1);
        v(i, 2) += 0.5 * dt * f(i, 2);
      });
}

// A team kernel, as force kernels over neighbour lists are: kfuse fuses
// only 1-D ranges across functions.
void compute_forces(Atoms &a) {
  auto x = a.x;
  auto f = a.f;
  const int n = a.n;
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
