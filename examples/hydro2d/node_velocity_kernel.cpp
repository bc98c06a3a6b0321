// hydro2d: velocities at the nodes, averaged from the four cells around each node.
#include "kernels.h"

void node_velocity_kernel(Chunk &chunk) {
  auto cell_xvel1 = chunk.field.cell_xvel1;
  auto cell_yvel1 = chunk.field.cell_yvel1;
  auto xvel1 = chunk.field.xvel1;
  auto yvel1 = chunk.field.yvel1;
  // Node (j, k) is the lower-left corner of cell (j, k). At a wall the ghost
  // cells hold the reflected velocity, so the normal component averages to 0.
  Kokkos::parallel_for(
      "node_velocity", nodes(chunk), KOKKOS_LAMBDA(const int j, const int k) {
        xvel1(j, k) = 0.25 * (cell_xvel1(j - 1, k - 1) + cell_xvel1(j, k - 1) +
                              cell_xvel1(j - 1, k) + cell_xvel1(j, k));
        yvel1(j, k) = 0.25 * (cell_yvel1(j - 1, k - 1) + cell_yvel1(j, k - 1) +
                              cell_yvel1(j - 1, k) + cell_yvel1(j, k));
      });
}
