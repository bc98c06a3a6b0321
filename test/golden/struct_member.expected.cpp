#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Views reached through members of a captured struct, as hydrodynamics codes
// keep their fields (`field.density(i)`): attributed to those Views, fused
// where legal (the pair that reads only element i), refused where the second
// kernel reads element i+1 of what the first writes.
#include <Kokkos_Core.hpp>
#include <cstdio>

struct Field {
  Kokkos::View<double *> density, energy, pressure;
  double gamma = 1.4;
};

// kfuse-functor-begin kfuse_fused_init_ideal_gas_shift
// 'init', 'ideal_gas', 'shift' (test/golden/struct_member.cpp:20), fused.
template <class T_field, class T_It, class T_kfuse_chunks> struct kfuse_fused_init_ideal_gas_shift {
  T_field field;
  T_It It;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT field_density_,
                                          double *KOKKOS_RESTRICT field_energy_,
                                          double *KOKKOS_RESTRICT field_pressure_, const T_It It,
                                          const T_field field) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        field_density_[i] = 1.0 + 0.001 * i;
        field_energy_[i] = 2.5 + It;
      }
      {
        const int i = kfuse_i0;
        field_pressure_[i] = (field.gamma - 1.0) * field_density_[i] * field_energy_[i];
      }
      {
        const int i = kfuse_i0;
        field_energy_[i] = field_pressure_[i] * 0.5;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), field.density.data(),
         field.energy.data(), field.pressure.data(), It, field);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Field field{Kokkos::View<double *>("density", N + 1), Kokkos::View<double *>("energy", N + 1),
                Kokkos::View<double *>("pressure", N + 1)};
    for (int It = 0; It < 3; ++It) {
      // kfuse-begin fused("init", "ideal_gas", "shift") profile=test/golden/struct_member.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("init+ideal_gas+shift", "field.density,field.energy,field.pressure", [&] { return ::kfuse::shadow_items(field.density, field.energy, field.pressure); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("init+ideal_gas+shift", ::kfuse::no_overlap({::kfuse::bytes_of(field.density, true), ::kfuse::bytes_of(field.energy, true), ::kfuse::bytes_of(field.pressure, true)})))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("init+ideal_gas+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_init_ideal_gas_shift>(field, It, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for(
          "init", N, KOKKOS_LAMBDA(const int i) {
            field.density(i) = 1.0 + 0.001 * i;
            field.energy(i) = 2.5 + It;
          });
      Kokkos::parallel_for(
          "ideal_gas", N, KOKKOS_LAMBDA(const int i) {
            field.pressure(i) = (field.gamma - 1.0) * field.density(i) * field.energy(i);
          });
      Kokkos::parallel_for(
          "shift", N, KOKKOS_LAMBDA(const int i) { field.energy(i) = field.pressure(i) * 0.5; });
// kfuse-original-end
        }
      }
      // kfuse-end
      Kokkos::parallel_for(
          "smooth", N, KOKKOS_LAMBDA(const int i) {
            field.density(i) = 0.5 * (field.energy(i) + field.energy(i + 1)); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          S += field.density(i) + field.energy(i) + field.pressure(i);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
