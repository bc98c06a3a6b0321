#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "cool.h"

void heat(Field &s, double rate) {
  auto t = s.t;
  // kfuse-begin deferred("heat") until "cool" profile=test/golden/multi/template_second/profile.json
  if (::kfuse::deferring("kfuse_chain_986f9170_41166ae4")) {
    // Runs later: fused with 'cool' (test/golden/multi/template_second/cool.h:19), or on its own.
    const auto kfuse_policy = s.n;
    ::kfuse::defer("kfuse_chain_986f9170_41166ae4", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_heat_986f9170>(t, rate),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("heat", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_986f9170_41166ae4"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("heat", s.n, KOKKOS_LAMBDA(const int i) { t(i) += rate * (1 + i % 3); });
// kfuse-original-end
  }
  // kfuse-end // EXPECT-REMARK: kfuse-not-fusable
}
