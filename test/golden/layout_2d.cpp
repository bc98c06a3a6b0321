// 2-D Views in LayoutRight and LayoutLeft (and a strided subview), one row
// per launch index with an inner loop over the columns. The fused kernel
// indexes raw pointers through the strides of each layout.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using RightMatrix = Kokkos::View<double **, Kokkos::LayoutRight>;
using LeftMatrix = Kokkos::View<double **, Kokkos::LayoutLeft>;

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 200;
    const int M = 37;
    RightMatrix A("A", N, M);
    LeftMatrix B("B", N, M);
    Kokkos::View<double **, Kokkos::LayoutRight> Wide("Wide", N, 2 * M);
    auto Half = Kokkos::subview(Wide, Kokkos::ALL(), Kokkos::make_pair(M, 2 * M));
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "fill", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              A(i, j) = 0.25 * i - 0.5 * j + It;
          });
      Kokkos::parallel_for(
          "transform", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              B(i, j) = A(i, j) * A(i, M - 1 - j);
          });
      Kokkos::parallel_for(
          "store", N, KOKKOS_LAMBDA(const int i) {
            for (int j = 0; j < M; ++j)
              Half(i, j) = B(i, j) + A(i, j);
          });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          for (int j = 0; j < 2 * M; ++j)
            S += (j + 1) * Wide(i, j);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
