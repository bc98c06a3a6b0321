// Refusals of temporal fusion where an element of what the loop writes is
// not one launch index's, a write through `i / 2` (only even indices write,
// so the program is race-free, but the map is not one to one); and a loop
// whose two launches fuse, the second a reduction whose result each
// iteration delivers, or functor objects (composed): the loop stays on the host.
#include <Kokkos_Core.hpp>
#include <cstdio>

// Functor objects: composed when fused, so the loop around them stays.
struct Damp {
  Kokkos::View<double *> v;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { v(i) = 0.5 * v(i) + 1.0; }
};
struct Accumulate {
  Kokkos::View<double *> v, w;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) += v(i); }
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 40, Steps = 4;
    Kokkos::View<double *> h("h", N / 2), x("x", N);
    Kokkos::View<double **> A("A", N, N);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
        KOKKOS_LAMBDA(const int i, const int j) {
          A(i, j) = i + 0.5 * j;
          if (j == 0)
            x(i) = 0.125 * i;
        });
    for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for(
          "halve", N, KOKKOS_LAMBDA(const int i) {
            if (i % 2 == 0)
              h(i / 2) = 0.5 * h(i / 2) + x(i); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
    }
    double Norm = 0;
    for (int It = 0; It < Steps; ++It) { // EXPECT-REMARK: kfuse-not-fusable
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "bump", N, KOKKOS_LAMBDA(const int i) { x(i) = 0.5 * x(i) + It; });
      Kokkos::parallel_reduce(
          "norm", N, KOKKOS_LAMBDA(const int i, double &Acc) { Acc += x(i) * x(i); }, Norm);
    }
    Kokkos::View<double *> w("w", N);
    for (int It = 0; It < Steps; ++It) { // EXPECT-REMARK: kfuse-not-fusable
      Kokkos::parallel_for("damp", N, Damp{x}); // EXPECT-REMARK: kfuse-fused
      Kokkos::parallel_for("accumulate", N, Accumulate{x, w});
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
        KOKKOS_LAMBDA(const int i, const int j, double &Acc) {
          Acc += A(i, j) + (j < N / 2 && i == 0 ? h(j) : 0.0) + (j == 0 ? 3.0 * w(i) : 0.0);
        },
        Sum);
    std::printf("checksum=%.17g norm=%.17g\n", Sum, Norm);
  }
  Kokkos::finalize();
}
