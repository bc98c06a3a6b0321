// The driver: each step changes the state, then takes the time step's
// limits over every region.
//   main [ELEMENTS] [REGIONS] [STILL]   STILL: region 0 does not move (its
//   volume does not change: no element gives a limit there)
#include "domain.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 400 3 0
// KFUSE-RUN: 400 3 1
// KFUSE-RUN: 9 1 0
// KFUSE-RUN: 1000 7 1
// KFUSE-PROFILE-RUN: 400 3 0

Domain::Domain(int elems, int regions, bool still)
    : m_ss("ss", elems), m_arealg("arealg", elems), m_vdov("vdov", elems),
      m_numElem(elems), m_numReg(regions < 1 ? 1 : regions > 8 ? 8 : regions), m_still(still) {
  // Region r holds the elements e with e % regions == r.
  m_regElemlist.row_map = Kokkos::View<int *>("row_map", m_numReg + 1);
  m_regElemlist.entries = Kokkos::View<int *>("entries", elems);
  auto row_map = Kokkos::create_mirror_view(m_regElemlist.row_map);
  auto entries = Kokkos::create_mirror_view(m_regElemlist.entries);
  int next = 0;
  for (int r = 0; r < m_numReg; ++r) {
    row_map(r) = next;
    for (int e = r; e < elems; e += m_numReg)
      entries(next++) = e;
    m_regElemSize[r] = next - row_map(r);
  }
  row_map(m_numReg) = next;
  Kokkos::deep_copy(m_regElemlist.row_map, row_map);
  Kokkos::deep_copy(m_regElemlist.entries, entries);
}

void Domain::advance(int step) {
  auto ss = m_ss;
  auto arealg = m_arealg;
  auto vdov = m_vdov;
  const int regions = m_numReg;
  const bool still = m_still;
  Kokkos::parallel_for(
      "advance", m_numElem, KOKKOS_LAMBDA(const int e) {
        ss(e) = 1.0 + 0.01 * ((e * 7 + step) % 13);
        arealg(e) = 0.5 + 0.02 * ((e * 3 + step) % 11);
        vdov(e) = still && e % regions == 0 ? 0.0 : 0.1 * ((e * 5 + step) % 9) - 0.4;
      });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 400;
    const int regions = argc > 2 ? std::atoi(argv[2]) : 3;
    const bool still = argc > 3 && std::atoi(argv[3]) != 0;
    Domain domain(n, regions, still);
    Kokkos::View<double *> ke("ke", n);
    double sum = 0.0;
    for (int step = 1; step <= 5; ++step) {
      domain.advance(step);
      time_constraints(domain);
      const double m = measures(domain, ke);
      const double x = extremes(domain);
      std::printf("step=%d dtcourant=%.17g dthydro=%.17g measures=%.17g extremes=%.17g\n", step,
                  domain.dtcourant(), domain.dthydro(), m, x);
      sum += domain.dtcourant() + domain.dthydro();
    }
    std::printf("sum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
