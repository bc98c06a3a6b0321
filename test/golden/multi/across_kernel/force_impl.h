// The pair potential's energy: a reduction over each atom's neighbours.
#ifndef ACROSS_KERNEL_FORCE_IMPL_H
#define ACROSS_KERNEL_FORCE_IMPL_H
#include "force.h"

template <class NeighborClass>
double ForceLJ<NeighborClass>::compute_energy(System *system, Neighbor *neighbor_) {
  NeighborClass *neighbor = (NeighborClass *)neighbor_;
  neigh_list = neighbor->get_neigh_list();
  N_local = system->N_local;
  x = system->x;
  type = system->type;
  double energy;
  if (half)
    Kokkos::parallel_reduce("ForceLJ::compute_energy",
                            Kokkos::RangePolicy<TagPE<1>, Kokkos::IndexType<int>>(0, N_local),
                            *this, energy);
  else
    Kokkos::parallel_reduce("ForceLJ::compute_energy",
                            Kokkos::RangePolicy<TagPE<0>, Kokkos::IndexType<int>>(0, N_local),
                            *this, energy);
  Kokkos::fence();
  step++;
  return energy;
}

template <class NeighborClass>
template <int Half>
KOKKOS_INLINE_FUNCTION void ForceLJ<NeighborClass>::operator()(TagPE<Half>, const int &i,
                                                               double &PE) const {
  const NeighList::Neighs neighs_i = neigh_list.get_neighs(i);
  double PE_i = 0.0;
  for (int jj = 0; jj < neighs_i.count(); ++jj) {
    const int j = neighs_i(jj);
    double rsq = 0.0;
    for (int d = 0; d < 3; ++d)
      rsq += (x(i, d) - x(j, d)) * (x(i, d) - x(j, d));
    const double r6 = 1.0 / (rsq * rsq * rsq + 1.0);
    PE_i += (type(i) == type(j) ? 4.0 : 2.0) * (r6 * r6 - r6);
  }
  PE += Half ? 0.5 * PE_i : PE_i;
}

#endif
