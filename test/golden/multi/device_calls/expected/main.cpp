#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Kernels of different functions passing their Views to device functions
// of the program (`kick(v, f, i, h)`, a helper returning an element by
// reference): the analysis follows the calls, so the chains across
// functions are judged on what the functions touch; their bodies are kept
// as written (composed, no restrict pointers).
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

using Vec = Kokkos::View<double *>;

KOKKOS_INLINE_FUNCTION void kick(const Vec &v, const Vec &f, const int i, const double h) {
  v(i) += h * f(i);
}

template <class V> KOKKOS_INLINE_FUNCTION auto at(const V &v, int i) -> decltype(v(i)) {
  return v(i);
}

// kfuse-functor-begin kfuse_part_half_kick_797e13db
// 'half_kick' (test/golden/multi/device_calls/main.cpp:26) as a functor: deferred, it runs fused
// with 'drift' (test/golden/multi/device_calls/main.cpp:30) when 'main' calls their functions in turn.
template <class T_v, class T_f, class T_h> struct kfuse_part_half_kick_797e13db {
  T_v v;
  T_f f;
  T_h h;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { kick(v, f, i, h); }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_part_force_fd2345c0
// 'force' (test/golden/multi/device_calls/main.cpp:35) as a functor: deferred, it runs fused
// with 'half_kick' (test/golden/multi/device_calls/main.cpp:26) when 'main' calls their functions in turn.
template <class T_f, class T_x> struct kfuse_part_force_fd2345c0 {
  T_f f;
  T_x x;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { at(f, i) = -at(x, i); }
};
// kfuse-functor-end
void half_kick(Vec v, Vec f, int n, double h) {
  // kfuse-begin fused-across("force", "half_kick") deferred until "drift" profile=test/golden/multi/device_calls/profile.json
  {
    // 'force' (test/golden/multi/device_calls/main.cpp:35) may be pending: then both run as one, later:
    // with 'drift' (test/golden/multi/device_calls/main.cpp:30), or on their own.
    const auto kfuse_policy = n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_force_fd2345c0<Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_fd2345c0_797e13db", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("force+half_kick", ::kfuse::apart(kfuse_first->f, true, v, true) &&
          ::kfuse::same_or_apart(kfuse_first->f, f) &&
          ::kfuse::apart(kfuse_first->x, false, v, true));
    if (::kfuse::deferring("kfuse_chain_797e13db_7a4642be")) {
      if (kfuse_fuse) {
        const auto kfuse_both = ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_half_kick_797e13db>(v, f, h));
        ::kfuse::discard("kfuse_chain_fd2345c0_797e13db");
        ::kfuse::defer("kfuse_chain_797e13db_7a4642be", ::kfuse::bounds_of(kfuse_policy), kfuse_both,
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("force+half_kick", kfuse_policy, kfuse_part); });
      } else {
        ::kfuse::flush("kfuse_chain_fd2345c0_797e13db");
        ::kfuse::defer("kfuse_chain_797e13db_7a4642be", ::kfuse::bounds_of(kfuse_policy), ::kfuse::make_fused<kfuse_part_half_kick_797e13db>(v, f, h),
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("half_kick", kfuse_policy, kfuse_part); });
      }
    } else {
      for (auto kfuse_shadow = ::kfuse::shadow_of("force+half_kick", "f,x,v,f", [&] { return ::kfuse::shadow_items(kfuse_first->f, kfuse_first->x, v, f); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_fuse)) {
          Kokkos::parallel_for("force+half_kick", kfuse_policy, ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_half_kick_797e13db>(v, f, h)));
          ::kfuse::discard("kfuse_chain_fd2345c0_797e13db");
        } else {
          kfuse_shadow.flush("kfuse_chain_fd2345c0_797e13db");
          if (!kfuse_fuse)
            ::kfuse::flush("kfuse_chain_797e13db_7a4642be"); // one pending from an outer call runs first
// kfuse-original-begin
          Kokkos::parallel_for("half_kick", n, KOKKOS_LAMBDA(const int i) { kick(v, f, i, h); });
// kfuse-original-end
        }
      }
    }
  }
  // kfuse-end
}

void drift(Vec x, Vec v, int n, double dt) {
  // kfuse-begin fused-across("half_kick", "drift") after "force" profile=test/golden/multi/device_calls/profile.json
  {
    // 'half_kick' (test/golden/multi/device_calls/main.cpp:26) may be pending, alone or run as one with
    // 'force' (test/golden/multi/device_calls/main.cpp:35): then they run here as one with this kernel.
    const auto kfuse_policy = n;
    auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<int, kfuse_part_force_fd2345c0<Kokkos::View<double *>, Kokkos::View<double *>>, kfuse_part_half_kick_797e13db<Kokkos::View<double *>, Kokkos::View<double *>, double>>>(
        "kfuse_chain_797e13db_7a4642be", ::kfuse::bounds_of(kfuse_policy));
    auto *kfuse_first = ::kfuse::pending<kfuse_part_half_kick_797e13db<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_797e13db_7a4642be", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_three = kfuse_both && ::kfuse::use_fused("force+half_kick+drift", ::kfuse::apart(kfuse_both->A.f, true, x, true) &&
          ::kfuse::apart(kfuse_both->A.f, true, v, false) &&
          ::kfuse::same_or_apart(kfuse_both->A.x, x) &&
          ::kfuse::apart(kfuse_both->B.v, true, x, true) &&
          ::kfuse::same_or_apart(kfuse_both->B.v, v) &&
          ::kfuse::apart(kfuse_both->B.f, false, x, true));
    const bool kfuse_two = !kfuse_three && kfuse_first && ::kfuse::use_fused("half_kick+drift", ::kfuse::apart(kfuse_first->v, true, x, true) &&
          ::kfuse::same_or_apart(kfuse_first->v, v) &&
          ::kfuse::apart(kfuse_first->f, false, x, true));
    for (auto kfuse_shadow3 = ::kfuse::shadow_of("force+half_kick+drift", "f,x,v,f,x,v", [&] { return ::kfuse::shadow_items(kfuse_both->A.f, kfuse_both->A.x, kfuse_both->B.v, kfuse_both->B.f, x, v); }); kfuse_shadow3.next();)
      for (auto kfuse_shadow = ::kfuse::shadow_of("half_kick+drift", "v,f,x,v", [&] { return ::kfuse::shadow_items(kfuse_first->v, kfuse_first->f, x, v); }); kfuse_shadow.next();) {
        if (kfuse_shadow3.run_fused(kfuse_three)) {
          Kokkos::parallel_for("force+half_kick+drift", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_both, KOKKOS_LAMBDA(const int i) { at(x, i) += dt * at(v, i); }));
          ::kfuse::discard("kfuse_chain_797e13db_7a4642be");
        } else if (kfuse_shadow.run_fused(kfuse_two)) {
          Kokkos::parallel_for("half_kick+drift", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) { at(x, i) += dt * at(v, i); }));
          ::kfuse::discard("kfuse_chain_797e13db_7a4642be");
        } else {
          if (kfuse_shadow3.checking()) {
            Kokkos::parallel_for("force", kfuse_policy, ::kfuse::alone<int>(kfuse_both->A));
            Kokkos::parallel_for("half_kick", kfuse_policy, ::kfuse::alone<int>(kfuse_both->B));
          } else {
            kfuse_shadow.flush("kfuse_chain_797e13db_7a4642be");
          }
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "drift", n, KOKKOS_LAMBDA(const int i) { at(x, i) += dt * at(v, i); });
// kfuse-original-end
        }
      }
  }
  // kfuse-end
}

void force(Vec x, Vec f, int n) {
  // kfuse-begin deferred("force") until "half_kick" profile=test/golden/multi/device_calls/profile.json
  if (::kfuse::deferring("kfuse_chain_fd2345c0_797e13db")) {
    // Runs later: fused with 'half_kick' (test/golden/multi/device_calls/main.cpp:26), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_fd2345c0_797e13db", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_force_fd2345c0>(f, x),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("force", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_fd2345c0_797e13db"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("force", n, KOKKOS_LAMBDA(const int i) { at(f, i) = -at(x, i); });
// kfuse-original-end
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec x("x", n), v("v", n), f("f", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          x(i) = 0.001 * (i % 101);
          v(i) = 0.0;
          f(i) = -x(i);
        });
    for (int t = 0; t < 5; ++t) {
      ::kfuse::Window kfuse_window_797e13db_7a4642be("kfuse_chain_797e13db_7a4642be"); // kfuse-line 0873860e
      kfuse_window_797e13db_7a4642be.arm(); // kfuse-line 6c8b74e5
      half_kick(v, f, n, 0.005);
      kfuse_window_797e13db_7a4642be.disarm(); // kfuse-line 31ec90a5
      drift(x, v, n, 0.01);
      kfuse_window_797e13db_7a4642be.close(); // kfuse-line f6be5550
      ::kfuse::Window kfuse_window_fd2345c0_797e13db("kfuse_chain_fd2345c0_797e13db"); // kfuse-line 739e3d53
      kfuse_window_fd2345c0_797e13db.arm(); // kfuse-line ae7b1d36
      force(x, f, n);
      kfuse_window_fd2345c0_797e13db.disarm(); // kfuse-line 424b366f
      half_kick(v, f, n, 0.005);
      kfuse_window_fd2345c0_797e13db.close(); // kfuse-line 9a826626
    }
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += x(i) + v(i) + f(i); }, s);
    std::printf("s=%.17g\n", s);
  }
  Kokkos::finalize();
}
