// hydro2d: the initial state of the chunk, ghost cells included.
#include "ExampleSupport.hpp"
#include "kernels.h"

void generate_chunk_kernel(Chunk &chunk) {
  auto density0 = chunk.field.density0;
  auto energy0 = chunk.field.energy0;
  const double dx = chunk.dx, dy = chunk.dy;
  const int row = chunk.y_cells + 2;
  Kokkos::parallel_for(
      "generate_chunk", all_cells(chunk), KOKKOS_LAMBDA(const int j, const int k) {
        const double x = (j - 0.5) * dx, y = (k - 0.5) * dy; // cell centre
        const bool hot = x < 0.4 && y < 0.4;
        // A 1% hash-based ripple on the density makes every cell's history distinct.
        const double ripple = 0.01 * (example::unitValue(7, std::uint64_t(j) * row + k) - 0.5);
        density0(j, k) = (hot ? 1.0 : 0.2) * (1.0 + ripple);
        energy0(j, k) = hot ? 2.5 : 1.0;
      });
}
