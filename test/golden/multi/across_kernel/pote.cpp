// The potential energy, as the force computes it; the virial.
#include "properties.h"

double PotE::compute(System *system, Neighbor *neighbor, Force *force) {
  double PE = force->compute_energy(system, neighbor);
  return PE;
}

void Virial::compute(System *system) {
  x = system->x;
  w = system->w;
  Kokkos::parallel_for("Virial::compute",
                       Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this);
  x = t_x();
  w = t_w();
}
