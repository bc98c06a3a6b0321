// A spring force.
#include "particles.h"

void force(Particles &p, double k) {
  auto x = p.x;
  auto f = p.f;
  Kokkos::parallel_for(
      "force", Kokkos::RangePolicy<>(0, p.n), KOKKOS_LAMBDA(const int i) { f(i) = -k * x(i); });
}
