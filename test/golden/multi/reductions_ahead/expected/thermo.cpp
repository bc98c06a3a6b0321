#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Temperature and kinetic energy: two reductions over the velocities, each
// in its own function, whose result the function needs at once. Called in
// turn, the second is computed ahead, in one kernel with the first.
#include "thermo.h"

// kfuse-functor-begin kfuse_part_kinetic_energy_49bf4c7f
// 'kinetic_energy' (test/golden/multi/reductions_ahead/thermo.cpp:26) as a functor: computed ahead, in one
// kernel with 'temperature' (test/golden/multi/reductions_ahead/thermo.cpp:11), when 'main' calls their functions in turn.
template <class T_mass, class T_type, class T_v, class T_half> struct kfuse_part_kinetic_energy_49bf4c7f {
  T_mass mass;
  T_type type;
  T_v v;
  T_half half;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double & sum) const {
        sum += half * mass(type(i)) *
               (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      }
};
// kfuse-functor-end
double temperature(System &sys) {
  auto v = sys.v;
  auto type = sys.type;
  auto mass = sys.mass;
  double mv2 = 0.0;
  // kfuse-begin ahead("temperature") with "kinetic_energy" profile=test/golden/multi/reductions_ahead/profile.json
  {
    // 'kinetic_energy' (test/golden/multi/reductions_ahead/thermo.cpp:26) may be computed here too, in one kernel
    // with this one, when 'main' is about to call its function.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, sys.N);
    auto *kfuse_second = ::kfuse::ahead<std::tuple<Kokkos::View<double *>, Kokkos::View<int *>, Kokkos::View<double *[3]>, double>>(
        "kfuse_chain_64836b9b_49bf4c7f", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_second && ::kfuse::use_fused("temperature+kinetic_energy", true)) {
      ::kfuse::BothValues<double, double> kfuse_values;
      Kokkos::parallel_reduce("temperature+kinetic_energy", kfuse_policy,
          ::kfuse::reduce_both<int, double, double>(
              KOKKOS_LAMBDA(const int i, double &sum) {
        sum += mass(type(i)) * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
              ::kfuse::make_from_tuple<kfuse_part_kinetic_energy_49bf4c7f>(*kfuse_second)),
          kfuse_values);
      mv2 = kfuse_values.First;
      ::kfuse::computed_ahead("kfuse_chain_64836b9b_49bf4c7f", kfuse_values.Second);
    } else {
// kfuse-original-begin
      Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "temperature", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) {
        sum += mass(type(i)) * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
      mv2);
// kfuse-original-end
    }
  }
  // kfuse-end
  return mv2 / (3.0 * sys.N - 3.0);
}

double kinetic_energy(System &sys) {
  auto v = sys.v;
  auto type = sys.type;
  auto mass = sys.mass;
  const double half = 0.5;
  double ke = 0.0;
  // kfuse-begin ahead-result("kinetic_energy") after "temperature" profile=test/golden/multi/reductions_ahead/profile.json
  {
    // Computed ahead with 'temperature' (test/golden/multi/reductions_ahead/thermo.cpp:11) when this range, these
    // Views and these values were the ones it was computed from.
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, sys.N);
    std::tuple<Kokkos::View<double *>, Kokkos::View<int *>, Kokkos::View<double *[3]>, double> *kfuse_captures = nullptr;
    const double *kfuse_ahead = ::kfuse::ahead_result<std::tuple<Kokkos::View<double *>, Kokkos::View<int *>, Kokkos::View<double *[3]>, double>, double>(
        "kfuse_chain_64836b9b_49bf4c7f", ::kfuse::bounds_of(kfuse_policy), kfuse_captures);
    if (kfuse_ahead && ::kfuse::same_view(std::get<0>(*kfuse_captures), mass) &&
        ::kfuse::same_view(std::get<1>(*kfuse_captures), type) &&
        ::kfuse::same_view(std::get<2>(*kfuse_captures), v) &&
        std::get<3>(*kfuse_captures) == half) {
      ke = *kfuse_ahead;
      ::kfuse::discard("kfuse_chain_64836b9b_49bf4c7f");
    } else {
      ::kfuse::discard("kfuse_chain_64836b9b_49bf4c7f");
// kfuse-original-begin
      Kokkos::parallel_reduce(
      "kinetic_energy", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) {
        sum += half * mass(type(i)) *
               (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
      },
      ke);
// kfuse-original-end
    }
  }
  // kfuse-end
  return ke / sys.N;
}

double momentum(System &sys) {
  auto v = sys.v;
  auto type = sys.type;
  auto mass = sys.mass;
  double p = 0.0;
  Kokkos::parallel_reduce(
      "momentum", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) { sum += mass(type(i)) * v(i, 0); }, p);
  return p;
}

// Marks the atoms above a limit while it sums: a kernel that writes cannot
// run ahead of its function (which might not be called).
double kinetic_energy_marking(System &sys, double limit) {
  auto v = sys.v;
  auto hot = sys.hot;
  double ke = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-not-fusable
      "kinetic_energy_marking", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i, double &sum) {
        const double e = 0.5 * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2));
        hot(i) = e > limit ? 1 : 0;
        sum += e;
      },
      ke);
  return ke;
}
