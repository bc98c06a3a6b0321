// A raw pointer to a View's data used beside the View itself, as code being
// ported to Kokkos often mixes them: 'relax' writes 'u' through 'pu', which
// its function set to 'u.data()', and 'smooth' reads 'u'. kfuse takes the
// two names for one View (`pu[i]` is `u(i)`) and fuses them; the guard
// checks that 'pu' still holds the data of 'u', a View whose elements lie one
// after the other. Run with 'pu' pointing into another View (the last
// argument 1), the guard finds it is not 'u''s data and runs the original
// launches.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 4 0
// KFUSE-RUN: 9 2 0
// KFUSE-RUN-FALLBACK: 1000 4 1
// KFUSE-PROFILE-RUN: 1000 4 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 4;
    const bool Other = argc > 3 && std::atoi(argv[3]) == 1;
    Kokkos::View<double *> u("u", N), v("v", N), w("w", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) {
          u(i) = (i % 13) * 0.5;
          v(i) = 1.0 + (i % 5);
          w(i) = 2.0;
        });
    double *pu = u.data();
    if (Other)
      pu = w.data();
    for (int s = 0; s < Steps; ++s) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "relax", N, KOKKOS_LAMBDA(const int i) { pu[i] = 0.5 * pu[i] + 0.25 * v(i); });
      Kokkos::parallel_for(
          "smooth", N, KOKKOS_LAMBDA(const int i) { v(i) = v(i) + 0.125 * u(i); });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) + 3 * v(i) + 7 * w(i); },
        Sum);
    std::printf("sum %.17g\n", Sum);
  }
  Kokkos::finalize();
  return 0;
}
