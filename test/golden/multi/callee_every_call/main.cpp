// A function of another file called between two kernels of a chain reads a
// View on the host on every call: a pending kernel would run before it on
// every call, so 'heat' -> 'cool' is not fused and the remark says why.
// Called under an `if`, as between 'mix' and 'settle', the flush runs only
// when the call does, and the chain is fused.
//   callee_every_call [N] [STEPS] [VERBOSE]
#include "state.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 6 0
// KFUSE-RUN: 1000 6 1
// KFUSE-PROFILE-RUN: 1000 6 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    State s;
    s.n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 6;
    const bool verbose = argc > 3 && std::atoi(argv[3]) != 0;
    s.t = Kokkos::View<double *>("t", s.n);
    s.u = Kokkos::View<double *>("u", s.n);
    s.probe = Kokkos::View<double *>("probe", 4);
    Kokkos::deep_copy(s.t, 1.0);
    Kokkos::deep_copy(s.u, 2.0);
    Kokkos::deep_copy(s.probe, 0.5);
    Monitor every, sometimes;
    for (int step = 0; step < steps; ++step) {
      heat(s);
      record(every, s);
      cool(s);
      mix(s);
      if (verbose)
        record(sometimes, s);
      settle(s);
    }
    double sum = 0;
    auto t = s.t;
    auto u = s.u;
    Kokkos::parallel_reduce(
        "sum", s.n, KOKKOS_LAMBDA(const int i, double &a) { a += t(i) + 3.0 * u(i); }, sum);
    std::printf("checksum=%.17g monitored=%.17g %.17g\n", sum, every.total, sometimes.total);
  }
  Kokkos::finalize();
}
