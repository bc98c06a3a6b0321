#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A force functor whose tagged operator delegates to an overload of its
// own (`this->operator()(Tag(), i, energy)`) that loops over neighbours: the
// analysis follows the call into the overload and its loop (the loop's
// variable reaches some element), so the kernel's Views are known: 'f'
// written at i, 'x' read at neighbours. The force and the next function's
// kick, which reads 'f' at i, fuse across the functions (the tag a class
// template given a number); the force and a kick reading 'f' at i + 1 do
// not, the remark naming the access. Planned as for a GPU: on a host
// backend kfuse leaves a kernel gathering in an inner loop (a followed
// call's too) unfused, as measured slower there.
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000
// KFUSE-BACKEND: Cuda

using Field = Kokkos::View<double *>;

template <int Energy> struct TagPairs {};

struct Pairs {
  Field x, f;
  Kokkos::View<int **> neighbours;
  int count;

  template <int Energy>
  KOKKOS_INLINE_FUNCTION void operator()(TagPairs<Energy>, const int i) const {
    double energy = 0.0;
    this->operator()(TagPairs<Energy>(), i, energy);
  }

  template <int Energy>
  KOKKOS_INLINE_FUNCTION void operator()(TagPairs<Energy>, const int i, double &energy) const {
    double fi = 0.0;
    for (int k = 0; k < count; ++k) {
      const int j = neighbours(i, k);
      const double d = x(j) - x(i);
      fi += d;
      if (Energy)
        energy += d * d;
    }
    f(i) = fi;
  }
};

void forces(Pairs pairs, int n) {
  // kfuse-begin deferred("forces") until "kick" profile=test/golden/multi/delegating_loops/profile.json
  if (::kfuse::deferring("kfuse_chain_5fbaf2d0_05043e7b")) {
    // Runs later: fused with 'kick' (test/golden/multi/delegating_loops/main.cpp:60), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<TagPairs<0>>(0, n);
    ::kfuse::defer("kfuse_chain_5fbaf2d0_05043e7b", ::kfuse::bounds_of(kfuse_policy),
                   pairs,
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("forces", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_5fbaf2d0_05043e7b"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("forces", Kokkos::RangePolicy<TagPairs<0>>(0, n), pairs);
// kfuse-original-end
  }
  // kfuse-end
}

// The same forces, launched from a function of their own.
void forces_again(Pairs pairs, int n) {
  Kokkos::parallel_for("forces_again", Kokkos::RangePolicy<TagPairs<0>>(0, n), pairs);
}

void kick(Field f, Field v, double dt) {
  // kfuse-begin fused-across("forces", "kick") profile=test/golden/multi/delegating_loops/profile.json
  {
    // 'forces' (test/golden/multi/delegating_loops/main.cpp:51) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = f.extent(0);
    auto *kfuse_first = ::kfuse::pending<Pairs>(
        "kfuse_chain_5fbaf2d0_05043e7b", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("forces+kick", "neighbours,x,f,v,f", [&] { return ::kfuse::shadow_items(kfuse_first->neighbours, kfuse_first->x, kfuse_first->f, v, f); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("forces+kick", ::kfuse::apart(kfuse_first->neighbours, false, v, true) &&
            ::kfuse::apart(kfuse_first->x, false, v, true) &&
            ::kfuse::apart(kfuse_first->f, true, v, true) &&
            ::kfuse::same_or_apart(kfuse_first->f, f)))) {
        Kokkos::parallel_for("forces+kick", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), ::kfuse::tagged<TagPairs<0>>(*kfuse_first), KOKKOS_LAMBDA(const int i) { v(i) += dt * f(i); }));
        ::kfuse::discard("kfuse_chain_5fbaf2d0_05043e7b");
      } else {
        kfuse_shadow.flush("kfuse_chain_5fbaf2d0_05043e7b");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "kick", f.extent(0), KOKKOS_LAMBDA(const int i) { v(i) += dt * f(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

void kick_next(Field f, Field v, double dt, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "kick_next", n - 1, KOKKOS_LAMBDA(const int i) { v(i) += dt * f(i + 1); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int count = 4;
    Field x("x", n), f("f", n), v("v", n), w("w", n);
    Kokkos::View<int **> neighbours("neighbours", n, count);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          x(i) = (i * 7) % 11 - 5.0;
          for (int k = 0; k < count; ++k)
            neighbours(i, k) = (i + 3 * k + 1) % n;
        });
    Pairs pairs{x, f, neighbours, count};
    double seen = 0.0;
    for (int step = 0; step < 5; ++step) {
      ::kfuse::Window kfuse_window_5fbaf2d0_05043e7b("kfuse_chain_5fbaf2d0_05043e7b"); // kfuse-line 287d6256
      kfuse_window_5fbaf2d0_05043e7b.arm(); // kfuse-line 15db2f42
      forces(pairs, n);
      kfuse_window_5fbaf2d0_05043e7b.disarm(); // kfuse-line d0e626aa
      kick(f, v, 0.01);
      kfuse_window_5fbaf2d0_05043e7b.close(); // kfuse-line 8f1ed165
      // The host reads a result between the pairs (the Views are in host
      // memory here): kernels of different functions do not fuse across it.
      seen += v(n / 2);
      forces_again(pairs, n);
      kick_next(f, w, 0.02, n);
      seen += w(n / 3);
      Kokkos::parallel_for(
          "move", n, KOKKOS_LAMBDA(const int i) { x(i) += 1e-3 * (v(i) + w(i)); });
    }
    std::printf("seen=%.17g\n", seen);
  }
  Kokkos::finalize();
}
