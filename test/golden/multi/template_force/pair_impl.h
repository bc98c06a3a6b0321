#pragma once
#include "pair.h"

template <class List> void PairForce<List>::compute(Atoms &atoms) {
  x = atoms.x;
  f = atoms.f;
  Kokkos::parallel_for("pair", Kokkos::RangePolicy<TagForce>(0, atoms.n), *this); // EXPECT-REMARK: kfuse-unsafe-dependence
  Kokkos::fence();
  ++steps;
}

template <class List>
KOKKOS_INLINE_FUNCTION void PairForce<List>::operator()(TagForce, const int i) const {
  const Neighbours near = list.of(i);
  double fx = 0, fy = 0;
  for (int k = 0; k < near.size(); ++k) {
    const int j = near(k);
    const double dx = x(i, 0) - x(j, 0), dy = x(i, 1) - x(j, 1);
    const double r2 = dx * dx + dy * dy + 0.01;
    if (r2 < cut * cut) {
      fx += dx / r2;
      fy += dy / r2;
    }
  }
  f(i, 0) = fx;
  f(i, 1) = fy;
}
