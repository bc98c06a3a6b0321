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
void predict(State &s, double dt) {
  auto rho = s.rho;
  auto e = s.e;
  auto u = s.u;
  // kfuse-begin deferred("predict") until "eos" profile=test/golden/multi/driver_files/profile.json
  if (::kfuse::deferring("kfuse_chain_b203e763_0ab0dbbd")) {
    // Runs later: fused with 'eos' (test/golden/multi/driver_files/eos.cpp:9), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    ::kfuse::defer("kfuse_chain_b203e763_0ab0dbbd", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_predict_b203e763>(e, u, rho, dt),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("predict", kfuse_policy, kfuse_part);
                   });
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
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_advect_ddb8fa38
// 'advect' (test/golden/multi/driver_files/update.cpp:18) as a functor: deferred, it runs fused
// with 'smooth' (test/golden/multi/driver_files/eos.cpp:21) when 'main' calls their functions in turn.
template <class T_u, class T_p, class T_dt> struct kfuse_part_advect_ddb8fa38 {
  T_u u;
  T_p p;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        u(i) -= dt * 0.001 * p(i);
      }
};
// kfuse-functor-end
void advect(State &s, double dt) {
  auto u = s.u;
  auto p = s.p;
  // kfuse-begin deferred("advect") until "smooth" profile=test/golden/multi/driver_files/profile.json
  if (::kfuse::deferring("kfuse_chain_ddb8fa38_e384644b")) {
    // Runs later: fused with 'smooth' (test/golden/multi/driver_files/eos.cpp:21), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    ::kfuse::defer("kfuse_chain_ddb8fa38_e384644b", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_advect_ddb8fa38>(u, p, dt),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("advect", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_ddb8fa38_e384644b"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "advect", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        u(i) -= dt * 0.001 * p(i);
      });
// kfuse-original-end
  }
  // kfuse-end
}
