// lagrange: the time step's limits, per region. The Courant limit and the
// volume-change limit are each a reduction into a MinFinder whose result
// its function needs at once, in functions of their own that
// time_constraints calls in turn with arguments the domain's accessors
// return; their kernels capture the domain and reach its Views through its
// accessors. LAGRANGE_HANDFUSED: both limits in one kernel, written by hand.
#include "ExampleSupport.hpp"
#include "domain.h"

#ifndef LAGRANGE_HANDFUSED

static void courant_constraint(Domain &domain, int length, int r, double qqc,
                               double &dtcourant) {
  const double qqc2 = 64.0 * qqc * qqc;
  MinFinder result;
  Kokkos::parallel_reduce(
      "courant_constraint", length,
      KOKKOS_LAMBDA(const int i, MinFinder &minf) {
        const int indx = domain.regElemlist(r, i);
        double dtf = domain.ss(indx) * domain.ss(indx);
        if (domain.vdov(indx) < 0.0)
          dtf += qqc2 * domain.arealg(indx) * domain.arealg(indx) * domain.vdov(indx) *
                 domain.vdov(indx);
        dtf = domain.arealg(indx) / example::sqrt(dtf);
        if (domain.vdov(indx) != 0.0)
          minf += MinFinder(dtf, i);
      },
      result);
  if (result.i != -1 && result.val < dtcourant)
    dtcourant = result.val;
}

static void hydro_constraint(Domain &domain, int length, int r, double dvovmax,
                             double &dthydro) {
  MinFinder result;
  Kokkos::parallel_reduce(
      "hydro_constraint", length,
      KOKKOS_LAMBDA(const int i, MinFinder &minf) {
        const int indx = domain.regElemlist(r, i);
        const double dv = domain.vdov(indx);
        if (dv != 0.0)
          minf += MinFinder(dvovmax / ((dv < 0.0 ? -dv : dv) + 1.0e-20), i);
      },
      result);
  if (result.i != -1 && result.val < dthydro)
    dthydro = result.val;
}

void time_constraints(Domain &domain) {
  domain.dtcourant() = 1.0e20;
  domain.dthydro() = 1.0e20;
  for (int r = 0; r < domain.numReg(); ++r) {
    courant_constraint(domain, domain.regElemSize(r), r, domain.qqc(), domain.dtcourant());
    hydro_constraint(domain, domain.regElemSize(r), r, domain.dvovmax(), domain.dthydro());
  }
}

#else

/// Both limits of an element range, joined as each MinFinder is.
struct BothLimits {
  MinFinder courant, hydro;
  KOKKOS_INLINE_FUNCTION void operator+=(const BothLimits &src) {
    courant += src.courant;
    hydro += src.hydro;
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile BothLimits &src) volatile {
    courant += src.courant;
    hydro += src.hydro;
  }
};

static void both_constraints(Domain &domain, int length, int r, double qqc, double dvovmax,
                             double &dtcourant, double &dthydro) {
  const double qqc2 = 64.0 * qqc * qqc;
  BothLimits result;
  Kokkos::parallel_reduce(
      "courant_hydro_constraint", length,
      KOKKOS_LAMBDA(const int i, BothLimits &limits) {
        const int indx = domain.regElemlist(r, i);
        const double dv = domain.vdov(indx);
        double dtf = domain.ss(indx) * domain.ss(indx);
        if (dv < 0.0)
          dtf += qqc2 * domain.arealg(indx) * domain.arealg(indx) * dv * dv;
        dtf = domain.arealg(indx) / example::sqrt(dtf);
        if (dv != 0.0) {
          limits.courant += MinFinder(dtf, i);
          limits.hydro += MinFinder(dvovmax / ((dv < 0.0 ? -dv : dv) + 1.0e-20), i);
        }
      },
      result);
  if (result.courant.i != -1 && result.courant.val < dtcourant)
    dtcourant = result.courant.val;
  if (result.hydro.i != -1 && result.hydro.val < dthydro)
    dthydro = result.hydro.val;
}

void time_constraints(Domain &domain) {
  domain.dtcourant() = 1.0e20;
  domain.dthydro() = 1.0e20;
  for (int r = 0; r < domain.numReg(); ++r)
    both_constraints(domain, domain.regElemSize(r), r, domain.qqc(), domain.dvovmax(),
                     domain.dtcourant(), domain.dthydro());
}

#endif
