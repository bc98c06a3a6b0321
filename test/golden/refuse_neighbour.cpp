// Refusal: the second kernel reads a(i-1), which another iteration of the
// first kernel writes. Fusing would read a value before it is computed.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> a("a", N), b("b", N);
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "scale", N, KOKKOS_LAMBDA(const int i) { a(i) = 2.0 * i + It; });
      Kokkos::parallel_for(
          "smooth", Kokkos::RangePolicy<>(1, N),
          KOKKOS_LAMBDA(const int i) { b(i) = a(i) + a(i - 1); }); // EXPECT-REMARK: kfuse-unsafe-dependence
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += b(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
