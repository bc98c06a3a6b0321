#include "solver.h"
#include <cstdio>
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Solver<double> s(4000);
    Kokkos::deep_copy(s.u, 1.0);
    for (int k = 0; k < 5; ++k) s.step();
    std::printf("%.6f\n", s.sum());
  }
  Kokkos::finalize();
}
