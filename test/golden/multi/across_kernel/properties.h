// Thermodynamic properties, each a class that is its own functor (but the
// potential energy, which asks the force), and a per-atom virial.
#ifndef ACROSS_KERNEL_PROPERTIES_H
#define ACROSS_KERNEL_PROPERTIES_H
#include "force.h"

class Temperature {
  t_v v;
  t_mass mass;
  t_type type;

public:
  double compute(System *system);

  KOKKOS_INLINE_FUNCTION
  void operator()(const int &i, double &T) const {
    T += (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2)) * mass(type(i));
  }
};

class PotE {
public:
  double compute(System *system, Neighbor *neighbor, Force *force);
};

class KinE {
  t_v v;
  t_mass mass;
  t_type type;

public:
  double compute(System *system);

  KOKKOS_INLINE_FUNCTION
  void operator()(const int &i, double &KE) const {
    KE += 0.5 * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2)) * mass(type(i));
  }
};

/// The largest speed along x.
class MaxSpeed {
  t_v v;

public:
  double compute(System *system);

  KOKKOS_INLINE_FUNCTION
  void operator()(const int &i, double &m) const {
    const double s = v(i, 0) < 0 ? -v(i, 0) : v(i, 0);
    if (s > m)
      m = s;
  }
};

/// Stores each atom's virial into the system's w.
class Virial {
  t_x x;
  t_w w;

public:
  void compute(System *system);

  KOKKOS_INLINE_FUNCTION
  void operator()(const int &i) const { w(i) = x(i, 0) * x(i, 1) + x(i, 2); }
};

/// The momentum along x, weighted by the virial.
class Momentum {
  t_v v;
  t_mass mass;
  t_type type;
  t_w w;

public:
  double compute(System *system);

  KOKKOS_INLINE_FUNCTION
  void operator()(const int &i, double &p) const { p += v(i, 0) * mass(type(i)) * w(i); }
};

#endif
