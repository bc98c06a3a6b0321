// lagrange: the time-step constraints of a Lagrangian hydrodynamics code,
// organised the way a Lagrangian hydrodynamics mini-app's Kokkos port is (written for kfuse, not copied
// from it). A Domain class keeps its fields in private Views reached
// through accessors, and the elements of each material region in a
// compressed row list (row_map, entries) that an accessor indexes one with
// the other. Each step the state moves on, then every region gives a
// Courant limit and a volume-change limit, each a reduction into a
// MinFinder in a function of its own, called in turn.
#ifndef KFUSE_EXAMPLES_LAGRANGE_DOMAIN_H
#define KFUSE_EXAMPLES_LAGRANGE_DOMAIN_H

#include <Kokkos_Core.hpp>

/// The smallest value seen and the element it was seen at, joined with +=.
struct MinFinder {
  double val;
  int i;
  KOKKOS_INLINE_FUNCTION MinFinder() : val(1.0e20), i(-1) {}
  KOKKOS_INLINE_FUNCTION MinFinder(const double val_, const int i_) : val(val_), i(i_) {}
  KOKKOS_INLINE_FUNCTION void operator+=(const MinFinder &src) {
    if (src.val < val || (src.val == val && src.i < i)) {
      val = src.val;
      i = src.i;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile MinFinder &src) volatile {
    if (src.val < val || (src.val == val && src.i < i)) {
      val = src.val;
      i = src.i;
    }
  }
};

/// The elements of every region, region after region: region r's are
/// entries(row_map(r)) to entries(row_map(r + 1) - 1).
struct RegionList {
  Kokkos::View<int *> row_map;
  Kokkos::View<int *> entries;
};

class Domain {
public:
  static constexpr int MaxRegions = 64;

  /// A cube of \p elems_per_side^3 elements in \p regions regions (at
  /// most MaxRegions) of different sizes (an element's region is drawn by a
  /// hash).
  Domain(int elems_per_side, int regions);

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

  /// The sound speed, characteristic length and volume change of every
  /// element after step \p step.
  void advance(int step);

private:
  Kokkos::View<double *> m_ss;     // sound speed
  Kokkos::View<double *> m_arealg; // characteristic length
  Kokkos::View<double *> m_vdov;   // relative volume change
  RegionList m_regElemlist;
  int m_regElemSize[MaxRegions] = {};
  int m_numElem = 0, m_numReg = 0;
  double m_qqc = 2.0, m_dvovmax = 0.1;
  double m_dtcourant = 1.0e20, m_dthydro = 1.0e20;
};

/// The Courant and volume-change limits of the time step over every region
/// (domain.dtcourant(), domain.dthydro()).
void time_constraints(Domain &domain);

#endif // KFUSE_EXAMPLES_LAGRANGE_DOMAIN_H
