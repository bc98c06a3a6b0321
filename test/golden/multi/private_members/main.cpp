// Kernels of a mesh whose Views are private members behind accessors, in
// three files, called in turn from a time loop: the guard names each
// private member through a pointer to it. Where 'damp' is handed the mesh's
// own velocities (flag 1), nothing it writes is what 'smooth' touches: the
// guard finds them apart and the pair runs fused. Where it is handed the
// weights 'smooth' writes (flag 2), the guard finds 'out' is not apart from
// them, and the launches run as written.
#include "mesh.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 0
// KFUSE-RUN: 1
// KFUSE-FALLBACK-RUN: 2
// KFUSE-PROFILE-RUN: 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int flags = argc > 1 ? std::atoi(argv[1]) : 0;
    const int n = 1000;
    sim::Mesh mesh(n);
    Kokkos::View<double *> out("out", n);
    Kokkos::parallel_for(
        "init", n + 1, KOKKOS_LAMBDA(const int i) {
          mesh.u(i) = 1.0 + 0.001 * i;
          if (i < n)
            mesh.w(i) = 0.5;
        });
    Kokkos::View<double *> damped =
        flags & 2 ? mesh.weights() : flags & 1 ? mesh.velocities() : out;
    for (int step = 0; step < 5; ++step) {
      sim::advance(mesh, 0.01);
      sim::relax(mesh);
      sim::smooth(mesh);
      sim::damp(mesh, damped);
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &acc) {
          acc += mesh.u(i) + 2 * mesh.v(i) + 3 * mesh.w(i) + 4 * out(i);
        },
        sum);
    std::printf("checksum %.17g\n", sum);
  }
  Kokkos::finalize();
}
