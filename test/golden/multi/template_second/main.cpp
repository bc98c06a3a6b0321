// Heating then cooling a field: the cooling is a class template launching
// itself (`*this` in its member), fused with the heating before it at its
// own site, in the template.
//   cool [N] [STEPS] [MODE]   (MODE 1: the flux is the field, and the guard
//   runs them as written)
#include "cool.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 300 5 0
// KFUSE-RUN: 17 2 0
// KFUSE-FALLBACK-RUN: 300 5 1
// KFUSE-PROFILE-RUN: 300 5 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Field s;
    s.n = argc > 1 ? std::atoi(argv[1]) : 300;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 5;
    const int mode = argc > 3 ? std::atoi(argv[3]) : 0;
    s.t = Kokkos::View<double *>("t", s.n);
    s.q = mode == 1 ? s.t : Kokkos::View<double *>("q", s.n);
    Cool<2> cool(0.01);
    for (int step = 0; step < steps; ++step) {
      heat(s, 0.5);
      cool.run(s);
    }
    double sum = 0;
    auto t = s.t;
    Kokkos::parallel_reduce("sum", s.n, KOKKOS_LAMBDA(const int i, double &a) { a += t(i) * (i + 1); }, sum);
    std::printf("sum=%.12g\n", sum);
  }
  Kokkos::finalize();
}
