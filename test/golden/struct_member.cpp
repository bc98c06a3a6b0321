// Views reached through members of a captured struct, as hydrodynamics codes
// keep their fields (`field.density(i)`): attributed to those Views, fused
// where legal (the pair that reads only element i), refused where the second
// kernel reads element i+1 of what the first writes.
#include <Kokkos_Core.hpp>
#include <cstdio>

struct Field {
  Kokkos::View<double *> density, energy, pressure;
  double gamma = 1.4;
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Field field{Kokkos::View<double *>("density", N + 1), Kokkos::View<double *>("energy", N + 1),
                Kokkos::View<double *>("pressure", N + 1)};
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "init", N, KOKKOS_LAMBDA(const int i) {
            field.density(i) = 1.0 + 0.001 * i;
            field.energy(i) = 2.5 + It;
          });
      Kokkos::parallel_for(
          "ideal_gas", N, KOKKOS_LAMBDA(const int i) {
            field.pressure(i) = (field.gamma - 1.0) * field.density(i) * field.energy(i);
          });
      Kokkos::parallel_for(
          "shift", N, KOKKOS_LAMBDA(const int i) { field.energy(i) = field.pressure(i) * 0.5; });
      Kokkos::parallel_for(
          "smooth", N, KOKKOS_LAMBDA(const int i) {
            field.density(i) = 0.5 * (field.energy(i) + field.energy(i + 1)); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          S += field.density(i) + field.energy(i) + field.pressure(i);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
