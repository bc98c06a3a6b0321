// lagrange: the domain and its state.
#include "domain.h"
#include "ExampleSupport.hpp"

#include <vector>

Domain::Domain(int elems_per_side, int regions)
    : m_numElem(elems_per_side * elems_per_side * elems_per_side),
      m_numReg(regions < 1 ? 1 : regions > MaxRegions ? MaxRegions : regions) {
  m_ss = Kokkos::View<double *>("ss", m_numElem);
  m_arealg = Kokkos::View<double *>("arealg", m_numElem);
  m_vdov = Kokkos::View<double *>("vdov", m_numElem);
  // Region r is drawn with weight r + 1: regions of different sizes, their
  // elements scattered over the mesh (as a hydrodynamics code's regions are).
  std::vector<int> region(m_numElem);
  const int total = m_numReg * (m_numReg + 1) / 2;
  for (int e = 0; e < m_numElem; ++e) {
    int pick = static_cast<int>(example::hash64(17, e) % total), r = 0;
    while (pick > r) {
      pick -= r + 1;
      ++r;
    }
    region[e] = r;
    ++m_regElemSize[r];
  }
  m_regElemlist.row_map = Kokkos::View<int *>("row_map", m_numReg + 1);
  m_regElemlist.entries = Kokkos::View<int *>("entries", m_numElem);
  auto row_map = Kokkos::create_mirror_view(m_regElemlist.row_map);
  auto entries = Kokkos::create_mirror_view(m_regElemlist.entries);
  row_map(0) = 0;
  for (int r = 0; r < m_numReg; ++r)
    row_map(r + 1) = row_map(r) + m_regElemSize[r];
  std::vector<int> next(row_map.data(), row_map.data() + m_numReg);
  for (int e = 0; e < m_numElem; ++e)
    entries(next[region[e]]++) = e;
  Kokkos::deep_copy(m_regElemlist.row_map, row_map);
  Kokkos::deep_copy(m_regElemlist.entries, entries);
}

void Domain::advance(int step) {
  auto ss = m_ss;
  auto arealg = m_arealg;
  auto vdov = m_vdov;
  Kokkos::parallel_for(
      "advance_state", m_numElem, KOKKOS_LAMBDA(const int e) {
        ss(e) = 1.0 + 0.3 * example::unitValue(step, e);
        arealg(e) = 0.5 + 0.5 * example::unitValue(step + 7919, e);
        // Every seventh element does not change its volume: it gives no limit.
        vdov(e) = e % 7 == 0 ? 0.0 : 0.2 * example::unitValue(step + 104729, e) - 0.1;
      });
}
