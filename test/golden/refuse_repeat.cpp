// Refusals of temporal fusion: loops around one launch that must stay on the
// host. An atomic scatter, a header that calls a function, a reduction whose
// result each iteration delivers, and a range that depends on the loop.
#include <Kokkos_Core.hpp>
#include <cstdio>

static int steps() { return 3; }

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<int *> key("key", N), hist("hist", 16);
    Kokkos::View<double *> x("x", N);
    Kokkos::parallel_for(
        "keys", N, KOKKOS_LAMBDA(const int i) { key(i) = (7 * i) % 16; });
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "histogram", N,
          KOKKOS_LAMBDA(const int i) { Kokkos::atomic_add(&hist(key(i)), 1); }); // EXPECT-REMARK: kfuse-unsafe-dependence
    }
    for (int It = 0; It < steps(); ++It) { // EXPECT-REMARK: kfuse-not-fusable
      Kokkos::parallel_for(
          "grow", N, KOKKOS_LAMBDA(const int i) { x(i) = 2.0 * x(i) + 1.0; });
    }
    double Norm = 0;
    for (int It = 0; It < 3; ++It) { // EXPECT-REMARK: kfuse-not-fusable
      Kokkos::parallel_reduce(
          "norm", N, KOKKOS_LAMBDA(const int i, double &S) { S += x(i) * x(i); }, Norm);
    }
    for (int It = 1; It < 4; ++It) { // EXPECT-REMARK: kfuse-not-fusable
      Kokkos::parallel_for(
          "prefix", It * 100, KOKKOS_LAMBDA(const int i) { x(i) += 1.0; });
    }
    long Total = 0;
    for (int B = 0; B < 16; ++B)
      Total += Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), hist)(B) * (B + 1);
    std::printf("hist=%ld norm=%.17g x0=%.17g\n", Total, Norm, Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x)(0));
  }
  Kokkos::finalize();
}
