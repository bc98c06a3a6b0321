// A relaxation loop whose step ends with optional output, as solvers end
// theirs: a report that returns at once on most steps, a check that reads
// the data right away, and a logger behind a virtual call.
#ifndef CALLEE_FLUSH_GRID_H
#define CALLEE_FLUSH_GRID_H

#include <Kokkos_Core.hpp>

struct Grid {
  int n = 0;
  Kokkos::View<double *> u, w;
};

void relax(Grid &g);
void sweep(Grid &g);
void pin(Grid &g);

/// Prints the sum of u on every `every`-th step.
void report(int step, int every, Grid &g);
/// Prints u's first and last values.
void inspect(Grid &g);

class Logger {
public:
  virtual ~Logger() = default;
  virtual void note(int step);
};

class QuietLogger : public Logger {
public:
  void note(int step) override;
};

#endif
