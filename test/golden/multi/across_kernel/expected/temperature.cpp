#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The temperature and the largest speed.
#include "properties.h"

// kfuse-functor-begin kfuse_part_KinE_compute_d37c3ffd
// 'KinE::compute' (test/golden/multi/across_kernel/kine.cpp:10) as a functor: computed ahead, in one
// kernel with 'Temperature::compute' (test/golden/multi/across_kernel/temperature.cpp:10), when 'main' calls their functions in turn.
template <class T_v, class T_mass, class T_type> struct kfuse_part_KinE_compute_d37c3ffd {
  T_v v;
  T_mass mass;
  T_type type;
  KOKKOS_INLINE_FUNCTION void operator()(const int & i, double & KE) const {
    KE += 0.5 * (v(i, 0) * v(i, 0) + v(i, 1) * v(i, 1) + v(i, 2) * v(i, 2)) * mass(type(i));
  }
};
// kfuse-functor-end
double Temperature::compute(System *system) {
  v = system->v;
  mass = system->mass;
  type = system->type;

  double T;
  // kfuse-begin ahead("Temperature::compute") with "KinE::compute" profile=test/golden/multi/across_kernel/profile.json
  {
    // 'KinE::compute' (test/golden/multi/across_kernel/kine.cpp:10) may be computed here too, in one kernel
    // with this one, when 'main' is about to call its function.
    const auto kfuse_policy = Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local);
    auto *kfuse_second = ::kfuse::ahead<std::tuple<Kokkos::View<double *[3]>, Kokkos::View<double *>, Kokkos::View<int *>>>(
        "kfuse_chain_9ba744af_d37c3ffd", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_second && ::kfuse::use_fused("Temperature::compute+KinE::compute", true)) {
      ::kfuse::BothValues<double, double> kfuse_values;
      Kokkos::parallel_reduce("Temperature::compute+KinE::compute", kfuse_policy,
          ::kfuse::reduce_both<int, double, double>(
              *this,
              ::kfuse::make_from_tuple<kfuse_part_KinE_compute_d37c3ffd>(*kfuse_second)),
          kfuse_values);
      T = kfuse_values.First;
      ::kfuse::computed_ahead("kfuse_chain_9ba744af_d37c3ffd", kfuse_values.Second);
    } else {
// kfuse-original-begin
      Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this, T);
// kfuse-original-end
    }
  }
  // kfuse-end

  v = t_v();
  mass = t_mass();
  type = t_type();
  return T / (3 * system->N_local - 3);
}

double MaxSpeed::compute(System *system) {
  v = system->v;
  double m = 0.0;
  Kokkos::parallel_reduce(
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this,
      Kokkos::Max<double>(m));
  v = t_v();
  return m;
}
