// Refusal, constant index: the second kernel reads s(0), which iteration 0 of
// the first kernel writes; fused, every iteration after the first would see
// it, but iteration 0 is not guaranteed to run first on a parallel backend.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> s("s", N), r("r", N);
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "seed", N, KOKKOS_LAMBDA(const int i) { s(i) = 1.0 + i + It; });
      Kokkos::parallel_for(
          "normalise", N, KOKKOS_LAMBDA(const int i) { r(i) = s(i) / s(0); }); // EXPECT-REMARK: kfuse-unsafe-dependence
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += r(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
