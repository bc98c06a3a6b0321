// The second half, in another file: reads the velocities 'advance' wrote at
// the same index and writes the positions (fused across functions, the
// guard naming the private members). 'smooth' reads a position one further
// on, which 'relax' wrote in another iteration: refused, naming it. 'damp'
// writes a View it is given, which may be the mesh's velocities.
#include "mesh.h"

namespace sim {

void relax(const Mesh &mesh) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax", mesh.size(), KOKKOS_LAMBDA(const int i) {
        mesh.u(i) = 0.5 * (mesh.u(i) + mesh.v(i));
      });
}

void smooth(const Mesh &mesh) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "smooth", mesh.size(), KOKKOS_LAMBDA(const int i) {
        mesh.w(i) = 0.25 * (mesh.u(i) + mesh.u(i + 1)) - 0.5;
      });
}

void damp(const Mesh &mesh, Kokkos::View<double *> out) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "damp", mesh.size(), KOKKOS_LAMBDA(const int i) { out(i) = 0.9 * mesh.w(i); });
}

} // namespace sim
