// Thermodynamic properties, each a class that is its own functor: its
// compute() points its private View members at the system's, reduces over
// the atoms with *this, and lets the Views go again.
#ifndef MEMBERS_AHEAD_PROPERTIES_H
#define MEMBERS_AHEAD_PROPERTIES_H
#include "system.h"

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

class KinE {
  t_v v;
  t_mass mass;
  t_type type;

public:
  double compute(System *system);

  KOKKOS_INLINE_FUNCTION
  void operator()(const int &i, double &KE) const {
    KE += (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2)) * mass(type(i));
  }
};

// The largest speed along x, and a kinetic energy weighted by a member its
// constructor sets: a reduction computed ahead cannot read that one (the
// caller cannot name it).
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

class WeightedKinE {
  t_v v;
  double weight;

public:
  explicit WeightedKinE(double w) : weight(w) {}
  double compute(System *system);

  KOKKOS_INLINE_FUNCTION
  void operator()(const int &i, double &KE) const {
    KE += weight * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
  }
};

// A kinetic energy scaled by how many times it was sampled: the
// assignment of the member its kernel reads counts too (a replay of it,
// computing the energy ahead, would count twice).
extern int g_samples;
class SampledKinE {
  t_v v;
  double scale;

public:
  double compute(System *system);

  KOKKOS_INLINE_FUNCTION
  void operator()(const int &i, double &KE) const {
    KE += scale * (v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
  }
};

#endif
