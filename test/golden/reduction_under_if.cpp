// Reductions under an `if`, fused with the kernels around them: where the
// condition is false the original launches nothing and the result keeps its
// value, so the fused kernel skips that part and copies its result out only
// where the condition held. 'scale' to 'again' run as one launch (the sums
// into 'Total' read results the fused launch computed, as before). A
// reduction under an `if` into a View ('mass') has no variable to keep:
// refused. 'tail' and 'tail_max', alone in their group, reduce into a
// variable of the fused launch's own, copied to 'Peak' where it ran.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 5 3
// KFUSE-RUN: 1000 5 0
// KFUSE-RUN: 1000 5 1
// KFUSE-RUN: 17 4 2
// KFUSE-PROFILE-RUN: 1000 5 3

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 5;
    const int Flags = argc > 3 ? std::atoi(argv[3]) : 3;
    Kokkos::View<double *> a("a", N), b("b", N), c("c", N);
    Kokkos::View<double> Mass("mass");
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) {
          a(i) = i % 7;
          b(i) = 1;
          c(i) = i % 3;
        });
    double Norm = -1, Peak = -1, Spread = -1, Total = 0;
    for (int s = 0; s < Steps; ++s) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "scale", N, KOKKOS_LAMBDA(const int i) { b(i) = 0.5 * b(i) + a(i); });
      if (Flags & 1)
        Kokkos::parallel_reduce(
            "norm", N, KOKKOS_LAMBDA(const int i, double &v) { v += b(i) * b(i); }, Norm);
      if (s % 2 == 0 && (Flags & 2))
        Kokkos::parallel_reduce(
            "peak", N,
            KOKKOS_LAMBDA(const int i, double &m) {
              if (b(i) > m)
                m = b(i);
            },
            Kokkos::Max<double>(Peak));
      Total += Norm + Peak;
      Kokkos::parallel_for(
          "shift", N, KOKKOS_LAMBDA(const int i) { c(i) = c(i) + b(i) - a(i); });
      if (Flags & 2)
        Kokkos::parallel_reduce(
            "spread", N,
            KOKKOS_LAMBDA(const int i, double &m) {
              if (c(i) < m)
                m = c(i);
            },
            Kokkos::Min<double>(Spread));
      Total += Spread;
      Kokkos::parallel_for(
          "again", N, KOKKOS_LAMBDA(const int i) { a(i) = 0.25 * a(i) + c(i); });
      if (Flags & 1)
        Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-not-fusable
            "mass", N, KOKKOS_LAMBDA(const int i, double &v) { v += a(i); }, Mass);
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "tail", N, KOKKOS_LAMBDA(const int i) { c(i) *= 0.5; });
      if (Flags & 2)
        Kokkos::parallel_reduce(
            "tail_max", N,
            KOKKOS_LAMBDA(const int i, double &m) {
              if (c(i) > m)
                m = c(i);
            },
            Kokkos::Max<double>(Peak));
    }
    double M = 0;
    Kokkos::deep_copy(M, Mass);
    std::printf("norm %.17g peak %.17g spread %.17g total %.17g mass %.17g\n", Norm, Peak, Spread,
                Total, M);
  }
  Kokkos::finalize();
  return 0;
}
