#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Two rank-2 MDRangePolicy kernels over the same tile range: fused into one
// MDRange functor with two indices.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// kfuse-functor-begin kfuse_fused_heat_flux_repeated
// 'heat', 'flux' (test/golden/mdrange_pair.cpp:15), fused with the host loop around them (line 14).
template <class T_T, class T_Q> struct kfuse_fused_heat_flux_repeated {
  T_T T;
  T_Q Q;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_i0, const int kfuse_i1, double *KOKKOS_RESTRICT T_,
       const ::kfuse::stride_t<T_T, 0, 2> T_s0, const ::kfuse::stride_t<T_T, 1, 2> T_s1,
       double *KOKKOS_RESTRICT Q_, const ::kfuse::stride_t<T_Q, 0, 2> Q_s0,
       const ::kfuse::stride_t<T_Q, 1, 2> Q_s1) {
    for (int It = 0; It < 3; ++It) {
      {
        const int i = kfuse_i0;
        const int j = kfuse_i1;
        T_[i * T_s0 + j * T_s1] = 0.1 * i * j + It;
      }
      {
        const int i = kfuse_i0;
        const int j = kfuse_i1;
        Q_[i * Q_s0 + j * Q_s1] = Q_[i * Q_s0 + j * Q_s1] * 0.5 + T_[i * T_s0 + j * T_s1];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    body(kfuse_i0, kfuse_i1, T.data(), T.stride(0), T.stride(1), Q.data(), Q.stride(0),
         Q.stride(1));
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 120;
    const int M = 90;
    Kokkos::View<double **> T("T", N, M), Q("Q", N, M);
    using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<2>>;
    // kfuse-begin fused("heat", "flux") repeated profile=test/golden/mdrange_pair.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("heat+flux(repeated)", "T,Q", [&] { return ::kfuse::shadow_items(T, Q); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("heat+flux(repeated)", ::kfuse::no_overlap({::kfuse::bytes_of(T, true), ::kfuse::bytes_of(Q, true)})))) {
        Kokkos::parallel_for("heat+flux(repeated)", Policy({0, 0}, {N, M}), ::kfuse::make_fused<kfuse_fused_heat_flux_repeated>(T, Q));
      } else {
// kfuse-original-begin
        for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "heat", Policy({0, 0}, {N, M}),
          KOKKOS_LAMBDA(const int i, const int j) { T(i, j) = 0.1 * i * j + It; });
      Kokkos::parallel_for(
          "flux", Policy({0, 0}, {N, M}),
          KOKKOS_LAMBDA(const int i, const int j) { Q(i, j) = Q(i, j) * 0.5 + T(i, j); });
    }
// kfuse-original-end
      }
    }
    // kfuse-end
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          for (int j = 0; j < M; ++j)
            S += Q(i, j) * (1 + j % 5);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
