// Horizontal fusion of boxes: a 2-D hydro code's field reset over cells and
// then over nodes (one more in each direction), with the boxes written out
// ('reset') and built by helpers ('reset_helpers'). The profile saw the boxes
// differ in every run: the fused launch runs over the larger box, each part
// below its own ends, which the guard reads from the policies at run time
// (the same begins, ends at most 16 apart, or the kernels run unfused).
// 'smooth' writes the node to the right of a cell that 'reset_nodes_again'
// writes too: overlapping writes stay apart.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double **>;
using Box = Kokkos::MDRangePolicy<Kokkos::Rank<2>>;

struct Mesh {
  int nx, ny;
};

Box cells(const Mesh &m) { return Box({0, 0}, {m.nx, m.ny}); }
Box nodes(const Mesh &m) { return Box({0, 0}, {m.nx + 1, m.ny + 1}); }

void reset(Field density0, Field density1, Field xvel0, Field xvel1, int nx, int ny) {
  Kokkos::parallel_for(
      "reset_cells", Box({0, 0}, {nx, ny}),
      KOKKOS_LAMBDA(const int j, const int k) { density0(j, k) = density1(j, k); });
  Kokkos::parallel_for(
      "reset_nodes", Box({0, 0}, {nx + 1, ny + 1}),
      KOKKOS_LAMBDA(const int j, const int k) { xvel0(j, k) = xvel1(j, k) + 0.5 * density0(j, k); });
}

void reset_helpers(const Mesh &mesh, Field energy0, Field energy1, Field yvel0, Field yvel1) {
  Kokkos::parallel_for(
      "reset_energy", cells(mesh),
      KOKKOS_LAMBDA(const int j, const int k) { energy0(j, k) = 0.9 * energy1(j, k); });
  Kokkos::parallel_for(
      "reset_yvel", nodes(mesh),
      KOKKOS_LAMBDA(const int j, const int k) { yvel0(j, k) = yvel1(j, k) - energy0(j, k); });
}

void smooth(Field flux, Field node, int nx, int ny) {
  Kokkos::parallel_for(
      "smooth", Box({0, 0}, {nx, ny}),
      KOKKOS_LAMBDA(const int j, const int k) { node(j + 1, k) = 0.25 * flux(j, k); });
  Kokkos::parallel_for(
      "reset_nodes_again", Box({0, 0}, {nx + 1, ny + 1}),
      KOKKOS_LAMBDA(const int j, const int k) { node(j, k) += 1.0; }); // EXPECT-REMARK: kfuse-unsafe-dependence
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int nx = argc > 1 ? std::atoi(argv[1]) : 40, ny = argc > 2 ? std::atoi(argv[2]) : 30;
    const Mesh mesh{nx, ny};
    Field d0("d0", nx + 1, ny + 1), d1("d1", nx + 1, ny + 1), u0("u0", nx + 2, ny + 2),
        u1("u1", nx + 2, ny + 2), e0("e0", nx + 1, ny + 1), e1("e1", nx + 1, ny + 1),
        v0("v0", nx + 2, ny + 2), v1("v1", nx + 2, ny + 2), node("node", nx + 2, ny + 2);
    Kokkos::parallel_for(
        "init", Box({0, 0}, {nx + 2, ny + 2}), KOKKOS_LAMBDA(const int j, const int k) {
          if (j <= nx && k <= ny) {
            d1(j, k) = 1.0 + (j * 7 + k) % 5;
            e1(j, k) = 2.0 + (j + 3 * k) % 7;
          }
          u1(j, k) = 0.1 * ((j + k) % 3);
          v1(j, k) = 0.2 * ((j * k) % 4);
        });
    for (int It = 0; It < 3; ++It) {
      reset(d0, d1, u0, u1, nx, ny);
      reset_helpers(mesh, e0, e1, v0, v1);
      smooth(d0, node, nx, ny);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "check", Box({0, 0}, {nx + 2, ny + 2}),
        KOKKOS_LAMBDA(const int j, const int k, double &S) {
          const double w = 1 + (j * 3 + k) % 7;
          S += w * (u0(j, k) + 2 * v0(j, k) + 3 * node(j, k)) +
               (j <= nx && k <= ny ? w * (d0(j, k) + e0(j, k)) : 0.0);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN: 40 30
// KFUSE-RUN: 7 19
