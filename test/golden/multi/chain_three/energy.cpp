// The energy: the last of the three, a reduction.
#include "particles.h"

double energy(Particles &p) {
  auto x = p.x;
  auto v = p.v;
  double e = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "energy", Kokkos::RangePolicy<>(0, p.n),
      KOKKOS_LAMBDA(const int i, double &s) { s += 0.5 * (v(i) * v(i) + x(i) * x(i)); }, e);
  return e;
}
