#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A class template over its scalar type whose member functions launch
// lambdas (their captures' types depend on the template's parameter): a
// velocity-Verlet step calls 'kick', 'drift' and 'force' in turn. Each
// lambda's part is a functor template over its captures' types, defined
// outside the class and named by the other site as this unit's
// instantiation has it: drift, force and the next kick run as one (the
// hotter chains; kick then drift is left). 'damp' names the
// template parameter in its body ('Real(1) - c'), which a functor copied
// out of the template cannot: refused, naming it.
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

// kfuse-functor-begin kfuse_part_drift_50f5ec16
// 'drift' (test/golden/multi/template_lambdas/main.cpp:36) as a functor: deferred, it runs fused
// with 'force' (test/golden/multi/template_lambdas/main.cpp:45) when 'Verlet::step' calls their functions in turn.
template <class T_x, class T_v, class T_dt> struct kfuse_part_drift_50f5ec16 {
  T_x x;
  T_v v;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
          for (int d = 0; d < 3; ++d)
            x(i, d) += dt * v(i, d);
        }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_part_force_b7c0688f
// 'force' (test/golden/multi/template_lambdas/main.cpp:45) as a functor: deferred, it runs fused
// with 'kick' (test/golden/multi/template_lambdas/main.cpp:27) when 'Verlet::step' calls their functions in turn.
template <class T_f, class T_x> struct kfuse_part_force_b7c0688f {
  T_f f;
  T_x x;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
          for (int d = 0; d < 3; ++d)
            f(i, d) = -0.1 * x(i, d) + 0.01 * d;
        }
};
// kfuse-functor-end
template <class Real> class Verlet {
public:
  using Vec3 = Kokkos::View<Real *[3]>;
  Verlet(int n) : x("x", n), v("v", n), f("f", n), n_(n) {}

  void kick(Real dt) {
    auto v = this->v;
    auto f = this->f;
    // kfuse-begin fused-across("force", "kick") after "drift" profile=test/golden/multi/template_lambdas/profile.json
    {
      // 'force' (test/golden/multi/template_lambdas/main.cpp:45) may be pending, alone or run as one with
      // 'drift' (test/golden/multi/template_lambdas/main.cpp:36): then they run here as one with this kernel.
      const auto kfuse_policy = n_;
      auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<int, kfuse_part_drift_50f5ec16<Kokkos::View<double *[3]>, Kokkos::View<double *[3]>, double>, kfuse_part_force_b7c0688f<Kokkos::View<double *[3]>, Kokkos::View<double *[3]>>>>(
          "kfuse_chain_b7c0688f_00cfa8bc", ::kfuse::bounds_of(kfuse_policy));
      auto *kfuse_first = ::kfuse::pending<kfuse_part_force_b7c0688f<Kokkos::View<double *[3]>, Kokkos::View<double *[3]>>>(
          "kfuse_chain_b7c0688f_00cfa8bc", ::kfuse::bounds_of(kfuse_policy));
      const bool kfuse_three = kfuse_both && ::kfuse::use_fused("drift+force+kick", ::kfuse::apart(kfuse_both->A.x, true, v, true) &&
            ::kfuse::apart(kfuse_both->A.x, true, f, false) &&
            ::kfuse::same_or_apart(kfuse_both->A.v, v) &&
            ::kfuse::apart(kfuse_both->B.f, true, v, true) &&
            ::kfuse::same_or_apart(kfuse_both->B.f, f) &&
            ::kfuse::apart(kfuse_both->B.x, false, v, true));
      const bool kfuse_two = !kfuse_three && kfuse_first && ::kfuse::use_fused("force+kick", ::kfuse::apart(kfuse_first->f, true, v, true) &&
            ::kfuse::same_or_apart(kfuse_first->f, f) &&
            ::kfuse::apart(kfuse_first->x, false, v, true));
      for (auto kfuse_shadow3 = ::kfuse::shadow_of("drift+force+kick", "x,v,f,x,v,f", [&] { return ::kfuse::shadow_items(kfuse_both->A.x, kfuse_both->A.v, kfuse_both->B.f, kfuse_both->B.x, v, f); }); kfuse_shadow3.next();)
        for (auto kfuse_shadow = ::kfuse::shadow_of("force+kick", "f,x,v,f", [&] { return ::kfuse::shadow_items(kfuse_first->f, kfuse_first->x, v, f); }); kfuse_shadow.next();) {
          if (kfuse_shadow3.run_fused(kfuse_three)) {
            Kokkos::parallel_for("drift+force+kick", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_both, KOKKOS_LAMBDA(const int i) {
              for (int d = 0; d < 3; ++d)
                v(i, d) += 0.5 * dt * f(i, d);
            }));
            ::kfuse::discard("kfuse_chain_b7c0688f_00cfa8bc");
          } else if (kfuse_shadow.run_fused(kfuse_two)) {
            Kokkos::parallel_for("force+kick", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) {
              for (int d = 0; d < 3; ++d)
                v(i, d) += 0.5 * dt * f(i, d);
            }));
            ::kfuse::discard("kfuse_chain_b7c0688f_00cfa8bc");
          } else {
            if (kfuse_shadow3.checking()) {
              Kokkos::parallel_for("drift", kfuse_policy, ::kfuse::alone<int>(kfuse_both->A));
              Kokkos::parallel_for("force", kfuse_policy, ::kfuse::alone<int>(kfuse_both->B));
            } else {
              kfuse_shadow.flush("kfuse_chain_b7c0688f_00cfa8bc");
            }
// kfuse-original-begin
            Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
        "kick", n_, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d)
            v(i, d) += 0.5 * dt * f(i, d);
        });
// kfuse-original-end
          }
        }
    }
    // kfuse-end
  }
  void drift(Real dt) {
    auto x = this->x;
    auto v = this->v;
    // kfuse-begin deferred("drift") until "force" profile=test/golden/multi/template_lambdas/profile.json
    if (::kfuse::deferring("kfuse_chain_50f5ec16_b7c0688f")) {
      // Runs later: fused with 'force' (test/golden/multi/template_lambdas/main.cpp:45), or on its own.
      const auto kfuse_policy = n_;
      ::kfuse::defer("kfuse_chain_50f5ec16_b7c0688f", ::kfuse::bounds_of(kfuse_policy),
                     ::kfuse::make_fused<kfuse_part_drift_50f5ec16>(x, v, dt),
                     [=](const auto &kfuse_part) {
                       Kokkos::parallel_for("drift", kfuse_policy, kfuse_part);
                     });
    } else {
      ::kfuse::flush("kfuse_chain_50f5ec16_b7c0688f"); // one pending from an outer call runs first
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
        "drift", n_, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d)
            x(i, d) += dt * v(i, d);
        });
// kfuse-original-end
    }
    // kfuse-end
  }
  void force() {
    auto x = this->x;
    auto f = this->f;
    // kfuse-begin fused-across("drift", "force") deferred until "kick" profile=test/golden/multi/template_lambdas/profile.json
    {
      // 'drift' (test/golden/multi/template_lambdas/main.cpp:36) may be pending: then both run as one, later:
      // with 'kick' (test/golden/multi/template_lambdas/main.cpp:27), or on their own.
      const auto kfuse_policy = n_;
      auto *kfuse_first = ::kfuse::pending<kfuse_part_drift_50f5ec16<Kokkos::View<double *[3]>, Kokkos::View<double *[3]>, double>>(
          "kfuse_chain_50f5ec16_b7c0688f", ::kfuse::bounds_of(kfuse_policy));
      const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("drift+force", ::kfuse::apart(kfuse_first->x, true, f, true) &&
            ::kfuse::same_or_apart(kfuse_first->x, x) &&
            ::kfuse::apart(kfuse_first->v, false, f, true));
      if (::kfuse::deferring("kfuse_chain_b7c0688f_00cfa8bc")) {
        if (kfuse_fuse) {
          const auto kfuse_both = ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_force_b7c0688f>(f, x));
          ::kfuse::discard("kfuse_chain_50f5ec16_b7c0688f");
          ::kfuse::defer("kfuse_chain_b7c0688f_00cfa8bc", ::kfuse::bounds_of(kfuse_policy), kfuse_both,
                         [=](const auto &kfuse_part) { Kokkos::parallel_for("drift+force", kfuse_policy, kfuse_part); });
        } else {
          ::kfuse::flush("kfuse_chain_50f5ec16_b7c0688f");
          ::kfuse::defer("kfuse_chain_b7c0688f_00cfa8bc", ::kfuse::bounds_of(kfuse_policy), ::kfuse::make_fused<kfuse_part_force_b7c0688f>(f, x),
                         [=](const auto &kfuse_part) { Kokkos::parallel_for("force", kfuse_policy, kfuse_part); });
        }
      } else {
        for (auto kfuse_shadow = ::kfuse::shadow_of("drift+force", "x,v,f,x", [&] { return ::kfuse::shadow_items(kfuse_first->x, kfuse_first->v, f, x); }); kfuse_shadow.next();) {
          if (kfuse_shadow.run_fused(kfuse_fuse)) {
            Kokkos::parallel_for("drift+force", kfuse_policy, ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_force_b7c0688f>(f, x)));
            ::kfuse::discard("kfuse_chain_50f5ec16_b7c0688f");
          } else {
            kfuse_shadow.flush("kfuse_chain_50f5ec16_b7c0688f");
            if (!kfuse_fuse)
              ::kfuse::flush("kfuse_chain_b7c0688f_00cfa8bc"); // one pending from an outer call runs first
// kfuse-original-begin
            Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
        "force", n_, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d)
            f(i, d) = -0.1 * x(i, d) + 0.01 * d;
        });
// kfuse-original-end
          }
        }
      }
    }
    // kfuse-end
  }
  void damp(Real c) {
    auto v = this->v;
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
        "damp", n_, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d)
            v(i, d) *= Real(1) - c;
        });
  }
  void step(Real dt) {
    kick(dt);
    ::kfuse::Window kfuse_window_50f5ec16_b7c0688f("kfuse_chain_50f5ec16_b7c0688f"); // kfuse-line 78ed019c
    kfuse_window_50f5ec16_b7c0688f.arm(); // kfuse-line 90ea4d09
    drift(dt);
    kfuse_window_50f5ec16_b7c0688f.disarm(); // kfuse-line 85199b1d
    ::kfuse::Window kfuse_window_b7c0688f_00cfa8bc("kfuse_chain_b7c0688f_00cfa8bc"); // kfuse-line 5743fd82
    kfuse_window_b7c0688f_00cfa8bc.arm(); // kfuse-line 7877b68b
    force();
    kfuse_window_50f5ec16_b7c0688f.close(); // kfuse-line 6aa0fad1
    kfuse_window_b7c0688f_00cfa8bc.disarm(); // kfuse-line e69c6bd8
    kick(dt);
    kfuse_window_b7c0688f_00cfa8bc.close(); // kfuse-line b58b9a0b
    damp(0.001);
  }
  Vec3 x, v, f;
  int n_;
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Verlet<double> s(n);
    auto x = s.x;
    auto v = s.v;
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d) {
            x(i, d) = (i * (d + 3) % 97) * 0.1;
            v(i, d) = ((i + d) % 5) - 2.0;
          }
        });
    s.force();
    for (int t = 0; t < 8; ++t)
      s.step(0.01);
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &acc) {
          for (int d = 0; d < 3; ++d)
            acc += x(i, d) * (d + 1) + 2.0 * v(i, d);
        },
        sum);
    std::printf("sum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
