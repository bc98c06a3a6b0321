// Functor objects held by the object launching them (`parallel_for(n,
// scale)` in a method, `scale` a data member): their Views are named by
// their paths (`scale.a`, `shift.a`), which the profile saw as one View and
// the guard checks are. Code between that changes a held object (assigning
// its member, or calling a method that does) blocks the move; elsewhere the
// launches fuse.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>
using Vec = Kokkos::View<double *>;
struct Scale {
  Vec a;
  double s;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { a(i) *= s; }
};
struct Shift {
  Vec a, b;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = a(i) + 1.0; }
};
class Pipeline {
public:
  Pipeline(Vec a, Vec b, Vec c) : scale{a, 0.5}, shift{c, b}, n(a.extent(0)) {}
  void run(int t) {
    Kokkos::parallel_for("shift", n, shift);
    scale.s = 1.0 + 0.25 * t;
    Kokkos::parallel_for("scale", n, scale); // EXPECT-REMARK: kfuse-fused
    Kokkos::parallel_for("shift2", n, this->shift); // named through `this` too
    set(t);
    Kokkos::parallel_for("scale2", n, scale); // EXPECT-REMARK: kfuse-code-between
  }
  void set(int t) { scale.s = 0.5 + t; }

private:
  Scale scale;
  Shift shift;
  int n;
};
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec a("a", n), b("b", n), c("c", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          a(i) = 0.001 * (i % 101);
          c(i) = 1.0;
        });
    Pipeline p(a, b, c);
    for (int t = 0; t < 4; ++t)
      p.run(t);
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += a(i) + b(i); }, s);
    std::printf("s=%.17g\n", s);
  }
  Kokkos::finalize();
}
