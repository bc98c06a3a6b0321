#include "cool.h"

void heat(Field &s, double rate) {
  auto t = s.t;
  Kokkos::parallel_for("heat", s.n, KOKKOS_LAMBDA(const int i) { t(i) += rate * (1 + i % 3); }); // EXPECT-REMARK: kfuse-not-fusable
}
