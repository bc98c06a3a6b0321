#pragma once
#include "atoms.h"
#include "lists.h"

// A pair force over a neighbour list of either layout: the class launches
// itself, one instantiation per layout.
template <class List> class PairForce : public Force {
public:
  struct TagForce {};
  PairForce(List list, double cut) : list(list), cut(cut) {}
  void compute(Atoms &atoms) override;
  KOKKOS_INLINE_FUNCTION void operator()(TagForce, const int i) const;

private:
  List list;
  double cut;
  t_pos_const x;
  t_pos f;
  int steps = 0;
};
