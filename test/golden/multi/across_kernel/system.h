// A molecular-dynamics code's state, reached through a pointer to it.
#ifndef ACROSS_KERNEL_SYSTEM_H
#define ACROSS_KERNEL_SYSTEM_H
#include <Kokkos_Core.hpp>

typedef Kokkos::View<double *[3]> t_x;
typedef Kokkos::View<double *[3]> t_v;
typedef Kokkos::View<double *> t_mass;
typedef Kokkos::View<int *> t_type;
typedef Kokkos::View<double *> t_w;

struct System {
  t_x x;
  t_v v;
  t_mass mass;
  t_type type;
  t_w w; ///< per-atom virial
  int N_local = 0;
};

#endif
