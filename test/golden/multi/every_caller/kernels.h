// One step of a small solver split into kernels of their own, called from
// several drivers: a setup, a routine calling the step twice, the time loop,
// and a report that reads the first kernel's output on the host.
#ifndef EVERY_CALLER_KERNELS_H
#define EVERY_CALLER_KERNELS_H

#include <Kokkos_Core.hpp>

struct State {
  int n = 0;
  Kokkos::View<double *> rho, e, u;
};

void predict(State &s, double dt);
void correct(State &s, double dt);
double temperature(State &s);
double kinetic(State &s);

#endif
