// The second kernel: it reads what 'heat' wrote at the same point.
#include "grid.h"

void cool(const Grid &grid) {
  auto b = grid.b;
  auto c = grid.c;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "cool", interior(grid), KOKKOS_LAMBDA(const int j, const int k) {
        c(j, k) += 0.25 * b(j, k);
      });
}
