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
void heat(Vec t, Mat q, ConstVec w, double scale, int k) {
  // kfuse-begin deferred("heat") until "relax" profile=test/golden/multi/restrict_pair/profile.json
  if (::kfuse::deferring("kfuse_chain_c2161a6b_37a51f88")) {
    // Runs later: fused with 'relax' (test/golden/multi/restrict_pair/relax.cpp:4), or on its own.
    const auto kfuse_policy = t.extent(0);
    ::kfuse::defer("kfuse_chain_c2161a6b_37a51f88", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_heat_c2161a6b>(w, t, q, scale, k),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("heat", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_c2161a6b_37a51f88"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "heat", t.extent(0), KOKKOS_LAMBDA(const int i) {
        const double s = scale * w(k);
        t(i) = s * (1.0 + i % 5);
        if (i % 2 == 0) { // a local named like a captured value (relax's too)
          const double scale = 0.5;
          t(i) += scale;
        }
        q(i, 0) = t(i) - 1.0;
      });
// kfuse-original-end
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
// kfuse-functor-begin kfuse_fused_e5b648c3_77ae8a39
// 'damp' (test/golden/multi/restrict_pair/relax.cpp:15) then 'norm'
// (test/golden/multi/restrict_pair/heat.cpp:18), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_weight> struct kfuse_fused_e5b648c3_77ae8a39 {
  T_kfuse_first kfuse_first;
  T_weight weight;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT u_,
                                          const T_weight weight,
                                          const decltype(T_kfuse_first::factor) factor,
                                          double &kfuse_acc) {
    {
      const int i = kfuse_i0;
      u_[i] = factor * u_[i] + 0.125;
    }
    {
      const int i = kfuse_i0;
      double &sum = kfuse_acc;
      sum += weight * u_[i] * (1 + i % 4);
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_acc) const {
    body(kfuse_i0, kfuse_first.u.data(), weight, kfuse_first.factor, kfuse_acc);
  }
};
// kfuse-functor-end
double norm(ConstVec u, double weight) {
  double total = 0;
  // kfuse-begin fused-across("damp", "norm") profile=test/golden/multi/restrict_pair/profile.json
  {
    // 'damp' (test/golden/multi/restrict_pair/relax.cpp:15) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = u.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_damp_e5b648c3<Kokkos::View<double *>, double>>(
        "kfuse_chain_e5b648c3_77ae8a39", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("damp+norm", "u,u,total", [&] { return ::kfuse::shadow_items(kfuse_first->u, u, ::kfuse::result_of(total)); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("damp+norm", ::kfuse::no_overlap({::kfuse::bytes_of(kfuse_first->u, true)}) &&
            ::kfuse::same_view(kfuse_first->u, u)))) {
        Kokkos::parallel_reduce("damp+norm", kfuse_policy, ::kfuse::make_fused<kfuse_fused_e5b648c3_77ae8a39>(*kfuse_first, weight), total);
        ::kfuse::discard("kfuse_chain_e5b648c3_77ae8a39");
      } else {
        kfuse_shadow.flush("kfuse_chain_e5b648c3_77ae8a39");
// kfuse-original-begin
        Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "norm", u.extent(0),
      KOKKOS_LAMBDA(const int i, double &sum) { sum += weight * u(i) * (1 + i % 4); }, total);
// kfuse-original-end
      }
    }
  }
  // kfuse-end
  return total;
}
