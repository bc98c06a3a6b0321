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

/// Builds neighbour lists from cubic bins at least the cutoff wide: each atom
/// tests the atoms of its own bin and the 26 around it, O(N) (one bin holding
/// every atom when the box is narrower than three bins).
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
