#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The kinetic energy and the momentum.
#include "properties.h"

double KinE::compute(System *system) {
  v = system->v;
  mass = system->mass;
  type = system->type;

  double KE;
  // kfuse-begin ahead-result("KinE::compute") after "Temperature::compute" profile=test/golden/multi/across_kernel/profile.json
  {
    // Computed ahead with 'Temperature::compute' (test/golden/multi/across_kernel/temperature.cpp:10) when this range, these
    // Views and these values were the ones it was computed from.
    const auto kfuse_policy = Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local);
    std::tuple<Kokkos::View<double *[3]>, Kokkos::View<double *>, Kokkos::View<int *>> *kfuse_captures = nullptr;
    const double *kfuse_ahead = ::kfuse::ahead_result<std::tuple<Kokkos::View<double *[3]>, Kokkos::View<double *>, Kokkos::View<int *>>, double>(
        "kfuse_chain_9ba744af_d37c3ffd", ::kfuse::bounds_of(kfuse_policy), kfuse_captures);
    if (kfuse_ahead && ::kfuse::same_view(std::get<0>(*kfuse_captures), v) &&
        ::kfuse::same_view(std::get<1>(*kfuse_captures), mass) &&
        ::kfuse::same_view(std::get<2>(*kfuse_captures), type)) {
      KE = *kfuse_ahead;
      ::kfuse::discard("kfuse_chain_9ba744af_d37c3ffd");
    } else {
      ::kfuse::discard("kfuse_chain_9ba744af_d37c3ffd");
// kfuse-original-begin
      Kokkos::parallel_reduce(
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this, KE);
// kfuse-original-end
    }
  }
  // kfuse-end

  v = t_v();
  mass = t_mass();
  type = t_type();
  return KE;
}

double Momentum::compute(System *system) {
  v = system->v;
  mass = system->mass;
  type = system->type;
  w = system->w;
  double p = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-code-between
      Kokkos::RangePolicy<Kokkos::IndexType<int>>(0, system->N_local), *this, p);
  v = t_v();
  mass = t_mass();
  type = t_type();
  w = t_w();
  return p;
}
