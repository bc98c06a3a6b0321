// Temporal fusion where each element of what the loop writes belongs to one
// launch index through a one-to-one map that is not the index itself: a
// transposed index (B(i, j) from A(j, i), then A(j, i) updated: the loop's
// two launches fused, and the loop moved into the fused kernel), a launch
// alone in a loop writing its transposed element, and a constant offset.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 41, Steps = 6;
    Kokkos::View<double **> A("A", N, N), B("B", N, N), C("C", N, N);
    Kokkos::View<double *> s("s", N + 2), t("t", N);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
        KOKKOS_LAMBDA(const int i, const int j) {
          A(i, j) = i * N + j;
          B(i, j) = 0.5 * j;
          C(i, j) = i - 2.0 * j;
          if (j == 0) {
            s(i) = 0.25 * i;
            t(i) = 1.0 / (i + 1);
          }
        });
    for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "transpose", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
          KOKKOS_LAMBDA(const int i, const int j) { B(i, j) += A(j, i); });
      Kokkos::parallel_for(
          "increment", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
          KOKKOS_LAMBDA(const int i, const int j) { A(j, i) += 1.0 + It; });
    }
    for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "scale_transposed", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
          KOKKOS_LAMBDA(const int i, const int j) { C(j, i) = 0.5 * C(j, i) + B(i, j); });
    }
    for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "shifted", N, KOKKOS_LAMBDA(const int i) { s(i + 2) = s(i + 2) * t(i) + It; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
        KOKKOS_LAMBDA(const int i, const int j, double &Acc) {
          Acc += A(i, j) + 3.0 * B(i, j) + 7.0 * C(i, j) + (j == 0 ? 11.0 * s(i + 2) : 0.0);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
