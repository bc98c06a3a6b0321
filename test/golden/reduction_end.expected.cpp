#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A chain that ends in a reduction: two updates and an integer count, fused
// into one parallel_reduce. Integer results compare bitwise.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// kfuse-functor-begin kfuse_fused_step_mix_count
// 'step', 'mix', 'count' (test/golden/reduction_end.cpp:15), fused.
template <class T_u, class T_v, class T_It> struct kfuse_fused_step_mix_count {
  T_u u;
  T_v v;
  T_It It;
  using value_type = long;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, long *KOKKOS_RESTRICT u_,
                                          long *KOKKOS_RESTRICT v_, const T_It It, long &H) {
    {
      const int i = kfuse_i0;
      u_[i] = (u_[i] * 31 + i + It) % 1009;
    }
    {
      const int i = kfuse_i0;
      v_[i] = v_[i] ^ (u_[i] << 3);
    }
    {
      const int i = kfuse_i0;
      H += (v_[i] & 1) + u_[i] % 7;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, long &H) const {
    body(kfuse_i0, u.data(), v.data(), It, H);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Kokkos::View<long *> u("u", N), v("v", N);
    long Total = 0;
    for (int It = 0; It < 5; ++It) {
      long Hits = 0;
      // kfuse-begin fused("step", "mix", "count") profile=test/golden/reduction_end.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("step+mix+count", "u,v,Hits", [&] { return ::kfuse::shadow_items(u, v, ::kfuse::result_of(Hits)); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("step+mix+count", ::kfuse::no_overlap({::kfuse::bytes_of(u, true), ::kfuse::bytes_of(v, true)})))) {
          Kokkos::parallel_reduce("step+mix+count", Kokkos::RangePolicy<>(0, N), ::kfuse::make_fused<kfuse_fused_step_mix_count>(u, v, It), Hits);
        } else {
// kfuse-original-begin
          Kokkos::parallel_for(
          "step", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i) { u(i) = (u(i) * 31 + i + It) % 1009; });
      Kokkos::parallel_for(
          "mix", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i) { v(i) = v(i) ^ (u(i) << 3); });
      Kokkos::parallel_reduce(
          "count", Kokkos::RangePolicy<>(0, N),
          KOKKOS_LAMBDA(const int i, long &H) { H += (v(i) & 1) + u(i) % 7; }, Hits);
// kfuse-original-end
        }
      }
      // kfuse-end
      Total += Hits;
    }
    std::printf("total=%ld\n", Total);
  }
  Kokkos::finalize();
}
