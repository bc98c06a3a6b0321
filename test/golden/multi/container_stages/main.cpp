// A Runge-Kutta driver keeps its stage Views in a std::array and hands them
// to the functions by element (`k[s - 1]`): an element of a standard
// container at an index of names is a handle, as a variable is, so the
// calls can hold a pending kernel. 'rhs' (a functor whose operator is
// defined out of its class) and 'stage' fuse across the functions, in the
// loop and across its back edge ('rhs' then 'stage': the pair 'rhs' then
// 'combine' is colder and keeps its launches).
//   main [N]
#include <Kokkos_Core.hpp>
#include <array>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

using Vec = Kokkos::View<double *>;

struct Rhs {
  Vec u, k;
  double c;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const;
};

KOKKOS_INLINE_FUNCTION void Rhs::operator()(const int i) const {
  k(i) = -c * u(i) + 0.1 * (i % 3);
}

static void rhs(Vec u, Vec k, double c) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "rhs", u.extent(0), Rhs{u, k, c});
}

static void stage(Vec y, Vec u, Vec k, double a) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "stage", u.extent(0), KOKKOS_LAMBDA(const int i) { y(i) = u(i) + a * k(i); });
}

static void combine(Vec u, const std::array<Vec, 4> &k, double dt) {
  auto k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3];
  Kokkos::parallel_for(
      "combine", u.extent(0), KOKKOS_LAMBDA(const int i) {
        u(i) += dt / 6 * (k0(i) + 2 * k1(i) + 2 * k2(i) + k3(i));
      });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec u("u", n), y("y", n);
    std::array<Vec, 4> k{Vec("k0", n), Vec("k1", n), Vec("k2", n), Vec("k3", n)};
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) { u(i) = 1.0 + (i % 11); });
    const double dt = 0.01;
    const double a[4] = {0.0, 0.5, 0.5, 1.0};
    for (int step = 0; step < 6; ++step) {
      rhs(u, k[0], 1.0);
      for (int s = 1; s < 4; ++s) {
        stage(y, u, k[s - 1], a[s] * dt);
        rhs(y, k[s], 1.0);
      }
      combine(u, k, dt);
    }
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &t) { t += u(i) * (i % 7 + 1); }, sum);
    std::printf("sum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
