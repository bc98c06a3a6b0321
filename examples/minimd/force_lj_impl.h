// minimd: ForceLJ's host-side members, which launch its tagged operators.
#ifndef MINIMD_FORCE_LJ_IMPL_H
#define MINIMD_FORCE_LJ_IMPL_H

#include "force_lj.h"

template <class NeighList>
void ForceLJ<NeighList>::bind(System &sys, const NeighList &list) {
  N = sys.N;
  box = sys.box;
  x = sys.x;
  f = sys.f;
  half_neigh = list.half;
  num_neighs = list.num_neighs;
  neighs = list.neighs;
}

template <class NeighList>
void ForceLJ<NeighList>::compute(System &sys, const NeighList &list) {
  bind(sys, list);
  if (half_neigh) {
    Kokkos::parallel_for("ForceLJ::compute_half", Kokkos::RangePolicy<TagHalfNeigh<0>>(0, N),
                         *this);
  } else {
    Kokkos::parallel_for(Kokkos::RangePolicy<TagFullNeigh>(0, N), *this);
  }
}

template <class NeighList>
double ForceLJ<NeighList>::compute_energy(System &sys, const NeighList &list) {
  bind(sys, list);
  double PE = 0.0;
  if (half_neigh) {
    Kokkos::parallel_reduce("ForceLJ::energy_half",
                            Kokkos::RangePolicy<TagHalfNeigh<1>>(0, N), *this, PE);
  } else {
    Kokkos::parallel_reduce("ForceLJ::energy_full", Kokkos::RangePolicy<TagFullNeighPE>(0, N),
                            *this, PE);
  }
  return PE / N;
}

#endif // MINIMD_FORCE_LJ_IMPL_H
