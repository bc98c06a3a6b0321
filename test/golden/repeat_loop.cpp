// Temporal fusion: a launch alone in a host loop runs back to back with
// itself. Each iteration reads and writes only its own element of what it
// writes, so the loop moves into the kernel: every element runs all the
// iterations in turn. The kernel may read its loop variable, and any element
// of what it only reads.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000, M = 30, Steps = 5;
    Kokkos::View<double *> u("u", N), w("w", N + 1);
    Kokkos::View<long **> m("m", N, M);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { w(i) = 0.25 * i; });
    for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "relax", N, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * u(i) + w(i + 1) + It; });
    }
    for (int S = 1; S <= 2 * Steps; S += 2) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "count", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, M}),
          KOKKOS_LAMBDA(const int i, const int j) { m(i, j) = 3 * m(i, j) + i * S - j; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &Acc) { Acc += u(i) + m(i, i % M); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
