#include "steps.h"

void correct(Field u, Field w) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "correct", u.extent(0), KOKKOS_LAMBDA(const int i) { w(i) = 0.5 * (w(i) + u(i)); });
}
