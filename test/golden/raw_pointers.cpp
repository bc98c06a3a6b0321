// Raw pointers indexed point-wise, as codes that keep their arrays behind
// plain pointers write them (here into one allocation, through `data()`).
// 'scale' and 'accumulate' index 'p', 'q' and 'r' at the launch index: they
// fuse, and the guard checks at run time that the elements each pointer
// reaches over the range (its footprint) overlap no other pointer's
// written one. 'accumulate' reads 'q' under a second name, 'qa': the
// profile saw one footprint, so the two names run as one restrict pointer
// where the guard finds them one pointer. Run with 'r' one element after 'p' (the last argument 1),
// 'accumulate' would write what 'scale' reads at the next index: the guard
// sees the footprints overlap and runs the original launches. 'spread'
// reads 'q[i + 1]', which 'scale' writes at another index: refused, naming
// 'q'. 'gather' reads 'p[2 * i]': its footprint is not bounded, refused.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 3 0
// KFUSE-RUN: 17 2 0
// KFUSE-RUN-FALLBACK: 1000 3 1
// KFUSE-PROFILE-RUN: 1000 3 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 3;
    const bool Overlap = argc > 3 && std::atoi(argv[3]) == 1;
    Kokkos::View<double *> store("store", 6 * N + 8), out("out", N);
    Kokkos::parallel_for(
        "init", 6 * N + 8, KOKKOS_LAMBDA(const int i) { store(i) = (i % 11) * 0.25; });
    double *p = store.data();
    double *q = store.data() + 2 * N + 2;
    double *r = Overlap ? p + 1 : store.data() + 4 * N + 4;
    double *qa = q;
    for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "scale", N, KOKKOS_LAMBDA(const int i) { q[i] = 2.0 * p[i] + It; });
      Kokkos::parallel_for(
          "accumulate", N, KOKKOS_LAMBDA(const int i) { r[i] += 0.5 * qa[i]; });
      Kokkos::parallel_for(
          "spread", N - 1, KOKKOS_LAMBDA(const int i) { out(i) = q[i + 1] - r[i]; }); // EXPECT-REMARK: kfuse-unsafe-dependence
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
          "gather", N / 2, KOKKOS_LAMBDA(const int i) { out(i) += p[2 * i]; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", 6 * N + 8, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Sum);
    double OutSum = 0;
    Kokkos::parallel_reduce(
        "out_sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += out(i) * (1 + i % 5); }, OutSum);
    std::printf("checksum=%.17g out=%.17g\n", Sum, OutSum);
  }
  Kokkos::finalize();
}
