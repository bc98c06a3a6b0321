// A molecular-dynamics code's state and its thermodynamic reductions.
#ifndef REDUCTIONS_AHEAD_THERMO_H
#define REDUCTIONS_AHEAD_THERMO_H
#include <Kokkos_Core.hpp>

struct System {
  Kokkos::View<double *[3]> v;
  Kokkos::View<int *> type;
  Kokkos::View<double *> mass;
  Kokkos::View<int *> hot;
  int N = 0;
};

double temperature(System &sys);
double kinetic_energy(System &sys);
double momentum(System &sys);
double kinetic_energy_marking(System &sys, double limit);

#endif
