#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "physics.h" // kfuse-line
// The sound speed from the pressure.
#include "kernels.h"
#include <cmath>

// kfuse-functor-begin kfuse_part_eos_dcb1cb67
// 'eos' (test/golden/multi/header_include/eos.cpp:12) as a functor: deferred, it runs fused
// with 'sound' (test/golden/multi/header_include/sound.cpp:9) when 'main' calls their functions in turn.
template <class T_p, class T_rho, class T_e> struct kfuse_part_eos_dcb1cb67 {
  T_p p;
  T_rho rho;
  T_e e;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { p(i) = physics::pressure(rho(i), e(i)); }
};
// kfuse-functor-end
void sound(Cells &s) {
  auto rho = s.rho;
  auto p = s.p;
  auto c = s.c;
  // kfuse-begin fused-across("eos", "sound") profile=test/golden/multi/header_include/profile.json
  {
    // 'eos' (test/golden/multi/header_include/eos.cpp:12) may be pending: then both run here as one.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_eos_dcb1cb67<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_dcb1cb67_849eec01", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_first && ::kfuse::use_fused("eos+sound", ::kfuse::apart(kfuse_first->p, true, c, true) &&
          ::kfuse::same_or_apart(kfuse_first->p, p) &&
          ::kfuse::apart(kfuse_first->p, true, rho, false) &&
          ::kfuse::apart(kfuse_first->rho, false, c, true) &&
          ::kfuse::apart(kfuse_first->e, false, c, true))) {
      Kokkos::parallel_for("eos+sound", kfuse_policy, ::kfuse::compose<int>(*kfuse_first, KOKKOS_LAMBDA(const int i) { c(i) = std::sqrt(1.4 * p(i) / rho(i)); }));
      ::kfuse::discard("kfuse_chain_dcb1cb67_849eec01");
    } else {
      ::kfuse::flush("kfuse_chain_dcb1cb67_849eec01");
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "sound", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i) { c(i) = std::sqrt(1.4 * p(i) / rho(i)); });
// kfuse-original-end
    }
  }
  // kfuse-end
}
