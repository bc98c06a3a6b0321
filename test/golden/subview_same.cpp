// Two names for one allocation: a subview made in the function that covers
// the same elements as the View it was cut from. The profile records that
// 'whole' and 'part' are one View, so they are merged (one restrict pointer)
// and the guard checks they still are: the fused kernel runs.
#include <Kokkos_Core.hpp>
#include <cstdio>

using Vector = Kokkos::View<double *>;

void step(Vector whole, Vector out, int N) {
  Vector part = Kokkos::subview(whole, Kokkos::make_pair(0, N));
  Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { part(i) = 2.0 * part(i) + 1.0; });
  Kokkos::parallel_for(
      "shift", N, KOKKOS_LAMBDA(const int i) { out(i) = whole(i) - 0.5 * out(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 500;
    Vector whole("whole", N), out("out", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { whole(i) = 0.01 * i; out(i) = i % 3; });
    for (int It = 0; It < 3; ++It)
      step(whole, out, N);
    double Sum = 0, OutSum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += whole(i) * (1 + i % 7); }, Sum);
    Kokkos::parallel_reduce(
        "outsum", N, KOKKOS_LAMBDA(const int i, double &S) { S += out(i) * (1 + i % 5); }, OutSum);
    std::printf("checksum=%.17g out=%.17g\n", Sum, OutSum);
  }
  Kokkos::finalize();
}
