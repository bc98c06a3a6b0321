// Neighbour lists: each atom's neighbours are reached through a small view
// object the list hands out, not through a View the kernel names.
#ifndef ACROSS_KERNEL_NEIGHBOR_H
#define ACROSS_KERNEL_NEIGHBOR_H
#include "system.h"

struct NeighList {
  struct Neighs {
    const int *ptr;
    int num;
    KOKKOS_INLINE_FUNCTION Neighs(const int *p, int n) : ptr(p), num(n) {}
    KOKKOS_INLINE_FUNCTION int operator()(int j) const { return ptr[j]; }
    KOKKOS_INLINE_FUNCTION int count() const { return num; }
  };
  Kokkos::View<int *> num_neighs;
  Kokkos::View<int **, Kokkos::LayoutRight> neighs;

  KOKKOS_INLINE_FUNCTION Neighs get_neighs(int i) const {
    return Neighs(&neighs(i, 0), num_neighs(i));
  }
};

class Neighbor {
public:
  virtual ~Neighbor() {}
  virtual void build(System *system) = 0;
};

/// The K atoms after each one, around a ring.
class NeighborRing : public Neighbor {
  NeighList list;
  int K;

public:
  explicit NeighborRing(int k) : K(k) {}
  void build(System *system) override;
  NeighList get_neigh_list() { return list; }
};

#endif
