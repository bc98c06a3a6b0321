// A class template over its element type, instantiated for float and for
// double, whose member functions launch one kernel each, called in turn
// from a loop for both instantiations. The two kernels fuse across
// functions: their accesses conflict for no element type. The deferred
// part's type is spelled as one instantiation has it (the first this unit
// holds, float); the other instantiation's part is another type, which
// the second's site does not take as pending: it runs on its own, and the
// guard's comparisons of the two instantiations' Views compile though they
// never run.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 33
// KFUSE-PROFILE-RUN: 1000

template <class T> class Field {
public:
  explicit Field(int n) : m_n(n), m_a("a", n), m_b("b", n) {}
  void fill() {
    auto a = m_a;
    Kokkos::parallel_for(
        "fill", m_n, KOKKOS_LAMBDA(const int i) { a(i) = i % 11; });
  }
  void scale(T s) {
    auto a = m_a;
    auto b = m_b;
    Kokkos::parallel_for(
        "scale", m_n, KOKKOS_LAMBDA(const int i) { b(i) = s * a(i); });
  }
  void shift(T o) {
    auto a = m_a;
    auto b = m_b;
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
        "shift", m_n, KOKKOS_LAMBDA(const int i) { a(i) = b(i) * 0.5f + o; });
  }
  double sum() const {
    auto a = m_a;
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", m_n, KOKKOS_LAMBDA(const int i, double &x) { x += a(i); }, s);
    return s;
  }

private:
  int m_n;
  Kokkos::View<T *> m_a, m_b;
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Field<float> single(n);
    Field<double> twice(n);
    single.fill();
    twice.fill();
    for (int step = 0; step < 6; ++step) {
      single.scale(2);
      single.shift(1);
      twice.scale(2);
      twice.shift(1);
    }
    std::printf("checksum %.17g %.17g\n", single.sum(), twice.sum());
  }
  Kokkos::finalize();
}
