// Gaussian Naive Bayes training (scikit-learn's GaussianNB.fit): class
// priors, per-class feature means and variances, variances smoothed by a
// fraction of the largest feature variance.
//
// Kernels per fit: "class_count" over classes; "feature_variance", a Max
// reduction over features whose result the host turns into epsilon; then
// "class_sums", "class_means", "class_variances" and "variance_smoothing"
// over features f. Those four fuse: each touches only column f of theta and
// sigma (the class index comes from the labels) and reads counts computed
// before. class_count has another range; feature_variance's result is read on
// the host before variance_smoothing launches.
//
// Usage: gnb [samples] [iterations]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int S = example::argOr(argc, argv, 1, 4096);
    const int Iterations = example::argOr(argc, argv, 2, 10);
    const int F = 32, C = 4; // features, classes

    Kokkos::View<double **> X("X", S, F);
    Kokkos::View<int *> Labels("labels", S);
    Kokkos::View<double *> Count("count", C), Prior("prior", C);
    Kokkos::View<double **> Theta("theta", C, F), Sigma("sigma", C, F);
    Kokkos::parallel_for(
        "init", Kokkos::RangePolicy<>(0, S), KOKKOS_LAMBDA(const int s) {
          const int Label = int(example::hash64(51, s) % C);
          Labels(s) = Label;
          for (int f = 0; f < F; ++f)
            X(s, f) =
                example::unitValue(52, std::uint64_t(s) * F + f) + 0.5 * Label * (f % 3);
        });
    Kokkos::fence();

    example::Timer Timer;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_for(
          "class_count", Kokkos::RangePolicy<>(0, C), KOKKOS_LAMBDA(const int c) {
            int N = 0;
            for (int s = 0; s < S; ++s)
              N += Labels(s) == c;
            Count(c) = N > 0 ? N : 1;
            Prior(c) = double(N) / S;
          });
      double MaxVariance = 0.0;
      Kokkos::parallel_reduce(
          "feature_variance", Kokkos::RangePolicy<>(0, F),
          KOKKOS_LAMBDA(const int f, double &Max) {
            double Sum = 0.0;
            for (int s = 0; s < S; ++s)
              Sum += X(s, f);
            const double Mean = Sum / S;
            double Var = 0.0;
            for (int s = 0; s < S; ++s)
              Var += (X(s, f) - Mean) * (X(s, f) - Mean);
            if (Var / S > Max)
              Max = Var / S;
          },
          Kokkos::Max<double>(MaxVariance));
      const double Epsilon = 1e-9 * MaxVariance;

      Kokkos::parallel_for(
          "class_sums", Kokkos::RangePolicy<>(0, F), KOKKOS_LAMBDA(const int f) {
            for (int c = 0; c < C; ++c)
              Theta(c, f) = 0.0;
            for (int s = 0; s < S; ++s)
              Theta(Labels(s), f) += X(s, f);
          });
      Kokkos::parallel_for(
          "class_means", Kokkos::RangePolicy<>(0, F), KOKKOS_LAMBDA(const int f) {
            for (int c = 0; c < C; ++c)
              Theta(c, f) /= Count(c);
          });
      Kokkos::parallel_for(
          "class_variances", Kokkos::RangePolicy<>(0, F), KOKKOS_LAMBDA(const int f) {
            for (int c = 0; c < C; ++c)
              Sigma(c, f) = 0.0;
            for (int s = 0; s < S; ++s) {
              const double Diff = X(s, f) - Theta(Labels(s), f);
              Sigma(Labels(s), f) += Diff * Diff;
            }
          });
      Kokkos::parallel_for(
          "variance_smoothing", Kokkos::RangePolicy<>(0, F), KOKKOS_LAMBDA(const int f) {
            for (int c = 0; c < C; ++c)
              Sigma(c, f) = Sigma(c, f) / Count(c) + Epsilon;
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("gnb",
                         example::checksum(Theta) + example::checksum(Sigma) +
                             example::checksum(Prior),
                         Seconds);
  }
  Kokkos::finalize();
  return 0;
}
