#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The equation of state (with the largest pressure) and a smoothing kernel.
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
double eos(State &s) {
  auto rho = s.rho;
  auto e = s.e;
  auto p = s.p;
  double pmax = 0.0;
  // kfuse-begin fused-across("predict", "eos") after "smooth" profile=test/golden/multi/driver_files/profile.json
  {
    // 'predict' (test/golden/multi/driver_files/update.cpp:8) may be pending, alone or run as one with
    // 'smooth' (test/golden/multi/driver_files/eos.cpp:21): then they run here as one with this kernel.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<int, kfuse_part_smooth_e384644b<Kokkos::View<double *>>, kfuse_part_predict_b203e763<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>, double>>>(
        "kfuse_chain_b203e763_0ab0dbbd", ::kfuse::bounds_of(kfuse_policy));
    auto *kfuse_first = ::kfuse::pending<kfuse_part_predict_b203e763<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_b203e763_0ab0dbbd", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_both && ::kfuse::use_fused("smooth+predict+eos", ::kfuse::apart(kfuse_both->A.e, true, p, true) &&
          ::kfuse::apart(kfuse_both->A.e, true, rho, false) &&
          ::kfuse::same_or_apart(kfuse_both->A.e, e) &&
          ::kfuse::apart(kfuse_both->B.e, true, p, true) &&
          ::kfuse::apart(kfuse_both->B.e, true, rho, false) &&
          ::kfuse::same_or_apart(kfuse_both->B.e, e) &&
          ::kfuse::apart(kfuse_both->B.u, false, p, true) &&
          ::kfuse::apart(kfuse_both->B.rho, true, p, true) &&
          ::kfuse::same_or_apart(kfuse_both->B.rho, rho) &&
          ::kfuse::apart(kfuse_both->B.rho, true, e, false))) {
      Kokkos::parallel_reduce("smooth+predict+eos", kfuse_policy, ::kfuse::compose_reduce<int, double>(*kfuse_both, KOKKOS_LAMBDA(const int i, double &m) {
        p(i) = 0.4 * rho(i) * e(i);
        m = p(i) > m ? p(i) : m;
      }), Kokkos::Max<double>(pmax));
      ::kfuse::discard("kfuse_chain_b203e763_0ab0dbbd");
    } else if (kfuse_first && ::kfuse::use_fused("predict+eos", ::kfuse::apart(kfuse_first->e, true, p, true) &&
          ::kfuse::apart(kfuse_first->e, true, rho, false) &&
          ::kfuse::same_or_apart(kfuse_first->e, e) &&
          ::kfuse::apart(kfuse_first->u, false, p, true) &&
          ::kfuse::apart(kfuse_first->rho, true, p, true) &&
          ::kfuse::same_or_apart(kfuse_first->rho, rho) &&
          ::kfuse::apart(kfuse_first->rho, true, e, false))) {
      Kokkos::parallel_reduce("predict+eos", kfuse_policy, ::kfuse::compose_reduce<int, double>(*kfuse_first, KOKKOS_LAMBDA(const int i, double &m) {
        p(i) = 0.4 * rho(i) * e(i);
        m = p(i) > m ? p(i) : m;
      }), Kokkos::Max<double>(pmax));
      ::kfuse::discard("kfuse_chain_b203e763_0ab0dbbd");
    } else {
      ::kfuse::flush("kfuse_chain_b203e763_0ab0dbbd");
// kfuse-original-begin
      Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "eos", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i, double &m) {
        p(i) = 0.4 * rho(i) * e(i);
        m = p(i) > m ? p(i) : m;
      },
      Kokkos::Max<double>(pmax));
// kfuse-original-end
    }
  }
  // kfuse-end
  return pmax;
}

void smooth(State &s) {
  auto e = s.e;
  // kfuse-begin deferred("smooth") until "predict" profile=test/golden/multi/driver_files/profile.json
  if (::kfuse::deferring("kfuse_chain_e384644b_b203e763")) {
    // Runs later: fused with 'predict' (test/golden/multi/driver_files/update.cpp:8), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    ::kfuse::defer("kfuse_chain_e384644b_b203e763", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_smooth_e384644b>(e),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("smooth", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_e384644b_b203e763"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "smooth", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        e(i) *= 0.999;
      });
// kfuse-original-end
  }
  // kfuse-end
}
