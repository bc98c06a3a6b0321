// A chain that ends in a reduction: two updates and an integer count, fused
// into one parallel_reduce. Integer results compare bitwise.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Kokkos::View<long *> u("u", N), v("v", N);
    long Total = 0;
    for (int It = 0; It < 5; ++It) {
      long Hits = 0;
      Kokkos::parallel_for(
          "step", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i) { u(i) = (u(i) * 31 + i + It) % 1009; });
      Kokkos::parallel_for(
          "mix", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i) { v(i) = v(i) ^ (u(i) << 3); });
      Kokkos::parallel_reduce(
          "count", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i, long &H) { H += (v(i) & 1) + u(i) % 7; }, Hits);
      Total += Hits;
    }
    std::printf("total=%ld\n", Total);
  }
  Kokkos::finalize();
}
