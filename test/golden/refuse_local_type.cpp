// Refusal, a type local to the function: the kernel body names Real, which a
// fused functor defined at namespace scope (as CUDA requires) cannot name.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    using Real = double;
    const int N = 1000;
    Kokkos::View<Real *> x("x", N), y("y", N);
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
          "fill", N, KOKKOS_LAMBDA(const int i) { x(i) = Real(i) * 0.5 + It; });
      Kokkos::parallel_for(
          "scale", N, KOKKOS_LAMBDA(const int i) {
            const Real Half = x(i) * 0.5;
            y(i) += Half;
          });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += y(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
