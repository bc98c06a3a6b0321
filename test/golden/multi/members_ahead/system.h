// A molecular-dynamics code's state: Views the integrator and the
// thermodynamic properties read, reached through a pointer to it.
#ifndef MEMBERS_AHEAD_SYSTEM_H
#define MEMBERS_AHEAD_SYSTEM_H
#include <Kokkos_Core.hpp>

typedef Kokkos::View<double *[3]> t_v;
typedef Kokkos::View<double *> t_mass;
typedef Kokkos::View<int *> t_type;

struct System {
  t_v v;
  t_mass mass;
  t_type type;
  int N_local = 0;
  double mvv2e = 1.0;
};

#endif
