// The kernels of the step: 'relax' ends one step, 'sweep' begins the next,
// and they run as one across the loop's back edge; 'pin' between them is a
// team kernel (kfuse fuses only ranges and boxes across functions).
#include "grid.h"

void sweep(Grid &g) {
  auto u = g.u;
  auto w = g.w;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "sweep", g.n, KOKKOS_LAMBDA(const int i) { w(i) += 0.25 * u(i); });
}

void relax(Grid &g) {
  auto u = g.u;
  auto w = g.w;
  Kokkos::parallel_for(
      "relax", g.n, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * (u(i) + w(i)) + 0.001 * i; });
}

void pin(Grid &g) {
  auto w = g.w;
  const int n = g.n;
  Kokkos::parallel_for(
      "pin", Kokkos::TeamPolicy<>(2, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type &t) {
        Kokkos::single(Kokkos::PerTeam(t), [&]() { w(t.league_rank() * (n - 1)) = 0.5; });
      });
}
