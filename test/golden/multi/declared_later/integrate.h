// A velocity-Verlet integrator as mini-apps write it: the class is its own
// functor, its halves selected by work tags, its Views public members
// refreshed from the atoms at each step.
#ifndef DECLARED_LATER_INTEGRATE_H
#define DECLARED_LATER_INTEGRATE_H

#include <Kokkos_Core.hpp>

using t_x = Kokkos::View<double *[3], Kokkos::LayoutRight>;

struct Atoms {
  int n = 0;
  t_x x, v, f;
};

class Thermo;

class Integrate {
public:
  struct TagInitial {};
  struct TagFinal {};

  double dt = 0.005;
  double dtf = 0.0025;
  int nlocal = 0;
  t_x x, v, f;

  void initial();
  void final_half();
  KOKKOS_INLINE_FUNCTION void operator()(TagInitial, const int &i) const;
  KOKKOS_INLINE_FUNCTION void operator()(TagFinal, const int &i) const;
  void run(Atoms &atoms, Thermo &thermo, int steps);
};

void compute_forces(Atoms &atoms);

/// Prints the kinetic energy every `every` steps (none when 0).
class Thermo {
public:
  int every = 0;
  void compute(int step, Atoms &atoms);

private:
  int printed = 0;
};

#endif
