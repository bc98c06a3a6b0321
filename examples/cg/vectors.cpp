// The vector kernels of an iteration: the update of x and r, the residual,
// the next direction; and the solver's set-up.
#include "cg.h"

namespace cg {

Solver::Solver(int n) : n(n), x("x", n), r("r", n), p("p", n), q("q", n) { setup(); }

// (Not in the constructor, nor private: CUDA takes no lambda there.)
void Solver::setup() {
  auto r = this->r, p = this->p;
  Kokkos::parallel_for(
      "setup", Kokkos::RangePolicy<>(0, n), KOKKOS_LAMBDA(const int i) {
        r(i) = 1.0 + (i % 7) / 10.0; // b - A x for x = 0
        p(i) = r(i);
      });
}

void Solver::update(double alpha) {
  Kokkos::parallel_for("update", Kokkos::RangePolicy<>(0, n), Update{x, r, p, q, alpha});
}

double Solver::residual() const {
  double sum = 0.0;
  Kokkos::parallel_reduce("residual", Kokkos::RangePolicy<>(0, n), Dot{r, r}, sum);
  return sum;
}

double Solver::updateResidual(double alpha) {
  double sum = 0.0;
  Kokkos::parallel_reduce("update_residual", Kokkos::RangePolicy<>(0, n),
                          UpdateResidual{x, r, p, q, alpha}, sum);
  return sum;
}

void Solver::direction(double beta) {
  Kokkos::parallel_for("direction", Kokkos::RangePolicy<>(0, n), Direction{r, p, beta});
}

double Solver::solution() const {
  double sum = 0.0;
  Kokkos::parallel_reduce("solution", Kokkos::RangePolicy<>(0, n), Dot{x, x}, sum);
  return sum;
}

} // namespace cg
