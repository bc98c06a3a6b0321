// Refusal, write-after-read: the first kernel reads a(i+1), which the second
// kernel overwrites in another iteration. Fused, iteration i+1 may run before
// iteration i on a parallel backend and overwrite a(i+1) before it is read.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> a("a", N + 1), d("d", N);
    Kokkos::parallel_for("init", N + 1, KOKKOS_LAMBDA(const int i) { a(i) = i * 0.5; });
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "diff", N, KOKKOS_LAMBDA(const int i) { d(i) = a(i + 1) - a(i); }); // EXPECT-REMARK: kfuse-unsafe-dependence
      Kokkos::parallel_for(
          "update", N, KOKKOS_LAMBDA(const int i) { a(i) = d(i) * d(i) + It; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += a(i) + d(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
