// Reductions through Kokkos reducers other than Sum/Prod/Min/Max, combined
// in one fused kernel with a sum: the location of the smallest and of the
// largest value (ties included: many values repeat) and whether all are
// positive. Each keeps its reducer's own identity and join.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    using MinLoc = Kokkos::MinLoc<double, int>;
    using MaxLoc = Kokkos::MaxLoc<double, int>;
    Kokkos::View<double *> x("x", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { x(i) = (i * 37) % 101 - 20; });
    double Total = 0, Sum = 0;
    int Where = 0, AllPositive = 0;
    for (int It = 0; It < 3; ++It) {
      MinLoc::value_type Lo;
      MaxLoc::value_type Hi;
      int Positive = 0;
      Kokkos::parallel_for("shift", N, KOKKOS_LAMBDA(const int i) { x(i) += 0.5 * It; });
      Kokkos::parallel_reduce(
          "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += x(i); }, Sum);
      Kokkos::parallel_reduce(
          "lowest", N,
          KOKKOS_LAMBDA(const int i, MinLoc::value_type &V) {
            if (x(i) < V.val) {
              V.val = x(i);
              V.loc = i;
            }
          },
          MinLoc(Lo));
      Kokkos::parallel_reduce(
          "highest", N,
          KOKKOS_LAMBDA(const int i, MaxLoc::value_type &V) {
            if (x(i) > V.val) {
              V.val = x(i);
              V.loc = i;
            }
          },
          MaxLoc(Hi));
      Kokkos::parallel_reduce(
          "positive", N, KOKKOS_LAMBDA(const int i, int &P) { P = P && x(i) > 0; },
          Kokkos::LAnd<int>(Positive));
      Total += Sum + Lo.val + Hi.val;
      Where += Lo.loc + 3 * Hi.loc;
      AllPositive += Positive;
    }
    std::printf("total=%.17g where=%d positive=%d\n", Total, Where, AllPositive);
  }
  Kokkos::finalize();
}
