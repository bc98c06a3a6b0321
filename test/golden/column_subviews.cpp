// Columns of a row-major matrix (`Kokkos::subview(m, Kokkos::ALL(), 0)`) span
// almost the same bytes yet share no element: the profile records no
// overlap, and the guard tells them apart by their elements' places (a
// block every row). The pair fuses; called with one column twice, the
// guard sees the Views share elements and runs the launches as written.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 0 1
// KFUSE-RUN-FALLBACK: 1 1
// KFUSE-PROFILE-RUN: 0 1

using Matrix = Kokkos::View<double **, Kokkos::LayoutRight>;

void columns(Matrix m, int from, int to) {
  auto a = Kokkos::subview(m, Kokkos::ALL(), from);
  auto b = Kokkos::subview(m, Kokkos::ALL(), to);
  const int n = m.extent_int(0);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "scale", n, KOKKOS_LAMBDA(const int i) { a(i) = 2.0 * a(i) + 1.0; });
  Kokkos::parallel_for("copy", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i) - 0.5 * b(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int from = argc > 1 ? std::atoi(argv[1]) : 0;
    const int to = argc > 2 ? std::atoi(argv[2]) : 1;
    const int n = 500;
    Matrix m("m", n, 3);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          m(i, 0) = 0.01 * i;
          m(i, 1) = i % 3;
          m(i, 2) = 1.0;
        });
    for (int t = 0; t < 3; ++t)
      columns(m, from, to);
    double s = 0.0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &acc) { acc += m(i, 0) + 3.0 * m(i, 1) + 5.0 * m(i, 2); },
        s);
    std::printf("s=%.17g\n", s);
  }
  Kokkos::finalize();
}
