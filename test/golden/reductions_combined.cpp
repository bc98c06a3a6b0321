// Several reductions in one fused kernel: an update, then the energy (a
// sum), its largest term (Kokkos::Max), the smallest cell count
// (Kokkos::Min of an int) and a product, each result declared just before
// its reduction. The partial results combine in one value, member by member,
// and each result is copied out after the launch; 'energy_again', the same
// sum written again with other names, is computed once. A reduction whose
// result a later kernel reads stays apart ('normalise').
#include <Kokkos_Core.hpp>
#include <cstdio>

using Vector = Kokkos::View<double *>;
using Counts = Kokkos::View<int *>;

void diagnostics(Vector e, Vector v, Counts n, int N, double &Energy, double &Peak, int &Fewest,
                 double &Growth, double &Again) {
  Kokkos::parallel_for(
      "kinetic", N, KOKKOS_LAMBDA(const int i) { e(i) = 0.5 * v(i) * v(i); });
  double Sum = 0;
  Kokkos::parallel_reduce(
      "energy", N, KOKKOS_LAMBDA(const int i, double &S) { S += e(i); }, Sum);
  double Max = 0;
  Kokkos::parallel_reduce(
      "peak", N, KOKKOS_LAMBDA(const int i, double &M) { if (e(i) > M) M = e(i); },
      Kokkos::Max<double>(Max));
  int Min = 0;
  Kokkos::parallel_reduce(
      "fewest", N, KOKKOS_LAMBDA(const int i, int &M) { if (n(i) < M) M = n(i); },
      Kokkos::Min<int>(Min));
  double Prod = 1;
  Kokkos::parallel_reduce(
      "growth", N, KOKKOS_LAMBDA(const int i, double &P) { P *= 1.0 + (n(i) % 2) * 0.5; },
      Kokkos::Prod<double>(Prod));
  double Same = 0;
  Kokkos::parallel_reduce(
      "energy_again", N, KOKKOS_LAMBDA(const int j, double &T) { T += e(j); }, Same);
  Energy = Sum;
  Again = Same;
  Peak = Max;
  Fewest = Min;
  Growth = Prod;
}

void normalise(Vector e, int N) {
  double Total = 0;
  Kokkos::parallel_reduce(
      "total", N, KOKKOS_LAMBDA(const int i, double &S) { S += e(i); }, Total);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "normalise", N, KOKKOS_LAMBDA(const int i) { e(i) /= Total; });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 40;
    Vector e("e", N), v("v", N);
    Counts n("n", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { v(i) = (i % 9) - 4; n(i) = 3 + (i * 7) % 11; });
    double Energy = 0, Peak = 0, Growth = 0, Again = 0;
    int Fewest = 0;
    for (int It = 0; It < 3; ++It) {
      diagnostics(e, v, n, N, Energy, Peak, Fewest, Growth, Again);
      normalise(e, N);
    }
    std::printf("energy=%.17g peak=%.17g fewest=%d growth=%.17g again=%.17g\n", Energy, Peak,
                Fewest, Growth, Again);
  }
  Kokkos::finalize();
}
