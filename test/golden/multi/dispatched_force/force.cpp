#include "system.h"

template <int STYLE> void PairForce::run_pairs() {
  if (STYLE > 1)
    Kokkos::parallel_for("shifted pairs", Kokkos::RangePolicy<TagPair<1>>(0, nlocal), *this);
  else
    Kokkos::parallel_for(Kokkos::RangePolicy<TagPair<0>>(0, nlocal), *this); // EXPECT-REMARK: kfuse-not-fusable
}

void PairForce::compute(Atoms &atoms, const t_vec &anchors, const t_count &count) {
  nlocal = atoms.n;
  x = atoms.x;
  f = atoms.f;
  anchor = anchors;
  numneigh = count;
  if (mode == 2)
    return run_pairs<2>();
  return run_pairs<0>();
}

void Laps::stamp(int phase) { counts[phase] += 1.0; }
