#pragma once
#include <Kokkos_Core.hpp>

using t_pos = Kokkos::View<double *[2]>;
using t_pos_const = Kokkos::View<const double *[2]>;

struct Atoms {
  int n = 0;
  t_pos x, v, f;
};

// A force whose kind the input chooses at run time.
class Force {
public:
  virtual ~Force() = default;
  virtual void compute(Atoms &atoms) = 0;
};

// Kind 0: neighbours in rows of a matrix; 1: in one array cut by offsets.
Force *make_force(int kind, int n, int width);
