// Every launch of a group under an `if` of its own (clamps that run only
// when their bound is set, a count that runs only when asked for): fused,
// and when no condition holds the fused code launches nothing, as the
// original did. Run with the bounds set (as profiled) and with none.
// KFUSE-PROFILE-RUN: 1
// KFUSE-RUN: 1
// KFUSE-RUN: 0
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vec = Kokkos::View<double *>;

int clamp(Vec e, Vec p, double EMin, double PMin, bool Count, int N) {
  int Low = -1;
  if (EMin != 0)
    Kokkos::parallel_for(
        "clamp_e", N, KOKKOS_LAMBDA(const int i) { if (e(i) < EMin) e(i) = EMin; });
  if (PMin != 0) {
    Kokkos::parallel_for(
        "clamp_p", N, KOKKOS_LAMBDA(const int i) { if (p(i) < PMin) p(i) = PMin; });
  }
  if (Count)
    Kokkos::parallel_reduce(
        "count_low", N, KOKKOS_LAMBDA(const int i, int &C) { C += e(i) + p(i) < 1.0 ? 1 : 0; },
        Low);
  return Low;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool On = argc > 1 && std::atoi(argv[1]) != 0;
    const int N = 1000;
    Vec e("e", N), p("p", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) {
          e(i) = 0.01 * (i % 97) - 0.3;
          p(i) = 0.02 * (i % 89) - 0.5;
        });
    int Total = 0;
    for (int It = 0; It < 4; ++It)
      Total += clamp(e, p, On ? 0.1 : 0.0, On ? 0.2 : 0.0, On, N);
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += e(i) + 3.0 * p(i); }, Sum);
    std::printf("checksum=%.17g low=%d\n", Sum, Total);
  }
  Kokkos::finalize();
}
