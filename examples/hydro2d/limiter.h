// hydro2d: optional bounds on the end-of-step fields, applied only when set.
#ifndef HYDRO2D_LIMITER_H
#define HYDRO2D_LIMITER_H

#include "definitions.h"

/// Keeps density1 and energy1 above their floors and the cell velocities
/// within +-max_speed, on the execution space ExecSpace. A bound of 0 is unset.
template <class ExecSpace = Kokkos::DefaultExecutionSpace> class Limiter {
public:
  using exec_space = ExecSpace;
  using policy_type = Kokkos::MDRangePolicy<exec_space, Kokkos::Rank<2>>;

  explicit Limiter(const Chunk &chunk)
      : density_floor_(chunk.density_floor), energy_floor_(chunk.energy_floor),
        max_speed_(chunk.max_speed) {}

  /// Applies the bounds that are set to the interior cells of \p chunk.
  void apply(Chunk &chunk) const {
    const policy_type interior({1, 1}, {chunk.x_cells + 1, chunk.y_cells + 1});
    auto density1 = chunk.field.density1;
    auto energy1 = chunk.field.energy1;
    auto cell_xvel1 = chunk.field.cell_xvel1;
    auto cell_yvel1 = chunk.field.cell_yvel1;
    const double density_floor = density_floor_, energy_floor = energy_floor_;
    const double max_speed = max_speed_;

    if (density_floor > 0.0 || energy_floor > 0.0) {
      Kokkos::parallel_for(
          "Limiter::floors", interior, KOKKOS_LAMBDA(const int j, const int k) {
            if (density1(j, k) < density_floor)
              density1(j, k) = density_floor;
            if (energy1(j, k) < energy_floor)
              energy1(j, k) = energy_floor;
          });
    }
    if (max_speed > 0.0) {
      Kokkos::parallel_for(
          "Limiter::max_speed", interior, KOKKOS_LAMBDA(const int j, const int k) {
            const double u = cell_xvel1(j, k), v = cell_yvel1(j, k);
            cell_xvel1(j, k) = u > max_speed ? max_speed : (u < -max_speed ? -max_speed : u);
            cell_yvel1(j, k) = v > max_speed ? max_speed : (v < -max_speed ? -max_speed : v);
          });
    }
  }

private:
  double density_floor_, energy_floor_, max_speed_;
};

#endif // HYDRO2D_LIMITER_H
