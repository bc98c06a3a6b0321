#pragma once
#include <Kokkos_Core.hpp>

struct State {
  int n = 0;
  Kokkos::View<double *> t, u, probe;
};

struct Monitor {
  double total = 0;
  int count = 0;
};

void heat(State &s);
void cool(State &s);
void mix(State &s);
void settle(State &s);
void record(Monitor &m, const State &s);
