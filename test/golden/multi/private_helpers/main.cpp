// Kernels in two member functions of a class, in two files, whose lambdas
// call a private static helper of the class ('limit'). A copy of a body
// outside the class cannot call it: the pair is refused with a remark that
// names the helper, and nothing is written that does not compile.
#include "solver.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-PROFILE-RUN: 1000

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Solver s(argc > 1 ? std::atoi(argv[1]) : 1000);
    for (int t = 0; t < 5; ++t) {
      s.predict();
      s.correct();
    }
    std::printf("checksum=%.17g\n", s.sum());
  }
  Kokkos::finalize();
}
