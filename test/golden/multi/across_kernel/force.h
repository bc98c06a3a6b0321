// Forces, through a virtual interface; the pair potential is a class
// template over the neighbour list's class, its methods defined in
// force_impl.h and instantiated in force.cpp only.
#ifndef ACROSS_KERNEL_FORCE_H
#define ACROSS_KERNEL_FORCE_H
#include "neighbor.h"

class Force {
public:
  virtual ~Force() {}
  virtual double compute_energy(System *, Neighbor *) { return 0.0; }
};

template <int Half> struct TagPE {};

template <class NeighborClass> class ForceLJ : public Force {
  NeighList neigh_list;
  t_x x;
  t_type type;
  int N_local = 0;
  bool half;
  int step = 0;

public:
  // The operator is a template: Kokkos cannot deduce what it reduces.
  typedef double value_type;

  explicit ForceLJ(bool h) : half(h) {}
  double compute_energy(System *system, Neighbor *neighbor) override;

  template <int Half>
  KOKKOS_INLINE_FUNCTION void operator()(TagPE<Half>, const int &i, double &PE) const;
};

#endif
