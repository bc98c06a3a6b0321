// Kernels of different functions passing their Views to device functions
// of the program (`kick(v, f, i, h)`, a helper returning an element by
// reference): the analysis follows the calls, so the chains across
// functions are judged on what the functions touch; their bodies are kept
// as written (composed, no restrict pointers).
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

using Vec = Kokkos::View<double *>;

KOKKOS_INLINE_FUNCTION void kick(const Vec &v, const Vec &f, const int i, const double h) {
  v(i) += h * f(i);
}

template <class V> KOKKOS_INLINE_FUNCTION auto at(const V &v, int i) -> decltype(v(i)) {
  return v(i);
}

void half_kick(Vec v, Vec f, int n, double h) {
  Kokkos::parallel_for("half_kick", n, KOKKOS_LAMBDA(const int i) { kick(v, f, i, h); });
}

void drift(Vec x, Vec v, int n, double dt) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "drift", n, KOKKOS_LAMBDA(const int i) { at(x, i) += dt * at(v, i); });
}

void force(Vec x, Vec f, int n) {
  Kokkos::parallel_for("force", n, KOKKOS_LAMBDA(const int i) { at(f, i) = -at(x, i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec x("x", n), v("v", n), f("f", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          x(i) = 0.001 * (i % 101);
          v(i) = 0.0;
          f(i) = -x(i);
        });
    for (int t = 0; t < 5; ++t) {
      half_kick(v, f, n, 0.005);
      drift(x, v, n, 0.01);
      force(x, f, n);
      half_kick(v, f, n, 0.005);
    }
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += x(i) + v(i) + f(i); }, s);
    std::printf("s=%.17g\n", s);
  }
  Kokkos::finalize();
}
