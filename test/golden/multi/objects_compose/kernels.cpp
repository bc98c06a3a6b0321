#include "fields.h"

namespace {
struct Smooth {
  using value = double;
  static constexpr value half = 0.5;
  struct TagHalf {}; // selects the operator (composed through its tag)
  Vec a, b;
  double w;
  KOKKOS_INLINE_FUNCTION void operator()(TagHalf, const int i) const {
    const value s = half * w * (1 + i % 3);
    b(i) = s * a(i);
  }
};
} // namespace

void smooth(Vec a, Vec b, double w) {
  Kokkos::parallel_for("smooth", Kokkos::RangePolicy<Smooth::TagHalf>(0, a.extent(0)),
                       Smooth{a, b, w});
}

void accumulate(Vec b, Vec c) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "accumulate", b.extent(0), KOKKOS_LAMBDA(const int i) { c(i) += 0.25 * b(i); });
}
