// A vector update that picks one of three functor classes with an
// `if / else if` and is called twice in a row (a CG benchmark's waxpby):
// one launch after itself, under an `if`. The remark names both ways kfuse
// fuses a launch with itself (temporal fusion; two calls of its function
// where the launch is a statement of the body) instead of only the first,
// which contradicted README.
#include <Kokkos_Core.hpp>
#include <cstdio>
using V = Kokkos::View<double *>;
struct W1 { V x, y, w; double b; KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) = x(i) + b * y(i); } };
struct W2 { V x, y, w; double a; KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) = a * x(i) + y(i); } };
struct W3 { V x, y, w; double a, b; KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) = a * x(i) + b * y(i); } };
void waxpby(int n, double alpha, V x, double beta, V y, V w) {
  if (alpha == 1.0) {
    Kokkos::parallel_for("waxpby", n, W1{x, y, w, beta}); // EXPECT-REMARK: kfuse-not-adjacent "across two calls of its function when it is a statement of the function's body itself"
  } else if (beta == 1.0) {
    Kokkos::parallel_for("waxpby", n, W2{x, y, w, alpha});
  } else {
    Kokkos::parallel_for("waxpby", n, W3{x, y, w, alpha, beta});
  }
}
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    int n = 1000; V x("x", n), p("p", n), r("r", n), z("z", n);
    Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) { x(i) = i % 3; r(i) = 1 + i % 4; });
    for (int k = 0; k < 5; ++k) {
      waxpby(n, 1.0, x, 0.5, p, x);
      waxpby(n, 1.0, r, -0.5, z, r);
    }
    double s = 0;
    Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(const int i, double &q) { q += x(i) + r(i); }, s);
    printf("checksum=%.17g\n", s);
  }
  Kokkos::finalize();
}
