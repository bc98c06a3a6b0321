// minimd: neighbour lists (full or half) and the brute-force builder that fills them.
#ifndef MINIMD_NEIGHBOR_H
#define MINIMD_NEIGHBOR_H

#include "system.h"

/// For each atom i, its num_neighs(i) neighbours neighs(i, 0 .. num_neighs(i) - 1).
/// A full list holds every pair twice (j in i's row and i in j's), a half list
/// once (j > i only).
struct NeighList2D {
  bool half = false;
  Kokkos::View<int *> num_neighs;
  Kokkos::View<int **> neighs;
};

/// Builds neighbour lists by testing every pair of atoms: O(N^2), which is fine
/// for the few thousand atoms this app runs (a binned build would replace it).
class Neighbor {
public:
  /// Pairs closer than \p cutoff (the force cutoff plus a skin) are listed.
  Neighbor(double cutoff, bool half) : cutoff_(cutoff), half_(half) {}

  /// Rebuilds \p list for the current positions, growing it when needed.
  void build(System &sys, NeighList2D &list);

private:
  double cutoff_;
  bool half_;
};

#endif // MINIMD_NEIGHBOR_H
