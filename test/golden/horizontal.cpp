// Horizontal fusion: a hydro code's reset over cells and then over nodes
// (one more than the cells). The profile saw the ranges differ in every run,
// so the two kernels run as one launch over the larger range, each part only
// below its own end; the node kernel reads the cell energy at its own index,
// a point-wise dependence that holds where both run. 'spread' reads the
// node to the right of a cell, which 'reset_nodes' writes: it stays apart.
// 'accumulate' launches functor objects over the same two ranges: the fused
// functor holds both and calls each below its own end.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vector = Kokkos::View<double *>;

void reset(Vector cell_e, Vector cell_mass, Vector node_mass, Vector flux, int NCells) {
  Kokkos::parallel_for(
      "reset_cells", NCells, KOKKOS_LAMBDA(const int i) {
        cell_mass(i) = 1.0 + i % 3;
        cell_e(i) = 0.5 * cell_e(i) + 1.0;
      });
  Kokkos::parallel_for(
      "reset_nodes", NCells + 1, KOKKOS_LAMBDA(const int i) { node_mass(i) = 0.25 * cell_e(i); });
  Kokkos::parallel_for(
      "spread", NCells, KOKKOS_LAMBDA(const int i) { flux(i) = node_mass(i + 1) - node_mass(i); }); // EXPECT-REMARK: kfuse-unsafe-dependence
}

struct Accumulate {
  Vector from, to;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { to(i) += 0.5 * from(i); }
};

void accumulate(Vector cell_e, Vector cell_mass, Vector node_mass, int NCells) {
  Kokkos::parallel_for("accumulate_cells", NCells, Accumulate{cell_e, cell_mass});
  Kokkos::parallel_for("accumulate_nodes", NCells + 1, Accumulate{cell_e, node_mass});
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int NCells = argc > 1 ? std::atoi(argv[1]) : 300;
    Vector cell_e("cell_e", NCells + 1), cell_mass("cell_mass", NCells);
    Vector node_mass("node_mass", NCells + 1), flux("flux", NCells);
    Kokkos::parallel_for(
        "init", NCells + 1, KOKKOS_LAMBDA(const int i) { cell_e(i) = i % 11; });
    for (int It = 0; It < 3; ++It) {
      reset(cell_e, cell_mass, node_mass, flux, NCells);
      accumulate(cell_e, cell_mass, node_mass, NCells);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "check", NCells,
        KOKKOS_LAMBDA(const int i, double &S) {
          S += (cell_e(i) + 2 * cell_mass(i) + 3 * node_mass(i) + 5 * flux(i)) * (1 + i % 7);
        },
        Sum);
    double Last = 0;
    Kokkos::parallel_reduce(
        "last", 1, KOKKOS_LAMBDA(const int, double &S) { S += node_mass(NCells) + cell_e(NCells); },
        Last);
    std::printf("cells=%d checksum=%.17g last=%.17g\n", NCells, Sum, Last);
  }
  Kokkos::finalize();
}
// KFUSE-RUN: 300
// KFUSE-RUN: 1
// KFUSE-RUN: 1000
