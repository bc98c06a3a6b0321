#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The predictor and the advection kernels.
#include "kernels.h"

// kfuse-functor-begin kfuse_part_predict_b203e763
// 'predict' (test/golden/multi/driver_files/update.cpp:8) as a functor: deferred, it runs fused
// with 'eos' (test/golden/multi/driver_files/eos.cpp:9) when 'main' calls their functions in turn.
template <class T_e, class T_u, class T_rho, class T_dt> struct kfuse_part_predict_b203e763 {
  T_e e;
  T_u u;
  T_rho rho;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        e(i) += dt * u(i);
        rho(i) *= 1.0 + 0.01 * dt;
      }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_part_smooth_e384644b
// 'smooth' (test/golden/multi/driver_files/eos.cpp:21) as a functor: deferred, it runs fused
// with 'predict' (test/golden/multi/driver_files/update.cpp:8) when 'main' calls their functions in turn.
template <class T_e> struct kfuse_part_smooth_e384644b {
  T_e e;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        e(i) *= 0.999;
      }
};
// kfuse-functor-end
void predict(State &s, double dt) {
  auto rho = s.rho;
  auto e = s.e;
  auto u = s.u;
  // kfuse-begin fused-across("smooth", "predict") deferred until "eos" profile=test/golden/multi/driver_files/profile.json
  {
    // 'smooth' (test/golden/multi/driver_files/eos.cpp:21) may be pending: then both run as one, later:
    // with 'eos' (test/golden/multi/driver_files/eos.cpp:9), or on their own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_smooth_e384644b<Kokkos::View<double *>>>(
        "kfuse_chain_e384644b_b203e763", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_first && ::kfuse::use_fused("smooth+predict", ::kfuse::same_or_apart(kfuse_first->e, e) &&
          ::kfuse::apart(kfuse_first->e, true, u, false) &&
          ::kfuse::apart(kfuse_first->e, true, rho, true))) {
      const auto kfuse_both = ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_predict_b203e763>(e, u, rho, dt));
      ::kfuse::discard("kfuse_chain_e384644b_b203e763");
      if (::kfuse::deferring("kfuse_chain_b203e763_0ab0dbbd"))
        ::kfuse::defer("kfuse_chain_b203e763_0ab0dbbd", ::kfuse::bounds_of(kfuse_policy), kfuse_both,
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("smooth+predict", kfuse_policy, kfuse_part); });
      else
        Kokkos::parallel_for("smooth+predict", kfuse_policy, kfuse_both);
    } else {
      ::kfuse::flush("kfuse_chain_e384644b_b203e763");
      if (::kfuse::deferring("kfuse_chain_b203e763_0ab0dbbd")) {
        ::kfuse::defer("kfuse_chain_b203e763_0ab0dbbd", ::kfuse::bounds_of(kfuse_policy), ::kfuse::make_fused<kfuse_part_predict_b203e763>(e, u, rho, dt),
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("predict", kfuse_policy, kfuse_part); });
      } else {
        ::kfuse::flush("kfuse_chain_b203e763_0ab0dbbd"); // one pending from an outer call runs first
// kfuse-original-begin
        Kokkos::parallel_for(
      "predict", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        e(i) += dt * u(i);
        rho(i) *= 1.0 + 0.01 * dt;
      });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

void advect(State &s, double dt) {
  auto u = s.u;
  auto p = s.p;
  Kokkos::parallel_for(
      "advect", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        u(i) -= dt * 0.001 * p(i);
      });
}
