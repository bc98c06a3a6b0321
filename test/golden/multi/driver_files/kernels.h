// A small hydro step split the way real codes split it: one kernel per
// function, the functions in their own files, a driver calling them.
#ifndef DRIVER_FILES_KERNELS_H
#define DRIVER_FILES_KERNELS_H

#include <Kokkos_Core.hpp>

struct State {
  int n = 0;
  Kokkos::View<double *> rho, e, p, u;
};

void predict(State &s, double dt);
double eos(State &s);
void advect(State &s, double dt);
void smooth(State &s);

/// Called between two kernels through a base class: kfuse cannot know
/// which override runs.
struct Monitor {
  virtual ~Monitor() = default;
  virtual void note(int step) = 0;
};

#endif
