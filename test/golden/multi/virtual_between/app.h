// A small time-stepping code: its state, its kernels, and the services the
// time loop calls between them through base classes (a communicator, a
// sampler), whose overriders are in other files.
#ifndef VIRTUAL_BETWEEN_APP_H
#define VIRTUAL_BETWEEN_APP_H
#include <Kokkos_Core.hpp>

struct State {
  Kokkos::View<double *> u, f, w;
  int n = 0;
};

void push(State &s, double dt);
void force(State &s);
void relax(State &s);
void smooth(State &s);

// Sums values over the processes: nothing to do on one.
class Comm {
public:
  virtual ~Comm() = default;
  virtual void reduce(double *values, int count);
};
Comm *make_comm();

// Looks at the state every step.
class Sampler {
public:
  virtual ~Sampler() = default;
  virtual void sample(const State &s, int step) = 0;
};
Sampler *make_sampler(int kind);

// Counts the steps; prints every `every` of them.
void log_step(int step, double e, int every);

#endif
