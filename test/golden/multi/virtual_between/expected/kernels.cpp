#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The kernels, each in its own function.
#include "app.h"

// kfuse-functor-begin kfuse_part_push_38cbbada
// 'push' (test/golden/multi/virtual_between/kernels.cpp:7) as a functor: deferred, it runs fused
// with 'force' (test/golden/multi/virtual_between/kernels.cpp:14) when 'main' calls their functions in turn.
template <class T_u, class T_f, class T_dt> struct kfuse_part_push_38cbbada {
  T_u u;
  T_f f;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) += dt * f(i); }
};
// kfuse-functor-end
void push(State &s, double dt) {
  auto u = s.u;
  auto f = s.f;
  // kfuse-begin deferred("push") until "force" profile=test/golden/multi/virtual_between/profile.json
  if (::kfuse::deferring("kfuse_chain_38cbbada_c74bfa22")) {
    // Runs later: fused with 'force' (test/golden/multi/virtual_between/kernels.cpp:14), or on its own.
    const auto kfuse_policy = s.n;
    ::kfuse::defer("kfuse_chain_38cbbada_c74bfa22", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_push_38cbbada>(u, f, dt),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("push", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_38cbbada_c74bfa22"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "push", s.n, KOKKOS_LAMBDA(const int i) { u(i) += dt * f(i); });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_38cbbada_c74bfa22
// 'push' (test/golden/multi/virtual_between/kernels.cpp:7) then 'force'
// (test/golden/multi/virtual_between/kernels.cpp:14), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_f, class T_kfuse_chunks>
struct kfuse_fused_38cbbada_c74bfa22 {
  T_kfuse_first kfuse_first;
  T_f f;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT f_, double *KOKKOS_RESTRICT u_,
                                          const decltype(T_kfuse_first::dt) dt) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        u_[i] += dt * f_[i];
      }
      {
        const int i = kfuse_i0;
        f_[i] = -0.5 * u_[i] + 0.01 * (i % 7);
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), f.data(),
         kfuse_first.u.data(), kfuse_first.dt);
  }
};
// kfuse-functor-end
void force(State &s) {
  auto u = s.u;
  auto f = s.f;
  // kfuse-begin fused-across("push", "force") profile=test/golden/multi/virtual_between/profile.json
  {
    // 'push' (test/golden/multi/virtual_between/kernels.cpp:7) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = s.n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_push_38cbbada<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_38cbbada_c74bfa22", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("push+force", "u,f,f,u", [&] { return ::kfuse::shadow_items(kfuse_first->u, kfuse_first->f, f, u); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("push+force", ::kfuse::no_overlap({::kfuse::bytes_of(f, true), ::kfuse::bytes_of(kfuse_first->u, true)}) &&
            ::kfuse::same_view(kfuse_first->u, u) &&
            ::kfuse::same_view(kfuse_first->f, f)))) {
        Kokkos::parallel_for("push+force", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_38cbbada_c74bfa22>(*kfuse_first, f, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_38cbbada_c74bfa22");
      } else {
        kfuse_shadow.flush("kfuse_chain_38cbbada_c74bfa22");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "force", s.n, KOKKOS_LAMBDA(const int i) { f(i) = -0.5 * u(i) + 0.01 * (i % 7); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_smooth_b7de95e5
// 'smooth' (test/golden/multi/virtual_between/kernels.cpp:28) as a functor: deferred, it runs fused
// with 'relax' (test/golden/multi/virtual_between/kernels.cpp:21) when 'main' calls their functions in turn.
template <class T_u, class T_w> struct kfuse_part_smooth_b7de95e5 {
  T_u u;
  T_w w;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) = 0.5 * (u(i) + w(i)); }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_b7de95e5_b4ab9963
// 'smooth' (test/golden/multi/virtual_between/kernels.cpp:28) then 'relax'
// (test/golden/multi/virtual_between/kernels.cpp:21), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_w, class T_kfuse_chunks>
struct kfuse_fused_b7de95e5_b4ab9963 {
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
        u_[i] = 0.5 * (u_[i] + w_[i]);
      }
      {
        const int i = kfuse_i0;
        w_[i] = 0.9 * w_[i] + 0.1 * u_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), w.data(),
         kfuse_first.u.data());
  }
};
// kfuse-functor-end
void relax(State &s) {
  auto u = s.u;
  auto w = s.w;
  // kfuse-begin fused-across("smooth", "relax") profile=test/golden/multi/virtual_between/profile.json
  {
    // 'smooth' (test/golden/multi/virtual_between/kernels.cpp:28) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = s.n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_smooth_b7de95e5<Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_b7de95e5_b4ab9963", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("smooth+relax", "u,w,w,u", [&] { return ::kfuse::shadow_items(kfuse_first->u, kfuse_first->w, w, u); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("smooth+relax", ::kfuse::no_overlap({::kfuse::bytes_of(w, true), ::kfuse::bytes_of(kfuse_first->u, true)}) &&
            ::kfuse::same_view(kfuse_first->u, u) &&
            ::kfuse::same_view(kfuse_first->w, w)))) {
        Kokkos::parallel_for("smooth+relax", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_b7de95e5_b4ab9963>(*kfuse_first, w, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_b7de95e5_b4ab9963");
      } else {
        kfuse_shadow.flush("kfuse_chain_b7de95e5_b4ab9963");
// kfuse-original-begin
        Kokkos::parallel_for(
      "relax", s.n, KOKKOS_LAMBDA(const int i) { w(i) = 0.9 * w(i) + 0.1 * u(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

void smooth(State &s) {
  auto u = s.u;
  auto w = s.w;
  // kfuse-begin deferred("smooth") until "relax" profile=test/golden/multi/virtual_between/profile.json
  if (::kfuse::deferring("kfuse_chain_b7de95e5_b4ab9963")) {
    // Runs later: fused with 'relax' (test/golden/multi/virtual_between/kernels.cpp:21), or on its own.
    const auto kfuse_policy = s.n;
    ::kfuse::defer("kfuse_chain_b7de95e5_b4ab9963", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_smooth_b7de95e5>(u, w),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("smooth", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_b7de95e5_b4ab9963"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "smooth", s.n, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * (u(i) + w(i)); });
// kfuse-original-end
  }
  // kfuse-end
}
