#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Several groups in one file: two in one function, separated by a reduction
// whose result the next kernel uses, and one in another function with the
// same labels. Each fused functor goes before its function, with a name of
// its own; launches after a fused region keep their profiled ids.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_scale_shift_norm
// 'scale', 'shift', 'norm' (test/golden/two_groups.cpp:13), fused.
template <class T_r, class T_u> struct kfuse_fused_scale_shift_norm {
  T_r r;
  T_u u;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT r_,
                                          double *KOKKOS_RESTRICT u_, double &S) {
    {
      const int i = kfuse_i0;
      r_[i] = 0.5 * u_[i];
    }
    {
      const int i = kfuse_i0;
      u_[i] = r_[i] + 1.0;
    }
    {
      const int i = kfuse_i0;
      S += u_[i] * u_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, double &S) const {
    body(kfuse_i0, r.data(), u.data(), S);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_normalise_residual
// 'normalise', 'residual' (test/golden/two_groups.cpp:20), fused.
template <class T_u, class T_r, class T_Norm, class T_kfuse_chunks>
struct kfuse_fused_normalise_residual {
  T_u u;
  T_r r;
  T_Norm Norm;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT u_, double *KOKKOS_RESTRICT r_,
                                          const T_Norm Norm) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        u_[i] /= Norm;
      }
      {
        const int i = kfuse_i0;
        r_[i] = u_[i] - r_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), u.data(), r.data(), Norm);
  }
};
// kfuse-functor-end
/// One relaxation sweep.
double sweep(Field u, Field r, int N) {
  // kfuse-begin fused("scale", "shift", "norm") profile=test/golden/two_groups.profile.json
  auto kfuse_fused_scale_shift_norm_shadow = ::kfuse::shadow_of("scale+shift+norm", "r,u", [&] { return ::kfuse::shadow_items(r, u); });
  const bool kfuse_fused_scale_shift_norm_on = kfuse_fused_scale_shift_norm_shadow.run_fused(::kfuse::use_fused("scale+shift+norm", ::kfuse::no_overlap({::kfuse::bytes_of(r, true), ::kfuse::bytes_of(u, true)})));
  if (!kfuse_fused_scale_shift_norm_on) {
// kfuse-original-begin
    Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { r(i) = 0.5 * u(i); });
  Kokkos::parallel_for(
      "shift", N, KOKKOS_LAMBDA(const int i) { u(i) = r(i) + 1.0; });
// kfuse-original-end
  }
  // kfuse-kept-begin
  double Norm = 0;
  // kfuse-kept-end
  if (kfuse_fused_scale_shift_norm_on) {
    Kokkos::parallel_reduce("scale+shift+norm", N, ::kfuse::make_fused<kfuse_fused_scale_shift_norm>(r, u), Norm);
  } else {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "norm", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) * u(i); }, Norm);
// kfuse-original-end
  }
  if (kfuse_fused_scale_shift_norm_shadow.replay()) {
    Kokkos::parallel_reduce("scale+shift+norm", N, ::kfuse::make_fused<kfuse_fused_scale_shift_norm>(r, u), Norm);
    kfuse_fused_scale_shift_norm_shadow.compare();
  }
  // kfuse-end
  // kfuse-begin fused("normalise", "residual") profile=test/golden/two_groups.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("normalise+residual", "u,r", [&] { return ::kfuse::shadow_items(u, r); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("normalise+residual", ::kfuse::no_overlap({::kfuse::bytes_of(u, true), ::kfuse::bytes_of(r, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
      Kokkos::parallel_for("normalise+residual", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_normalise_residual>(u, r, Norm, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "normalise", N, KOKKOS_LAMBDA(const int i) { u(i) /= Norm; });
  Kokkos::parallel_for(
      "residual", N, KOKKOS_LAMBDA(const int i) { r(i) = u(i) - r(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
  return Norm;
}

// kfuse-functor-begin kfuse_fused_scale_shift
// 'scale', 'shift' (test/golden/two_groups.cpp:29), fused.
template <class T_r, class T_u, class T_kfuse_chunks> struct kfuse_fused_scale_shift {
  T_r r;
  T_u u;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT r_, double *KOKKOS_RESTRICT u_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        r_[i] = 0.25 * u_[i];
      }
      {
        const int i = kfuse_i0;
        u_[i] = r_[i] + 0.5;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), r.data(), u.data());
  }
};
// kfuse-functor-end
// Same labels, another function.
void smooth(Field u, Field r, int N) {
  // kfuse-begin fused("scale", "shift") profile=test/golden/two_groups.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("scale+shift", "r,u", [&] { return ::kfuse::shadow_items(r, u); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("scale+shift", ::kfuse::no_overlap({::kfuse::bytes_of(r, true), ::kfuse::bytes_of(u, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
      Kokkos::parallel_for("scale+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_shift>(r, u, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { r(i) = 0.25 * u(i); });
  Kokkos::parallel_for(
      "shift", N, KOKKOS_LAMBDA(const int i) { u(i) = r(i) + 0.5; });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Field u("u", N), r("r", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { u(i) = 1.0 + i % 7; });
    double Last = 0;
    for (int It = 0; It < 4; ++It) {
      Last = sweep(u, r, N);
      smooth(u, r, N);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) + 2.0 * r(i); }, Sum);
    std::printf("checksum=%.17g norm=%.17g\n", Sum, Last);
  }
  Kokkos::finalize();
}

