// covariance.cpp fused by hand: mean and center become one kernel per column
// that keeps the mean in a register; covariance stays apart (see
// covariance.cpp). Bitwise equal results.
//
// Usage: covariance_handfused [N samples (M = N * 5 / 6 features)] [iterations]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = example::argOr(argc, argv, 1, 120);
    const int M = N * 5 / 6 > 0 ? N * 5 / 6 : 1;
    const int Iterations = example::argOr(argc, argv, 2, 5);
    const double FloatN = N;

    Kokkos::View<double **, Kokkos::LayoutLeft> Data("data", N, M);
    Kokkos::View<double *> Mean("mean", M);
    Kokkos::View<double **> Cov("cov", M, M);
    example::fill(Data, 11, 0.0, 1.0);
    Kokkos::fence();

    example::Timer Timer;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_for(
          "mean_center", Kokkos::RangePolicy<>(0, M), KOKKOS_LAMBDA(const int j) {
            double Sum = 0.0;
            for (int i = 0; i < N; ++i)
              Sum += Data(i, j);
            const double MeanJ = Sum / FloatN;
            Mean(j) = MeanJ;
            for (int i = 0; i < N; ++i)
              Data(i, j) -= MeanJ;
          });
      Kokkos::parallel_for(
          "covariance", Kokkos::RangePolicy<>(0, M), KOKKOS_LAMBDA(const int i) {
            for (int j = i; j < M; ++j) {
              double Sum = 0.0;
              for (int k = 0; k < N; ++k)
                Sum += Data(k, i) * Data(k, j);
              Cov(i, j) = Sum / (FloatN - 1.0);
              Cov(j, i) = Cov(i, j);
            }
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("covariance", example::checksum(Cov) + example::checksum(Mean),
                         Seconds);
  }
  Kokkos::finalize();
  return 0;
}
