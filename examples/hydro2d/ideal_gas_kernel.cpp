// hydro2d: the ideal-gas equation of state, p = (gamma - 1) rho e.
#include "ExampleSupport.hpp"
#include "kernels.h"

void ideal_gas_kernel(Chunk &chunk) {
  const Field field = chunk.field;
  const double gamma = chunk.gamma;
  Kokkos::parallel_for(
      "ideal_gas", cells(chunk), KOKKOS_LAMBDA(const int j, const int k) {
        const double p = (gamma - 1.0) * field.density0(j, k) * field.energy0(j, k);
        field.pressure(j, k) = p;
        field.soundspeed(j, k) = example::sqrt(gamma * p / field.density0(j, k));
      });
}
