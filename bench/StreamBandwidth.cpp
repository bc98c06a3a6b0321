// Benchmark (not a test): the machine's memory bandwidth as one Kokkos kernel sees it, the
// reference that scripts/bench.sh compares the examples' achieved bandwidth with.
//
// Times BabelStream's copy (c = a) and triad (a = b + s * c) over arrays far larger than the
// caches and prints the best of several repetitions, counting bytes as BabelStream does (2 and 3
// arrays of doubles; write-allocate traffic not counted), with the Kokkos version and backend.
//
// Usage: kfuse_bench_stream_bandwidth [N] [repetitions]

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace {

using Vector = Kokkos::View<double *>;

/// Seconds one run of \p Kernel takes, fenced.
template <class F> double timed(const F &Kernel) {
  Kokkos::fence();
  const auto Start = std::chrono::steady_clock::now();
  Kernel();
  Kokkos::fence();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

} // namespace

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    // 160 MB arrays; not a power of two, whose equal alignments make triad's three streams
    // conflict in the caches (2^24 measures triad a third below copy on an EPYC).
    const int N = argc > 1 ? std::atoi(argv[1]) : 20000000;
    const int Repetitions = argc > 2 ? std::atoi(argv[2]) : 10;
    const double Scalar = 0.4;
    Vector a("a", N), b("b", N), c("c", N);
    Kokkos::deep_copy(a, 1.0);
    Kokkos::deep_copy(b, 2.0);
    Kokkos::deep_copy(c, 0.0);

    double Copy = 1e30, Triad = 1e30;
    for (int R = 0; R < Repetitions; ++R) {
      Copy = std::min(Copy, timed([&] {
        Kokkos::parallel_for("copy", N, KOKKOS_LAMBDA(const int i) { c(i) = a(i); });
      }));
      Triad = std::min(Triad, timed([&] {
        Kokkos::parallel_for(
            "triad", N, KOKKOS_LAMBDA(const int i) { a(i) = b(i) + Scalar * c(i); });
      }));
    }
    const double Bytes = double(N) * sizeof(double);
    std::printf("copy_GBs=%.2f triad_GBs=%.2f N=%d kokkos=%d.%d.%d backend=%s\n",
                2 * Bytes / Copy * 1e-9, 3 * Bytes / Triad * 1e-9, N, KOKKOS_VERSION / 10000,
                KOKKOS_VERSION / 100 % 100, KOKKOS_VERSION % 100,
                Kokkos::DefaultExecutionSpace::name());
  }
  Kokkos::finalize();
  return 0;
}
