// Rows of a neighbour list whose Views are private members, in a namespace:
// kfuse reads `list.row(i)` as a read of some elements of every View the
// list holds and names them in the guard through pointers to the members.
// 'force' and 'kick' fuse; run with the list's entries being the marks
// 'kick' writes (the last argument 1), the guard finds them overlapping and
// runs the original launches.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 0
// KFUSE-RUN: 17 0
// KFUSE-RUN-FALLBACK: 1000 1
// KFUSE-PROFILE-RUN: 1000 0

namespace md {

struct Row {
  const int *Ptr;
  int Count;
  KOKKOS_INLINE_FUNCTION int operator()(const int K) const { return Ptr[K]; }
  KOKKOS_INLINE_FUNCTION int size() const { return Count; }
};

class NeighList {
public:
  NeighList(Kokkos::View<int *> Offsets, Kokkos::View<int *> Entries)
      : m_offsets(Offsets), m_entries(Entries) {}
  KOKKOS_INLINE_FUNCTION Row row(const int I) const {
    return Row{&m_entries(m_offsets(I)), m_offsets(I + 1) - m_offsets(I)};
  }

private:
  Kokkos::View<int *> m_offsets, m_entries;
};

} // namespace md

void step(const md::NeighList &list, Kokkos::View<double *> x, Kokkos::View<double *> f,
          Kokkos::View<double *> v, Kokkos::View<int *> marks, double dt) {
  const int n = x.extent_int(0);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "force", n, KOKKOS_LAMBDA(const int i) {
        const md::Row r = list.row(i);
        double s = 0;
        for (int k = 0; k < r.size(); ++k)
          s += x(r(k)) - x(i);
        f(i) = s;
      });
  Kokkos::parallel_for(
      "kick", n, KOKKOS_LAMBDA(const int i) {
        v(i) += dt * f(i);
        marks(i) = v(i) > 0 ? 1 : 0;
      });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool shared = argc > 2 && std::atoi(argv[2]) == 1;
    const int m = 4;
    Kokkos::View<int *> offsets("offsets", n + 1), entries("entries", n * m), marks("marks", n * m);
    Kokkos::parallel_for(
        "build", n, KOKKOS_LAMBDA(const int i) {
          offsets(i) = i * m;
          if (i == n - 1)
            offsets(n) = n * m;
          for (int k = 0; k < m; ++k)
            entries(i * m + k) = (i + 7 * k + 1) % n;
        });
    if (shared)
      Kokkos::deep_copy(marks, entries);
    md::NeighList list(offsets, shared ? marks : entries);
    Kokkos::View<double *> x("x", n), f("f", n), v("v", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) { x(i) = 0.001 * (i % 97) - 0.03; });
    for (int s = 0; s < 4; ++s)
      step(list, x, f, v, marks, 0.5);
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &a) { a += v(i) + f(i) + marks(i); }, sum);
    std::printf("checksum %.17g\n", sum);
  }
  Kokkos::finalize();
}
