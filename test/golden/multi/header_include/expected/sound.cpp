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
// kfuse-functor-begin kfuse_fused_dcb1cb67_849eec01
// 'eos' (test/golden/multi/header_include/eos.cpp:12) then 'sound'
// (test/golden/multi/header_include/sound.cpp:9), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_c, class T_rho, class T_kfuse_chunks>
struct kfuse_fused_dcb1cb67_849eec01 {
  T_kfuse_first kfuse_first;
  T_c c;
  T_rho rho;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT c_, double *KOKKOS_RESTRICT p_,
                                          const double *KOKKOS_RESTRICT rho_,
                                          const double *KOKKOS_RESTRICT e_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        p_[i] = physics::pressure(rho_[i], e_[i]);
      }
      {
        const int i = kfuse_i0;
        c_[i] = std::sqrt(1.4 * p_[i] / rho_[i]);
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), c.data(),
         kfuse_first.p.data(), rho.data(), kfuse_first.e.data());
  }
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
    if (kfuse_first && ::kfuse::use_fused("eos+sound", ::kfuse::no_overlap({::kfuse::bytes_of(c, true), ::kfuse::bytes_of(kfuse_first->p, true), ::kfuse::bytes_of(rho, false), ::kfuse::bytes_of(kfuse_first->e, false)}) &&
          ::kfuse::same_view(kfuse_first->p, p) &&
          ::kfuse::same_view(kfuse_first->rho, rho))) {
      Kokkos::parallel_for("eos+sound", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_dcb1cb67_849eec01>(*kfuse_first, c, rho, ::kfuse::chunks_of(kfuse_policy)));
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
