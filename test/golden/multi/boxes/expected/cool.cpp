#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The second kernel: it reads what 'heat' wrote at the same point.
#include "grid.h"

// kfuse-functor-begin kfuse_part_heat_22b80cd3
// 'heat' (test/golden/multi/boxes/heat.cpp:6) as a functor: deferred, it runs fused
// with 'cool' (test/golden/multi/boxes/cool.cpp:7) when 'main' calls their functions in turn.
template <class T_g, class T_rate> struct kfuse_part_heat_22b80cd3 {
  T_g g;
  T_rate rate;
  KOKKOS_INLINE_FUNCTION void operator()(const int j, const int k) const {
        g.b(j, k) = 0.5 * g.a(j, k) + rate * (j - k);
      }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_22b80cd3_c26f5fb6
// 'heat' (test/golden/multi/boxes/heat.cpp:6) then 'cool' (test/golden/multi/boxes/cool.cpp:7),
// fused across functions: one body over raw pointers, the first's Views and values read from its
// deferred functor.
template <class T_kfuse_first, class T_c> struct kfuse_fused_22b80cd3_c26f5fb6 {
  T_kfuse_first kfuse_first;
  T_c c;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_i0, const int kfuse_i1, double *KOKKOS_RESTRICT c_,
       const ::kfuse::stride_t<T_c, 0, 2> c_s0, const ::kfuse::stride_t<T_c, 1, 2> c_s1,
       double *KOKKOS_RESTRICT b_,
       const ::kfuse::stride_t<decltype(decltype(T_kfuse_first::g)::b), 0, 2> b_s0,
       const ::kfuse::stride_t<decltype(decltype(T_kfuse_first::g)::b), 1, 2> b_s1,
       const double *KOKKOS_RESTRICT g_a_,
       const ::kfuse::stride_t<decltype(decltype(T_kfuse_first::g)::a), 0, 2> g_a_s0,
       const ::kfuse::stride_t<decltype(decltype(T_kfuse_first::g)::a), 1, 2> g_a_s1,
       const decltype(T_kfuse_first::rate) rate) {
    {
      const int j = kfuse_i0;
      const int k = kfuse_i1;
      b_[j * b_s0 + k * b_s1] = 0.5 * g_a_[j * g_a_s0 + k * g_a_s1] + rate * (j - k);
    }
    {
      const int j = kfuse_i0;
      const int k = kfuse_i1;
      c_[j * c_s0 + k * c_s1] += 0.25 * b_[j * b_s0 + k * b_s1];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    body(kfuse_i0, kfuse_i1, c.data(), c.stride(0), c.stride(1), kfuse_first.g.b.data(),
         kfuse_first.g.b.stride(0), kfuse_first.g.b.stride(1), kfuse_first.g.a.data(),
         kfuse_first.g.a.stride(0), kfuse_first.g.a.stride(1), kfuse_first.rate);
  }
};
// kfuse-functor-end
void cool(const Grid &grid) {
  auto b = grid.b;
  auto c = grid.c;
  // kfuse-begin fused-across("heat", "cool") profile=test/golden/multi/boxes/profile.json
  {
    // 'heat' (test/golden/multi/boxes/heat.cpp:6) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = interior(grid);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_heat_22b80cd3<Grid, double>>(
        "kfuse_chain_22b80cd3_c26f5fb6", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("heat+cool", "g.b,g.a,c,b", [&] { return ::kfuse::shadow_items(kfuse_first->g.b, kfuse_first->g.a, c, b); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("heat+cool", ::kfuse::no_overlap({::kfuse::bytes_of(c, true), ::kfuse::bytes_of(kfuse_first->g.b, true), ::kfuse::bytes_of(kfuse_first->g.a, false)}) &&
            ::kfuse::same_view(kfuse_first->g.b, b)))) {
        Kokkos::parallel_for("heat+cool", kfuse_policy, ::kfuse::make_fused<kfuse_fused_22b80cd3_c26f5fb6>(*kfuse_first, c));
        ::kfuse::discard("kfuse_chain_22b80cd3_c26f5fb6");
      } else {
        kfuse_shadow.flush("kfuse_chain_22b80cd3_c26f5fb6");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "cool", interior(grid), KOKKOS_LAMBDA(const int j, const int k) {
        c(j, k) += 0.25 * b(j, k);
      });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}
