// minimd: the temperature and kinetic-energy reductions over the atoms' velocities.
#include "thermo.h"

double temperature(System &sys) {
  auto v = sys.v;
  auto type = sys.type;
  auto mass = sys.mass;
  double mv2 = 0.0;
  Kokkos::parallel_reduce(
      "thermo::temperature", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) {
        sum += mass(type(i)) * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
      mv2);
  return mv2 / (3.0 * sys.N - 3.0);
}

double kinetic_energy(System &sys) {
  auto v = sys.v;
  auto type = sys.type;
  auto mass = sys.mass;
  double ke = 0.0;
  Kokkos::parallel_reduce(
      "thermo::kinetic_energy", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) {
        sum += 0.5 * mass(type(i)) *
               (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
      ke);
  return ke / sys.N;
}
