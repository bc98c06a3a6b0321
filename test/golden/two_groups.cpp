// Several groups in one file: two in one function, separated by a reduction
// whose result the next kernel uses, and one in another function with the
// same labels. Each fused functor goes before its function, with a name of
// its own; launches after a fused region keep their profiled ids.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double *>;

/// One relaxation sweep.
double sweep(Field u, Field r, int N) {
  Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { r(i) = 0.5 * u(i); });
  Kokkos::parallel_for(
      "shift", N, KOKKOS_LAMBDA(const int i) { u(i) = r(i) + 1.0; });
  double Norm = 0;
  Kokkos::parallel_reduce(
      "norm", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) * u(i); }, Norm);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "normalise", N, KOKKOS_LAMBDA(const int i) { u(i) /= Norm; });
  Kokkos::parallel_for(
      "residual", N, KOKKOS_LAMBDA(const int i) { r(i) = u(i) - r(i); });
  return Norm;
}

// Same labels, another function.
void smooth(Field u, Field r, int N) {
  Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { r(i) = 0.25 * u(i); });
  Kokkos::parallel_for(
      "shift", N, KOKKOS_LAMBDA(const int i) { u(i) = r(i) + 0.5; });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Field u("u", N), r("r", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { u(i) = 1.0 + i % 7; });
    double Last = 0;
    for (int It = 0; It < 4; ++It) {
      Last = sweep(u, r, N);
      smooth(u, r, N);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) + 2.0 * r(i); }, Sum);
    std::printf("checksum=%.17g norm=%.17g\n", Sum, Last);
  }
  Kokkos::finalize();
}

