#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "state.h"

// kfuse-functor-begin kfuse_second_0167fc01_1e711dd2
// 'relax' (test/golden/multi/second_members/advance.cpp:32) as a functor: its class is declared
// where this file cannot name it (its site hands over its members); it runs fused with 'flux' (test/golden/multi/second_members/flux.cpp:7)
// when 'main' calls their functions in turn.
template <class T_w, class T_u, class T_flux, class T_dt> struct kfuse_second_0167fc01_1e711dd2 {
  T_w w;
  T_u u;
  T_flux flux;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) = u(i) + dt * flux(i); }
};
// kfuse-functor-end
void Flux::compute(const State &s) {
  n = s.n;
  u = s.u;
  flux = s.flux;
  // kfuse-begin deferred("flux") until "relax" profile=test/golden/multi/second_members/profile.json
  if (::kfuse::deferring("kfuse_chain_0167fc01_1e711dd2")) {
    // Runs later: fused with 'relax' (test/golden/multi/second_members/advance.cpp:32), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
    ::kfuse::defer_fusable<std::tuple<Kokkos::View<double *>, Kokkos::View<const double *>, Kokkos::View<const double *>, double>>("kfuse_chain_0167fc01_1e711dd2", ::kfuse::bounds_of(kfuse_policy),
        *this,
        [=](const auto &kfuse_part) {
          Kokkos::parallel_for("flux", kfuse_policy, kfuse_part);
        },
        [=](const auto &kfuse_first, const std::tuple<Kokkos::View<double *>, Kokkos::View<const double *>, Kokkos::View<const double *>, double> &kfuse_members) {
          const auto kfuse_second = ::kfuse::make_fused<kfuse_second_0167fc01_1e711dd2>(std::get<0>(kfuse_members), std::get<1>(kfuse_members), std::get<2>(kfuse_members), std::get<3>(kfuse_members));
          if (!::kfuse::use_fused("flux+relax", ::kfuse::apart(kfuse_first.u, false, kfuse_second.w, true) &&
                ::kfuse::apart(kfuse_first.flux, true, kfuse_second.w, true) &&
                ::kfuse::apart(kfuse_first.flux, true, kfuse_second.u, false) &&
                ::kfuse::same_or_apart(kfuse_first.flux, kfuse_second.flux)))
            return false;
          for (auto kfuse_shadow = ::kfuse::shadow_of("flux+relax", "u,flux,w,u,flux", [&] { return ::kfuse::shadow_items(kfuse_first.u, kfuse_first.flux, kfuse_second.w, kfuse_second.u, kfuse_second.flux); }); kfuse_shadow.next();) {
            if (kfuse_shadow.run_fused(true)) {
              Kokkos::parallel_for("flux+relax", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), kfuse_first, kfuse_second));
            } else {
              Kokkos::parallel_for("flux", kfuse_policy, ::kfuse::alone<int>(kfuse_first));
              Kokkos::parallel_for("relax", kfuse_policy, ::kfuse::alone<int>(kfuse_second));
            }
          }
          return true;
        });
  } else {
    ::kfuse::flush("kfuse_chain_0167fc01_1e711dd2"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("flux", Kokkos::RangePolicy<>(0, n), *this);
// kfuse-original-end
  }
  // kfuse-end // EXPECT-REMARK: kfuse-unsafe-dependence
  u = t_field_const();
}
