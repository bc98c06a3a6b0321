#include "steps.h"

void predict(Field u, Field v, double dt) {
  Kokkos::parallel_for(
      "predict", u.extent(0), KOKKOS_LAMBDA(const int i) { u(i) = v(i) + dt * v(i) * v(i); });
}
