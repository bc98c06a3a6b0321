// hydro2d: the driver, a 2-D blast in a closed box run for a number of steps.
//
// Usage: hydro2d [cells_per_side] [steps]
#include "ExampleSupport.hpp"
#include "hydro.h"

#include <cstdio>

namespace {

/// One row of the summary table.
void print_summary(const char *name, const SummaryValues &s) {
  std::printf("%-8s %23.16e %23.16e %23.16e %23.16e %23.16e\n", name, s.volume, s.mass,
              s.internal_energy, s.kinetic_energy, s.pressure);
}

} // namespace

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int requested = example::argOr(argc, argv, 1, 32);
    const int cells_per_side = requested < 4 ? 4 : requested;
    const int steps = example::argOr(argc, argv, 2, 40);

    Chunk chunk = make_chunk(cells_per_side);
    const SummaryValues initial = field_summary(chunk);
    std::printf("hydro2d cells=%dx%d steps=%d\n", chunk.x_cells, chunk.y_cells, steps);

    double time = 0.0;
    example::Timer timer;
    for (int step = 1; step <= steps; ++step) {
      const double dt = timestep(chunk);
      hydro_cycle(chunk, dt);
      time += dt;
    }
    Kokkos::fence();
    const double seconds = timer.seconds();

    const SummaryValues last = field_summary(chunk);
    std::printf("%-8s %23s %23s %23s %23s %23s\n", "", "volume", "mass", "internal", "kinetic",
                "pressure");
    print_summary("initial", initial);
    print_summary("final", last);
    // One checksum line per summary value (volume, mass, internal, kinetic,
    // pressure), then the simulated time.
    std::printf("hydro2d checksum=%.17g\n", last.volume);
    std::printf("hydro2d checksum=%.17g\n", last.mass);
    std::printf("hydro2d checksum=%.17g\n", last.internal_energy);
    std::printf("hydro2d checksum=%.17g\n", last.kinetic_energy);
    std::printf("hydro2d checksum=%.17g\n", last.pressure);
    std::printf("hydro2d checksum=%.17g\n", time);
    std::printf("time_s=%.9f\n", seconds);
  }
  Kokkos::finalize();
  return 0;
}
