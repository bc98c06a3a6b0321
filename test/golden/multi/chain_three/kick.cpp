// Velocities from the force, then positions from the velocities: fused
// with the force before it (force.cpp) and, the two deferred again, with
// the energy after it (energy.cpp).
#include "particles.h"

void kick(Particles &p, double dt) {
  auto x = p.x;
  auto v = p.v;
  auto f = p.f;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "kick", Kokkos::RangePolicy<>(0, p.n), KOKKOS_LAMBDA(const int i) {
        v(i) += dt * f(i);
        x(i) += dt * v(i);
      });
}
