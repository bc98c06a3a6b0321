// Refusal, reduction result used: the second kernel scales by the norm the
// first one computes, which is known only after all of its iterations.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> v("v", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { v(i) = 1.0 + i % 10; });
    for (int It = 0; It < 3; ++It) {
      double Norm = 0;
      Kokkos::parallel_reduce(
          "norm", N, KOKKOS_LAMBDA(const int i, double &S) { S += v(i) * v(i); }, Norm);
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
          "scale", N, KOKKOS_LAMBDA(const int i) { v(i) = v(i) / Norm + It; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += v(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
