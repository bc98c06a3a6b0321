#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "fields.h"

// kfuse-functor-begin kfuse_part_heat_bca101c5
// 'heat' (test/golden/multi/restrict_pair/heat.cpp:4) as a functor: deferred, it runs fused
// with 'relax' (test/golden/multi/restrict_pair/relax.cpp:4) when 'main' calls their functions in turn.
template <class T_w, class T_t, class T_q, class T_scale, class T_k> struct kfuse_part_heat_bca101c5 {
  T_w w;
  T_t t;
  T_q q;
  T_scale scale;
  T_k k;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        const double s = scale * w(k);
        t(i) = s * (1.0 + i % 5);
        q(i, 0) = t(i) - 1.0;
      }
};
// kfuse-functor-end
void heat(Vec t, Mat q, ConstVec w, double scale, int k) {
  // kfuse-begin deferred("heat") until "relax" profile=test/golden/multi/restrict_pair/profile.json
  if (::kfuse::deferring("kfuse_chain_bca101c5_c9e3513f")) {
    // Runs later: fused with 'relax' (test/golden/multi/restrict_pair/relax.cpp:4), or on its own.
    const auto kfuse_policy = t.extent(0);
    ::kfuse::defer("kfuse_chain_bca101c5_c9e3513f", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_heat_bca101c5>(w, t, q, scale, k),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("heat", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_bca101c5_c9e3513f"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "heat", t.extent(0), KOKKOS_LAMBDA(const int i) {
        const double s = scale * w(k);
        t(i) = s * (1.0 + i % 5);
        q(i, 0) = t(i) - 1.0;
      });
// kfuse-original-end
  }
  // kfuse-end
}
