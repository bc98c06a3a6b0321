// A 2-D grid whose fields a struct holds, and the box of its interior that
// kernels run over (a policy helper, as hydro codes write them).
#ifndef BOXES_GRID_H
#define BOXES_GRID_H

#include <Kokkos_Core.hpp>

struct Grid {
  int nx = 0, ny = 0;
  Kokkos::View<double **> a, b, c;
};

inline Kokkos::MDRangePolicy<Kokkos::Rank<2>> interior(const Grid &g) {
  return Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {g.nx - 1, g.ny - 1});
}

void heat(const Grid &grid, double rate);
void cool(const Grid &grid);

#endif
