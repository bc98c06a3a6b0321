#include <kfuse/runtime/Guard.hpp> // kfuse-include
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
  // kfuse-begin deferred("smooth") until "accumulate" profile=test/golden/multi/objects_compose/profile.json
  if (::kfuse::deferring("kfuse_chain_e559e049_5132ed09")) {
    // Runs later: fused with 'accumulate' (test/golden/multi/objects_compose/kernels.cpp:23), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<Smooth::TagHalf>(0, a.extent(0));
    ::kfuse::defer("kfuse_chain_e559e049_5132ed09", ::kfuse::bounds_of(kfuse_policy),
                   Smooth{a, b, w},
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("smooth", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_e559e049_5132ed09"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("smooth", Kokkos::RangePolicy<Smooth::TagHalf>(0, a.extent(0)),
                       Smooth{a, b, w});
// kfuse-original-end
  }
  // kfuse-end
}

void accumulate(Vec b, Vec c) {
  // kfuse-begin fused-across("smooth", "accumulate") profile=test/golden/multi/objects_compose/profile.json
  {
    // 'smooth' (test/golden/multi/objects_compose/kernels.cpp:18) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = b.extent(0);
    auto *kfuse_first = ::kfuse::pending<Smooth>(
        "kfuse_chain_e559e049_5132ed09", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("smooth+accumulate", "b,a,c,b", [&] { return ::kfuse::shadow_items(kfuse_first->b, kfuse_first->a, c, b); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("smooth+accumulate", ::kfuse::apart(kfuse_first->b, true, c, true) &&
            ::kfuse::same_or_apart(kfuse_first->b, b) &&
            ::kfuse::apart(kfuse_first->a, false, c, true)))) {
        Kokkos::parallel_for("smooth+accumulate", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), ::kfuse::tagged<Smooth::TagHalf>(*kfuse_first), KOKKOS_LAMBDA(const int i) { c(i) += 0.25 * b(i); }));
        ::kfuse::discard("kfuse_chain_e559e049_5132ed09");
      } else {
        kfuse_shadow.flush("kfuse_chain_e559e049_5132ed09");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "accumulate", b.extent(0), KOKKOS_LAMBDA(const int i) { c(i) += 0.25 * b(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}
