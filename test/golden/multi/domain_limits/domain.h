// A hydrodynamics code's mesh as a class (the shape of a hydrodynamics code's Domain):
// its fields are private Views reached through accessors, its regions'
// elements a compressed row list (row_map, entries) read through an
// accessor that indexes one with the other, and the time step's limits
// plain members returned by reference.
#ifndef DOMAIN_LIMITS_DOMAIN_H
#define DOMAIN_LIMITS_DOMAIN_H
#include <Kokkos_Core.hpp>

/// The smallest value seen and the element it was seen at, joined with +=
/// (a minimum with its location).
struct MinFinder {
  double val;
  int i;
  KOKKOS_INLINE_FUNCTION MinFinder() : val(1.0e20), i(-1) {}
  KOKKOS_INLINE_FUNCTION MinFinder(const double val_, const int i_) : val(val_), i(i_) {}
  KOKKOS_INLINE_FUNCTION void operator+=(const MinFinder &src) {
    if (src.val < val) {
      val = src.val;
      i = src.i;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile MinFinder &src) volatile {
    if (src.val < val) {
      val = src.val;
      i = src.i;
    }
  }
};

/// The elements of every region, region after region.
struct RegionList {
  Kokkos::View<int *> row_map; // where each region starts in entries
  Kokkos::View<int *> entries;
};

class Domain {
public:
  Domain(int elems, int regions, bool still);

  KOKKOS_INLINE_FUNCTION double &ss(int i) const { return m_ss(i); }
  KOKKOS_INLINE_FUNCTION double &arealg(int i) const { return m_arealg(i); }
  KOKKOS_INLINE_FUNCTION double &vdov(int i) const { return m_vdov(i); }
  KOKKOS_INLINE_FUNCTION int regElemlist(const int r, int idx) const {
    return m_regElemlist.entries(m_regElemlist.row_map(r) + idx);
  }
  int numElem() const { return m_numElem; }
  int numReg() const { return m_numReg; }
  int &regElemSize(int r) { return m_regElemSize[r]; }
  double &qqc() { return m_qqc; }
  double &dvovmax() { return m_dvovmax; }
  double &dtcourant() { return m_dtcourant; }
  double &dthydro() { return m_dthydro; }

  /// Moves the state on by one step.
  void advance(int step);

private:
  Kokkos::View<double *> m_ss;     // sound speed
  Kokkos::View<double *> m_arealg; // characteristic length
  Kokkos::View<double *> m_vdov;   // volume change rate
  RegionList m_regElemlist;
  int m_regElemSize[8];
  int m_numElem, m_numReg;
  bool m_still;
  double m_qqc = 2.0, m_dvovmax = 0.1;
  double m_dtcourant = 0.0, m_dthydro = 0.0;
};

void time_constraints(Domain &domain);
double measures(Domain &domain, Kokkos::View<double *> ke);
double extremes(Domain &domain);

#endif
