#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A Runge-Kutta driver keeps its stage Views in a std::array and hands them
// to the functions by element (`k[s - 1]`): an element of a standard
// container at an index of names is a handle, as a variable is, so the
// calls can hold a pending kernel. 'rhs' (a functor whose operator is
// defined out of its class) and 'stage' fuse across the functions, in the
// loop and across its back edge ('rhs' then 'stage': the pair 'rhs' then
// 'combine' is colder and keeps its launches).
//   main [N]
#include <Kokkos_Core.hpp>
#include <array>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

using Vec = Kokkos::View<double *>;

struct Rhs {
  Vec u, k;
  double c;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const;
};

KOKKOS_INLINE_FUNCTION void Rhs::operator()(const int i) const {
  k(i) = -c * u(i) + 0.1 * (i % 3);
}

static void rhs(Vec u, Vec k, double c) {
  // kfuse-begin deferred("rhs") until "stage" profile=test/golden/multi/container_stages/profile.json
  if (::kfuse::deferring("kfuse_chain_8da3575b_70272b27")) {
    // Runs later: fused with 'stage' (test/golden/multi/container_stages/main.cpp:36), or on its own.
    const auto kfuse_policy = u.extent(0);
    ::kfuse::defer("kfuse_chain_8da3575b_70272b27", ::kfuse::bounds_of(kfuse_policy),
                   Rhs{u, k, c},
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("rhs", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_8da3575b_70272b27"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "rhs", u.extent(0), Rhs{u, k, c});
// kfuse-original-end
  }
  // kfuse-end
}

static void stage(Vec y, Vec u, Vec k, double a) {
  // kfuse-begin fused-across("rhs", "stage") profile=test/golden/multi/container_stages/profile.json
  {
    // 'rhs' (test/golden/multi/container_stages/main.cpp:31) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = u.extent(0);
    auto *kfuse_first = ::kfuse::pending<Rhs>(
        "kfuse_chain_8da3575b_70272b27", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("rhs+stage", "k,u,y,u,k", [&] { return ::kfuse::shadow_items(kfuse_first->k, kfuse_first->u, y, u, k); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("rhs+stage", ::kfuse::apart(kfuse_first->k, true, y, true) &&
            ::kfuse::apart(kfuse_first->k, true, u, false) &&
            ::kfuse::same_or_apart(kfuse_first->k, k) &&
            ::kfuse::same_or_apart(kfuse_first->u, y)))) {
        Kokkos::parallel_for("rhs+stage", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) { y(i) = u(i) + a * k(i); }));
        ::kfuse::discard("kfuse_chain_8da3575b_70272b27");
      } else {
        kfuse_shadow.flush("kfuse_chain_8da3575b_70272b27");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "stage", u.extent(0), KOKKOS_LAMBDA(const int i) { y(i) = u(i) + a * k(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

static void combine(Vec u, const std::array<Vec, 4> &k, double dt) {
  auto k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3];
  Kokkos::parallel_for(
      "combine", u.extent(0), KOKKOS_LAMBDA(const int i) {
        u(i) += dt / 6 * (k0(i) + 2 * k1(i) + 2 * k2(i) + k3(i));
      });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec u("u", n), y("y", n);
    std::array<Vec, 4> k{Vec("k0", n), Vec("k1", n), Vec("k2", n), Vec("k3", n)};
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) { u(i) = 1.0 + (i % 11); });
    const double dt = 0.01;
    const double a[4] = {0.0, 0.5, 0.5, 1.0};
    for (int step = 0; step < 6; ++step) {
      rhs(u, k[0], 1.0);
      ::kfuse::Window kfuse_window_8da3575b_70272b27("kfuse_chain_8da3575b_70272b27"); // kfuse-line 4da5a62f
      for (int s = 1; s < 4; ++s) {
        stage(y, u, k[s - 1], a[s] * dt);
        kfuse_window_8da3575b_70272b27.arm(); // kfuse-line 0ae4b6d6
        rhs(y, k[s], 1.0);
        kfuse_window_8da3575b_70272b27.disarm(); // kfuse-line e7a66c91
      }
      kfuse_window_8da3575b_70272b27.close(); // kfuse-line 3b1500a6
      combine(u, k, dt);
    }
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &t) { t += u(i) * (i % 7 + 1); }, sum);
    std::printf("sum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
