// Two subviews of one allocation, made in the function, that overlap by one
// element: the profile records it, so fusing "scale" and "shift" would break
// the restrict assumption on every run. Refused with a remark naming both.
#include <Kokkos_Core.hpp>
#include <cstdio>

using Vector = Kokkos::View<double *>;

void step(Vector store, Vector out, int N) {
  Vector lo = Kokkos::subview(store, Kokkos::make_pair(0, N + 1));
  Vector hi = Kokkos::subview(store, Kokkos::make_pair(N, 2 * N + 1));
  Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { hi(i) = 2.0 * lo(i) + 1.0; });
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-aliasing
      "shift", N, KOKKOS_LAMBDA(const int i) { out(i) = lo(i) + hi(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 500;
    Vector store("store", 2 * N + 1), out("out", N);
    Kokkos::parallel_for("init", 2 * N + 1, KOKKOS_LAMBDA(const int i) { store(i) = 0.01 * i; });
    for (int It = 0; It < 3; ++It)
      step(store, out, N);
    double Sum = 0, OutSum = 0;
    Kokkos::parallel_reduce(
        "sum", 2 * N + 1, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Sum);
    Kokkos::parallel_reduce(
        "outsum", N, KOKKOS_LAMBDA(const int i, double &S) { S += out(i) * (1 + i % 5); }, OutSum);
    std::printf("checksum=%.17g out=%.17g\n", Sum, OutSum);
  }
  Kokkos::finalize();
}
