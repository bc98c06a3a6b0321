// The first kernel: it captures the whole grid (a struct of Views).
#include "grid.h"

void heat(const Grid &grid, double rate) {
  const Grid g = grid;
  Kokkos::parallel_for(
      "heat", interior(grid), KOKKOS_LAMBDA(const int j, const int k) {
        g.b(j, k) = 0.5 * g.a(j, k) + rate * (j - k);
      });
}
