// Benchmark (not a test): what the profiling runtime costs an instrumented program.
//
// Runs the same four stream kernels plain and through the Launch API, as `kfuse instrument`
// wraps them, alternating the two for several repetitions and reporting medians:
//  1. kernels of >= 100 us each: the instrumented loop's slowdown in percent;
//  2. tiny kernels (a few elements): the runtime's cost per launch in nanoseconds, fences
//     included, and what that cost is as a share of a large kernel.
//
// Usage: kfuse_bench_runtime [N-large] [repetitions] [tiny-launches]

#include "kfuse/runtime/Profiler.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using Vector = Kokkos::View<double *>;
using Clock = std::chrono::steady_clock;

const kfuse::rt::SiteInfo CopySite{"bench.cpp:loop#1:0001", "bench.cpp", 1, 1, "parallel_for",
                                   "copy"};
const kfuse::rt::SiteInfo MulSite{"bench.cpp:loop#2:0002", "bench.cpp", 2, 1, "parallel_for",
                                  "mul"};
const kfuse::rt::SiteInfo AddSite{"bench.cpp:loop#3:0003", "bench.cpp", 3, 1, "parallel_for",
                                  "add"};
const kfuse::rt::SiteInfo TriadSite{"bench.cpp:loop#4:0004", "bench.cpp", 4, 1, "parallel_for",
                                    "triad"};

struct Arrays {
  Vector A, B, C;
  int N;
  explicit Arrays(int N) : A("a", N), B("b", N), C("c", N), N(N) {
    Kokkos::deep_copy(A, 0.1);
    Kokkos::deep_copy(B, 0.2);
    Kokkos::deep_copy(C, 0.0);
  }
};

// The kernels, shared by both loops so that their machine code is the same bytes at the same
// addresses: on this kind of loop, code placement alone moves the time by +-20%, which would
// swamp what the runtime costs.
#define KFUSE_BENCH_NOINLINE __attribute__((noinline))
KFUSE_BENCH_NOINLINE void copy(const Vector &C, const Vector &A) {
  Kokkos::parallel_for("copy", C.extent(0), KOKKOS_LAMBDA(const int i) { C(i) = A(i); });
}
KFUSE_BENCH_NOINLINE void mul(const Vector &B, const Vector &C, double S) {
  Kokkos::parallel_for("mul", B.extent(0), KOKKOS_LAMBDA(const int i) { B(i) = S * C(i); });
}
KFUSE_BENCH_NOINLINE void add(const Vector &C, const Vector &A, const Vector &B) {
  Kokkos::parallel_for("add", C.extent(0), KOKKOS_LAMBDA(const int i) { C(i) = A(i) + B(i); });
}
KFUSE_BENCH_NOINLINE void triad(const Vector &A, const Vector &B, const Vector &C, double S) {
  Kokkos::parallel_for("triad", A.extent(0),
                       KOKKOS_LAMBDA(const int i) { A(i) = B(i) + S * C(i); });
}

KFUSE_BENCH_NOINLINE void plainLoop(const Arrays &X, int Iterations) {
  const Vector A = X.A, B = X.B, C = X.C;
  const double S = 0.4;
  for (int It = 0; It < Iterations; ++It) {
    copy(C, A);
    mul(B, C, S);
    add(C, A, B);
    triad(A, B, C, S);
  }
  Kokkos::fence();
}

// What the instrumenter writes around each launch.
KFUSE_BENCH_NOINLINE void instrumentedLoop(const Arrays &X, int Iterations) {
  const Vector A = X.A, B = X.B, C = X.C;
  const double S = 0.4;
  for (int It = 0; It < Iterations; ++It) {
    {
      ::kfuse::rt::Launch L(CopySite);
      L.range(0, X.N).view("c", ::kfuse::rt::Write, C).view("a", ::kfuse::rt::Read, A);
      L.start();
      copy(C, A);
      L.stop();
    }
    {
      ::kfuse::rt::Launch L(MulSite);
      L.range(0, X.N).view("b", ::kfuse::rt::Write, B).view("c", ::kfuse::rt::Read, C);
      L.start();
      mul(B, C, S);
      L.stop();
    }
    {
      ::kfuse::rt::Launch L(AddSite);
      L.range(0, X.N)
          .view("c", ::kfuse::rt::Write, C)
          .view("a", ::kfuse::rt::Read, A)
          .view("b", ::kfuse::rt::Read, B);
      L.start();
      add(C, A, B);
      L.stop();
    }
    {
      ::kfuse::rt::Launch L(TriadSite);
      L.range(0, X.N)
          .view("a", ::kfuse::rt::Write, A)
          .view("b", ::kfuse::rt::Read, B)
          .view("c", ::kfuse::rt::Read, C);
      L.start();
      triad(A, B, C, S);
      L.stop();
    }
  }
  Kokkos::fence();
}

template <class F> double seconds(F &&Body) {
  const Clock::time_point Start = Clock::now();
  Body();
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

double quantile(std::vector<double> V, double Q) {
  std::sort(V.begin(), V.end());
  const double Pos = Q * (V.size() - 1);
  const std::size_t Low = static_cast<std::size_t>(Pos);
  const std::size_t High = std::min(Low + 1, V.size() - 1);
  return V[Low] + (V[High] - V[Low]) * (Pos - Low);
}

struct Comparison {
  double Plain;        ///< median seconds of the plain loop
  double Instrumented; ///< median seconds of the instrumented loop
  double Ratio[3];     ///< quartiles of instrumented / plain, paired by repetition
};

/// Times the plain and the instrumented loop Repetitions times, alternating which runs first so
/// that drift (other processes, frequency) falls on both alike.
Comparison compare(const Arrays &X, int Iterations, int Repetitions) {
  plainLoop(X, 1); // warm up caches and the recorder's tables
  instrumentedLoop(X, 1);
  std::vector<double> P, I, Ratios;
  for (int R = 0; R < Repetitions; ++R) {
    double TP, TI;
    if (R % 2) {
      TI = seconds([&] { instrumentedLoop(X, Iterations); });
      TP = seconds([&] { plainLoop(X, Iterations); });
    } else {
      TP = seconds([&] { plainLoop(X, Iterations); });
      TI = seconds([&] { instrumentedLoop(X, Iterations); });
    }
    P.push_back(TP);
    I.push_back(TI);
    Ratios.push_back(TI / TP);
  }
  return Comparison{quantile(P, 0.5), quantile(I, 0.5),
                    {quantile(Ratios, 0.25), quantile(Ratios, 0.5), quantile(Ratios, 0.75)}};
}

} // namespace

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int Large = argc > 1 ? std::atoi(argv[1]) : 1 << 19;
    const int Repetitions = argc > 2 ? std::atoi(argv[2]) : 51;
    const int TinyLaunches = argc > 3 ? std::atoi(argv[3]) : 400000;
    // The profile of the benchmark itself is of no interest.
    kfuse::rt::Recorder::instance().setWriteAtExit(false);

    const int LargeIterations = 25;
    Comparison LargeRun;
    {
      Arrays X(Large);
      LargeRun = compare(X, LargeIterations, Repetitions);
    }
    std::printf("large kernels: N=%d, %.1f us per kernel (%d repetitions of %d launches)\n",
                Large, LargeRun.Plain / (4.0 * LargeIterations) * 1e6, Repetitions,
                4 * LargeIterations);
    std::printf("  median plain %.3f ms, instrumented %.3f ms\n", LargeRun.Plain * 1e3,
                LargeRun.Instrumented * 1e3);
    std::printf("  overhead %+.2f%% (paired median; quartiles %+.2f%% .. %+.2f%%)\n",
                (LargeRun.Ratio[1] - 1) * 100, (LargeRun.Ratio[0] - 1) * 100,
                (LargeRun.Ratio[2] - 1) * 100);

    Comparison Tiny;
    {
      Arrays X(4);
      Tiny = compare(X, TinyLaunches / 4, Repetitions);
    }
    std::printf("tiny kernels: N=4, %d launches (%d repetitions)\n", TinyLaunches, Repetitions);
    std::printf("  median plain %.1f ns per launch, instrumented %.1f ns: runtime cost %.1f ns "
                "per launch\n",
                Tiny.Plain / TinyLaunches * 1e9, Tiny.Instrumented / TinyLaunches * 1e9,
                (Tiny.Instrumented - Tiny.Plain) / TinyLaunches * 1e9);
    // The large-kernel figure is within the machine's noise; this is what it should be.
    std::printf("per-launch cost / large kernel time: %+.3f%%\n",
                (Tiny.Instrumented - Tiny.Plain) / TinyLaunches /
                    (LargeRun.Plain / (4.0 * LargeIterations)) * 100);
  }
  Kokkos::finalize();
  return 0;
}
