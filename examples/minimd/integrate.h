// minimd: velocity-Verlet time integration, split around the force computation.
#ifndef MINIMD_INTEGRATE_H
#define MINIMD_INTEGRATE_H

#include "system.h"

/// Velocity Verlet with time step dt: half a kick and a drift before the
/// forces are computed, the second half kick after.
class Integrator {
public:
  explicit Integrator(double dt) : dt_(dt), dtf_(0.5 * dt) {}

  /// v += dt/2 f/m, then x += dt v, wrapped back into the box.
  void initial_integrate(System &sys);

  /// v += dt/2 f/m with the new forces.
  void final_integrate(System &sys);

#ifdef MINIMD_HANDFUSED
  /// final_integrate then the next step's initial_integrate, fused by hand
  /// into one kernel: each atom's final kick, then its next kick and drift.
  void final_then_initial_integrate(System &sys);
#endif

#ifdef MINIMD_TAGGED
  // The same halves written as molecular-dynamics mini-apps write them: the integrator is its
  // own functor, each half an operator selected by a work tag, launched
  // with `*this` after the half refreshes the members it reads.
  struct TagInitial {};
  struct TagFinal {};
  KOKKOS_INLINE_FUNCTION void operator()(TagInitial, const int &i) const;
  KOKKOS_INLINE_FUNCTION void operator()(TagFinal, const int &i) const;
  Kokkos::View<double *[3]> x, v, f;
  Kokkos::View<int *> type;
  Kokkos::View<double *> mass;
  double dt = 0.0, dtf = 0.0, box = 0.0;
#endif

private:
  double dt_;
  double dtf_;
};

#endif // MINIMD_INTEGRATE_H
