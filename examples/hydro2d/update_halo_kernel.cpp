// hydro2d: the ghost layer of a cell field, filled by reflection at the four walls.
#include "kernels.h"

void update_halo_kernel(Chunk &chunk, const Kokkos::View<double **> &f, double sign_x,
                        double sign_y) {
  const int x_cells = chunk.x_cells, y_cells = chunk.y_cells;
  Kokkos::parallel_for(
      "update_halo_left_right", Kokkos::RangePolicy<>(1, y_cells + 1),
      KOKKOS_LAMBDA(const int k) {
        f(0, k) = sign_x * f(1, k);
        f(x_cells + 1, k) = sign_x * f(x_cells, k);
      });
  // After the side columns: the corners reflect the ghost columns' values.
  Kokkos::parallel_for(
      "update_halo_bottom_top", Kokkos::RangePolicy<>(0, x_cells + 2),
      KOKKOS_LAMBDA(const int j) {
        f(j, 0) = sign_y * f(j, 1);
        f(j, y_cells + 1) = sign_y * f(j, y_cells);
      });
}
