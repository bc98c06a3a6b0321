#include "fields.h"

void heat(Vec t, Mat q, ConstVec w, double scale, int k) {
  Kokkos::parallel_for(
      "heat", t.extent(0), KOKKOS_LAMBDA(const int i) {
        const double s = scale * w(k);
        t(i) = s * (1.0 + i % 5);
        if (i % 2 == 0) { // a local named like a captured value (relax's too)
          const double scale = 0.5;
          t(i) += scale;
        }
        q(i, 0) = t(i) - 1.0;
      });
}

double norm(ConstVec u, double weight) {
  double total = 0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "norm", u.extent(0),
      KOKKOS_LAMBDA(const int i, double &sum) { sum += weight * u(i) * (1 + i % 4); }, total);
  return total;
}
