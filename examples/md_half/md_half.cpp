// md.cpp with a HALF neighbour list (13 lattice neighbours, each pair once):
// force_compute adds the pair force to f(i) and scatters its opposite into
// f(j) with atomics, as half-list molecular-dynamics forces do. A NEGATIVE subject
// for the force chain.
//
// Kernels per step over atoms i: "initial_integrate", "force_zero",
// "force_compute", "final_integrate", "temperature", "kinetic_energy".
// force_zero + force_compute must NOT fuse: force_compute writes f(j) of
// other atoms, which a fused kernel would then zero when it reaches j.
// force_compute + final_integrate must not fuse either: final_integrate at i
// would read f(i) before the later atoms have scattered into it. Still
// fusable: initial_integrate + force_zero, and final_integrate + temperature
// + kinetic_energy.
//
// Usage: md_half [atoms per box side (N = side^3, at least 3)] [steps]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

namespace {

constexpr int NumNeighbours = 13;

/// \p D folded into (-Box/2, Box/2]: the nearest periodic image.
KOKKOS_INLINE_FUNCTION double nearestImage(double D, double Box) {
  return D > 0.5 * Box ? D - Box : (D < -0.5 * Box ? D + Box : D);
}

} // namespace

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int Requested = example::argOr(argc, argv, 1, 16);
    const int Side = Requested < 3 ? 3 : Requested;
    const int Steps = example::argOr(argc, argv, 2, 10);
    const int N = Side * Side * Side;
    const double Lattice = 1.2, Box = Side * Lattice, Cut2 = 2.2 * 2.2;
    const double Dt = 0.005, DtF = 0.5 * Dt;

    Kokkos::View<double **> x("x", N, 3), v("v", N, 3), f("f", N, 3);
    Kokkos::View<int **> Neighbours("neighbours", N, NumNeighbours);
    Kokkos::parallel_for(
        "init", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
          const int Cell[3] = {i % Side, (i / Side) % Side, i / (Side * Side)};
          for (int d = 0; d < 3; ++d) {
            x(i, d) = Lattice * (Cell[d] + 0.1 * (example::unitValue(71 + d, i) - 0.5));
            v(i, d) = example::unitValue(74 + d, i) - 0.5;
            f(i, d) = 0.0; // forces start at zero: the first step only drifts
          }
          int K = 0;
          for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
              for (int dx = -1; dx <= 1; ++dx) {
                if (!(dz > 0 || (dz == 0 && (dy > 0 || (dy == 0 && dx > 0)))))
                  continue; // keep the half of the offsets after (0, 0, 0)
                const int X = (Cell[0] + dx + Side) % Side,
                          Y = (Cell[1] + dy + Side) % Side,
                          Z = (Cell[2] + dz + Side) % Side;
                Neighbours(i, K++) = X + Side * (Y + Side * Z);
              }
        });
    Kokkos::fence();

    double Temperature = 0.0, KineticEnergy = 0.0;
    example::Timer Timer;
    for (int Step = 0; Step < Steps; ++Step) {
      Kokkos::parallel_for(
          "initial_integrate", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            for (int d = 0; d < 3; ++d) {
              v(i, d) += DtF * f(i, d);
              x(i, d) += Dt * v(i, d);
            }
          });
      Kokkos::parallel_for(
          "force_zero", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            for (int d = 0; d < 3; ++d)
              f(i, d) = 0.0;
          });
      Kokkos::parallel_for(
          "force_compute", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            double Fx = 0.0, Fy = 0.0, Fz = 0.0;
            for (int K = 0; K < NumNeighbours; ++K) {
              const int j = Neighbours(i, K);
              const double Dx = nearestImage(x(i, 0) - x(j, 0), Box);
              const double Dy = nearestImage(x(i, 1) - x(j, 1), Box);
              const double Dz = nearestImage(x(i, 2) - x(j, 2), Box);
              const double R2 = Dx * Dx + Dy * Dy + Dz * Dz;
              if (R2 < Cut2) {
                const double R2Inv = 1.0 / R2, R6Inv = R2Inv * R2Inv * R2Inv;
                const double FPair = 48.0 * R6Inv * (R6Inv - 0.5) * R2Inv;
                Fx += Dx * FPair;
                Fy += Dy * FPair;
                Fz += Dz * FPair;
                Kokkos::atomic_add(&f(j, 0), -Dx * FPair);
                Kokkos::atomic_add(&f(j, 1), -Dy * FPair);
                Kokkos::atomic_add(&f(j, 2), -Dz * FPair);
              }
            }
            Kokkos::atomic_add(&f(i, 0), Fx);
            Kokkos::atomic_add(&f(i, 1), Fy);
            Kokkos::atomic_add(&f(i, 2), Fz);
          });
      Kokkos::parallel_for(
          "final_integrate", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
            for (int d = 0; d < 3; ++d)
              v(i, d) += DtF * f(i, d);
          });
      double SumV2 = 0.0, SumKE = 0.0;
      Kokkos::parallel_reduce(
          "temperature", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i, double &Sum) {
            Sum += v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2);
          },
          SumV2);
      Kokkos::parallel_reduce(
          "kinetic_energy", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i, double &Sum) {
            Sum += 0.5 * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
          },
          SumKE);
      Temperature = SumV2 / (3.0 * N - 3.0);
      KineticEnergy = SumKE / N;
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("md_half",
                         example::checksum(x) + example::checksum(v) + Temperature +
                             KineticEnergy,
                         Seconds);
  }
  Kokkos::finalize();
  return 0;
}
