// The lowest volume of the mesh, then the highest after the mesh's volumes
// are switched to the other set: computed ahead from the first set, the
// highest would be wrong.
//   held [N]
#include "mesh.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 300
// KFUSE-RUN: 7
// KFUSE-PROFILE-RUN: 300

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Mesh mesh;
    mesh.n = argc > 1 ? std::atoi(argv[1]) : 300;
    mesh.m_vol = Kokkos::View<double *>("vol", mesh.n);
    mesh.m_alt = Kokkos::View<double *>("alt", mesh.n);
    auto vol = mesh.m_vol, alt = mesh.m_alt;
    Kokkos::parallel_for(
        "init", mesh.n, KOKKOS_LAMBDA(const int i) {
          vol(i) = 1.0 + 0.01 * ((i * 7) % 13);
          alt(i) = 2.0 + 0.02 * ((i * 5) % 11);
        });
    double sum = 0.0;
    for (int step = 0; step < 3; ++step) {
      const double lo = lowest(mesh);
      mesh.m_vol = mesh.m_alt;
      const double hi = highest(mesh);
      mesh.m_vol = vol;
      std::printf("step=%d lo=%.17g hi=%.17g\n", step, lo, hi);
      sum += lo + hi;
    }
    std::printf("sum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
