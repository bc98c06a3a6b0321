#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The second kernel: it reads what 'heat' wrote at the same point.
#include "grid.h"

// kfuse-functor-begin kfuse_part_heat_22b80cd3
// 'heat' (test/golden/multi/boxes/heat.cpp:6) as a functor: deferred, it runs fused
// with 'cool' (test/golden/multi/boxes/cool.cpp:7) when 'main' calls their functions in turn.
template <class T_g, class T_rate> struct kfuse_part_heat_22b80cd3 {
  T_g g;
  T_rate rate;
  KOKKOS_INLINE_FUNCTION void operator()(const int j, const int k) const {
        g.b(j, k) = 0.5 * g.a(j, k) + rate * (j - k);
      }
};
// kfuse-functor-end
void cool(const Grid &grid) {
  auto b = grid.b;
  auto c = grid.c;
  // kfuse-begin fused-across("heat", "cool") profile=test/golden/multi/boxes/profile.json
  {
    // 'heat' (test/golden/multi/boxes/heat.cpp:6) may be pending: then both run here as one.
    const auto kfuse_policy = interior(grid);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_heat_22b80cd3<Grid, double>>(
        "kfuse_chain_22b80cd3_c26f5fb6", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_first && ::kfuse::use_fused("heat+cool", ::kfuse::apart(kfuse_first->g.b, true, c, true) &&
          ::kfuse::same_or_apart(kfuse_first->g.b, b) &&
          ::kfuse::apart(kfuse_first->g.a, false, c, true))) {
      Kokkos::parallel_for("heat+cool", kfuse_policy, ::kfuse::compose<int>(*kfuse_first, KOKKOS_LAMBDA(const int j, const int k) {
        c(j, k) += 0.25 * b(j, k);
      }));
      ::kfuse::discard("kfuse_chain_22b80cd3_c26f5fb6");
    } else {
      ::kfuse::flush("kfuse_chain_22b80cd3_c26f5fb6");
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "cool", interior(grid), KOKKOS_LAMBDA(const int j, const int k) {
        c(j, k) += 0.25 * b(j, k);
      });
// kfuse-original-end
    }
  }
  // kfuse-end
}
