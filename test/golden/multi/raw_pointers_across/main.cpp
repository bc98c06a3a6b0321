// An equation-of-state step as codes that keep their arrays behind raw
// pointers write it: each kernel in a function of its own, taking the
// arrays as pointers, called in turn by the driver. 'predict' is deferred
// and runs fused with 'correct': the guard checks the elements each
// pointer reaches over the range (its footprint). Run with the pressure
// one element into the old energies (the last argument 1), 'correct' would
// write what 'predict' reads at the next index: the footprints overlap, and
// the guard runs the two launches as written.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 4 0
// KFUSE-RUN: 33 2 0
// KFUSE-FALLBACK-RUN: 1000 3 1
// KFUSE-PROFILE-RUN: 1000 4 0

void predict(double *e_new, const double *e_old, const double *work, int n) {
  Kokkos::parallel_for(
      "predict", n, KOKKOS_LAMBDA(const int i) { e_new[i] = e_old[i] - 0.5 * work[i]; });
}

void correct(double *p_new, const double *e_new, const double *bvc, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "correct", n, KOKKOS_LAMBDA(const int i) { p_new[i] = bvc[i] * e_new[i] + 1.0; });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 4;
    const bool Overlap = argc > 3 && std::atoi(argv[3]) == 1;
    Kokkos::View<double *> store("store", 5 * N + 8);
    Kokkos::parallel_for(
        "init", 5 * N + 8, KOKKOS_LAMBDA(const int i) { store(i) = (i % 13) * 0.125; });
    double *e_old = store.data();
    double *work = store.data() + N + 2;
    double *bvc = store.data() + 2 * N + 4;
    double *e_new = store.data() + 3 * N + 6;
    double *p_new = Overlap ? e_old + 1 : store.data() + 4 * N + 7;
    for (int It = 0; It < Steps; ++It) {
      predict(e_new, e_old, work, N);
      correct(p_new, e_new, bvc, N);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", 5 * N + 8, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
