// The limits of the time step, as a hydrodynamics code computes them: per region, the
// Courant limit and then the volume-change limit, each a reduction into a
// MinFinder in a function of its own whose kernel captures the domain and
// reaches its Views through accessors, called in turn with arguments the
// domain's accessors return. The second is computed ahead, in one kernel
// with the first.
#include "domain.h"
#include <cmath>

static inline void courant_constraint(Domain &domain, int length, int r, double qqc,
                                      double &dtcourant) {
  const double qqc2 = 64.0 * qqc * qqc;
  double dtcourant_tmp = dtcourant;
  MinFinder result;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "courant_constraint", length,
      KOKKOS_LAMBDA(const int i, MinFinder &minf) {
        const int indx = domain.regElemlist(r, i);
        double dtf = domain.ss(indx) * domain.ss(indx);
        if (domain.vdov(indx) < 0.0)
          dtf = dtf + qqc2 * domain.arealg(indx) * domain.arealg(indx) * domain.vdov(indx) *
                          domain.vdov(indx);
        dtf = domain.arealg(indx) / sqrt(dtf);
        MinFinder tmp(dtf, i);
        if (domain.vdov(indx) != 0.0)
          minf += tmp;
      },
      result);
  dtcourant_tmp = result.val;
  if (dtcourant_tmp > dtcourant)
    dtcourant_tmp = dtcourant;
  if (result.i != -1)
    dtcourant = dtcourant_tmp;
}

static inline void hydro_constraint(Domain &domain, int length, int r, double dvovmax,
                                    double &dthydro) {
  typedef MinFinder finder_t;
  finder_t result;
  Kokkos::parallel_reduce(
      "hydro_constraint", length,
      KOKKOS_LAMBDA(const int i, MinFinder &minf) {
        const int indx = domain.regElemlist(r, i);
        if (domain.vdov(indx) != 0.0) {
          MinFinder tmp(dvovmax / (fabs(domain.vdov(indx)) + 1.0e-20), i);
          minf += tmp;
        }
      },
      result);
  if (result.val > dthydro)
    result.val = dthydro;
  if (result.i != -1)
    dthydro = result.val;
}

void time_constraints(Domain &domain) {
  domain.dtcourant() = 1.0e+20;
  domain.dthydro() = 1.0e+20;
  for (int r = 0; r < domain.numReg(); ++r) {
    courant_constraint(domain, domain.regElemSize(r), r, domain.qqc(), domain.dtcourant());
    hydro_constraint(domain, domain.regElemSize(r), r, domain.dvovmax(), domain.dthydro());
  }
}

// The kinetic energy of every element, kept in a View of its own, and
// their sum; then the sum of the volume changes. The first writes a View
// while the second reads the domain's through accessors, whose Views the
// guard cannot compare with it: refused.
static double energy(Domain &domain, Kokkos::View<double *> ke) {
  double sum = 0.0;
  Kokkos::parallel_reduce(
      "energy", domain.numElem(),
      KOKKOS_LAMBDA(const int i, double &s) {
        ke(i) = 0.5 * domain.ss(i) * domain.ss(i);
        s += ke(i);
      },
      sum);
  return sum;
}

static double expansion(Domain &domain) {
  double sum = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-not-fusable
      "expansion", domain.numElem(),
      KOKKOS_LAMBDA(const int i, double &s) { s += domain.vdov(i); }, sum);
  return sum;
}

double measures(Domain &domain, Kokkos::View<double *> ke) {
  const double e = energy(domain, ke);
  const double v = expansion(domain);
  return e + v;
}

// The largest sound speed, then the largest volume change, whose function
// takes the domain by value: held by the caller's address, a result
// computed ahead could never be taken there (a copy never has it): refused.
static double loudest(Domain &domain) {
  double most = 0.0;
  Kokkos::parallel_reduce(
      "loudest", domain.numElem(),
      KOKKOS_LAMBDA(const int i, double &m) { m = domain.ss(i) > m ? domain.ss(i) : m; },
      Kokkos::Max<double>(most));
  return most;
}

static double quickest(Domain domain) {
  double most = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-not-fusable
      "quickest", domain.numElem(),
      KOKKOS_LAMBDA(const int i, double &m) {
        m = fabs(domain.vdov(i)) > m ? fabs(domain.vdov(i)) : m;
      },
      Kokkos::Max<double>(most));
  return most;
}

double extremes(Domain &domain) {
  const double loud = loudest(domain);
  const double quick = quickest(domain);
  return loud + quick;
}
