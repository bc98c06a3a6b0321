// The pressure, through a device function of physics.h, which sound.cpp
// does not include: fused with the sound speed in sound.cpp, whose copy of
// this kernel needs it, so kfuse includes physics.h there too (a marked
// line that `revert` removes).
#include "kernels.h"
#include "physics.h"

void eos(Cells &s) {
  auto rho = s.rho;
  auto e = s.e;
  auto p = s.p;
  Kokkos::parallel_for(
      "eos", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i) { p(i) = physics::pressure(rho(i), e(i)); });
}
