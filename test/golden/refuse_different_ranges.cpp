// Refusal, different ranges: the interior update runs over [1, N-1), the
// copy over [0, N); the profile saw the ranges differ in every run.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> u("u", N), w("w", N);
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "copy", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) { w(i) = u(i) + It; });
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-different-ranges
          "interior", Kokkos::RangePolicy<>(1, N - 1),
          KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * w(i) + 1.0; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) + w(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
