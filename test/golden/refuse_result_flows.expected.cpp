#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A reduction's minimum becomes the next kernel's time step through the
// caller: `dt = cfl(n, c); advance(n, c, u, dt);`. The second kernel runs on
// the first's result, so it cannot be computed ahead with it: the remark
// names that dependence (it named the second kernel's form, not a
// reduction). The pair the other way round, across the loop's back edge,
// fuses.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_part_advance_12ea9264
// 'advance' (test/golden/refuse_result_flows.cpp:22) as a functor: deferred, it runs fused
// with 'cfl' (test/golden/refuse_result_flows.cpp:15) when 'main' calls their functions in turn.
template <class T_u, class T_c, class T_dt> struct kfuse_part_advance_12ea9264 {
  T_u u;
  T_c c;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) += dt * c(i); }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_12ea9264_b42e97f3
// 'advance' (test/golden/refuse_result_flows.cpp:22) then 'cfl'
// (test/golden/refuse_result_flows.cpp:15), fused across functions: one body over raw pointers, the
// first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_c> struct kfuse_fused_12ea9264_b42e97f3 {
  T_kfuse_first kfuse_first;
  T_c c;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, const double *KOKKOS_RESTRICT c_,
                                          double *KOKKOS_RESTRICT u_,
                                          const decltype(T_kfuse_first::dt) dt, double &kfuse_acc) {
    {
      const int i = kfuse_i0;
      u_[i] += dt * c_[i];
    }
    {
      const int i = kfuse_i0;
      double &mn = kfuse_acc;
      mn = c_[i] < mn ? c_[i] : mn;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_acc) const {
    body(kfuse_i0, c.data(), kfuse_first.u.data(), kfuse_first.dt, kfuse_acc);
  }
};
// kfuse-functor-end
double cfl(int n, Field c) {
  double m = 0;
  // kfuse-begin fused-across("advance", "cfl") profile=test/golden/refuse_result_flows.profile.json
  {
    // 'advance' (test/golden/refuse_result_flows.cpp:22) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_advance_12ea9264<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_12ea9264_b42e97f3", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("advance+cfl", "u,c,c,m", [&] { return ::kfuse::shadow_items(kfuse_first->u, kfuse_first->c, c, ::kfuse::result_of(m)); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("advance+cfl", ::kfuse::no_overlap({::kfuse::bytes_of(c, false), ::kfuse::bytes_of(kfuse_first->u, true)}) &&
            ::kfuse::same_view(kfuse_first->c, c)))) {
        Kokkos::parallel_reduce("advance+cfl", kfuse_policy, ::kfuse::make_fused<kfuse_fused_12ea9264_b42e97f3>(*kfuse_first, c), Kokkos::Min<double>(m));
        ::kfuse::discard("kfuse_chain_12ea9264_b42e97f3");
      } else {
        kfuse_shadow.flush("kfuse_chain_12ea9264_b42e97f3");
// kfuse-original-begin
        Kokkos::parallel_reduce(
      "cfl", n, KOKKOS_LAMBDA(const int i, double &mn) { mn = c(i) < mn ? c(i) : mn; },
      Kokkos::Min<double>(m));
// kfuse-original-end
      }
    }
  }
  // kfuse-end
  return 0.5 * m;
}

void advance(int n, Field c, Field u, double dt) {
  // kfuse-begin deferred("advance") until "cfl" profile=test/golden/refuse_result_flows.profile.json
  if (::kfuse::deferring("kfuse_chain_12ea9264_b42e97f3")) {
    // Runs later: fused with 'cfl' (test/golden/refuse_result_flows.cpp:15), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_12ea9264_b42e97f3", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_advance_12ea9264>(u, c, dt),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("advance", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_12ea9264_b42e97f3"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("advance", n, KOKKOS_LAMBDA(const int i) { u(i) += dt * c(i); });
// kfuse-original-end
  }
  // kfuse-end // EXPECT-REMARK: kfuse-unsafe-dependence "runs on what the first's returns or sets"
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1001;
    Field c("c", n), u("u", n);
    Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) { c(i) = 1 + i % 5; });
    ::kfuse::Window kfuse_window_12ea9264_b42e97f3("kfuse_chain_12ea9264_b42e97f3"); // kfuse-line 164dda30
    for (int k = 0; k < 4; ++k) {
      double dt = cfl(n, c);
      kfuse_window_12ea9264_b42e97f3.arm(); // kfuse-line a53f8084
      advance(n, c, u, dt);
      kfuse_window_12ea9264_b42e97f3.disarm(); // kfuse-line c324694b
    }
    kfuse_window_12ea9264_b42e97f3.close(); // kfuse-line f1b85606
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &r) { r += u(i); }, s);
    std::printf("checksum=%.17g\n", s);
  }
  Kokkos::finalize();
}
