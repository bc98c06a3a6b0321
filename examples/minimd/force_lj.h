// minimd: the Lennard-Jones pair force, a functor class template over a neighbour-list type.
#ifndef MINIMD_FORCE_LJ_H
#define MINIMD_FORCE_LJ_H

#include "system.h"

/// Lennard-Jones forces and potential energy (epsilon = sigma = 1, cut off at
/// `cutoff`) over a neighbour list of type NeighList, which provides `half`,
/// `num_neighs(i)` and `neighs(i, k)`. The work tags pick the list kind.
template <class NeighList> class ForceLJ {
public:
  /// Forces from a full list: each atom sums over its own row, no atomics.
  struct TagFullNeigh {};
  /// Pair loops over a half list: EVFLAG 0 scatters forces, 1 sums the energy.
  template <int EVFLAG> struct TagHalfNeigh {};
  /// Potential energy from a full list (each pair seen twice).
  struct TagFullNeighPE {};

  explicit ForceLJ(double cutoff) : cutsq(cutoff * cutoff) {}

  /// Adds the pair forces to sys.f (which the caller has zeroed).
  void compute(System &sys, const NeighList &list);

  /// Potential energy per atom.
  double compute_energy(System &sys, const NeighList &list);

  KOKKOS_INLINE_FUNCTION void operator()(TagFullNeigh, const int i) const {
    const double xi = x(i, 0), yi = x(i, 1), zi = x(i, 2);
    double fxi = 0.0, fyi = 0.0, fzi = 0.0;
    const int num = num_neighs(i);
    for (int k = 0; k < num; ++k) {
      const int j = neighs(i, k);
      const double dx = min_image(xi - x(j, 0), box);
      const double dy = min_image(yi - x(j, 1), box);
      const double dz = min_image(zi - x(j, 2), box);
      const double rsq = dx * dx + dy * dy + dz * dz;
      if (rsq < cutsq) {
        const double fpair = pair_force(rsq);
        fxi += dx * fpair;
        fyi += dy * fpair;
        fzi += dz * fpair;
      }
    }
    f(i, 0) += fxi;
    f(i, 1) += fyi;
    f(i, 2) += fzi;
  }

  KOKKOS_INLINE_FUNCTION void operator()(TagHalfNeigh<0>, const int i) const {
    const double xi = x(i, 0), yi = x(i, 1), zi = x(i, 2);
    double fxi = 0.0, fyi = 0.0, fzi = 0.0;
    const int num = num_neighs(i);
    for (int k = 0; k < num; ++k) {
      const int j = neighs(i, k);
      const double dx = min_image(xi - x(j, 0), box);
      const double dy = min_image(yi - x(j, 1), box);
      const double dz = min_image(zi - x(j, 2), box);
      const double rsq = dx * dx + dy * dy + dz * dz;
      if (rsq < cutsq) {
        const double fpair = pair_force(rsq);
        fxi += dx * fpair;
        fyi += dy * fpair;
        fzi += dz * fpair;
        // Newton's third law: j gets the reaction, possibly from many i at once.
        Kokkos::atomic_add(&f(j, 0), -dx * fpair);
        Kokkos::atomic_add(&f(j, 1), -dy * fpair);
        Kokkos::atomic_add(&f(j, 2), -dz * fpair);
      }
    }
    Kokkos::atomic_add(&f(i, 0), fxi);
    Kokkos::atomic_add(&f(i, 1), fyi);
    Kokkos::atomic_add(&f(i, 2), fzi);
  }

  KOKKOS_INLINE_FUNCTION void operator()(TagHalfNeigh<1>, const int i, double &PE) const {
    const int num = num_neighs(i);
    for (int k = 0; k < num; ++k) {
      const double rsq = distance_sq(x, i, neighs(i, k), box);
      if (rsq < cutsq)
        PE += pair_energy(rsq);
    }
  }

  KOKKOS_INLINE_FUNCTION void operator()(TagFullNeighPE, const int i, double &PE) const {
    const int num = num_neighs(i);
    for (int k = 0; k < num; ++k) {
      const double rsq = distance_sq(x, i, neighs(i, k), box);
      if (rsq < cutsq)
        PE += 0.5 * pair_energy(rsq);
    }
  }

private:
  /// F(r)/r at squared distance \p rsq: the factor that scales the separation.
  KOKKOS_INLINE_FUNCTION static double pair_force(double rsq) {
    const double r2inv = 1.0 / rsq;
    const double r6inv = r2inv * r2inv * r2inv;
    return 48.0 * r6inv * (r6inv - 0.5) * r2inv;
  }

  /// 4 (r^-12 - r^-6) at squared distance \p rsq.
  KOKKOS_INLINE_FUNCTION static double pair_energy(double rsq) {
    const double r2inv = 1.0 / rsq;
    const double r6inv = r2inv * r2inv * r2inv;
    return 4.0 * r6inv * (r6inv - 1.0);
  }

  /// Takes the Views and sizes of this step: the functor is copied into each launch.
  void bind(System &sys, const NeighList &list);

  double cutsq;
  int N = 0;
  double box = 0.0;
  bool half_neigh = false;
  Kokkos::View<double *[3]> x, f;
  Kokkos::View<int *> num_neighs;
  Kokkos::View<int **> neighs;
};

#include "force_lj_impl.h"

#endif // MINIMD_FORCE_LJ_H
