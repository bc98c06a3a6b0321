// Named functors declared between the launches of a group: 'Scale f2(c, d)'
// stands between the launches of 'first' and 'second'. The guard runs where
// 'first' was, before 'f2' exists, so it cannot name 'f2'; it does not need
// to: 'f2' holds 'c' and 'd' by construction (its constructor copies them
// and nothing changes it before its launch). A functor class template built
// inside its own static function from dependent arguments is modelled
// without a crash; a user line that ends with kfuse's inserted-line marker
// survives a revert.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vec = Kokkos::View<double *>;

struct Scale {
  Vec x, y;
  Scale(Vec x_, Vec y_) : x(x_), y(y_) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) = 2.0 * x(i) + 1.0; }
};

struct Params {
  int n;
};

template <class Device> struct Slope {
  Kokkos::View<double *, Device> u, du;
  Params p;
  double h;
  Slope(Kokkos::View<double *, Device> u_, Kokkos::View<double *, Device> du_, Params p_)
      : u(u_), du(du_), p(p_), h(1.0 / p_.n) {}
  static void apply(Kokkos::View<double *, Device> u, Kokkos::View<double *, Device> du,
                    Params p) {
    Slope functor(u, du, p);
    Kokkos::parallel_for("slope", p.n, functor);
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { du(i) = (u(i + 1) - u(i)) * h; }
};

void step(int n, Vec a, Vec b, Vec c, Vec d) {
  Scale f1(a, b);
  Kokkos::parallel_for("first", n, f1);
  Scale f2(c, d);
  Kokkos::parallel_for("second", n, f2);
}

// Unlabelled launches: the fused kernel is named by their places in the
// file, which no other file of a project repeats.
void smooth(int n, Vec b, Vec d) {
  Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) { b(i) = 0.5 * b(i) + 1.0; });
  Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) { d(i) = d(i) - 0.25 * b(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec a("a", N), b("b", N), c("c", N), d("d", N), u("u", N + 1), du("du", N);
    Kokkos::parallel_for(
        "init", N + 1, KOKKOS_LAMBDA(const int i) {
          if (i < N) {
            a(i) = 0.25 * i;
            c(i) = 1.0 - 0.5 * i;
          }
          u(i) = 0.01 * i * i;
        });
    for (int It = 0; It < 4; ++It) {
      step(N, a, b, c, d);
      smooth(N, b, d);
    }
    Slope<Vec::device_type>::apply(u, du, Params{N});
    int unused = 0; // kfuse-line
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += b(i) + 3.0 * d(i) + du(i); }, Sum);
    std::printf("checksum=%.17g %d\n", Sum, unused);
  }
  Kokkos::finalize();
}
