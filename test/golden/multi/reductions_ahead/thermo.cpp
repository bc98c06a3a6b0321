// Temperature and kinetic energy: two reductions over the velocities, each
// in its own function, whose result the function needs at once. Called in
// turn, the second is computed ahead, in one kernel with the first.
#include "thermo.h"

double temperature(System &sys) {
  auto v = sys.v;
  auto type = sys.type;
  auto mass = sys.mass;
  double mv2 = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "temperature", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) {
        sum += mass(type(i)) * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
      mv2);
  return mv2 / (3.0 * sys.N - 3.0);
}

double kinetic_energy(System &sys) {
  auto v = sys.v;
  auto type = sys.type;
  auto mass = sys.mass;
  const double half = 0.5;
  double ke = 0.0;
  Kokkos::parallel_reduce(
      "kinetic_energy", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) {
        sum += half * mass(type(i)) *
               (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
      ke);
  return ke / sys.N;
}

double momentum(System &sys) {
  auto v = sys.v;
  auto type = sys.type;
  auto mass = sys.mass;
  double p = 0.0;
  Kokkos::parallel_reduce(
      "momentum", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) { sum += mass(type(i)) * v(i, 0); }, p);
  return p;
}

// Marks the atoms above a limit while it sums: a kernel that writes cannot
// run ahead of its function (which might not be called).
double kinetic_energy_marking(System &sys, double limit) {
  auto v = sys.v;
  auto hot = sys.hot;
  double ke = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-not-fusable
      "kinetic_energy_marking", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) {
        const double e = 0.5 * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
        hot(i) = e > limit ? 1 : 0;
        sum += e;
      },
      ke);
  return ke;
}
