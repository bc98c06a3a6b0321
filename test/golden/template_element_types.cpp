// A function template reading a View through an accessor the guard cannot
// name, instantiated for ints and for doubles. C++'s aliasing rules keep an
// int element apart from the doubles the next kernel writes, but not a
// double one, and the caller passes the box's own View as 'out': the
// Views each instantiation reads through the accessor are judged, and the
// pair is refused.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

template <class T> class Box {
public:
  explicit Box(Kokkos::View<T *> v) : m_v(v) {}
  KOKKOS_INLINE_FUNCTION T val(const int i) const { return m_v(i); }

private:
  Kokkos::View<T *> m_v;
};

using Vec = Kokkos::View<double *>;

template <class T> void shift(const Box<T> &box, Vec w, Vec out, int n) {
  Kokkos::parallel_for(
      "load", Kokkos::RangePolicy<>(1, n),
      KOKKOS_LAMBDA(const int i) { w(i) = 2.0 * box.val(i - 1); });
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-aliasing
      "store", Kokkos::RangePolicy<>(1, n), KOKKOS_LAMBDA(const int i) { out(i) = w(i) + 1.0; });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Kokkos::View<int *> k("k", n);
    Vec x("x", n), w("w", n), out("out", n);
    Kokkos::parallel_for(
        "fill", n, KOKKOS_LAMBDA(const int i) {
          k(i) = i % 5;
          x(i) = 0.5 * (i % 3);
        });
    Box<int> ints(k);
    Box<double> doubles(x);
    for (int t = 0; t < 3; ++t) {
      shift(ints, w, out, n);
      shift(doubles, w, x, n);
    }
    double s = 0.0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += x(i) + out(i) + w(i); }, s);
    std::printf("sum=%.17g\n", s);
  }
  Kokkos::finalize();
}
