#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The limits of the time step, as a hydrodynamics code computes them: per region, the
// Courant limit and then the volume-change limit, each a reduction into a
// MinFinder in a function of its own whose kernel captures the domain and
// reaches its Views through accessors, called in turn with arguments the
// domain's accessors return. The second is computed ahead, in one kernel
// with the first.
#include "domain.h"
#include <cmath>

// kfuse-functor-begin kfuse_part_hydro_constraint_e9510eb5
// 'hydro_constraint' (test/golden/multi/domain_limits/constraints.cpp:40) as a functor: computed ahead, in one
// kernel with 'courant_constraint' (test/golden/multi/domain_limits/constraints.cpp:15), when 'time_constraints' calls their functions in turn.
template <class T_domain, class T_r, class T_dvovmax> struct kfuse_part_hydro_constraint_e9510eb5 {
  T_domain domain;
  T_r r;
  T_dvovmax dvovmax;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, ::MinFinder & minf) const {
        const int indx = domain.regElemlist(r, i);
        if (domain.vdov(indx) != 0.0) {
          MinFinder tmp(dvovmax / (fabs(domain.vdov(indx)) + 1.0e-20), i);
          minf += tmp;
        }
      }
};
// kfuse-functor-end
static inline void courant_constraint(Domain &domain, int length, int r, double qqc,
                                      double &dtcourant) {
  const double qqc2 = 64.0 * qqc * qqc;
  double dtcourant_tmp = dtcourant;
  MinFinder result;
  // kfuse-begin ahead("courant_constraint") with "hydro_constraint" profile=test/golden/multi/domain_limits/profile.json
  {
    // 'hydro_constraint' (test/golden/multi/domain_limits/constraints.cpp:40) may be computed here too, in one kernel
    // with this one, when 'time_constraints' is about to call its function.
    const auto kfuse_policy = length;
    auto *kfuse_second = ::kfuse::ahead<std::tuple<::kfuse::Held<Domain>, int, double>>(
        "kfuse_chain_bbfc3b44_e9510eb5", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_second && ::kfuse::use_fused("courant_constraint+hydro_constraint", true)) {
      ::kfuse::BothValues<::MinFinder, ::MinFinder> kfuse_values;
      Kokkos::parallel_reduce("courant_constraint+hydro_constraint", kfuse_policy,
          ::kfuse::reduce_both<int, ::MinFinder, ::MinFinder>(
              KOKKOS_LAMBDA(const int i, MinFinder &minf) {
        const int indx = domain.regElemlist(r, i);
        double dtf = domain.ss(indx) * domain.ss(indx);
        if (domain.vdov(indx) < 0.0)
          dtf = dtf + qqc2 * domain.arealg(indx) * domain.arealg(indx) * domain.vdov(indx) *
                          domain.vdov(indx);
        dtf = domain.arealg(indx) / sqrt(dtf);
        MinFinder tmp(dtf, i);
        if (domain.vdov(indx) != 0.0)
          minf += tmp;
      },
              ::kfuse::make_from_tuple<kfuse_part_hydro_constraint_e9510eb5>(*kfuse_second)),
          kfuse_values);
      result = kfuse_values.First;
      ::kfuse::computed_ahead("kfuse_chain_bbfc3b44_e9510eb5", kfuse_values.Second);
    } else {
// kfuse-original-begin
      Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "courant_constraint", length,
      KOKKOS_LAMBDA(const int i, MinFinder &minf) {
        const int indx = domain.regElemlist(r, i);
        double dtf = domain.ss(indx) * domain.ss(indx);
        if (domain.vdov(indx) < 0.0)
          dtf = dtf + qqc2 * domain.arealg(indx) * domain.arealg(indx) * domain.vdov(indx) *
                          domain.vdov(indx);
        dtf = domain.arealg(indx) / sqrt(dtf);
        MinFinder tmp(dtf, i);
        if (domain.vdov(indx) != 0.0)
          minf += tmp;
      },
      result);
// kfuse-original-end
    }
  }
  // kfuse-end
  dtcourant_tmp = result.val;
  if (dtcourant_tmp > dtcourant)
    dtcourant_tmp = dtcourant;
  if (result.i != -1)
    dtcourant = dtcourant_tmp;
}

static inline void hydro_constraint(Domain &domain, int length, int r, double dvovmax,
                                    double &dthydro) {
  typedef MinFinder finder_t;
  finder_t result;
  // kfuse-begin ahead-result("hydro_constraint") after "courant_constraint" profile=test/golden/multi/domain_limits/profile.json
  {
    // Computed ahead with 'courant_constraint' (test/golden/multi/domain_limits/constraints.cpp:15) when this range, these
    // Views, objects and values were the ones it was computed from.
    const auto kfuse_policy = length;
    std::tuple<::kfuse::Held<Domain>, int, double> *kfuse_captures = nullptr;
    const ::MinFinder *kfuse_ahead = ::kfuse::ahead_result<std::tuple<::kfuse::Held<Domain>, int, double>, ::MinFinder>(
        "kfuse_chain_bbfc3b44_e9510eb5", ::kfuse::bounds_of(kfuse_policy), kfuse_captures);
    if (kfuse_ahead && ::kfuse::same_object(std::get<0>(*kfuse_captures), domain) &&
        std::get<1>(*kfuse_captures) == r &&
        std::get<2>(*kfuse_captures) == dvovmax) {
      result = *kfuse_ahead;
      ::kfuse::discard("kfuse_chain_bbfc3b44_e9510eb5");
    } else {
      ::kfuse::discard("kfuse_chain_bbfc3b44_e9510eb5");
// kfuse-original-begin
      Kokkos::parallel_reduce(
      "hydro_constraint", length,
      KOKKOS_LAMBDA(const int i, MinFinder &minf) {
        const int indx = domain.regElemlist(r, i);
        if (domain.vdov(indx) != 0.0) {
          MinFinder tmp(dvovmax / (fabs(domain.vdov(indx)) + 1.0e-20), i);
          minf += tmp;
        }
      },
      result);
// kfuse-original-end
    }
  }
  // kfuse-end
  if (result.val > dthydro)
    result.val = dthydro;
  if (result.i != -1)
    dthydro = result.val;
}

void time_constraints(Domain &domain) {
  domain.dtcourant() = 1.0e+20;
  domain.dthydro() = 1.0e+20;
  for (int r = 0; r < domain.numReg(); ++r) {
    ::kfuse::Window kfuse_window_bbfc3b44_e9510eb5("kfuse_chain_bbfc3b44_e9510eb5"); // kfuse-line 6e5a2fca
    // 'hydro_constraint' is computed ahead, with the first kernel: its captures as 'hydro_constraint' declares them. // kfuse-line 14e4915b
    kfuse_window_bbfc3b44_e9510eb5.ahead([&] { // kfuse-line a4195852
      return [](auto &&domain, auto &&length, auto &&r, auto &&dvovmax, auto &&dthydro) { // kfuse-line 0af33fb7
        return ::kfuse::ahead_captures(::kfuse::bounds_of(length), ::kfuse::held(domain), r, dvovmax); // kfuse-line 584a2a67
      }(domain, domain.regElemSize(r), r, domain.dvovmax(), domain.dthydro()); // kfuse-line f667353e
    }); // kfuse-line 50df5c54
    kfuse_window_bbfc3b44_e9510eb5.arm(); // kfuse-line a19fb67c
    courant_constraint(domain, domain.regElemSize(r), r, domain.qqc(), domain.dtcourant());
    kfuse_window_bbfc3b44_e9510eb5.disarm(); // kfuse-line 17324eff
    hydro_constraint(domain, domain.regElemSize(r), r, domain.dvovmax(), domain.dthydro());
    kfuse_window_bbfc3b44_e9510eb5.close(); // kfuse-line 25505d83
  }
}

// The kinetic energy of every element, kept in a View of its own, and
// their sum; then the sum of the volume changes. The first writes a View
// while the second reads the domain's through accessors, whose Views the
// guard cannot compare with it: refused.
static double energy(Domain &domain, Kokkos::View<double *> ke) {
  double sum = 0.0;
  Kokkos::parallel_reduce(
      "energy", domain.numElem(),
      KOKKOS_LAMBDA(const int i, double &s) {
        ke(i) = 0.5 * domain.ss(i) * domain.ss(i);
        s += ke(i);
      },
      sum);
  return sum;
}

static double expansion(Domain &domain) {
  double sum = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-not-fusable
      "expansion", domain.numElem(),
      KOKKOS_LAMBDA(const int i, double &s) { s += domain.vdov(i); }, sum);
  return sum;
}

double measures(Domain &domain, Kokkos::View<double *> ke) {
  const double e = energy(domain, ke);
  const double v = expansion(domain);
  return e + v;
}

// The largest sound speed, then the largest volume change, whose function
// takes the domain by value: held by the caller's address, a result
// computed ahead could never be taken there (a copy never has it): refused.
static double loudest(Domain &domain) {
  double most = 0.0;
  Kokkos::parallel_reduce(
      "loudest", domain.numElem(),
      KOKKOS_LAMBDA(const int i, double &m) { m = domain.ss(i) > m ? domain.ss(i) : m; },
      Kokkos::Max<double>(most));
  return most;
}

static double quickest(Domain domain) {
  double most = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-not-fusable
      "quickest", domain.numElem(),
      KOKKOS_LAMBDA(const int i, double &m) {
        m = fabs(domain.vdov(i)) > m ? fabs(domain.vdov(i)) : m;
      },
      Kokkos::Max<double>(most));
  return most;
}

double extremes(Domain &domain) {
  const double loud = loudest(domain);
  const double quick = quickest(domain);
  return loud + quick;
}
