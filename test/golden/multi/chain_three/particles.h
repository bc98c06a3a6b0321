// Three kernels of a time step, each in a file of its own, called in turn
// by the driver: the force, the update, and the energy (a reduction whose
// result its function returns).
#ifndef CHAIN_THREE_PARTICLES_H
#define CHAIN_THREE_PARTICLES_H

#include <Kokkos_Core.hpp>

struct Particles {
  int n = 0;
  Kokkos::View<double *> x, v, f;
};

void force(Particles &p, double k);
void kick(Particles &p, double dt);
double energy(Particles &p);

#endif
