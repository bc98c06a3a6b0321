// Launches written on one line with the end of their function: a static
// member function, and a member of a class template, each the first
// kernel of a pair across functions. The rewrite puts the closing brace
// after the region's end marker on a line of its own (it compiled before
// only when the launch had its own line), and revert joins them again.
// The second function of the last pair builds its functor itself from
// handles (`Shift f(c, e)`): that reads no element of 'c', so the first
// kernel may wait past it. A call that shares its line with other code
// (`tick(); halve(...)`) is refused with the rewriter's limit named.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Arr = Kokkos::View<double *>;

struct Scale {
  Arr a, b;
  Scale(Arr a_, Arr b_) : a(a_), b(b_) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = 2.0 * a(i); }
  static void apply(Arr a, Arr b) { Kokkos::parallel_for("scale", Kokkos::RangePolicy<>(0, a.extent(0)), Scale(a, b)); }
};

void addone(Arr b, Arr c) {
  Kokkos::parallel_for("addone", Kokkos::RangePolicy<>(0, b.extent(0)), KOKKOS_LAMBDA(const int i) { c(i) = b(i) + 1.0; }); // EXPECT-REMARK: kfuse-fused
}

template <int N> struct Tag {};

template <class T> struct Damp {
  Kokkos::View<T *> v;
  KOKKOS_INLINE_FUNCTION void operator()(Tag<2>, const int i) const { v(i) *= 0.5; }
  void run(int n) { Kokkos::parallel_for("damp", Kokkos::RangePolicy<Tag<2>>(0, n), *this); }
};

struct Shift {
  Arr from, to;
  Shift(Arr From, Arr To) : from(From), to(To) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { to(i) = from(i) + 3.0; }
};

void shifted(int n, Arr c, Arr e) {
  Shift f(c, e);
  Kokkos::parallel_for("shift", n, f); // EXPECT-REMARK: kfuse-fused
}

static int Ticks = 0;
void tick() { ++Ticks; }

void halve(int n, Arr e, Arr g) {
  Kokkos::parallel_for("halve", n, KOKKOS_LAMBDA(const int i) { g(i) = 0.5 * e(i); });
}

void square(int n, Arr g, Arr h) {
  Kokkos::parallel_for("square", n, KOKKOS_LAMBDA(const int i) { h(i) = g(i) * g(i); }); // EXPECT-REMARK: kfuse-code-between "a limit of its rewriter"
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1001;
    Arr a("a", n), b("b", n), c("c", n), e("e", n), g("g", n), h("h", n);
    Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) { a(i) = 0.25 * (i % 13); });
    Kokkos::fence();
    Damp<double> d{c};
    for (int it = 0; it < 3; ++it) {
      Scale::apply(a, b);
      addone(b, c);
    }
    for (int it = 0; it < 3; ++it) {
      d.run(n);
      shifted(n, c, e);
    }
    for (int it = 0; it < 3; ++it) {
      tick(); halve(n, e, g);
      square(n, g, h);
    }
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &r) { r += b(i) + c(i) + 2.0 * e(i) + h(i); }, s);
    std::printf("checksum=%.17g\n", s);
  }
  Kokkos::finalize();
}
