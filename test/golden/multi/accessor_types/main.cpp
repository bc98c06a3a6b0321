// A cell list keeps its Views private and hands out elements through
// accessors (`cells.count(i)`); its class is in an anonymous namespace, so
// code elsewhere cannot spell it: the guard cannot name those Views. Across
// functions, a kernel reading them fuses where no View the chain writes may
// hold their elements (C++'s aliasing rules keep an int count apart from
// the doubles written); where a written View may (a weight of doubles read
// through an accessor, doubles written by the other kernel), the pair is
// refused, naming both. A View the reading kernel writes itself is no
// obstacle (fusing keeps that kernel's own order).
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

namespace { class Cells {
public:
  explicit Cells(int n) : m_count("count", n), m_weight("weight", n) {}
  KOKKOS_INLINE_FUNCTION int count(const int i) const { return m_count(i); }
  KOKKOS_INLINE_FUNCTION double weight(const int i) const { return m_weight(i); }
  int size() const { return m_count.extent_int(0); }
  void fill() {
    auto c = m_count;
    auto w = m_weight;
    Kokkos::parallel_for(
        "fill_cells", size(), KOKKOS_LAMBDA(const int i) {
          c(i) = 1 + (i * 7) % 5;
          w(i) = 0.5 + (i % 3) * 0.25;
        });
  }

private:
  Kokkos::View<int *> m_count;
  Kokkos::View<double *> m_weight;
}; } // namespace

using Field = Kokkos::View<double *>;

// The density of each cell: its count over a volume.
void density(const Cells &cells, Field rho, double volume) {
  Kokkos::parallel_for(
      "density", cells.size(),
      KOKKOS_LAMBDA(const int i) { rho(i) = cells.count(i) / volume; });
}

void pressure(Field rho, Field p, double k) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "pressure", rho.extent(0), KOKKOS_LAMBDA(const int i) { p(i) = k * rho(i) * rho(i); });
}

// The weighted pressure: reads doubles through an accessor.
void weigh(const Cells &cells, Field p, Field q) {
  Kokkos::parallel_for(
      "weigh", cells.size(), KOKKOS_LAMBDA(const int i) { q(i) = cells.weight(i) * p(i); });
}

void smooth(Field q, Field s) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-aliasing
      "smooth", q.extent(0), KOKKOS_LAMBDA(const int i) { s(i) = 0.5 * q(i) + 1.0; });
}

// Weights read through an accessor, written into 'w' (given: it might be the
// cells' weights) by the same kernel; the next kernel writes only ints.
void spread(const Cells &cells, Field w) {
  Kokkos::parallel_for(
      "spread", cells.size(), KOKKOS_LAMBDA(const int i) { w(i) = 3.0 * cells.weight(i); });
}

void mark(Field w, Kokkos::View<int *> heavy) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "mark", w.extent(0), KOKKOS_LAMBDA(const int i) { heavy(i) = w(i) > 2.0 ? 1 : 0; });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Cells cells(n);
    cells.fill();
    Field rho("rho", n), p("p", n), q("q", n), s("s", n), w("w", n);
    Kokkos::View<int *> heavy("heavy", n);
    double total = 0.0, seen = 0.0;
    for (int step = 0; step < 5; ++step) {
      density(cells, rho, 2.0 + step);
      pressure(rho, p, 0.5);
      // The host reads a result between the pairs (the Views are in host
      // memory here): kernels of different functions do not fuse across it.
      seen += p(n / 2);
      weigh(cells, p, q);
      smooth(q, s);
      spread(cells, w);
      mark(w, heavy);
      double sum = 0.0;
      Kokkos::parallel_reduce(
          "sum", n,
          KOKKOS_LAMBDA(const int i, double &acc) { acc += p(i) + 2.0 * s(i) + w(i) * heavy(i); },
          sum);
      total += sum;
    }
    std::printf("total=%.17g seen=%.17g\n", total, seen);
  }
  Kokkos::finalize();
}
