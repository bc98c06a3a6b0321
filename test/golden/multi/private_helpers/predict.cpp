#include "solver.h"

void Solver::predict() {
  auto u = this->u;
  Kokkos::parallel_for(
      "predict", n, KOKKOS_LAMBDA(const int i) { u(i) = limit(u(i) + 1.0 - 0.01 * i); });
}

double Solver::sum() const {
  double s = 0;
  auto u = this->u;
  auto v = this->v;
  Kokkos::parallel_reduce(
      "sum", n, KOKKOS_LAMBDA(const int i, double &a) { a += u(i) + 3 * v(i); }, s);
  return s;
}
