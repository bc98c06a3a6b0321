// hydro2d: the hydro cycle, the kernel calls of a time step in order.
#include "hydro.h"

#include "limiter.h"

Chunk make_chunk(int cells_per_side) {
  Chunk chunk;
  chunk.x_cells = chunk.y_cells = cells_per_side;
  chunk.dx = chunk.dy = 1.0 / cells_per_side;
  chunk.density_floor = 1.0e-10;
  chunk.energy_floor = 1.0e-10;
  const int cx = chunk.x_cells + 2, cy = chunk.y_cells + 2;
  Field &field = chunk.field;
  field.density0 = Kokkos::View<double **>("density0", cx, cy);
  field.density1 = Kokkos::View<double **>("density1", cx, cy);
  field.energy0 = Kokkos::View<double **>("energy0", cx, cy);
  field.energy1 = Kokkos::View<double **>("energy1", cx, cy);
  field.pressure = Kokkos::View<double **>("pressure", cx, cy);
  field.soundspeed = Kokkos::View<double **>("soundspeed", cx, cy);
  field.cell_xvel0 = Kokkos::View<double **>("cell_xvel0", cx, cy);
  field.cell_yvel0 = Kokkos::View<double **>("cell_yvel0", cx, cy);
  field.cell_xvel1 = Kokkos::View<double **>("cell_xvel1", cx, cy);
  field.cell_yvel1 = Kokkos::View<double **>("cell_yvel1", cx, cy);
  field.xvel0 = Kokkos::View<double **>("xvel0", cx + 1, cy + 1);
  field.yvel0 = Kokkos::View<double **>("yvel0", cx + 1, cy + 1);
  field.xvel1 = Kokkos::View<double **>("xvel1", cx + 1, cy + 1);
  field.yvel1 = Kokkos::View<double **>("yvel1", cx + 1, cy + 1);
  generate_chunk_kernel(chunk);
  return chunk;
}

double timestep(Chunk &chunk) {
#ifdef HYDRO2D_HANDFUSED
  ideal_gas_cell_velocity_kernel(chunk);
#else
  ideal_gas_kernel(chunk);
  cell_velocity_kernel(chunk);
#endif

  update_halo_kernel(chunk, chunk.field.density0, 1.0, 1.0);
  update_halo_kernel(chunk, chunk.field.energy0, 1.0, 1.0);
  update_halo_kernel(chunk, chunk.field.pressure, 1.0, 1.0);
  update_halo_kernel(chunk, chunk.field.cell_xvel0, -1.0, 1.0);
  update_halo_kernel(chunk, chunk.field.cell_yvel0, 1.0, -1.0);

  return chunk.cfl * timestep_kernel(chunk);
}

void hydro_cycle(Chunk &chunk, double dt) {
  advec_kernel(chunk, dt);
  Limiter<> limiter(chunk);
  limiter.apply(chunk);

  update_halo_kernel(chunk, chunk.field.cell_xvel1, -1.0, 1.0);
  update_halo_kernel(chunk, chunk.field.cell_yvel1, 1.0, -1.0);
  node_velocity_kernel(chunk);

  reset_field_kernel(chunk);
}

SummaryValues field_summary(Chunk &chunk) {
  ideal_gas_kernel(chunk); // pressure of the current state
  return field_summary_kernel(chunk);
}
