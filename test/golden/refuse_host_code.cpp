// Refusal, host code between the launches that reads their data: the deep
// copy reads x after the first kernel wrote it, so the second kernel cannot
// be moved up next to the first.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> x("x", N), y("y", N);
    auto Host = Kokkos::create_mirror_view(x);
    double Probe = 0;
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "produce", N, KOKKOS_LAMBDA(const int i) { x(i) = i * 0.5 + It; });
      Kokkos::deep_copy(Host, x);
      Probe += Host(N / 2);
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
          "consume", N, KOKKOS_LAMBDA(const int i) { y(i) = x(i) + y(i); });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += y(i); }, Sum);
    std::printf("checksum=%.17g probe=%.17g\n", Sum, Probe);
  }
  Kokkos::finalize();
}
