// The kinetic energy, plain and weighted.
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

  const double factor = 0.5 * system->mvv2e;
  return KE * factor;
}

double WeightedKinE::compute(System *system) {
  v = system->v;
  double KE = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-not-fusable
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this, KE);
  v = t_v();
  return KE;
}

int g_samples = 0;

double SampledKinE::compute(System *system) {
  v = system->v;
  scale = 1.0 / ++g_samples;
  double KE = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-code-between
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this, KE);
  v = t_v();
  return KE;
}
