// A class that launches itself with work tags, as molecular dynamics codes
// write their integrators: 'kick' and 'drift' fuse by composition (the fused
// functor holds a copy of the object and calls its tagged operators in turn
// for each index); the guard checks the object's Views through 'this'
// ("alias" passes one View as both x and v: the original launches run).
// 'smooth' reads x(i + 1), which 'drift' writes: it stays apart. 'Heat'
// does the same over a 2-D MDRange.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

struct Integrator {
  using Vector = Kokkos::View<double *>;
  struct TagKick {};
  struct TagDrift {};
  struct TagSmooth {};

  Vector x, v, f, s;
  double dt;
  int n;

  KOKKOS_INLINE_FUNCTION void operator()(TagKick, const int i) const { v(i) += dt * f(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagDrift, const int i) const { x(i) += dt * v(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagSmooth, const int i) const {
    s(i) = 0.5 * (x(i) + x(i + 1)); // EXPECT-REMARK: kfuse-unsafe-dependence
  }

  void step() {
    Kokkos::parallel_for("kick", Kokkos::RangePolicy<TagKick>(0, n), *this);
    Kokkos::parallel_for("drift", Kokkos::RangePolicy<TagDrift>(0, n), *this);
    Kokkos::parallel_for("smooth", Kokkos::RangePolicy<TagSmooth>(0, n), *this);
  }
};

struct Heat {
  using Grid = Kokkos::View<double **>;
  struct TagFlux {};
  struct TagApply {};

  Grid T, Q;
  int nx, ny;

  KOKKOS_INLINE_FUNCTION void operator()(TagFlux, const int i, const int j) const {
    Q(i, j) = 0.25 * T(i, j) + 1.0;
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagApply, const int i, const int j) const {
    T(i, j) += 0.5 * Q(i, j);
  }

  void step() {
    using Flux = Kokkos::MDRangePolicy<Kokkos::Rank<2>, TagFlux>;
    using Apply = Kokkos::MDRangePolicy<Kokkos::Rank<2>, TagApply>;
    Kokkos::parallel_for("flux", Flux({0, 0}, {nx, ny}), *this);
    Kokkos::parallel_for("apply", Apply({0, 0}, {nx, ny}), *this);
  }
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool Alias = argc > 1 && std::strcmp(argv[1], "alias") == 0;
    const int N = 500;
    Integrator I;
    I.n = N;
    I.dt = 0.125;
    I.x = Integrator::Vector("x", N + 1);
    I.v = Alias ? I.x : Integrator::Vector("v", N + 1);
    I.f = Integrator::Vector("f", N + 1);
    I.s = Integrator::Vector("s", N + 1);
    auto x = I.x, v = I.v, f = I.f;
    Kokkos::parallel_for(
        "init", N + 1, KOKKOS_LAMBDA(const int i) { x(i) = i % 7; v(i) = i % 3; f(i) = 1 - i % 2; });
    Heat H;
    H.nx = 30;
    H.ny = 20;
    H.T = Heat::Grid("T", H.nx, H.ny);
    H.Q = Heat::Grid("Q", H.nx, H.ny);
    auto T = H.T;
    Kokkos::parallel_for(
        "init_heat", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {H.nx, H.ny}),
        KOKKOS_LAMBDA(const int i, const int j) { T(i, j) = (i + 2 * j) % 9; });
    for (int It = 0; It < 4; ++It) {
      I.step();
      H.step();
    }
    double Heat2 = 0;
    Kokkos::parallel_reduce(
        "check_heat", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {H.nx, H.ny}),
        KOKKOS_LAMBDA(const int i, const int j, double &S) { S += T(i, j) * (1 + (i + j) % 5); },
        Heat2);
    double Sum = 0;
    auto s = I.s;
    Kokkos::parallel_reduce(
        "check", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += (x(i) + 2 * v(i) + 3 * s(i)) * (1 + i % 5); },
        Sum);
    std::printf("checksum=%.17g heat=%.17g\n", Sum, Heat2);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
// KFUSE-RUN-FALLBACK: alias
