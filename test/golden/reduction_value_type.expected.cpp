#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A reduction into a value type of the program's own at the end of a group:
// the smallest time step and where it is, joined with operator+= (as
// a minimum with its location). The fused kernel reduces into the same type, so Kokkos
// initialises (its default constructor) and joins it as the original did.
// Several reductions into such types combine into one value with a member
// for each ('limits': a hydrodynamics code's hydro and Courant constraints, and a
// Kokkos::Max beside them), initialised and joined member by member as
// Kokkos treats each alone.
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdio>

struct Smallest {
  double val;
  int at;
  KOKKOS_INLINE_FUNCTION Smallest() : val(1.0e20), at(-1) {}
  KOKKOS_INLINE_FUNCTION Smallest(double v, int i) : val(v), at(i) {}
  KOKKOS_INLINE_FUNCTION void operator+=(const Smallest &o) {
    if (o.val < val || (o.val == val && o.at < at)) {
      val = o.val;
      at = o.at;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile Smallest &o) volatile {
    if (o.val < val || (o.val == val && o.at < at)) {
      val = o.val;
      at = o.at;
    }
  }
};

using Vector = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_courant_smallest
// 'courant', 'smallest' (test/golden/reduction_value_type.cpp:35), fused.
template <class T_dt, class T_area, class T_ss, class T_vdov, class T_qqc>
struct kfuse_fused_courant_smallest {
  T_dt dt;
  T_area area;
  T_ss ss;
  T_vdov vdov;
  T_qqc qqc;
  using value_type = Smallest;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT dt_,
                                          const double *KOKKOS_RESTRICT area_,
                                          const double *KOKKOS_RESTRICT ss_,
                                          const double *KOKKOS_RESTRICT vdov_, const T_qqc qqc,
                                          Smallest &m) {
    {
      const int i = kfuse_i0;
      dt_[i] = area_[i] / std::sqrt(ss_[i] * ss_[i] + qqc * vdov_[i] * vdov_[i]);
    }
    {
      const int i = kfuse_i0;
      if (vdov_[i] != 0.0) {
        Smallest here(dt_[i], i);
        m += here;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, Smallest &m) const {
    body(kfuse_i0, dt.data(), area.data(), ss.data(), vdov.data(), qqc, m);
  }
};
// kfuse-functor-end
Smallest time_step(Vector ss, Vector vdov, Vector area, Vector dt, int N, double qqc) {
  // kfuse-begin fused("courant", "smallest") profile=test/golden/reduction_value_type.profile.json
  auto kfuse_fused_courant_smallest_shadow = ::kfuse::shadow_of("courant+smallest", "dt,area,ss,vdov", [&] { return ::kfuse::shadow_items(dt, area, ss, vdov); });
  const bool kfuse_fused_courant_smallest_on = kfuse_fused_courant_smallest_shadow.run_fused(::kfuse::use_fused("courant+smallest", ::kfuse::no_overlap({::kfuse::bytes_of(dt, true), ::kfuse::bytes_of(area, false), ::kfuse::bytes_of(ss, false), ::kfuse::bytes_of(vdov, false)})));
  if (!kfuse_fused_courant_smallest_on) {
// kfuse-original-begin
    Kokkos::parallel_for(
      "courant", N, KOKKOS_LAMBDA(const int i) {
        dt(i) = area(i) / std::sqrt(ss(i) * ss(i) + qqc * vdov(i) * vdov(i));
      });
// kfuse-original-end
  }
  // kfuse-kept-begin
  Smallest found;
  // kfuse-kept-end
  if (kfuse_fused_courant_smallest_on) {
    Kokkos::parallel_reduce("courant+smallest", N, ::kfuse::make_fused<kfuse_fused_courant_smallest>(dt, area, ss, vdov, qqc), found);
  } else {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "smallest", N,
      KOKKOS_LAMBDA(const int i, Smallest &m) {
        if (vdov(i) != 0.0) {
          Smallest here(dt(i), i);
          m += here;
        }
      },
      found);
// kfuse-original-end
  }
  if (kfuse_fused_courant_smallest_shadow.replay()) {
    Kokkos::parallel_reduce("courant+smallest", N, ::kfuse::make_fused<kfuse_fused_courant_smallest>(dt, area, ss, vdov, qqc), found);
    kfuse_fused_courant_smallest_shadow.compare();
  }
  // kfuse-end
  return found;
}

// kfuse-functor-begin kfuse_fused_hydro_again_largest
// 'hydro', 'again', 'largest' (test/golden/reduction_value_type.cpp:54), fused.
// The results of 3 reductions, combined.
struct kfuse_fused_hydro_again_largest_values {
  Smallest r0;
  Smallest r1;
  double r2;
};
template <class T_vdov, class T_dt> struct kfuse_fused_hydro_again_largest {
  T_vdov vdov;
  T_dt dt;
  using value_type = kfuse_fused_hydro_again_largest_values;
  KOKKOS_INLINE_FUNCTION void init(value_type &kfuse_v) const {
    kfuse_v.r0 = Smallest();
    kfuse_v.r1 = Smallest();
    kfuse_v.r2 = ::Kokkos::reduction_identity<double>::max();
  }
  KOKKOS_INLINE_FUNCTION void join(value_type &kfuse_d, const value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    kfuse_d.r1 += kfuse_s.r1;
    if (kfuse_s.r2 > kfuse_d.r2)
      kfuse_d.r2 = kfuse_s.r2;
  }
  // Kokkos 3 joins volatile values.
  KOKKOS_INLINE_FUNCTION void join(volatile value_type &kfuse_d,
                                   const volatile value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    kfuse_d.r1 += kfuse_s.r1;
    if (kfuse_s.r2 > kfuse_d.r2)
      kfuse_d.r2 = kfuse_s.r2;
  }
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, const double *KOKKOS_RESTRICT vdov_,
                                          const double *KOKKOS_RESTRICT dt_, Smallest &kfuse_r0,
                                          Smallest &kfuse_r1, double &kfuse_r2) {
    {
      const int i = kfuse_i0;
      Smallest &m = kfuse_r0;
      if (vdov_[i] != 0.0) {
        Smallest here(0.1 / (std::fabs(vdov_[i]) + 1.0e-20), i);
        m += here;
      }
    }
    {
      const int i = kfuse_i0;
      Smallest &m = kfuse_r1;
      Smallest here(dt_[i], i);
      m += here;
    }
    {
      const int i = kfuse_i0;
      double &m = kfuse_r2;
      if (std::fabs(vdov_[i]) > m)
        m = std::fabs(vdov_[i]);
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_v) const {
    body(kfuse_i0, vdov.data(), dt.data(), kfuse_v.r0, kfuse_v.r1, kfuse_v.r2);
  }
};
// kfuse-functor-end
Smallest limits(Vector vdov, Vector dt, int N, double &largest) {
  Smallest hydro;
  // kfuse-begin fused("hydro", "again", "largest") profile=test/golden/reduction_value_type.profile.json
  auto kfuse_fused_hydro_again_largest_shadow = ::kfuse::shadow_of("hydro+again+largest", "vdov,dt", [&] { return ::kfuse::shadow_items(vdov, dt); });
  const bool kfuse_fused_hydro_again_largest_on = kfuse_fused_hydro_again_largest_shadow.run_fused(::kfuse::use_fused("hydro+again+largest", ::kfuse::no_overlap({::kfuse::bytes_of(vdov, false), ::kfuse::bytes_of(dt, false)})));
  if (!kfuse_fused_hydro_again_largest_on) {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "hydro", N,
      KOKKOS_LAMBDA(const int i, Smallest &m) {
        if (vdov(i) != 0.0) {
          Smallest here(0.1 / (std::fabs(vdov(i)) + 1.0e-20), i);
          m += here;
        }
      },
      hydro);
// kfuse-original-end
  }
  // kfuse-kept-begin
  Smallest courant;
  // kfuse-kept-end
  if (kfuse_fused_hydro_again_largest_on) {
    kfuse_fused_hydro_again_largest_values kfuse_results;
    Kokkos::parallel_reduce("hydro+again+largest", N, ::kfuse::make_fused<kfuse_fused_hydro_again_largest>(vdov, dt), kfuse_results);
    hydro = kfuse_results.r0;
    courant = kfuse_results.r1;
    largest = kfuse_results.r2;
  } else {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "again", N,
      KOKKOS_LAMBDA(const int i, Smallest &m) {
        Smallest here(dt(i), i);
        m += here;
      },
      courant);
  Kokkos::parallel_reduce(
      "largest", N,
      KOKKOS_LAMBDA(const int i, double &m) {
        if (std::fabs(vdov(i)) > m)
          m = std::fabs(vdov(i));
      },
      Kokkos::Max<double>(largest));
// kfuse-original-end
  }
  if (kfuse_fused_hydro_again_largest_shadow.replay()) {
    kfuse_fused_hydro_again_largest_values kfuse_results;
    Kokkos::parallel_reduce("hydro+again+largest", N, ::kfuse::make_fused<kfuse_fused_hydro_again_largest>(vdov, dt), kfuse_results);
    hydro = kfuse_results.r0;
    courant = kfuse_results.r1;
    largest = kfuse_results.r2;
    kfuse_fused_hydro_again_largest_shadow.compare();
  }
  // kfuse-end
  return hydro.val < courant.val ? hydro : courant;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 500;
    Vector ss("ss", N), vdov("vdov", N), area("area", N), dt("dt", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) {
          ss(i) = 1.0 + (i * 37 % 101) * 0.01;
          vdov(i) = (i % 13 == 0) ? 0.0 : ((i * 17 % 29) - 14) * 0.05;
          area(i) = 0.5 + (i * 7 % 23) * 0.02;
        });
    double Sum = 0, Largest = 0;
    int At = 0;
    for (int It = 0; It < 4; ++It) {
      Smallest s = time_step(ss, vdov, area, dt, N, 0.25 + It);
      Smallest l = limits(vdov, dt, N, Largest);
      Sum += s.val + l.val + Largest;
      At += s.at + 3 * l.at;
    }
    std::printf("sum=%.17g at=%d\n", Sum, At);
  }
  Kokkos::finalize();
}
