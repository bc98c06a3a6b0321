// Usage: cg [n] [iterations]: CG iterations on the 1-D Laplacian of n
// points (defaults 100000 and 50); prints the residual and the solution's
// checksums, then the time of the iterations. Built with -DCG_HANDFUSED,
// the two pairs that run back to back (apply -> curvature, update ->
// residual) are fused by hand.
#include "cg.h"

#include "ExampleSupport.hpp"

#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = example::argOr(argc, argv, 1, 100000);
    const int iterations = example::argOr(argc, argv, 2, 50);
    cg::Solver solver(n);
    double rr = solver.residual();
    double history = 0.0;
    example::Timer timer;
    for (int it = 0; it < iterations; ++it) {
#ifdef CG_HANDFUSED
      const double alpha = rr / solver.applyCurvature();
      const double next = solver.updateResidual(alpha);
#else
      solver.apply();
      const double alpha = rr / solver.curvature();
      solver.update(alpha);
      const double next = solver.residual();
#endif
      solver.direction(next / rr);
      rr = next;
      history += rr;
    }
    Kokkos::fence();
    const double seconds = timer.seconds();
    std::printf("cg n=%d iterations=%d residual=%.17g\n", n, iterations, rr);
    std::printf("cg checksum=%.17g\n", history);
    std::printf("cg checksum=%.17g\n", solver.solution());
    std::printf("time_s=%.9f\n", seconds);
  }
  Kokkos::finalize();
  return 0;
}
