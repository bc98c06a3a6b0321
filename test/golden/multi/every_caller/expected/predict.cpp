#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The predictor and a temperature-like sum.
#include "kernels.h"

// kfuse-functor-begin kfuse_part_predict_64014f8c
// 'predict' (test/golden/multi/every_caller/predict.cpp:7) as a functor: deferred, it runs fused
// with 'correct' (test/golden/multi/every_caller/correct.cpp:8) when 'setup' or 'twice' calls their functions in turn.
template <class T_e, class T_u, class T_dt> struct kfuse_part_predict_64014f8c {
  T_e e;
  T_u u;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        e(i) += dt * u(i);
      }
};
// kfuse-functor-end
void predict(State &s, double dt) {
  auto e = s.e;
  auto u = s.u;
  // kfuse-begin deferred("predict") until "correct" profile=test/golden/multi/every_caller/profile.json
  if (::kfuse::deferring("kfuse_chain_64014f8c_226413a2")) {
    // Runs later: fused with 'correct' (test/golden/multi/every_caller/correct.cpp:8), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    ::kfuse::defer("kfuse_chain_64014f8c_226413a2", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_predict_64014f8c>(e, u, dt),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("predict", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_64014f8c_226413a2"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "predict", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        e(i) += dt * u(i);
      });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_kinetic_0dc8135a
// 'kinetic' (test/golden/multi/every_caller/correct.cpp:18) as a functor: computed ahead, in one
// kernel with 'temperature' (test/golden/multi/every_caller/predict.cpp:16), when 'main' or 'setup' calls their functions in turn.
template <class T_rho, class T_u> struct kfuse_part_kinetic_0dc8135a {
  T_rho rho;
  T_u u;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double & sum) const { sum += 0.5 * rho(i) * u(i) * u(i); }
};
// kfuse-functor-end
double temperature(State &s) {
  auto u = s.u;
  double t = 0.0;
  // kfuse-begin ahead("temperature") with "kinetic" profile=test/golden/multi/every_caller/profile.json
  {
    // 'kinetic' (test/golden/multi/every_caller/correct.cpp:18) may be computed here too, in one kernel
    // with this one, when 'main' or 'setup' is about to call its function.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_second = ::kfuse::ahead<std::tuple<Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_1e703764_0dc8135a", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_second && ::kfuse::use_fused("temperature+kinetic", true)) {
      ::kfuse::BothValues<double, double> kfuse_values;
      Kokkos::parallel_reduce("temperature+kinetic", kfuse_policy,
          ::kfuse::reduce_both<int, double, double>(
              KOKKOS_LAMBDA(const int i, double &sum) { sum += u(i) * u(i); },
              ::kfuse::make_from_tuple<kfuse_part_kinetic_0dc8135a>(*kfuse_second)),
          kfuse_values);
      t = kfuse_values.First;
      ::kfuse::computed_ahead("kfuse_chain_1e703764_0dc8135a", kfuse_values.Second);
    } else {
// kfuse-original-begin
      Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "temperature", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i, double &sum) { sum += u(i) * u(i); }, t);
// kfuse-original-end
    }
  }
  // kfuse-end
  return t;
}
