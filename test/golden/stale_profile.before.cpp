// The profiled version of stale_profile.cpp (before "shift" changed).
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Kokkos::View<double *> x("x", N), y("y", N);
    for (int It = 0; It < 4; ++It) {
      Kokkos::parallel_for(
          "scale", N, KOKKOS_LAMBDA(const int i) { x(i) = 0.5 * i + It; });
      Kokkos::parallel_for(
          "shift", N, KOKKOS_LAMBDA(const int i) { y(i) += x(i) * x(i) - 1.0; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += x(i) + 3.0 * y(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
