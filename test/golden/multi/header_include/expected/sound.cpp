#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "physics.h" // kfuse-line 68511542
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
void sound(Cells &s) {
  auto rho = s.rho;
  auto p = s.p;
  auto c = s.c;
  // kfuse-begin fused-across("eos", "sound") after "update" profile=test/golden/multi/header_include/profile.json
  {
    // 'eos' (test/golden/multi/header_include/eos.cpp:12) may be pending, alone or run as one with
    // 'update' (test/golden/multi/header_include/main.cpp:31): then they run here as one with this kernel.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<int, kfuse_part_update_06c2e7d9<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>>, kfuse_part_eos_dcb1cb67<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>>>>(
        "kfuse_chain_dcb1cb67_849eec01", ::kfuse::bounds_of(kfuse_policy));
    auto *kfuse_first = ::kfuse::pending<kfuse_part_eos_dcb1cb67<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_dcb1cb67_849eec01", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_three = kfuse_both && ::kfuse::use_fused("update+eos+sound", ::kfuse::apart(kfuse_both->A.e, true, c, true) &&
          ::kfuse::apart(kfuse_both->A.e, true, p, false) &&
          ::kfuse::apart(kfuse_both->A.e, true, rho, false) &&
          ::kfuse::same_or_apart(kfuse_both->A.c, c) &&
          ::kfuse::apart(kfuse_both->A.p, false, c, true) &&
          ::kfuse::apart(kfuse_both->B.p, true, c, true) &&
          ::kfuse::same_or_apart(kfuse_both->B.p, p) &&
          ::kfuse::apart(kfuse_both->B.p, true, rho, false) &&
          ::kfuse::apart(kfuse_both->B.rho, false, c, true) &&
          ::kfuse::apart(kfuse_both->B.e, false, c, true));
    const bool kfuse_two = !kfuse_three && kfuse_first && ::kfuse::use_fused("eos+sound", ::kfuse::apart(kfuse_first->p, true, c, true) &&
          ::kfuse::same_or_apart(kfuse_first->p, p) &&
          ::kfuse::apart(kfuse_first->p, true, rho, false) &&
          ::kfuse::apart(kfuse_first->rho, false, c, true) &&
          ::kfuse::apart(kfuse_first->e, false, c, true));
    for (auto kfuse_shadow3 = ::kfuse::shadow_of("update+eos+sound", "e,c,p,p,rho,e,c,p,rho", [&] { return ::kfuse::shadow_items(kfuse_both->A.e, kfuse_both->A.c, kfuse_both->A.p, kfuse_both->B.p, kfuse_both->B.rho, kfuse_both->B.e, c, p, rho); }); kfuse_shadow3.next();)
      for (auto kfuse_shadow = ::kfuse::shadow_of("eos+sound", "p,rho,e,c,p,rho", [&] { return ::kfuse::shadow_items(kfuse_first->p, kfuse_first->rho, kfuse_first->e, c, p, rho); }); kfuse_shadow.next();) {
        if (kfuse_shadow3.run_fused(kfuse_three)) {
          Kokkos::parallel_for("update+eos+sound", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_both, KOKKOS_LAMBDA(const int i) { c(i) = std::sqrt(1.4 * p(i) / rho(i)); }));
          ::kfuse::discard("kfuse_chain_dcb1cb67_849eec01");
        } else if (kfuse_shadow.run_fused(kfuse_two)) {
          Kokkos::parallel_for("eos+sound", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) { c(i) = std::sqrt(1.4 * p(i) / rho(i)); }));
          ::kfuse::discard("kfuse_chain_dcb1cb67_849eec01");
        } else {
          if (kfuse_shadow3.checking()) {
            Kokkos::parallel_for("update", kfuse_policy, ::kfuse::alone<int>(kfuse_both->A));
            Kokkos::parallel_for("eos", kfuse_policy, ::kfuse::alone<int>(kfuse_both->B));
          } else {
            kfuse_shadow.flush("kfuse_chain_dcb1cb67_849eec01");
          }
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "sound", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i) { c(i) = std::sqrt(1.4 * p(i) / rho(i)); });
// kfuse-original-end
        }
      }
  }
  // kfuse-end
}
