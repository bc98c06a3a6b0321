// dsmc.cpp fused by hand: the three collision kernels become one kernel per
// particle that keeps energy, probability and process in registers and
// evaluates each cross-section once instead of three times (the same values,
// so bitwise equal results).
//
// Usage: dsmc_handfused [particles] [steps]

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
    example::fill(v, 61, -3.0, 3.0);
    Kokkos::fence();

    example::Timer Timer;
    for (int Step = 0; Step < Steps; ++Step) {
      const std::uint64_t Seed = example::hash64(62, Step);
      Kokkos::parallel_for(
          "collision", Kokkos::RangePolicy<>(0, P), KOKKOS_LAMBDA(const int p) {
            double E = 0.0;
            for (int d = 0; d < 3; ++d)
              E += 0.5 * v(p, d) * v(p, d);
            double Sigma[NumProcesses], Total = 0.0;
            for (int K = 0; K < NumProcesses; ++K) {
              Sigma[K] = crossSection(K, E);
              Total += Sigma[K];
            }
            const double Probability =
                1.0 - example::exp(-DensityDt * Total * example::sqrt(2.0 * E));

            const double R = example::unitValue(Seed, p);
            if (!(R < Probability))
              return;
            const double Target = R / Probability * Total;
            double Sum = 0.0;
            int Kind = 0; // elastic if rounding leaves Target past the last sum
            for (int K = 0; K < NumProcesses; ++K) {
              Sum += Sigma[K];
              if (Target < Sum) {
                Kind = K;
                break;
              }
            }

            const double NewE = E - threshold(Kind);
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
