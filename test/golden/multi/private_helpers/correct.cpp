#include "solver.h"

void Solver::correct() {
  auto u = this->u;
  auto v = this->v;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "correct", n, KOKKOS_LAMBDA(const int i) { v(i) = limit(u(i) - 2.0) * 0.5; });
}
