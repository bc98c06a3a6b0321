#include <kfuse/runtime/Guard.hpp> // kfuse-include
// What the loop may call after 'relax': each may read u, so a pending
// 'relax' runs first. 'report' returns at once on most steps, and runs it
// only after that return; 'inspect' reads u right after copying handles;
// the logger's note is virtual, and its overriders only print a line: no
// flush.
#include "grid.h"
#include <cstdio>

void report(int step, int every, Grid &g) {
  if (step % every)
    return;

  auto u = g.u;
  double sum = 0.0;
  ::kfuse::flush("kfuse_chain_d85bee3d_845267c9"); // kfuse-line b2865987
  Kokkos::parallel_reduce(
      "sum_u", g.n, KOKKOS_LAMBDA(const int i, double &s) { s += u(i); }, sum);
  std::printf("step=%d sum=%.17g\n", step, sum);
}

void inspect(Grid &g) {
  auto u = g.u;
  ::kfuse::flush("kfuse_chain_d85bee3d_845267c9"); // kfuse-line b2865987
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), u);
  std::printf("u(0)=%.17g u(n-1)=%.17g\n", h(0), h(g.n - 1));
}

void Logger::note(int step) { std::printf("note %d\n", step); }

void QuietLogger::note(int) {}
