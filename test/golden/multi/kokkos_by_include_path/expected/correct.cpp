#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "steps.h"

// kfuse-functor-begin kfuse_part_predict_bc44a2e6
// 'predict' (test/golden/multi/kokkos_by_include_path/predict.cpp:4) as a functor: deferred, it runs fused
// with 'correct' (test/golden/multi/kokkos_by_include_path/correct.cpp:4) when 'main' calls their functions in turn.
template <class T_u, class T_v, class T_dt> struct kfuse_part_predict_bc44a2e6 {
  T_u u;
  T_v v;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) = v(i) + dt * v(i) * v(i); }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_bc44a2e6_a60ae802
// 'predict' (test/golden/multi/kokkos_by_include_path/predict.cpp:4) then 'correct'
// (test/golden/multi/kokkos_by_include_path/correct.cpp:4), fused across functions: one body over
// raw pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_w, class T_kfuse_chunks>
struct kfuse_fused_bc44a2e6_a60ae802 {
  T_kfuse_first kfuse_first;
  T_w w;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT w_, double *KOKKOS_RESTRICT u_,
                                          const double *KOKKOS_RESTRICT v_,
                                          const decltype(T_kfuse_first::dt) dt) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        u_[i] = v_[i] + dt * v_[i] * v_[i];
      }
      {
        const int i = kfuse_i0;
        w_[i] = 0.5 * (w_[i] + u_[i]);
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), w.data(),
         kfuse_first.u.data(), kfuse_first.v.data(), kfuse_first.dt);
  }
};
// kfuse-functor-end
void correct(Field u, Field w) {
  // kfuse-begin fused-across("predict", "correct") profile=test/golden/multi/kokkos_by_include_path/profile.json
  {
    // 'predict' (test/golden/multi/kokkos_by_include_path/predict.cpp:4) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = u.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_predict_bc44a2e6<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_bc44a2e6_a60ae802", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("predict+correct", "u,v,w,u", [&] { return ::kfuse::shadow_items(kfuse_first->u, kfuse_first->v, w, u); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("predict+correct", ::kfuse::no_overlap({::kfuse::bytes_of(w, true), ::kfuse::bytes_of(kfuse_first->u, true), ::kfuse::bytes_of(kfuse_first->v, false)}) &&
            ::kfuse::same_view(kfuse_first->u, u)))) {
        Kokkos::parallel_for("predict+correct", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_bc44a2e6_a60ae802>(*kfuse_first, w, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_bc44a2e6_a60ae802");
      } else {
        kfuse_shadow.flush("kfuse_chain_bc44a2e6_a60ae802");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "correct", u.extent(0), KOKKOS_LAMBDA(const int i) { w(i) = 0.5 * (w(i) + u(i)); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}
