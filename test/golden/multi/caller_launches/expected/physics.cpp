#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "physics.h"

// kfuse-functor-begin kfuse_part_predict_f125938e
// 'predict' (test/golden/multi/caller_launches/main.cpp:35) as a functor: deferred, it runs fused
// with 'relax' (test/golden/multi/caller_launches/physics.cpp:5) when 'main' calls their functions in turn.
template <class T_u, class T_x, class T_v, class T_dt> struct kfuse_part_predict_f125938e {
  T_u u;
  T_x x;
  T_v v;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) = x(i) + dt * v(i); }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_f125938e_f0cb5498
// 'predict' (test/golden/multi/caller_launches/main.cpp:35) then 'relax'
// (test/golden/multi/caller_launches/physics.cpp:5), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_w, class T_kfuse_chunks>
struct kfuse_fused_f125938e_f0cb5498 {
  T_kfuse_first kfuse_first;
  T_w w;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT w_, double *KOKKOS_RESTRICT u_,
                                          const double *KOKKOS_RESTRICT x_,
                                          const double *KOKKOS_RESTRICT v_,
                                          const decltype(T_kfuse_first::dt) dt) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        u_[i] = x_[i] + dt * v_[i];
      }
      {
        const int i = kfuse_i0;
        w_[i] = 0.5 * (u_[i] + w_[i]);
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), w.data(),
         kfuse_first.u.data(), kfuse_first.x.data(), kfuse_first.v.data(), kfuse_first.dt);
  }
};
// kfuse-functor-end
// Reads the predicted value at its own index: fused with the predictor.
void relax(Field u, Field w, int n) {
  // kfuse-begin fused-across("predict", "relax") profile=test/golden/multi/caller_launches/profile.json
  {
    // 'predict' (test/golden/multi/caller_launches/main.cpp:35) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_predict_f125938e<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_f125938e_f0cb5498", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("predict+relax", "u,x,v,w,u", [&] { return ::kfuse::shadow_items(kfuse_first->u, kfuse_first->x, kfuse_first->v, w, u); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("predict+relax", ::kfuse::no_overlap({::kfuse::bytes_of(w, true), ::kfuse::bytes_of(kfuse_first->u, true), ::kfuse::bytes_of(kfuse_first->x, false), ::kfuse::bytes_of(kfuse_first->v, false)}) &&
            ::kfuse::same_view(kfuse_first->u, u)))) {
        Kokkos::parallel_for("predict+relax", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_f125938e_f0cb5498>(*kfuse_first, w, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_f125938e_f0cb5498");
      } else {
        kfuse_shadow.flush("kfuse_chain_f125938e_f0cb5498");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax", n, KOKKOS_LAMBDA(const int i) { w(i) = 0.5 * (u(i) + w(i)); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

// Reads the neighbour's predicted value, which another index writes.
void smooth(Field u, Field w, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "smooth", n, KOKKOS_LAMBDA(const int i) { w(i) = u(i < n - 1 ? i + 1 : i) - w(i); });
}

// kfuse-functor-begin kfuse_part_damp_16377287
// 'damp' (test/golden/multi/caller_launches/physics.cpp:17) as a functor: deferred, it runs fused
// with 'accumulate' (test/golden/multi/caller_launches/main.cpp:47) when 'main' calls their functions in turn.
template <class T_w> struct kfuse_part_damp_16377287 {
  T_w w;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) *= 0.9; }
};
// kfuse-functor-end
// Damps the relaxed field: the time loop then launches a kernel reading it.
void damp(Field w, int n) {
  // kfuse-begin deferred("damp") until "accumulate" profile=test/golden/multi/caller_launches/profile.json
  if (::kfuse::deferring("kfuse_chain_16377287_0f5ea943")) {
    // Runs later: fused with 'accumulate' (test/golden/multi/caller_launches/main.cpp:47), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_16377287_0f5ea943", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_damp_16377287>(w),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("damp", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_16377287_0f5ea943"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("damp", n, KOKKOS_LAMBDA(const int i) { w(i) *= 0.9; });
// kfuse-original-end
  }
  // kfuse-end
}
