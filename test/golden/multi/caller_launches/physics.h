// Kernels of a physics module, each in a function of its own that a time
// loop calls after launching a kernel itself, or before launching one.
#ifndef CALLER_LAUNCHES_PHYSICS_H
#define CALLER_LAUNCHES_PHYSICS_H

#include <Kokkos_Core.hpp>

using Field = Kokkos::View<double *>;

void relax(Field u, Field w, int n);
void smooth(Field u, Field w, int n);
void damp(Field w, int n);

#endif
