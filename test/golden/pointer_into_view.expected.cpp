#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A raw pointer to a View's data used beside the View itself, as code being
// ported to Kokkos often mixes them: 'relax' writes 'u' through 'pu', which
// its function set to 'u.data()', and 'smooth' reads 'u'. kfuse takes the
// two names for one View (`pu[i]` is `u(i)`) and fuses them; the guard
// checks that 'pu' still holds the data of 'u', a View whose elements lie one
// after the other. Run with 'pu' pointing into another View (the last
// argument 1), the guard finds it is not 'u''s data and runs the original
// launches.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 4 0
// KFUSE-RUN: 9 2 0
// KFUSE-RUN-FALLBACK: 1000 4 1
// KFUSE-PROFILE-RUN: 1000 4 0

// kfuse-functor-begin kfuse_fused_relax_smooth_repeated
// 'relax', 'smooth' (test/golden/pointer_into_view.cpp:35), fused with the host loop around them
// (line 34).
template <class T_u, class T_v, class T_Steps, class T_kfuse_chunks>
struct kfuse_fused_relax_smooth_repeated {
  T_u u;
  T_v v;
  T_Steps Steps;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT u_, double *KOKKOS_RESTRICT v_,
                                          const T_Steps Steps) {
    for (int s = 0; s < Steps; ++s) {
      for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
        {
          const int i = kfuse_i0;
          u_[i] = 0.5 * u_[i] + 0.25 * v_[i];
        }
        {
          const int i = kfuse_i0;
          v_[i] = v_[i] + 0.125 * u_[i];
        }
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), u.data(), v.data(), Steps);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 4;
    const bool Other = argc > 3 && std::atoi(argv[3]) == 1;
    Kokkos::View<double *> u("u", N), v("v", N), w("w", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) {
          u(i) = (i % 13) * 0.5;
          v(i) = 1.0 + (i % 5);
          w(i) = 2.0;
        });
    double *pu = u.data();
    if (Other)
      pu = w.data();
    // kfuse-begin fused("relax", "smooth") repeated profile=test/golden/pointer_into_view.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("relax+smooth(repeated)", "u,v", [&] { return ::kfuse::shadow_items(u, v); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("relax+smooth(repeated)", ::kfuse::no_overlap({::kfuse::bytes_of(u, true), ::kfuse::bytes_of(v, true)}) && ::kfuse::data_of(pu, u)))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
        Kokkos::parallel_for("relax+smooth(repeated)", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_relax_smooth_repeated>(u, v, Steps, ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        for (int s = 0; s < Steps; ++s) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "relax", N, KOKKOS_LAMBDA(const int i) { pu[i] = 0.5 * pu[i] + 0.25 * v(i); });
      Kokkos::parallel_for(
          "smooth", N, KOKKOS_LAMBDA(const int i) { v(i) = v(i) + 0.125 * u(i); });
    }
// kfuse-original-end
      }
    }
    // kfuse-end
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) + 3 * v(i) + 7 * w(i); },
        Sum);
    std::printf("sum %.17g\n", Sum);
  }
  Kokkos::finalize();
  return 0;
}
