// Launches under `if`s (a material update: each correction only where the
// run asks for it), then an error count. The three guarded kernels and the
// reduction fuse; the conditions are evaluated once on the host, where the
// fused launch runs, and each kernel's part runs only when its condition
// held. Profiled with every condition true; run with all of them false, and
// with a mix. A condition that reads the result of a reduction before it
// stays apart ('rescale').
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vector = Kokkos::View<double *>;

int update(Vector e, Vector p, Vector q, int N, double EMin, double PMin, bool Viscous) {
  if (EMin != 0) {
    Kokkos::parallel_for(
        "clamp_e", N, KOKKOS_LAMBDA(const int i) { if (e(i) < EMin) e(i) = EMin; });
  }
  if (PMin != 0)
    Kokkos::parallel_for(
        "clamp_p", N, KOKKOS_LAMBDA(const int i) { if (p(i) < PMin) p(i) = PMin; });
  if (Viscous) {
    Kokkos::parallel_for(
        "viscosity", N, KOKKOS_LAMBDA(const int i) { q(i) = 0.5 * (e(i) + p(i)); });
  }
  int Errors = 0;
  Kokkos::parallel_reduce(
      "count_errors", N,
      KOKKOS_LAMBDA(const int i, int &Count) { Count += e(i) + p(i) + q(i) > 8.0 ? 1 : 0; },
      Errors);
  return Errors;
}

void rescale(Vector e, int N) {
  double Largest = 0;
  Kokkos::parallel_reduce(
      "largest", N, KOKKOS_LAMBDA(const int i, double &M) { if (e(i) > M) M = e(i); },
      Kokkos::Max<double>(Largest));
  if (Largest > 4.0)
    Kokkos::parallel_for("halve", N, KOKKOS_LAMBDA(const int i) { e(i) *= 0.5; }); // EXPECT-REMARK: kfuse-unsafe-dependence
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int Flags = argc > 1 ? std::atoi(argv[1]) : 7;
    const int N = 200;
    Vector e("e", N), p("p", N), q("q", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { e(i) = (i % 9) - 3; p(i) = (i % 5) - 1; });
    int Errors = 0;
    for (int It = 0; It < 3; ++It) {
      Errors += update(e, p, q, N, Flags & 1 ? 0.5 : 0.0, Flags & 2 ? 0.25 : 0.0, Flags & 4);
      rescale(e, N);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "check", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += (e(i) + 2 * p(i) + 3 * q(i)) * (1 + i % 7); },
        Sum);
    std::printf("flags=%d errors=%d checksum=%.17g\n", Flags, Errors, Sum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN: 7
// KFUSE-RUN: 0
// KFUSE-RUN: 5
// KFUSE-RUN: 2
