// hydro2d: velocities at cell centres, averaged from the nodes at the cell's corners.
#include "kernels.h"

void cell_velocity_kernel(Chunk &chunk) {
  auto xvel0 = chunk.field.xvel0;
  auto yvel0 = chunk.field.yvel0;
  auto cell_xvel0 = chunk.field.cell_xvel0;
  auto cell_yvel0 = chunk.field.cell_yvel0;
  Kokkos::parallel_for(
      "cell_velocity", cells(chunk), KOKKOS_LAMBDA(const int j, const int k) {
        cell_xvel0(j, k) =
            0.25 * (xvel0(j, k) + xvel0(j + 1, k) + xvel0(j, k + 1) + xvel0(j + 1, k + 1));
        cell_yvel0(j, k) =
            0.25 * (yvel0(j, k) + yvel0(j + 1, k) + yvel0(j, k + 1) + yvel0(j + 1, k + 1));
      });
}
