// Host code between launches, read through the AST. In 'step', a helper
// whose body changes only a global, a helper writing another View, and the
// reduction's result declared just before it: 'total' cannot move up (it
// needs 'Total'), so 'update' moves down past the code and the two fuse
// there; the guard checks that 'scratch', which the code writes, is none of
// their Views ("alias" passes 'u' as 'scratch': the original launches run).
// In 'heat', a policy declared between the launches: 'flux' moves down to it.
// In 'relax', a helper writes a View both kernels use: nothing moves.
// In 'settle', a reference parameter written between the launches may be
// an element of their View ("alias" binds it to u(1)): nothing moves; in
// 'warm', a member of an element of their View of structs (cells(2).e).
// In 'retime', the clock's step is set between the launches through the
// reference clock.step() returns: 'advance', which reads it, cannot move up
// past that; 'prepare' moves down to it.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

using Vector = Kokkos::View<double *>;
using Grid = Kokkos::View<double **>;
using Cells = Kokkos::MDRangePolicy<Kokkos::Rank<2>>;

static int g_steps = 0;
void count_step() { ++g_steps; }
// Host helpers writing an element (host memory: the golden tests run on
// host backends; a deep copy would end the chain in the profile).
void mark(Vector v, int K) { v(K) = K; }
void halve(Vector v) { v(0) *= 0.5; }

double step(Vector u, Vector f, Vector scratch, int N) {
  Kokkos::parallel_for(
      "update", N, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * u(i) + f(i); });
  count_step();
  mark(scratch, int(u.extent(0)) - 1);
  double Total = 0;
  Kokkos::parallel_reduce(
      "total", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) * (1 + i % 3); }, Total);
  return Total;
}

void heat(Grid T, Grid Q, int NX, int NY) {
  Kokkos::parallel_for(
      "flux", Cells({0, 0}, {NX, NY}),
      KOKKOS_LAMBDA(const int i, const int j) { Q(i, j) = 0.25 * T(i, j) + 1.0; });
  Cells Inner({0, 0}, {NX, NY});
  Kokkos::parallel_for(
      "apply", Inner, KOKKOS_LAMBDA(const int i, const int j) { T(i, j) += 0.5 * Q(i, j); });
}

void relax(Vector u, Vector f, int N) {
  Kokkos::parallel_for(
      "smooth", N, KOKKOS_LAMBDA(const int i) { f(i) += 0.25 * u(i); });
  halve(u);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "restore", N, KOKKOS_LAMBDA(const int i) { u(i) = f(i) - 1.0; });
}

void settle(Vector u, Vector f, double &last, int N) {
  Kokkos::parallel_for(
      "spread", N, KOKKOS_LAMBDA(const int i) { f(i) = u(i) + 1.0; });
  last = 2.5;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "gather", N, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * f(i); });
}

struct Cell {
  double e, m;
};

void warm(Kokkos::View<Cell *> c, double &last, int N) {
  Kokkos::parallel_for(
      "heat_cells", N, KOKKOS_LAMBDA(const int i) { c(i).e += 1.0 + i % 2; });
  last = 3.5;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "cool_cells", N, KOKKOS_LAMBDA(const int i) { c(i).m = 0.5 * c(i).e; });
}

/// A clock whose step is set through the reference an accessor returns.
struct Clock {
  double dt = 0.1;
  double &step() { return dt; }
};

void retime(Vector u, Vector f, Clock clock, int N) {
  Kokkos::parallel_for(
      "prepare", N, KOKKOS_LAMBDA(const int i) { f(i) = 0.5 * u(i) + 1.0; });
  clock.step() = 0.25;
  Kokkos::parallel_for(
      "advance", N, KOKKOS_LAMBDA(const int i) { u(i) += clock.dt * f(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool Alias = argc > 1 && std::strcmp(argv[1], "alias") == 0;
    const int N = 300, NX = 20, NY = 30;
    Vector u("u", N), f("f", N), scratch("scratch", N);
    Grid T("T", NX, NY), Q("Q", NX, NY);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { u(i) = i % 5; f(i) = 0.25 * (i % 3); });
    Kokkos::parallel_for(
        "init2", Cells({0, 0}, {NX, NY}),
        KOKKOS_LAMBDA(const int i, const int j) { T(i, j) = (i + 2 * j) % 7; });
    Kokkos::View<Cell *> cells("cells", N);
    double Sum = 0, Last = 0;
    for (int It = 0; It < 3; ++It) {
      Sum += step(u, f, Alias ? u : scratch, N);
      heat(T, Q, NX, NY);
      relax(u, f, N);
      settle(u, f, Alias ? u(1) : Last, N);
      warm(cells, Alias ? cells(2).e : Last, N);
      retime(u, f, Clock(), N);
    }
    double Check = 0;
    Kokkos::parallel_reduce(
        "check", Cells({0, 0}, {NX, NY}),
        KOKKOS_LAMBDA(const int i, const int j, double &S) { S += T(i, j) * (1 + (i + j) % 5); },
        Check);
    std::printf("sum=%.17g check=%.17g steps=%d last=%.17g u1=%.17g cell2=%.17g %.17g\n", Sum,
                Check, g_steps, Last, u(1), cells(2).e, cells(2).m);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
// KFUSE-RUN-FALLBACK: alias
