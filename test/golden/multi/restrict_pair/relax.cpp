#include "fields.h"

void relax(ConstVec t, Vec u, Mat q, double scale) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax", t.extent(0), KOKKOS_LAMBDA(const int i) {
        const double u_ = scale * t(i) + q(i, 0); // named like a pointer of the fused body
        u(i) = u_;
        q(i, 1) = u(i) * 0.5;
      });
}

void damp(Vec u, double factor) {
  // relax -> damp would make heat, relax, damp, norm a chain of four: damp
  // and norm are fused as a chain of their own.
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "damp", u.extent(0), KOKKOS_LAMBDA(const int i) { u(i) = factor * u(i) + 0.125; });
}
