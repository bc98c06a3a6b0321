#include "state.h"

void Flux::compute(const State &s) {
  n = s.n;
  u = s.u;
  flux = s.flux;
  Kokkos::parallel_for("flux", Kokkos::RangePolicy<>(0, n), *this); // EXPECT-REMARK: kfuse-unsafe-dependence
  u = t_field_const();
}
