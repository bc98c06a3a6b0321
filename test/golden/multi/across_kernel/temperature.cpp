// The temperature and the largest speed.
#include "properties.h"

double Temperature::compute(System *system) {
  v = system->v;
  mass = system->mass;
  type = system->type;

  double T;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this, T);

  v = t_v();
  mass = t_mass();
  type = t_type();
  return T / (3 * system->N_local - 3);
}

double MaxSpeed::compute(System *system) {
  v = system->v;
  double m = 0.0;
  Kokkos::parallel_reduce(
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this,
      Kokkos::Max<double>(m));
  v = t_v();
  return m;
}
