// DSMC-like collision step of a particle-in-cell code: electrons against a
// background gas, direct simulation Monte Carlo with several collision
// processes (process 0 elastic, the others lose a threshold energy).
//
// Three kernels per step over particles p, each doing its work in a loop:
// "collision_rates" (energy, collision probability), "collision_select"
// (which process, if any) and "collision_scatter" (new velocity). The chain
// fuses: every kernel touches only particle p (v(p, .) and its scratch
// values), so the fused kernel needs no scratch Views at all.
//
// Usage: dsmc [particles] [steps]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace {

constexpr int NumProcesses = 4;

/// Energy process \p K needs (and takes from the electron).
KOKKOS_INLINE_FUNCTION double threshold(int K) { return 1.5 * K * K; }

/// Cross-section of process \p K at energy \p E (zero below its threshold).
KOKKOS_INLINE_FUNCTION double crossSection(int K, double E) {
  const double Excess = E - threshold(K);
  if (Excess <= 0.0)
    return 0.0;
  const double Width = 1.0 + K;
  return Width * Excess / ((Excess + Width) * (Excess + Width));
}

} // namespace

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int P = example::argOr(argc, argv, 1, 1 << 16);
    const int Steps = example::argOr(argc, argv, 2, 10);
    const double DensityDt = 0.05; // background density times time step

    Kokkos::View<double **> v("v", P, 3);
    Kokkos::View<double *> Energy("energy", P), Probability("probability", P);
    Kokkos::View<int *> Process("process", P);
    example::fill(v, 61, -3.0, 3.0);
    Kokkos::fence();

    example::Timer Timer;
    for (int Step = 0; Step < Steps; ++Step) {
      const std::uint64_t Seed = example::hash64(62, Step);
      Kokkos::parallel_for(
          "collision_rates", Kokkos::RangePolicy<>(0, P), KOKKOS_LAMBDA(const int p) {
            double E = 0.0;
            for (int d = 0; d < 3; ++d)
              E += 0.5 * v(p, d) * v(p, d);
            double Total = 0.0;
            for (int K = 0; K < NumProcesses; ++K)
              Total += crossSection(K, E);
            Energy(p) = E;
            Probability(p) =
                1.0 - example::exp(-DensityDt * Total * example::sqrt(2.0 * E));
          });
      Kokkos::parallel_for(
          "collision_select", Kokkos::RangePolicy<>(0, P), KOKKOS_LAMBDA(const int p) {
            const double R = example::unitValue(Seed, p);
            int Kind = -1;
            if (R < Probability(p)) {
              double Total = 0.0;
              for (int K = 0; K < NumProcesses; ++K)
                Total += crossSection(K, Energy(p));
              const double Target = R / Probability(p) * Total;
              double Sum = 0.0;
              Kind = 0; // elastic if rounding leaves Target past the last sum
              for (int K = 0; K < NumProcesses; ++K) {
                Sum += crossSection(K, Energy(p));
                if (Target < Sum) {
                  Kind = K;
                  break;
                }
              }
            }
            Process(p) = Kind;
          });
      Kokkos::parallel_for(
          "collision_scatter", Kokkos::RangePolicy<>(0, P), KOKKOS_LAMBDA(const int p) {
            if (Process(p) < 0)
              return;
            const double NewE = Energy(p) - threshold(Process(p));
            double Dir[3], Norm2 = 0.0;
            for (int d = 0; d < 3; ++d) {
              Dir[d] = 2.0 * example::unitValue(Seed + 1 + d, p) - 1.0;
              Norm2 += Dir[d] * Dir[d];
            }
            const double Scale =
                example::sqrt(2.0 * NewE / (Norm2 > 1e-12 ? Norm2 : 1.0));
            for (int d = 0; d < 3; ++d)
              v(p, d) = Scale * Dir[d];
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("dsmc", example::checksum(v), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
