// hydro2d: the stable time step, the smallest cell-crossing time of the fastest wave.
#include "kernels.h"

double timestep_kernel(Chunk &chunk) {
  auto soundspeed = chunk.field.soundspeed;
  auto cell_xvel0 = chunk.field.cell_xvel0;
  auto cell_yvel0 = chunk.field.cell_yvel0;
  const double dx = chunk.dx, dy = chunk.dy;
  double dt_min = 0.0;
  Kokkos::parallel_reduce(
      "timestep", cells(chunk),
      KOKKOS_LAMBDA(const int j, const int k, double &dt) {
        const double u = cell_xvel0(j, k), v = cell_yvel0(j, k);
        const double dtx = dx / (soundspeed(j, k) + (u < 0.0 ? -u : u));
        const double dty = dy / (soundspeed(j, k) + (v < 0.0 ? -v : v));
        const double dt_cell = dtx < dty ? dtx : dty;
        if (dt_cell < dt)
          dt = dt_cell;
      },
      Kokkos::Min<double>(dt_min));
  return dt_min;
}
