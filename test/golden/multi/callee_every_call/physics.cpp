#include "state.h"

void heat(State &s) {
  auto t = s.t;
  Kokkos::parallel_for(
      "heat", s.n, KOKKOS_LAMBDA(const int i) { t(i) += 1.0 + 0.01 * i; });
}

void cool(State &s) {
  auto t = s.t;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "cool", s.n, KOKKOS_LAMBDA(const int i) { t(i) *= 0.5; });
}

void mix(State &s) {
  auto t = s.t;
  auto u = s.u;
  Kokkos::parallel_for(
      "mix", s.n, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * (u(i) + t(i)); });
}

void settle(State &s) {
  auto u = s.u;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "settle", s.n, KOKKOS_LAMBDA(const int i) { u(i) += 0.25; });
}
