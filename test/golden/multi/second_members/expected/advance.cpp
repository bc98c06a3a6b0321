#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "state.h"

namespace {
// Declared only here: the flux's file cannot name it.
// (Its operator is selected by a work tag the flux's file cannot name
// either: the copy runs without it.)
struct Relax {
  struct Tag {};
  t_field w;
  t_field_const u, flux;
  double dt;
  Relax(t_field w_, t_field_const u_, t_field_const flux_, double dt_)
      : w(w_), u(u_), flux(flux_), dt(dt_) {}
  KOKKOS_INLINE_FUNCTION void operator()(Tag, const int i) const { w(i) = u(i) + dt * flux(i); }
};

// Reads the flux at a neighbour (the flux is fused with the relaxation,
// which runs more often after it).
struct Decay {
  t_field rate;
  t_field_const flux;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    rate(i) = 0.5 * (flux(i) + flux(i + 1 < n ? i + 1 : i));
  }
};
} // namespace

void Advance::relax(State &s) {
  static int calls = 0;
  ++calls;
  // kfuse-begin fused-across("flux", "relax") profile=test/golden/multi/second_members/profile.json
  {
    // 'flux' (test/golden/multi/second_members/flux.cpp:7) may be pending: then its site launches
    // both as one.
    const auto kfuse_policy = Kokkos::RangePolicy<Relax::Tag>(0, s.n);
    const auto kfuse_second = Relax(s.w, s.u, s.flux, dt);
    if (!::kfuse::fuse_pending("kfuse_chain_0167fc01_1e711dd2", ::kfuse::bounds_of(kfuse_policy),
                               std::tuple<Kokkos::View<double *>, Kokkos::View<const double *>, Kokkos::View<const double *>, double>(kfuse_second.w, kfuse_second.u, kfuse_second.flux, kfuse_second.dt))) {
      ::kfuse::flush("kfuse_chain_0167fc01_1e711dd2");
// kfuse-original-begin
      Kokkos::parallel_for("relax", Kokkos::RangePolicy<Relax::Tag>(0, s.n), Relax(s.w, s.u, s.flux, dt));
// kfuse-original-end
    }
  }
  // kfuse-end // EXPECT-REMARK: kfuse-fused
}

void Advance::decay(State &s) {
  ::kfuse::flush("kfuse_chain_0167fc01_1e711dd2"); // kfuse-line ac80bc32
  Kokkos::parallel_for("decay", Kokkos::RangePolicy<>(0, s.n), Decay{s.rate, s.flux, s.n}); // EXPECT-REMARK: kfuse-not-fusable
}
