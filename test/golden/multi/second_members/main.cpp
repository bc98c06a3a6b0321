// A diffusion loop: a flux kernel (a class launching itself) fused with the
// relaxation that follows, whose functor the flux's file cannot name (an
// anonymous namespace of another source file): its data members travel to
// the flux's site, which runs a copy of its body. A decay running after
// the flux less often is left alone.
//   diffuse [N] [STEPS] [MODE]   (MODE 1: the decay follows the flux every
//   other step; MODE 2: the relaxed field is written into the flux, and
//   the guard runs them as written)
#include "state.h"
#include <cstdio>
#include <cstdlib>
#include <utility>

// KFUSE-RUN: 400 5 0
// KFUSE-RUN: 400 5 1
// KFUSE-RUN: 37 2 0
// KFUSE-FALLBACK-RUN: 400 5 2
// KFUSE-PROFILE-RUN: 400 5 1

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    State s;
    s.n = argc > 1 ? std::atoi(argv[1]) : 400;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 5;
    const int mode = argc > 3 ? std::atoi(argv[3]) : 0;
    s.u = t_field("u", s.n);
    s.w = t_field("w", s.n);
    s.flux = t_field("flux", s.n);
    s.rate = t_field("rate", s.n);
    auto u = s.u;
    const int n = s.n;
    Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) { u(i) = (i * 7 % 13) * 0.25; });
    Flux flux(0.2);
    Advance advance(0.5);
    State other = s;
    if (mode == 2)
      other.w = s.flux;
    State &target = mode == 2 ? other : s;
    for (int step = 0; step < steps; ++step) {
      flux.compute(s);
      if (mode == 1 && step % 2)
        advance.decay(s);
      advance.relax(target);
      std::swap(s.u, s.w);
      other.u = s.u;
      other.w = mode == 2 ? s.flux : s.w;
    }
    double sum = 0, rate = 0;
    auto r = s.rate;
    u = s.u;
    Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(const int i, double &a) { a += u(i) * (i + 1); }, sum);
    Kokkos::parallel_reduce("rate", n, KOKKOS_LAMBDA(const int i, double &a) { a += r(i); }, rate);
    std::printf("sum=%.12g rate=%.12g\n", sum, rate);
  }
  Kokkos::finalize();
}
