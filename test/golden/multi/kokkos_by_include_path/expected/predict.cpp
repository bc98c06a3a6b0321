#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "steps.h"

// kfuse-functor-begin kfuse_part_predict_bc44a2e6
// 'predict' (test/golden/multi/kokkos_by_include_path/predict.cpp:4) as a functor: deferred, it runs fused
// with 'correct' (test/golden/multi/kokkos_by_include_path/correct.cpp:4) when 'main' calls their functions in turn.
template <class T_u, class T_v, class T_dt> struct kfuse_part_predict_bc44a2e6 {
  T_u u;
  T_v v;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) = v(i) + dt * v(i) * v(i); }
};
// kfuse-functor-end
void predict(Field u, Field v, double dt) {
  // kfuse-begin deferred("predict") until "correct" profile=test/golden/multi/kokkos_by_include_path/profile.json
  if (::kfuse::deferring("kfuse_chain_bc44a2e6_a60ae802")) {
    // Runs later: fused with 'correct' (test/golden/multi/kokkos_by_include_path/correct.cpp:4), or on its own.
    const auto kfuse_policy = u.extent(0);
    ::kfuse::defer("kfuse_chain_bc44a2e6_a60ae802", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_predict_bc44a2e6>(u, v, dt),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("predict", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_bc44a2e6_a60ae802"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "predict", u.extent(0), KOKKOS_LAMBDA(const int i) { u(i) = v(i) + dt * v(i) * v(i); });
// kfuse-original-end
  }
  // kfuse-end
}
