// Two rank-2 MDRangePolicy kernels over the same tile range: fused into one
// MDRange functor with two indices.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 120;
    const int M = 90;
    Kokkos::View<double **> T("T", N, M), Q("Q", N, M);
    using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<2>>;
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "heat", Policy({0, 0}, {N, M}),
          KOKKOS_LAMBDA(const int i, const int j) { T(i, j) = 0.1 * i * j + It; });
      Kokkos::parallel_for(
          "flux", Policy({0, 0}, {N, M}),
          KOKKOS_LAMBDA(const int i, const int j) { Q(i, j) = Q(i, j) * 0.5 + T(i, j); });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          for (int j = 0; j < M; ++j)
            S += Q(i, j) * (1 + j % 5);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
