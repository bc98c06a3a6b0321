// The three kernels of one relaxation step, launched back to back on the same
// range: kfuse fuses them into one kernel (see ../profiles/relax.json).

#include "relax.hpp"

void relaxStep(Field U, Field Tmp, Field Flux, double Alpha, double Dt) {
  const int N = static_cast<int>(U.extent(0));
  Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { Tmp(i) = Alpha * U(i); });
  Kokkos::parallel_for(
      "damp", N, KOKKOS_LAMBDA(const int i) { Flux(i) = Tmp(i) / (1.0 + Tmp(i) * Tmp(i)); });
  Kokkos::parallel_for(
      "update", N, KOKKOS_LAMBDA(const int i) { U(i) = U(i) - Dt * Flux(i); });
}
