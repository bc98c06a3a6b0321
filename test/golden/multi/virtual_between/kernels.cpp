// The kernels, each in its own function.
#include "app.h"

void push(State &s, double dt) {
  auto u = s.u;
  auto f = s.f;
  Kokkos::parallel_for(
      "push", s.n, KOKKOS_LAMBDA(const int i) { u(i) += dt * f(i); });
}

void force(State &s) {
  auto u = s.u;
  auto f = s.f;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "force", s.n, KOKKOS_LAMBDA(const int i) { f(i) = -0.5 * u(i) + 0.01 * (i % 7); });
}

void relax(State &s) {
  auto u = s.u;
  auto w = s.w;
  Kokkos::parallel_for(
      "relax", s.n, KOKKOS_LAMBDA(const int i) { w(i) = 0.9 * w(i) + 0.1 * u(i); });
}

void smooth(State &s) {
  auto u = s.u;
  auto w = s.w;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "smooth", s.n, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * (u(i) + w(i)); });
}
