#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The kernels of the step: 'relax' ends one step, 'sweep' begins the next,
// and they run as one across the loop's back edge; 'pin' between them is a
// team kernel (kfuse fuses only ranges and boxes across functions).
#include "grid.h"

// kfuse-functor-begin kfuse_part_relax_d85bee3d
// 'relax' (test/golden/multi/callee_flush/grid.cpp:16) as a functor: deferred, it runs fused
// with 'sweep' (test/golden/multi/callee_flush/grid.cpp:9) when 'main' calls their functions in turn.
template <class T_u, class T_w> struct kfuse_part_relax_d85bee3d {
  T_u u;
  T_w w;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) = 0.5 * (u(i) + w(i)) + 0.001 * i; }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_d85bee3d_845267c9
// 'relax' (test/golden/multi/callee_flush/grid.cpp:16) then 'sweep'
// (test/golden/multi/callee_flush/grid.cpp:9), fused across functions: one body over raw pointers,
// the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_w, class T_kfuse_chunks>
struct kfuse_fused_d85bee3d_845267c9 {
  T_kfuse_first kfuse_first;
  T_w w;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT w_, double *KOKKOS_RESTRICT u_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        u_[i] = 0.5 * (u_[i] + w_[i]) + 0.001 * i;
      }
      {
        const int i = kfuse_i0;
        w_[i] += 0.25 * u_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), w.data(),
         kfuse_first.u.data());
  }
};
// kfuse-functor-end
void sweep(Grid &g) {
  auto u = g.u;
  auto w = g.w;
  // kfuse-begin fused-across("relax", "sweep") profile=test/golden/multi/callee_flush/profile.json
  {
    // 'relax' (test/golden/multi/callee_flush/grid.cpp:16) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = g.n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_relax_d85bee3d<Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_d85bee3d_845267c9", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("relax+sweep", "u,w,w,u", [&] { return ::kfuse::shadow_items(kfuse_first->u, kfuse_first->w, w, u); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("relax+sweep", ::kfuse::no_overlap({::kfuse::bytes_of(w, true), ::kfuse::bytes_of(kfuse_first->u, true)}) &&
            ::kfuse::same_view(kfuse_first->u, u) &&
            ::kfuse::same_view(kfuse_first->w, w)))) {
        Kokkos::parallel_for("relax+sweep", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_d85bee3d_845267c9>(*kfuse_first, w, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_d85bee3d_845267c9");
      } else {
        kfuse_shadow.flush("kfuse_chain_d85bee3d_845267c9");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "sweep", g.n, KOKKOS_LAMBDA(const int i) { w(i) += 0.25 * u(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

void relax(Grid &g) {
  auto u = g.u;
  auto w = g.w;
  // kfuse-begin deferred("relax") until "sweep" profile=test/golden/multi/callee_flush/profile.json
  if (::kfuse::deferring("kfuse_chain_d85bee3d_845267c9")) {
    // Runs later: fused with 'sweep' (test/golden/multi/callee_flush/grid.cpp:9), or on its own.
    const auto kfuse_policy = g.n;
    ::kfuse::defer("kfuse_chain_d85bee3d_845267c9", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_relax_d85bee3d>(u, w),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("relax", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_d85bee3d_845267c9"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "relax", g.n, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * (u(i) + w(i)) + 0.001 * i; });
// kfuse-original-end
  }
  // kfuse-end
}

void pin(Grid &g) {
  auto w = g.w;
  const int n = g.n;
  Kokkos::parallel_for(
      "pin", Kokkos::TeamPolicy<>(2, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type &t) {
        Kokkos::single(Kokkos::PerTeam(t), [&]() { w(t.league_rank() * (n - 1)) = 0.5; });
      });
}
