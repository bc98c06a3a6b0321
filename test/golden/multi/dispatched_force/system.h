// A force behind a base class, as molecular dynamics codes write it:
// the base keeps its Views protected, the derived force picks a kernel in
// a member function template, and the integrator's kernels are operators
// declared here and defined in its source file.
#ifndef DISPATCHED_FORCE_SYSTEM_H
#define DISPATCHED_FORCE_SYSTEM_H

#include <Kokkos_Core.hpp>

using t_vec = Kokkos::View<double *[3], Kokkos::LayoutRight>;
using t_count = Kokkos::View<int *>;

struct Atoms {
  int n = 0;
  t_vec x, v, f;
};

class Force {
public:
  virtual ~Force() = default;
  virtual void compute(Atoms &atoms, const t_vec &anchors, const t_count &count) = 0;
  double cutsq = 1.0e9;

protected:
  int nlocal = 0;
  t_vec x, f, anchor;
  t_count numneigh;
};

class PairForce : public Force {
public:
  template <int SHIFTED> struct TagPair {};
  explicit PairForce(int mode) : mode(mode) {}
  void compute(Atoms &atoms, const t_vec &anchors, const t_count &count) override;

  // A tether to each atom's anchor, weighted by its neighbour count.
  template <int SHIFTED>
  KOKKOS_INLINE_FUNCTION void operator()(TagPair<SHIFTED>, const int i) const {
    const double w = 1.0 / (1.0 + numneigh(i)) + (SHIFTED ? 0.5 : 0.0);
    for (int d = 0; d < 3; ++d) {
      const double dx = x(i, d) - anchor(i, d);
      f(i, d) = dx * dx < cutsq ? -w * dx : 0.0;
    }
  }

private:
  template <int STYLE> void run_pairs();
  int mode = 0;
};

/// Laps counted by phase, as the timers of MD codes keep them: an array
/// of its own (only allocated, indexed and deleted), which no View holds,
/// so counting one between the force and the kick observes neither.
class Laps {
public:
  explicit Laps(int phases) : counts(new double[phases]) {
    for (int p = 0; p < phases; ++p)
      counts[p] = 0.0;
  }
  ~Laps() { delete[] counts; }
  Laps(const Laps &) = delete;
  Laps &operator=(const Laps &) = delete;
  void stamp(int phase);
  double total(int phase) const { return counts[phase]; }

private:
  double *counts;
};

class Integrator {
public:
  struct TagKick {};
  struct TagDrift {};
  double dt = 0.01;
  int nlocal = 0;
  t_vec x, v, f;

  void kick();
  void drift();
  KOKKOS_INLINE_FUNCTION void operator()(TagKick, const int &i) const;
  KOKKOS_INLINE_FUNCTION void operator()(TagDrift, const int &i) const;
};

#endif
