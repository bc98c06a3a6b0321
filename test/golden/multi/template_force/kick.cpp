#include "atoms.h"

namespace {
// Declared only here: the force's file cannot name it.
struct Kick {
  t_pos v;
  t_pos_const f;
  double dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    v(i, 0) += dt * f(i, 0);
    v(i, 1) += dt * f(i, 1);
  }
};
} // namespace

void kick(Atoms &atoms, double dt) {
  static int calls = 0;
  ++calls;
  Kokkos::parallel_for("kick", Kokkos::RangePolicy<>(0, atoms.n), Kick{atoms.v, atoms.f, dt}); // EXPECT-REMARK: kfuse-fused
}
