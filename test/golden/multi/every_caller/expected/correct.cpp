#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The corrector and a kinetic-energy-like sum.
#include "kernels.h"

// kfuse-functor-begin kfuse_part_predict_64014f8c
// 'predict' (test/golden/multi/every_caller/predict.cpp:7) as a functor: deferred, it runs fused
// with 'correct' (test/golden/multi/every_caller/correct.cpp:8) when 'setup' or 'twice' calls their functions in turn.
template <class T_e, class T_u, class T_dt> struct kfuse_part_predict_64014f8c {
  T_e e;
  T_u u;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        e(i) += dt * u(i);
      }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_64014f8c_226413a2
// 'predict' (test/golden/multi/every_caller/predict.cpp:7) then 'correct'
// (test/golden/multi/every_caller/correct.cpp:8), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_u, class T_rho, class T_dt, class T_kfuse_chunks,
          class T_kfuse_same>
struct kfuse_fused_64014f8c_226413a2 {
  T_kfuse_first kfuse_first;
  T_u u;
  T_rho rho;
  T_dt dt;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // std::true_type where the site found the numbers both kernels name alike equal:
  // the body reads one value for both.
  T_kfuse_same kfuse_same;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT u_, double *KOKKOS_RESTRICT e_,
                                          const double *KOKKOS_RESTRICT rho_, const T_dt dt,
                                          const decltype(T_kfuse_first::dt) dt_first) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        e_[i] += dt_first * u_[i];
      }
      {
        const int i = kfuse_i0;
        u_[i] -= dt * 0.01 * e_[i] / rho_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), u.data(),
         kfuse_first.e.data(), rho.data(), dt, T_kfuse_same::value ? dt : kfuse_first.dt);
  }
};
// kfuse-functor-end
void correct(State &s, double dt) {
  auto e = s.e;
  auto u = s.u;
  auto rho = s.rho;
  // kfuse-begin fused-across("predict", "correct") profile=test/golden/multi/every_caller/profile.json
  {
    // 'predict' (test/golden/multi/every_caller/predict.cpp:7) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_predict_64014f8c<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_64014f8c_226413a2", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("predict+correct", "e,u,u,e,rho", [&] { return ::kfuse::shadow_items(kfuse_first->e, kfuse_first->u, u, e, rho); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("predict+correct", ::kfuse::no_overlap({::kfuse::bytes_of(u, true), ::kfuse::bytes_of(kfuse_first->e, true), ::kfuse::bytes_of(rho, false)}) &&
            ::kfuse::same_view(kfuse_first->e, e) &&
            ::kfuse::same_view(kfuse_first->u, u)))) {
        if (::kfuse::same_bits(kfuse_first->dt, dt))
          Kokkos::parallel_for("predict+correct", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_64014f8c_226413a2>(*kfuse_first, u, rho, dt, ::kfuse::chunks_of(kfuse_policy), std::true_type()));
        else
          Kokkos::parallel_for("predict+correct", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_64014f8c_226413a2>(*kfuse_first, u, rho, dt, ::kfuse::chunks_of(kfuse_policy), std::false_type()));
        ::kfuse::discard("kfuse_chain_64014f8c_226413a2");
      } else {
        kfuse_shadow.flush("kfuse_chain_64014f8c_226413a2");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "correct", Kokkos::RangePolicy<>(0, s.n), KOKKOS_LAMBDA(const int i) {
        u(i) -= dt * 0.01 * e(i) / rho(i);
      });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

double kinetic(State &s) {
  auto u = s.u;
  auto rho = s.rho;
  double k = 0.0;
  // kfuse-begin ahead-result("kinetic") after "temperature" profile=test/golden/multi/every_caller/profile.json
  {
    // Computed ahead with 'temperature' (test/golden/multi/every_caller/predict.cpp:16) when this range, these
    // Views and these values were the ones it was computed from.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
    std::tuple<Kokkos::View<double *>, Kokkos::View<double *>> *kfuse_captures = nullptr;
    const double *kfuse_ahead = ::kfuse::ahead_result<std::tuple<Kokkos::View<double *>, Kokkos::View<double *>>, double>(
        "kfuse_chain_1e703764_0dc8135a", ::kfuse::bounds_of(kfuse_policy), kfuse_captures);
    if (kfuse_ahead && ::kfuse::same_view(std::get<0>(*kfuse_captures), rho) &&
        ::kfuse::same_view(std::get<1>(*kfuse_captures), u)) {
      k = *kfuse_ahead;
      ::kfuse::discard("kfuse_chain_1e703764_0dc8135a");
    } else {
      ::kfuse::discard("kfuse_chain_1e703764_0dc8135a");
// kfuse-original-begin
      Kokkos::parallel_reduce(
      "kinetic", Kokkos::RangePolicy<>(0, s.n),
      KOKKOS_LAMBDA(const int i, double &sum) { sum += 0.5 * rho(i) * u(i) * u(i); }, k);
// kfuse-original-end
    }
  }
  // kfuse-end
  return k;
}
