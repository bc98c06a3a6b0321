#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "fields.h"

// kfuse-functor-begin kfuse_part_heat_c2161a6b
// 'heat' (test/golden/multi/restrict_pair/heat.cpp:4) as a functor: deferred, it runs fused
// with 'relax' (test/golden/multi/restrict_pair/relax.cpp:4) when 'main' calls their functions in turn.
template <class T_w, class T_t, class T_q, class T_scale, class T_k> struct kfuse_part_heat_c2161a6b {
  T_w w;
  T_t t;
  T_q q;
  T_scale scale;
  T_k k;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        const double s = scale * w(k);
        t(i) = s * (1.0 + i % 5);
        if (i % 2 == 0) { // a local named like a captured value (relax's too)
          const double scale = 0.5;
          t(i) += scale;
        }
        q(i, 0) = t(i) - 1.0;
      }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_c2161a6b_37a51f88
// 'heat' (test/golden/multi/restrict_pair/heat.cpp:4) then 'relax'
// (test/golden/multi/restrict_pair/relax.cpp:4), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_q, class T_u, class T_scale, class T_kfuse_chunks,
          class T_kfuse_same>
struct kfuse_fused_c2161a6b_37a51f88 {
  T_kfuse_first kfuse_first;
  T_q q;
  T_u u;
  T_scale scale;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // std::true_type where the site found the numbers both kernels name alike equal:
  // the body reads one value for both.
  T_kfuse_same kfuse_same;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT t_,
       double *KOKKOS_RESTRICT q_, const ::kfuse::stride_t<T_q, 0, 2> q_s0,
       const ::kfuse::stride_t<T_q, 1, 2> q_s1, double *KOKKOS_RESTRICT u__,
       const double *KOKKOS_RESTRICT w_, const T_scale scale,
       const decltype(T_kfuse_first::scale) scale_first, const decltype(T_kfuse_first::k) k) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        const double s = scale_first * w_[k];
        t_[i] = s * (1.0 + i % 5);
        if (i % 2 == 0) { // a local named like a captured value (relax's too)
          const double scale = 0.5;
          t_[i] += scale;
        }
        q_[i * q_s0 + 0 * q_s1] = t_[i] - 1.0;
      }
      {
        const int i = kfuse_i0;
        const double u_ =
            scale * t_[i] + q_[i * q_s0 + 0 * q_s1]; // named like a pointer of the fused body
        u__[i] = u_;
        q_[i * q_s0 + 1 * q_s1] = u__[i] * 0.5;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), kfuse_first.t.data(),
         q.data(), q.stride(0), q.stride(1), u.data(), kfuse_first.w.data(), scale,
         T_kfuse_same::value ? scale : kfuse_first.scale, kfuse_first.k);
  }
};
// kfuse-functor-end
void relax(ConstVec t, Vec u, Mat q, double scale) {
  // kfuse-begin fused-across("heat", "relax") profile=test/golden/multi/restrict_pair/profile.json
  {
    // 'heat' (test/golden/multi/restrict_pair/heat.cpp:4) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = t.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_heat_c2161a6b<Kokkos::View<const double *>, Kokkos::View<double *>, Kokkos::View<double **, Kokkos::LayoutLeft>, double, int>>(
        "kfuse_chain_c2161a6b_37a51f88", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("heat+relax", "w,t,q,t,q,u", [&] { return ::kfuse::shadow_items(kfuse_first->w, kfuse_first->t, kfuse_first->q, t, q, u); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("heat+relax", ::kfuse::no_overlap({::kfuse::bytes_of(kfuse_first->t, true), ::kfuse::bytes_of(q, true), ::kfuse::bytes_of(u, true), ::kfuse::bytes_of(kfuse_first->w, false)}) &&
            ::kfuse::same_view(kfuse_first->t, t) &&
            ::kfuse::same_view(kfuse_first->q, q)))) {
        if (::kfuse::same_bits(kfuse_first->scale, scale))
          Kokkos::parallel_for("heat+relax", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_c2161a6b_37a51f88>(*kfuse_first, q, u, scale, ::kfuse::chunks_of(kfuse_policy), std::true_type()));
        else
          Kokkos::parallel_for("heat+relax", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_c2161a6b_37a51f88>(*kfuse_first, q, u, scale, ::kfuse::chunks_of(kfuse_policy), std::false_type()));
        ::kfuse::discard("kfuse_chain_c2161a6b_37a51f88");
      } else {
        kfuse_shadow.flush("kfuse_chain_c2161a6b_37a51f88");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax", t.extent(0), KOKKOS_LAMBDA(const int i) {
        const double u_ = scale * t(i) + q(i, 0); // named like a pointer of the fused body
        u(i) = u_;
        q(i, 1) = u(i) * 0.5;
      });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_damp_e5b648c3
// 'damp' (test/golden/multi/restrict_pair/relax.cpp:15) as a functor: deferred, it runs fused
// with 'norm' (test/golden/multi/restrict_pair/heat.cpp:18) when 'main' calls their functions in turn.
template <class T_u, class T_factor> struct kfuse_part_damp_e5b648c3 {
  T_u u;
  T_factor factor;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) = factor * u(i) + 0.125; }
};
// kfuse-functor-end
void damp(Vec u, double factor) {
  // relax -> damp would make heat, relax, damp, norm a chain of four: damp
  // and norm are fused as a chain of their own.
  // kfuse-begin deferred("damp") until "norm" profile=test/golden/multi/restrict_pair/profile.json
  if (::kfuse::deferring("kfuse_chain_e5b648c3_77ae8a39")) {
    // Runs later: fused with 'norm' (test/golden/multi/restrict_pair/heat.cpp:18), or on its own.
    const auto kfuse_policy = u.extent(0);
    ::kfuse::defer("kfuse_chain_e5b648c3_77ae8a39", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_damp_e5b648c3>(u, factor),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("damp", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_e5b648c3_77ae8a39"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "damp", u.extent(0), KOKKOS_LAMBDA(const int i) { u(i) = factor * u(i) + 0.125; });
// kfuse-original-end
  }
  // kfuse-end
}
