#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The first kernel: it captures the whole grid (a struct of Views).
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
void heat(const Grid &grid, double rate) {
  const Grid g = grid;
  // kfuse-begin deferred("heat") until "cool" profile=test/golden/multi/boxes/profile.json
  if (::kfuse::deferring("kfuse_chain_22b80cd3_c26f5fb6")) {
    // Runs later: fused with 'cool' (test/golden/multi/boxes/cool.cpp:7), or on its own.
    const auto kfuse_policy = interior(grid);
    ::kfuse::defer("kfuse_chain_22b80cd3_c26f5fb6", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_heat_22b80cd3>(g, rate),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("heat", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_22b80cd3_c26f5fb6"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "heat", interior(grid), KOKKOS_LAMBDA(const int j, const int k) {
        g.b(j, k) = 0.5 * g.a(j, k) + rate * (j - k);
      });
// kfuse-original-end
  }
  // kfuse-end
}
