#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The equation of state (with the largest pressure) and a smoothing kernel.
#include "kernels.h"

// kfuse-functor-begin kfuse_part_predict_b203e763
// 'predict' (test/golden/multi/driver_files/update.cpp:8) as a functor: deferred, it runs fused
// with 'eos' (test/golden/multi/driver_files/eos.cpp:9) when 'main' calls their functions in turn.
template <class T_e, class T_u, class T_rho, class T_dt> struct kfuse_part_predict_b203e763 {
  T_e e;
  T_u u;
  T_rho rho;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        e(i) += dt * u(i);
        rho(i) *= 1.0 + 0.01 * dt;
      }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_b203e763_0ab0dbbd
// 'predict' (test/golden/multi/driver_files/update.cpp:8) then 'eos'
// (test/golden/multi/driver_files/eos.cpp:9), fused across functions: one body over raw pointers,
// the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_p> struct kfuse_fused_b203e763_0ab0dbbd {
  T_kfuse_first kfuse_first;
  T_p p;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT p_,
                                          double *KOKKOS_RESTRICT rho_, double *KOKKOS_RESTRICT e_,
                                          const double *KOKKOS_RESTRICT u_,
                                          const decltype(T_kfuse_first::dt) dt, double &kfuse_acc) {
    {
      const int i = kfuse_i0;
      e_[i] += dt * u_[i];
      rho_[i] *= 1.0 + 0.01 * dt;
    }
    {
      const int i = kfuse_i0;
      double &m = kfuse_acc;
      p_[i] = 0.4 * rho_[i] * e_[i];
      m = p_[i] > m ? p_[i] : m;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_acc) const {
    body(kfuse_i0, p.data(), kfuse_first.rho.data(), kfuse_first.e.data(), kfuse_first.u.data(),
         kfuse_first.dt, kfuse_acc);
  }
};
// kfuse-functor-end
double eos(State &s) {
  auto rho = s.rho;
  auto e = s.e;
  auto p = s.p;
  double pmax = 0.0;
  // kfuse-begin fused-across("predict", "eos") profile=test/golden/multi/driver_files/profile.json
  {
    // 'predict' (test/golden/multi/driver_files/update.cpp:8) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_predict_b203e763<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_b203e763_0ab0dbbd", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("predict+eos", "e,u,rho,p,rho,e,pmax", [&] { return ::kfuse::shadow_items(kfuse_first->e, kfuse_first->u, kfuse_first->rho, p, rho, e, ::kfuse::result_of(pmax)); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("predict+eos", ::kfuse::no_overlap({::kfuse::bytes_of(p, true), ::kfuse::bytes_of(kfuse_first->rho, true), ::kfuse::bytes_of(kfuse_first->e, true), ::kfuse::bytes_of(kfuse_first->u, false)}) &&
            ::kfuse::same_view(kfuse_first->e, e) &&
            ::kfuse::same_view(kfuse_first->rho, rho)))) {
        Kokkos::parallel_reduce("predict+eos", kfuse_policy, ::kfuse::make_fused<kfuse_fused_b203e763_0ab0dbbd>(*kfuse_first, p), Kokkos::Max<double>(pmax));
        ::kfuse::discard("kfuse_chain_b203e763_0ab0dbbd");
      } else {
        kfuse_shadow.flush("kfuse_chain_b203e763_0ab0dbbd");
// kfuse-original-begin
        Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "eos", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i, double &m) {
        p(i) = 0.4 * rho(i) * e(i);
        m = p(i) > m ? p(i) : m;
      },
      Kokkos::Max<double>(pmax));
// kfuse-original-end
      }
    }
  }
  // kfuse-end
  return pmax;
}

// kfuse-functor-begin kfuse_part_advect_ddb8fa38
// 'advect' (test/golden/multi/driver_files/update.cpp:18) as a functor: deferred, it runs fused
// with 'smooth' (test/golden/multi/driver_files/eos.cpp:21) when 'main' calls their functions in turn.
template <class T_u, class T_p, class T_dt> struct kfuse_part_advect_ddb8fa38 {
  T_u u;
  T_p p;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        u(i) -= dt * 0.001 * p(i);
      }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_ddb8fa38_e384644b
// 'advect' (test/golden/multi/driver_files/update.cpp:18) then 'smooth'
// (test/golden/multi/driver_files/eos.cpp:21), fused across functions: one body over raw pointers,
// the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_e, class T_kfuse_chunks>
struct kfuse_fused_ddb8fa38_e384644b {
  T_kfuse_first kfuse_first;
  T_e e;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT e_, double *KOKKOS_RESTRICT u_,
                                          const double *KOKKOS_RESTRICT p_,
                                          const decltype(T_kfuse_first::dt) dt) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        u_[i] -= dt * 0.001 * p_[i];
      }
      {
        const int i = kfuse_i0;
        e_[i] *= 0.999;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), e.data(),
         kfuse_first.u.data(), kfuse_first.p.data(), kfuse_first.dt);
  }
};
// kfuse-functor-end
void smooth(State &s) {
  auto e = s.e;
  // kfuse-begin fused-across("advect", "smooth") profile=test/golden/multi/driver_files/profile.json
  {
    // 'advect' (test/golden/multi/driver_files/update.cpp:18) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_advect_ddb8fa38<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_ddb8fa38_e384644b", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("advect+smooth", "u,p,e", [&] { return ::kfuse::shadow_items(kfuse_first->u, kfuse_first->p, e); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("advect+smooth", ::kfuse::no_overlap({::kfuse::bytes_of(e, true), ::kfuse::bytes_of(kfuse_first->u, true), ::kfuse::bytes_of(kfuse_first->p, false)})))) {
        Kokkos::parallel_for("advect+smooth", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_ddb8fa38_e384644b>(*kfuse_first, e, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_ddb8fa38_e384644b");
      } else {
        kfuse_shadow.flush("kfuse_chain_ddb8fa38_e384644b");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "smooth", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        e(i) *= 0.999;
      });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}
