// lagrange: the driver. Each step moves the state on and takes the time
// step's limits over every region.
//
// Usage: lagrange [elements_per_side] [steps] [regions]
#include "ExampleSupport.hpp"
#include "domain.h"

#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int side = example::argOr(argc, argv, 1, 24);
    const int steps = example::argOr(argc, argv, 2, 20);
    const int regions = example::argOr(argc, argv, 3, 11);
    Domain domain(side, regions);
    std::printf("lagrange elements=%d regions=%d steps=%d\n", domain.numElem(),
                domain.numReg(), steps);
    double courant = 0.0, hydro = 0.0;
    example::Timer timer;
    for (int step = 1; step <= steps; ++step) {
      domain.advance(step);
      time_constraints(domain);
      courant += domain.dtcourant();
      hydro += domain.dthydro();
    }
    Kokkos::fence();
    const double seconds = timer.seconds();
    std::printf("lagrange dtcourant=%.17g dthydro=%.17g\n", domain.dtcourant(),
                domain.dthydro());
    // The limits summed over the steps, Courant then volume change.
    std::printf("lagrange checksum=%.17g\n", courant);
    std::printf("lagrange checksum=%.17g\n", hydro);
    std::printf("time_s=%.9f\n", seconds);
  }
  Kokkos::finalize();
  return 0;
}
