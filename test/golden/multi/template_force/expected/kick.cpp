#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "atoms.h"

namespace {
// Declared only here: the force's file cannot name it.
struct Kick {
  t_pos v;
  t_pos_const f;
  double dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    v(i, 0) += dt * f(i, 0);
    v(i, 1) += dt * f(i, 1);
  }
};
} // namespace

void kick(Atoms &atoms, double dt) {
  static int calls = 0;
  ++calls;
  // kfuse-begin fused-across("pair", "kick") profile=test/golden/multi/template_force/profile.json
  {
    // 'pair' (test/golden/multi/template_force/pair_impl.h:7) may be pending: then its site launches
    // both as one.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, atoms.n);
    const auto kfuse_second = Kick{atoms.v, atoms.f, dt};
    if (!::kfuse::fuse_pending("kfuse_chain_c76a45f5_e8bf2b1d", ::kfuse::bounds_of(kfuse_policy),
                               std::tuple<Kokkos::View<double *[2]>, Kokkos::View<const double *[2]>, double>(kfuse_second.v, kfuse_second.f, kfuse_second.dt))) {
      ::kfuse::flush("kfuse_chain_c76a45f5_e8bf2b1d");
// kfuse-original-begin
      Kokkos::parallel_for("kick", Kokkos::RangePolicy<>(0, atoms.n), Kick{atoms.v, atoms.f, dt});
// kfuse-original-end
    }
  }
  // kfuse-end // EXPECT-REMARK: kfuse-fused
}
