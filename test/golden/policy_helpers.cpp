// Policies built by helpers, as hydro codes write them: kfuse does not read
// their bounds, only compares them. Two launches over the same helper call
// fuse as they are; a launch over another helper fuses when the profile saw
// the two boxes equal, the guard comparing them at run time
// (`::kfuse::bounds_of`): with "shrink" the second helper's box is smaller
// and the original launches run.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

struct Grid {
  int nx = 0, ny = 0, pad = 0;
  Kokkos::View<double **> rho, e, p;
};

Kokkos::MDRangePolicy<Kokkos::Rank<2>> cells(const Grid &g) {
  return Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {g.nx, g.ny});
}

Kokkos::MDRangePolicy<Kokkos::Rank<2>> interior(const Grid &g) {
  return Kokkos::MDRangePolicy<Kokkos::Rank<2>>({g.pad, g.pad}, {g.nx - g.pad, g.ny - g.pad});
}

// A helper reading a global: code between that changes the global keeps the
// launches apart (the second's bounds are those after the change).
int g_rows = 0;
Kokkos::RangePolicy<> rows() { return Kokkos::RangePolicy<>(0, g_rows); }

void by_rows(Kokkos::View<double **> t, int nx) {
  g_rows = nx;
  Kokkos::parallel_for("row_scale", rows(), KOKKOS_LAMBDA(const int i) { t(i, 0) *= 0.5; });
  g_rows = nx - 1;
  Kokkos::parallel_for("row_shift", rows(), KOKKOS_LAMBDA(const int i) { t(i, 1) += t(i, 0); }); // EXPECT-REMARK: kfuse-code-between
}

void step(Grid &g) {
  auto rho = g.rho;
  auto e = g.e;
  auto p = g.p;
  Kokkos::parallel_for(
      "heat", cells(g), KOKKOS_LAMBDA(const int i, const int j) { e(i, j) += 0.01 * rho(i, j); });
  Kokkos::parallel_for(
      "pressure", cells(g),
      KOKKOS_LAMBDA(const int i, const int j) { p(i, j) = 0.4 * rho(i, j) * e(i, j); });
  Kokkos::parallel_for(
      "relax", interior(g),
      KOKKOS_LAMBDA(const int i, const int j) { rho(i, j) -= 0.001 * p(i, j); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Grid g;
    g.nx = 40;
    g.ny = 30;
    g.pad = argc > 1 && std::strcmp(argv[1], "shrink") == 0 ? 1 : 0;
    g.rho = Kokkos::View<double **>("rho", g.nx, g.ny);
    g.e = Kokkos::View<double **>("e", g.nx, g.ny);
    g.p = Kokkos::View<double **>("p", g.nx, g.ny);
    auto rho = g.rho, e = g.e;
    Kokkos::parallel_for(
        "init", cells(g), KOKKOS_LAMBDA(const int i, const int j) {
          rho(i, j) = 1.0 + ((i + 2 * j) % 5) * 0.125;
          e(i, j) = 2.0 - (i % 3) * 0.25;
        });
    for (int s = 0; s < 5; ++s) {
      step(g);
      by_rows(g.e, g.nx);
    }
    double sum = 0;
    auto p = g.p;
    Kokkos::parallel_reduce(
        "sum", cells(g),
        KOKKOS_LAMBDA(const int i, const int j, double &t) {
          t += (rho(i, j) + 2 * e(i, j) + 3 * p(i, j)) * (1 + (i + j) % 3);
        },
        sum);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
// KFUSE-RUN-FALLBACK: shrink
