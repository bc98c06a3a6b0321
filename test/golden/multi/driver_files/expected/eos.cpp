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
double eos(State &s) {
  auto rho = s.rho;
  auto e = s.e;
  auto p = s.p;
  double pmax = 0.0;
  // kfuse-begin fused-across("predict", "eos") profile=test/golden/multi/driver_files/profile.json
  {
    // 'predict' (test/golden/multi/driver_files/update.cpp:8) may be pending: then both run here as one.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_predict_b203e763<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_b203e763_0ab0dbbd", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_first && ::kfuse::use_fused("predict+eos", ::kfuse::apart(kfuse_first->e, true, p, true) &&
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
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "smooth", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        e(i) *= 0.999;
      });
}
