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
  Kokkos::parallel_for("relax", Kokkos::RangePolicy<Relax::Tag>(0, s.n), Relax(s.w, s.u, s.flux, dt)); // EXPECT-REMARK: kfuse-fused
}

void Advance::decay(State &s) {
  Kokkos::parallel_for("decay", Kokkos::RangePolicy<>(0, s.n), Decay{s.rate, s.flux, s.n}); // EXPECT-REMARK: kfuse-not-fusable
}
