// The kinetic energy and the momentum.
#include "properties.h"

double KinE::compute(System *system) {
  v = system->v;
  mass = system->mass;
  type = system->type;

  double KE;
  Kokkos::parallel_reduce(
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this, KE);

  v = t_v();
  mass = t_mass();
  type = t_type();
  return KE;
}

double Momentum::compute(System *system) {
  v = system->v;
  mass = system->mass;
  type = system->type;
  w = system->w;
  double p = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-code-between
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this, p);
  v = t_v();
  mass = t_mass();
  type = t_type();
  w = t_w();
  return p;
}
