#include "physics.h"

// Reads the predicted value at its own index: fused with the predictor.
void relax(Field u, Field w, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax", n, KOKKOS_LAMBDA(const int i) { w(i) = 0.5 * (u(i) + w(i)); });
}

// Reads the neighbour's predicted value, which another index writes.
void smooth(Field u, Field w, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "smooth", n, KOKKOS_LAMBDA(const int i) { w(i) = u(i < n - 1 ? i + 1 : i) - w(i); });
}

// Damps the relaxed field: the time loop then launches a kernel reading it.
void damp(Field w, int n) {
  Kokkos::parallel_for("damp", n, KOKKOS_LAMBDA(const int i) { w(i) *= 0.9; });
}
