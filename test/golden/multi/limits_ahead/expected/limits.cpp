#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The limits of the time step. courant_limit and hydro_limit are each a
// reduction whose result its function needs at once, called in turn for
// every region: the second is computed ahead, in one kernel with the first.
#include "mesh.h"
#include <cmath>

// kfuse-functor-begin kfuse_part_hydro_limit_78493d4a
// 'hydro_limit' (test/golden/multi/limits_ahead/limits.cpp:37) as a functor: computed ahead, in one
// kernel with 'courant_limit' (test/golden/multi/limits_ahead/limits.cpp:15), when 'time_constraints' calls their functions in turn.
template <class T_elems, class T_vdov, class T_offset, class T_dvovmax> struct kfuse_part_hydro_limit_78493d4a {
  T_elems elems;
  T_vdov vdov;
  T_offset offset;
  T_dvovmax dvovmax;
  KOKKOS_INLINE_FUNCTION void operator()(const int k, ::Smallest & least) const {
        const int e = elems(offset + k);
        if (vdov(e) != 0.0) {
          Smallest tmp(dvovmax / (fabs(vdov(e)) + 1.0e-20), k);
          least += tmp;
        }
      }
};
// kfuse-functor-end
static void courant_limit(Mesh &m, const int length, const int offset, const double qqc,
                          double &dtcourant) {
  auto elems = m.elems;
  auto ss = m.ss;
  auto arealg = m.arealg;
  auto vdov = m.vdov;
  const double qqc2 = 64.0 * qqc * qqc;
  Smallest result;
  // kfuse-begin ahead("courant_limit") with "hydro_limit" profile=test/golden/multi/limits_ahead/profile.json
  {
    // 'hydro_limit' (test/golden/multi/limits_ahead/limits.cpp:37) may be computed here too, in one kernel
    // with this one, when 'time_constraints' is about to call its function.
    const auto kfuse_policy = length;
    auto *kfuse_second = ::kfuse::ahead<std::tuple<Kokkos::View<int *>, Kokkos::View<double *>, int, double>>(
        "kfuse_chain_8d4af21e_78493d4a", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_second && ::kfuse::use_fused("courant_limit+hydro_limit", true)) {
      ::kfuse::BothValues<::Smallest, ::Smallest> kfuse_values;
      Kokkos::parallel_reduce("courant_limit+hydro_limit", kfuse_policy,
          ::kfuse::reduce_both<int, ::Smallest, ::Smallest>(
              KOKKOS_LAMBDA(const int k, Smallest &least) {
        const int e = elems(offset + k);
        double dtf = ss(e) * ss(e);
        if (vdov(e) < 0.0)
          dtf = dtf + qqc2 * arealg(e) * arealg(e) * vdov(e) * vdov(e);
        dtf = arealg(e) / sqrt(dtf);
        Smallest tmp(dtf, k);
        if (vdov(e) != 0.0)
          least += tmp;
      },
              ::kfuse::make_from_tuple<kfuse_part_hydro_limit_78493d4a>(*kfuse_second)),
          kfuse_values);
      result = kfuse_values.First;
      ::kfuse::computed_ahead("kfuse_chain_8d4af21e_78493d4a", kfuse_values.Second);
    } else {
// kfuse-original-begin
      Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "courant_limit", length,
      KOKKOS_LAMBDA(const int k, Smallest &least) {
        const int e = elems(offset + k);
        double dtf = ss(e) * ss(e);
        if (vdov(e) < 0.0)
          dtf = dtf + qqc2 * arealg(e) * arealg(e) * vdov(e) * vdov(e);
        dtf = arealg(e) / sqrt(dtf);
        Smallest tmp(dtf, k);
        if (vdov(e) != 0.0)
          least += tmp;
      },
      result);
// kfuse-original-end
    }
  }
  // kfuse-end
  if (result.i != -1 && result.val < dtcourant)
    dtcourant = result.val;
}

static void hydro_limit(Mesh &m, const int length, const int offset, const double dvovmax,
                        double &dthydro) {
  auto elems = m.elems;
  auto vdov = m.vdov;
  Smallest result;
  // kfuse-begin ahead-result("hydro_limit") after "courant_limit" profile=test/golden/multi/limits_ahead/profile.json
  {
    // Computed ahead with 'courant_limit' (test/golden/multi/limits_ahead/limits.cpp:15) when this range, these
    // Views and these values were the ones it was computed from.
    const auto kfuse_policy = length;
    std::tuple<Kokkos::View<int *>, Kokkos::View<double *>, int, double> *kfuse_captures = nullptr;
    const ::Smallest *kfuse_ahead = ::kfuse::ahead_result<std::tuple<Kokkos::View<int *>, Kokkos::View<double *>, int, double>, ::Smallest>(
        "kfuse_chain_8d4af21e_78493d4a", ::kfuse::bounds_of(kfuse_policy), kfuse_captures);
    if (kfuse_ahead && ::kfuse::same_view(std::get<0>(*kfuse_captures), elems) &&
        ::kfuse::same_view(std::get<1>(*kfuse_captures), vdov) &&
        std::get<2>(*kfuse_captures) == offset &&
        std::get<3>(*kfuse_captures) == dvovmax) {
      result = *kfuse_ahead;
      ::kfuse::discard("kfuse_chain_8d4af21e_78493d4a");
    } else {
      ::kfuse::discard("kfuse_chain_8d4af21e_78493d4a");
// kfuse-original-begin
      Kokkos::parallel_reduce(
      "hydro_limit", length,
      KOKKOS_LAMBDA(const int k, Smallest &least) {
        const int e = elems(offset + k);
        if (vdov(e) != 0.0) {
          Smallest tmp(dvovmax / (fabs(vdov(e)) + 1.0e-20), k);
          least += tmp;
        }
      },
      result);
// kfuse-original-end
    }
  }
  // kfuse-end
  if (result.i != -1 && result.val < dthydro)
    dthydro = result.val;
}

// The limits are kept in locals while the kernels run: courant_limit's
// reference parameter, written after its launch, is bound to one here (the
// parameters of time_constraints may be bound to anything, an element of a
// View the kernels read too: writing them between the two would refuse).
void time_constraints(Mesh &m, const double qqc, const double dvovmax, double &dtcourant,
                      double &dthydro) {
  double courant = 1.0e20, hydro = 1.0e20;
  for (int r = 0; r < static_cast<int>(m.size.size()); ++r) {
    const int length = m.size[r];
    const int offset = m.offset[r];
    ::kfuse::Window kfuse_window_8d4af21e_78493d4a("kfuse_chain_8d4af21e_78493d4a"); // kfuse-line c6be6202
    // 'hydro_limit' is computed ahead, with the first kernel: its captures as 'hydro_limit' declares them. // kfuse-line 802379c3
    kfuse_window_8d4af21e_78493d4a.ahead([&] { // kfuse-line b07e07a2
      return [](auto &&m, auto &&length, auto &&offset, auto &&dvovmax, auto &&dthydro) { // kfuse-line d56d1ed6
        auto elems = m.elems; // kfuse-line 3e3ec981
        auto vdov = m.vdov; // kfuse-line 0dd88e72
        return ::kfuse::ahead_captures(::kfuse::bounds_of(length), elems, vdov, offset, dvovmax); // kfuse-line 6044300b
      }(m, length, offset, dvovmax, hydro); // kfuse-line 611d5d7f
    }); // kfuse-line 50df5c54
    kfuse_window_8d4af21e_78493d4a.arm(); // kfuse-line 93e4fef7
    courant_limit(m, length, offset, qqc, courant);
    kfuse_window_8d4af21e_78493d4a.disarm(); // kfuse-line 73669353
    hydro_limit(m, length, offset, dvovmax, hydro);
    kfuse_window_8d4af21e_78493d4a.close(); // kfuse-line f9d147c7
  }
  dtcourant = courant;
  dthydro = hydro;
}

// kfuse-functor-begin kfuse_part_slowest_ce58915c
// 'slowest' (test/golden/multi/limits_ahead/limits.cpp:86) as a functor: computed ahead, in one
// kernel with 'fastest' (test/golden/multi/limits_ahead/limits.cpp:72), when 'main' calls their functions in turn.
template <class T_vel> struct kfuse_part_slowest_ce58915c {
  T_vel vel;
  KOKKOS_INLINE_FUNCTION void operator()(const int e, double & low) const { low = fabs(vel(e)) < low ? fabs(vel(e)) : low; }
};
// kfuse-functor-end
// The largest and smallest speed: a maximum and a minimum, computed as one.
double fastest(Mesh &m) {
  auto vel = m.vel;
  double most = 0.0;
  // kfuse-begin ahead("fastest") with "slowest" profile=test/golden/multi/limits_ahead/profile.json
  {
    // 'slowest' (test/golden/multi/limits_ahead/limits.cpp:86) may be computed here too, in one kernel
    // with this one, when 'main' is about to call its function.
    const auto kfuse_policy = vel.extent(0);
    auto *kfuse_second = ::kfuse::ahead<std::tuple<Kokkos::View<double *>>>(
        "kfuse_chain_30421b82_ce58915c", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_second && ::kfuse::use_fused("fastest+slowest", true)) {
      ::kfuse::BothValues<double, double> kfuse_values;
      Kokkos::parallel_reduce("fastest+slowest", kfuse_policy,
          ::kfuse::reduce_both<int, ::kfuse::Reduced<Kokkos::Max<double>>, ::kfuse::Reduced<Kokkos::Min<double>>>(
              KOKKOS_LAMBDA(const int e, double &top) {
        const double s = fabs(vel(e));
        if (s > top)
          top = s;
      },
              ::kfuse::make_from_tuple<kfuse_part_slowest_ce58915c>(*kfuse_second)),
          kfuse_values);
      most = kfuse_values.First;
      ::kfuse::computed_ahead("kfuse_chain_30421b82_ce58915c", kfuse_values.Second);
    } else {
// kfuse-original-begin
      Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "fastest", vel.extent(0),
      KOKKOS_LAMBDA(const int e, double &top) {
        const double s = fabs(vel(e));
        if (s > top)
          top = s;
      },
      Kokkos::Max<double>(most));
// kfuse-original-end
    }
  }
  // kfuse-end
  return most;
}

double slowest(Mesh &m) {
  auto vel = m.vel;
  double least = 0.0;
  // kfuse-begin ahead-result("slowest") after "fastest" profile=test/golden/multi/limits_ahead/profile.json
  {
    // Computed ahead with 'fastest' (test/golden/multi/limits_ahead/limits.cpp:72) when this range, these
    // Views and these values were the ones it was computed from.
    const auto kfuse_policy = vel.extent(0);
    std::tuple<Kokkos::View<double *>> *kfuse_captures = nullptr;
    const double *kfuse_ahead = ::kfuse::ahead_result<std::tuple<Kokkos::View<double *>>, double>(
        "kfuse_chain_30421b82_ce58915c", ::kfuse::bounds_of(kfuse_policy), kfuse_captures);
    if (kfuse_ahead && ::kfuse::same_view(std::get<0>(*kfuse_captures), vel)) {
      least = *kfuse_ahead;
      ::kfuse::discard("kfuse_chain_30421b82_ce58915c");
    } else {
      ::kfuse::discard("kfuse_chain_30421b82_ce58915c");
// kfuse-original-begin
      Kokkos::parallel_reduce(
      "slowest", vel.extent(0),
      KOKKOS_LAMBDA(const int e, double &low) { low = fabs(vel(e)) < low ? fabs(vel(e)) : low; },
      Kokkos::Min<double>(least));
// kfuse-original-end
    }
  }
  // kfuse-end
  return least;
}

// kfuse-functor-begin kfuse_part_hottest_31d5577a
// 'hottest' (test/golden/multi/limits_ahead/limits.cpp:114) as a functor: computed ahead, in one
// kernel with 'coldest' (test/golden/multi/limits_ahead/limits.cpp:98), when 'main' calls their functions in turn.
template <class T_ss> struct kfuse_part_hottest_31d5577a {
  T_ss ss;
  KOKKOS_INLINE_FUNCTION void operator()(const int e, Kokkos::ValLocScalar<double, int> & best) const {
        const double s = ss(e) + 1.0e-6 * e;
        if (s > best.val) {
          best.val = s;
          best.loc = e;
        }
      }
};
// kfuse-functor-end
// The elements of the smallest and of the largest sound speed: a MinLoc
// and a MaxLoc reducer, computed as one.
int coldest(Mesh &m) {
  auto ss = m.ss;
  Kokkos::MinLoc<double, int>::value_type where;
  // kfuse-begin ahead("coldest") with "hottest" profile=test/golden/multi/limits_ahead/profile.json
  {
    // 'hottest' (test/golden/multi/limits_ahead/limits.cpp:114) may be computed here too, in one kernel
    // with this one, when 'main' is about to call its function.
    const auto kfuse_policy = ss.extent(0);
    auto *kfuse_second = ::kfuse::ahead<std::tuple<Kokkos::View<double *>>>(
        "kfuse_chain_f2ac4050_31d5577a", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_second && ::kfuse::use_fused("coldest+hottest", true)) {
      ::kfuse::BothValues<Kokkos::ValLocScalar<double, int>, Kokkos::ValLocScalar<double, int>> kfuse_values;
      Kokkos::parallel_reduce("coldest+hottest", kfuse_policy,
          ::kfuse::reduce_both<int, ::kfuse::Reduced<Kokkos::MinLoc<double, int>>, ::kfuse::Reduced<Kokkos::MaxLoc<double, int>>>(
              KOKKOS_LAMBDA(const int e, Kokkos::MinLoc<double, int>::value_type &best) {
        const double s = ss(e) + 1.0e-6 * e; // no ties: threads join in any order
        if (s < best.val) {
          best.val = s;
          best.loc = e;
        }
      },
              ::kfuse::make_from_tuple<kfuse_part_hottest_31d5577a>(*kfuse_second)),
          kfuse_values);
      where = kfuse_values.First;
      ::kfuse::computed_ahead("kfuse_chain_f2ac4050_31d5577a", kfuse_values.Second);
    } else {
// kfuse-original-begin
      Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "coldest", ss.extent(0),
      KOKKOS_LAMBDA(const int e, Kokkos::MinLoc<double, int>::value_type &best) {
        const double s = ss(e) + 1.0e-6 * e; // no ties: threads join in any order
        if (s < best.val) {
          best.val = s;
          best.loc = e;
        }
      },
      Kokkos::MinLoc<double, int>(where));
// kfuse-original-end
    }
  }
  // kfuse-end
  return where.loc;
}

int hottest(Mesh &m) {
  auto ss = m.ss;
  Kokkos::MaxLoc<double, int>::value_type where;
  // kfuse-begin ahead-result("hottest") after "coldest" profile=test/golden/multi/limits_ahead/profile.json
  {
    // Computed ahead with 'coldest' (test/golden/multi/limits_ahead/limits.cpp:98) when this range, these
    // Views and these values were the ones it was computed from.
    const auto kfuse_policy = ss.extent(0);
    std::tuple<Kokkos::View<double *>> *kfuse_captures = nullptr;
    const Kokkos::ValLocScalar<double, int> *kfuse_ahead = ::kfuse::ahead_result<std::tuple<Kokkos::View<double *>>, Kokkos::ValLocScalar<double, int>>(
        "kfuse_chain_f2ac4050_31d5577a", ::kfuse::bounds_of(kfuse_policy), kfuse_captures);
    if (kfuse_ahead && ::kfuse::same_view(std::get<0>(*kfuse_captures), ss)) {
      where = *kfuse_ahead;
      ::kfuse::discard("kfuse_chain_f2ac4050_31d5577a");
    } else {
      ::kfuse::discard("kfuse_chain_f2ac4050_31d5577a");
// kfuse-original-begin
      Kokkos::parallel_reduce(
      "hottest", ss.extent(0),
      KOKKOS_LAMBDA(const int e, Kokkos::MaxLoc<double, int>::value_type &best) {
        const double s = ss(e) + 1.0e-6 * e;
        if (s > best.val) {
          best.val = s;
          best.loc = e;
        }
      },
      Kokkos::MaxLoc<double, int>(where));
// kfuse-original-end
    }
  }
  // kfuse-end
  return where.loc;
}
