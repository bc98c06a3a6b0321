// A velocity-Verlet time loop split like an MD code: the two halves of the
// step in one file, the thermodynamic output in another.
#ifndef DECLARED_LATER_LAMBDA_MD_H
#define DECLARED_LATER_LAMBDA_MD_H

#include <Kokkos_Core.hpp>

struct Atoms {
  int n = 0;
  Kokkos::View<double *[3]> x, v, f;
};

void initial_integrate(Atoms &a, double dt);
void final_integrate(Atoms &a, double dt, int count);
void compute_forces(Atoms &a);
double kinetic(Atoms &a);

#endif
