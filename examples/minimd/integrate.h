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

private:
  double dt_;
  double dtf_;
};

#endif // MINIMD_INTEGRATE_H
