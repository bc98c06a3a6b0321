// The operator's kernels: q = A p, then p . q.
#include "cg.h"

namespace cg {

void Solver::apply() {
  Kokkos::parallel_for("apply", Kokkos::RangePolicy<>(0, n), Laplacian{p, q, n});
}

double Solver::curvature() const {
  double sum = 0.0;
  Kokkos::parallel_reduce("curvature", Kokkos::RangePolicy<>(0, n), Dot{p, q}, sum);
  return sum;
}

double Solver::applyCurvature() {
  double sum = 0.0;
  Kokkos::parallel_reduce("apply_curvature", Kokkos::RangePolicy<>(0, n),
                          ApplyCurvature{p, q, n}, sum);
  return sum;
}

} // namespace cg
