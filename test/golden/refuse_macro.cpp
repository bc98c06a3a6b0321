// Refusal, a launch written through a macro that expands to the whole
// launch: kfuse does not rewrite a macro's expansion, and the remark names
// the macro (the user may write the launch out, or fuse by hand).
#include <Kokkos_Core.hpp>
#include <cstdio>

#define COPY_KERNEL(name, dst, src, n)                                                             \
  Kokkos::parallel_for(name, n, KOKKOS_LAMBDA(const int i) { dst(i) = src(i); })

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> x("x", N), y("y", N), z("z", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { x(i) = i % 11; });
    for (int It = 0; It < 3; ++It) {
      COPY_KERNEL("copy", y, x, N); // EXPECT-REMARK: kfuse-not-fusable
      Kokkos::parallel_for("scale", N, KOKKOS_LAMBDA(const int i) { z(i) += 0.5 * y(i) + It; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += y(i) + 2 * z(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
