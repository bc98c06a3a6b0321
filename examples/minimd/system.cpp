// minimd: the initial state, a perturbed simple-cubic lattice at a given temperature.
#include "system.h"

#include "ExampleSupport.hpp"
#include "thermo.h"
#include "view_util.h"

void create_lattice(System &sys, int side, double lattice, double target_temp) {
  sys.N = side * side * side;
  sys.ntypes = 1;
  sys.box = side * lattice;
  sys.x = Kokkos::View<double *[3]>("x", sys.N);
  sys.v = Kokkos::View<double *[3]>("v", sys.N);
  sys.f = Kokkos::View<double *[3]>("f", sys.N);
  sys.type = Kokkos::View<int *>("type", sys.N);
  sys.mass = Kokkos::View<double *>("mass", sys.ntypes);
  fill(sys.type, 0);
  fill(sys.mass, 1.0);

  auto x = sys.x;
  auto v = sys.v;
  Kokkos::parallel_for(
      "create_lattice", Kokkos::RangePolicy<>(0, sys.N), KOKKOS_LAMBDA(const int i) {
        const int site[3] = {i % side, (i / side) % side, i / (side * side)};
        for (int d = 0; d < 3; ++d) {
          // Displacements of at most 5% of the spacing keep every site inside the box.
          x(i, d) = lattice * (site[d] + 0.5 + 0.1 * (example::unitValue(11 + d, i) - 0.5));
          v(i, d) = example::unitValue(21 + d, i) - 0.5;
        }
      });

  const double scale = example::sqrt(target_temp / temperature(sys));
  Kokkos::parallel_for(
      "scale_velocities", Kokkos::RangePolicy<>(0, sys.N), KOKKOS_LAMBDA(const int i) {
        v(i, 0) *= scale;
        v(i, 1) *= scale;
        v(i, 2) *= scale;
      });
}
