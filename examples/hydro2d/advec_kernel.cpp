// hydro2d: one first-order Lax-Friedrichs step of the 2-D Euler equations on the cells.
#include "kernels.h"

namespace {

/// The conserved variables q (density, x and y momentum, total energy per
/// volume) of a cell and their fluxes fx, fy in x and y.
struct Conserved {
  double q[4], fx[4], fy[4];
};

KOKKOS_INLINE_FUNCTION Conserved conserved(double rho, double e, double p, double u,
                                           double v) {
  const double total = rho * (e + 0.5 * (u * u + v * v));
  Conserved c;
  c.q[0] = rho;
  c.q[1] = rho * u;
  c.q[2] = rho * v;
  c.q[3] = total;
  c.fx[0] = rho * u;
  c.fx[1] = rho * u * u + p;
  c.fx[2] = rho * u * v;
  c.fx[3] = u * (total + p);
  c.fy[0] = rho * v;
  c.fy[1] = rho * u * v;
  c.fy[2] = rho * v * v + p;
  c.fy[3] = v * (total + p);
  return c;
}

} // namespace

void advec_kernel(Chunk &chunk, double dt) {
  auto density0 = chunk.field.density0;
  auto energy0 = chunk.field.energy0;
  auto pressure = chunk.field.pressure;
  auto cell_xvel0 = chunk.field.cell_xvel0;
  auto cell_yvel0 = chunk.field.cell_yvel0;
  auto density1 = chunk.field.density1;
  auto energy1 = chunk.field.energy1;
  auto cell_xvel1 = chunk.field.cell_xvel1;
  auto cell_yvel1 = chunk.field.cell_yvel1;
  const double hx = 0.5 * dt / chunk.dx, hy = 0.5 * dt / chunk.dy;
  Kokkos::parallel_for(
      "advec", cells(chunk), KOKKOS_LAMBDA(const int j, const int k) {
        const Conserved west = conserved(density0(j - 1, k), energy0(j - 1, k), pressure(j - 1, k),
                                      cell_xvel0(j - 1, k), cell_yvel0(j - 1, k));
        const Conserved east = conserved(density0(j + 1, k), energy0(j + 1, k), pressure(j + 1, k),
                                      cell_xvel0(j + 1, k), cell_yvel0(j + 1, k));
        const Conserved south = conserved(density0(j, k - 1), energy0(j, k - 1), pressure(j, k - 1),
                                      cell_xvel0(j, k - 1), cell_yvel0(j, k - 1));
        const Conserved north = conserved(density0(j, k + 1), energy0(j, k + 1), pressure(j, k + 1),
                                      cell_xvel0(j, k + 1), cell_yvel0(j, k + 1));
        double q[4];
        for (int c = 0; c < 4; ++c)
          q[c] = 0.25 * (west.q[c] + east.q[c] + south.q[c] + north.q[c]) -
                 hx * (east.fx[c] - west.fx[c]) - hy * (north.fy[c] - south.fy[c]);
        const double u = q[1] / q[0], v = q[2] / q[0];
        density1(j, k) = q[0];
        cell_xvel1(j, k) = u;
        cell_yvel1(j, k) = v;
        energy1(j, k) = q[3] / q[0] - 0.5 * (u * u + v * v);
      });
}
