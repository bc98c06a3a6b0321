#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The pressure, through a device function of physics.h, which sound.cpp
// does not include: fused with the sound speed in sound.cpp, whose copy of
// this kernel needs it, so kfuse includes physics.h there too (a marked
// line that `revert` removes).
#include "kernels.h"
#include "physics.h"

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
// kfuse-functor-begin kfuse_part_update_06c2e7d9
// 'update' (test/golden/multi/header_include/main.cpp:31) as a functor: deferred, it runs fused
// with 'eos' (test/golden/multi/header_include/eos.cpp:12) when 'main' calls their functions in turn.
template <class T_e, class T_c, class T_p> struct kfuse_part_update_06c2e7d9 {
  T_e e;
  T_c c;
  T_p p;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { e(i) += 0.01 * c(i) - 0.001 * p(i); }
};
// kfuse-functor-end
void eos(Cells &s) {
  auto rho = s.rho;
  auto e = s.e;
  auto p = s.p;
  // kfuse-begin fused-across("update", "eos") deferred until "sound" profile=test/golden/multi/header_include/profile.json
  {
    // 'update' (test/golden/multi/header_include/main.cpp:31) may be pending: then both run as one, later:
    // with 'sound' (test/golden/multi/header_include/sound.cpp:9), or on their own.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_update_06c2e7d9<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_06c2e7d9_dcb1cb67", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("update+eos", ::kfuse::apart(kfuse_first->e, true, p, true) &&
          ::kfuse::apart(kfuse_first->e, true, rho, false) &&
          ::kfuse::same_or_apart(kfuse_first->e, e) &&
          ::kfuse::apart(kfuse_first->c, false, p, true) &&
          ::kfuse::same_or_apart(kfuse_first->p, p));
    if (::kfuse::deferring("kfuse_chain_dcb1cb67_849eec01")) {
      if (kfuse_fuse) {
        const auto kfuse_both = ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_eos_dcb1cb67>(p, rho, e));
        ::kfuse::discard("kfuse_chain_06c2e7d9_dcb1cb67");
        ::kfuse::defer("kfuse_chain_dcb1cb67_849eec01", ::kfuse::bounds_of(kfuse_policy), kfuse_both,
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("update+eos", kfuse_policy, kfuse_part); });
      } else {
        ::kfuse::flush("kfuse_chain_06c2e7d9_dcb1cb67");
        ::kfuse::defer("kfuse_chain_dcb1cb67_849eec01", ::kfuse::bounds_of(kfuse_policy), ::kfuse::make_fused<kfuse_part_eos_dcb1cb67>(p, rho, e),
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("eos", kfuse_policy, kfuse_part); });
      }
    } else {
      for (auto kfuse_shadow = ::kfuse::shadow_of("update+eos", "e,c,p,p,rho,e", [&] { return ::kfuse::shadow_items(kfuse_first->e, kfuse_first->c, kfuse_first->p, p, rho, e); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_fuse)) {
          Kokkos::parallel_for("update+eos", kfuse_policy, ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_eos_dcb1cb67>(p, rho, e)));
          ::kfuse::discard("kfuse_chain_06c2e7d9_dcb1cb67");
        } else {
          kfuse_shadow.flush("kfuse_chain_06c2e7d9_dcb1cb67");
          if (!kfuse_fuse)
            ::kfuse::flush("kfuse_chain_dcb1cb67_849eec01"); // one pending from an outer call runs first
// kfuse-original-begin
          Kokkos::parallel_for(
      "eos", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i) { p(i) = physics::pressure(rho(i), e(i)); });
// kfuse-original-end
        }
      }
    }
  }
  // kfuse-end
}
