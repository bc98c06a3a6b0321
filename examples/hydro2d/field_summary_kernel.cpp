// hydro2d: the field summary, several sums over the cells in one reduction.
#include "kernels.h"

namespace {

// Kokkos before 3.7 joins partial results through volatile references; 4.x
// rejects those (3.7 takes both).
#if KOKKOS_VERSION >= 30700
#define HYDRO2D_JOIN_VOLATILE
#else
#define HYDRO2D_JOIN_VOLATILE volatile
#endif

/// Sums each interior cell's volume, mass, internal and kinetic energy and
/// volume-weighted pressure (kinetic energy from the cell's 4 nodes).
class FieldSummary {
public:
  using value_type = SummaryValues;

  explicit FieldSummary(const Chunk &chunk)
      : field(chunk.field), cell_volume(chunk.dx * chunk.dy) {}

  KOKKOS_INLINE_FUNCTION void init(value_type &sum) const {
    sum.volume = 0.0;
    sum.mass = 0.0;
    sum.internal_energy = 0.0;
    sum.kinetic_energy = 0.0;
    sum.pressure = 0.0;
  }

  KOKKOS_INLINE_FUNCTION void join(HYDRO2D_JOIN_VOLATILE value_type &dst,
                                   const HYDRO2D_JOIN_VOLATILE value_type &src) const {
    dst.volume += src.volume;
    dst.mass += src.mass;
    dst.internal_energy += src.internal_energy;
    dst.kinetic_energy += src.kinetic_energy;
    dst.pressure += src.pressure;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const int j, const int k, value_type &sum) const {
    double vsqrd = 0.0;
    for (int jv = j; jv <= j + 1; ++jv)
      for (int kv = k; kv <= k + 1; ++kv)
        vsqrd += 0.25 * (field.xvel0(jv, kv) * field.xvel0(jv, kv) +
                         field.yvel0(jv, kv) * field.yvel0(jv, kv));
    const double cell_mass = cell_volume * field.density0(j, k);
    sum.volume += cell_volume;
    sum.mass += cell_mass;
    sum.internal_energy += cell_mass * field.energy0(j, k);
    sum.kinetic_energy += 0.5 * cell_mass * vsqrd;
    sum.pressure += cell_volume * field.pressure(j, k);
  }

private:
  Field field;
  double cell_volume;
};

} // namespace

SummaryValues field_summary_kernel(Chunk &chunk) {
  SummaryValues sums;
  Kokkos::parallel_reduce("field_summary", cells(chunk), FieldSummary(chunk), sums);
  return sums;
}
