// hydro2d: the end-of-step fields copied to the start-of-step ones, cells then nodes.
#include "kernels.h"

void reset_field_kernel(Chunk &chunk) {
  const Field &field = chunk.field;
  Kokkos::parallel_for(
      "reset_field_cells", cells(chunk), KOKKOS_LAMBDA(const int j, const int k) {
        field.density0(j, k) = field.density1(j, k);
        field.energy0(j, k) = field.energy1(j, k);
      });
  Kokkos::parallel_for(
      "reset_field_nodes", nodes(chunk), KOKKOS_LAMBDA(const int j, const int k) {
        field.xvel0(j, k) = field.xvel1(j, k);
        field.yvel0(j, k) = field.yvel1(j, k);
      });
}
