// The first half of a step: writes the velocities through their accessor.
#include "mesh.h"

namespace sim {

void advance(const Mesh &mesh, double dt) {
  Kokkos::parallel_for(
      "advance", mesh.size(), KOKKOS_LAMBDA(const int i) {
        mesh.v(i) = mesh.u(i) * dt + mesh.w(i);
      });
}

} // namespace sim
