// hydro2d: velocities at cell centres, averaged from the nodes at the cell's corners.
#include "kernels.h"

#ifdef HYDRO2D_HANDFUSED
#include "ExampleSupport.hpp" // example::sqrt, for the ideal gas part
#endif

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

#ifdef HYDRO2D_HANDFUSED
void ideal_gas_cell_velocity_kernel(Chunk &chunk) {
  const Field field = chunk.field;
  const double gamma = chunk.gamma;
  auto xvel0 = chunk.field.xvel0;
  auto yvel0 = chunk.field.yvel0;
  auto cell_xvel0 = chunk.field.cell_xvel0;
  auto cell_yvel0 = chunk.field.cell_yvel0;
  // Both kernels run over cells(chunk), and neither reads what the other
  // writes: one launch over the same range runs both bodies per cell.
  Kokkos::parallel_for(
      "ideal_gas_cell_velocity", cells(chunk), KOKKOS_LAMBDA(const int j, const int k) {
        const double p = (gamma - 1.0) * field.density0(j, k) * field.energy0(j, k);
        field.pressure(j, k) = p;
        field.soundspeed(j, k) = example::sqrt(gamma * p / field.density0(j, k));

        cell_xvel0(j, k) =
            0.25 * (xvel0(j, k) + xvel0(j + 1, k) + xvel0(j, k + 1) + xvel0(j + 1, k + 1));
        cell_yvel0(j, k) =
            0.25 * (yvel0(j, k) + yvel0(j + 1, k) + yvel0(j, k + 1) + yvel0(j + 1, k + 1));
      });
}
#endif
