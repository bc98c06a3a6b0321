// Refusal, indirect index: the second kernel reads x(perm(i)), an element the
// first kernel may write in another iteration.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> x("x", N), y("y", N);
    Kokkos::View<int *> perm("perm", N);
    Kokkos::parallel_for("perm", N, KOKKOS_LAMBDA(const int i) { perm(i) = (i * 7) % N; });
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "produce", N, KOKKOS_LAMBDA(const int i) { x(i) = i * 0.25 + It; });
      Kokkos::parallel_for(
          "gather", N, KOKKOS_LAMBDA(const int i) { y(i) += x(perm(i)); }); // EXPECT-REMARK: kfuse-unsafe-dependence
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += y(i) * (i % 3); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
