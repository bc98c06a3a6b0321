#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A cell list keeps its Views private and hands out elements through
// accessors (`cells.count(i)`); its class is in an anonymous namespace, so
// code elsewhere cannot spell it: the guard cannot name those Views. Across
// functions, a kernel reading them fuses where no View the chain writes may
// hold their elements (C++'s aliasing rules keep an int count apart from
// the doubles written); where a written View may (a weight of doubles read
// through an accessor, doubles written by the other kernel), the pair is
// refused, naming both. A View the reading kernel writes itself is no
// obstacle (fusing keeps that kernel's own order).
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

namespace { class Cells {
public:
  explicit Cells(int n) : m_count("count", n), m_weight("weight", n) {}
  KOKKOS_INLINE_FUNCTION int count(const int i) const { return m_count(i); }
  KOKKOS_INLINE_FUNCTION double weight(const int i) const { return m_weight(i); }
  int size() const { return m_count.extent_int(0); }
  void fill() {
    auto c = m_count;
    auto w = m_weight;
    Kokkos::parallel_for(
        "fill_cells", size(), KOKKOS_LAMBDA(const int i) {
          c(i) = 1 + (i * 7) % 5;
          w(i) = 0.5 + (i % 3) * 0.25;
        });
  }

private:
  Kokkos::View<int *> m_count;
  Kokkos::View<double *> m_weight;
}; } // namespace

using Field = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_part_density_085e1e68
// 'density' (test/golden/multi/accessor_types/main.cpp:44) as a functor: deferred, it runs fused
// with 'pressure' (test/golden/multi/accessor_types/main.cpp:50) when 'main' calls their functions in turn.
template <class T_rho, class T_cells, class T_volume> struct kfuse_part_density_085e1e68 {
  T_rho rho;
  T_cells cells;
  T_volume volume;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { rho(i) = cells.count(i) / volume; }
};
// kfuse-functor-end
// The density of each cell: its count over a volume.
void density(const Cells &cells, Field rho, double volume) {
  // kfuse-begin deferred("density") until "pressure" profile=test/golden/multi/accessor_types/profile.json
  if (::kfuse::deferring("kfuse_chain_085e1e68_e89984f4")) {
    // Runs later: fused with 'pressure' (test/golden/multi/accessor_types/main.cpp:50), or on its own.
    const auto kfuse_policy = cells.size();
    ::kfuse::defer("kfuse_chain_085e1e68_e89984f4", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_density_085e1e68>(rho, cells, volume),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("density", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_085e1e68_e89984f4"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "density", cells.size(),
      KOKKOS_LAMBDA(const int i) { rho(i) = cells.count(i) / volume; });
// kfuse-original-end
  }
  // kfuse-end
}

void pressure(Field rho, Field p, double k) {
  // kfuse-begin fused-across("density", "pressure") profile=test/golden/multi/accessor_types/profile.json
  {
    // 'density' (test/golden/multi/accessor_types/main.cpp:44) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = rho.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_density_085e1e68<Kokkos::View<double *>, Cells, double>>(
        "kfuse_chain_085e1e68_e89984f4", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("density+pressure", "rho,p,rho", [&] { return ::kfuse::shadow_items(kfuse_first->rho, p, rho); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("density+pressure", ::kfuse::apart(kfuse_first->rho, true, p, true) &&
            ::kfuse::same_or_apart(kfuse_first->rho, rho)))) {
        Kokkos::parallel_for("density+pressure", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) { p(i) = k * rho(i) * rho(i); }));
        ::kfuse::discard("kfuse_chain_085e1e68_e89984f4");
      } else {
        kfuse_shadow.flush("kfuse_chain_085e1e68_e89984f4");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "pressure", rho.extent(0), KOKKOS_LAMBDA(const int i) { p(i) = k * rho(i) * rho(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

// The weighted pressure: reads doubles through an accessor.
void weigh(const Cells &cells, Field p, Field q) {
  Kokkos::parallel_for(
      "weigh", cells.size(), KOKKOS_LAMBDA(const int i) { q(i) = cells.weight(i) * p(i); });
}

void smooth(Field q, Field s) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-aliasing
      "smooth", q.extent(0), KOKKOS_LAMBDA(const int i) { s(i) = 0.5 * q(i) + 1.0; });
}

// kfuse-functor-begin kfuse_part_spread_398b185d
// 'spread' (test/golden/multi/accessor_types/main.cpp:68) as a functor: deferred, it runs fused
// with 'mark' (test/golden/multi/accessor_types/main.cpp:73) when 'main' calls their functions in turn.
template <class T_w, class T_cells> struct kfuse_part_spread_398b185d {
  T_w w;
  T_cells cells;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) = 3.0 * cells.weight(i); }
};
// kfuse-functor-end
// Weights read through an accessor, written into 'w' (given: it might be the
// cells' weights) by the same kernel; the next kernel writes only ints.
void spread(const Cells &cells, Field w) {
  // kfuse-begin deferred("spread") until "mark" profile=test/golden/multi/accessor_types/profile.json
  if (::kfuse::deferring("kfuse_chain_398b185d_bc888491")) {
    // Runs later: fused with 'mark' (test/golden/multi/accessor_types/main.cpp:73), or on its own.
    const auto kfuse_policy = cells.size();
    ::kfuse::defer("kfuse_chain_398b185d_bc888491", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_spread_398b185d>(w, cells),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("spread", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_398b185d_bc888491"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "spread", cells.size(), KOKKOS_LAMBDA(const int i) { w(i) = 3.0 * cells.weight(i); });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_mark_bc888491
// 'mark' (test/golden/multi/accessor_types/main.cpp:73) as a functor: deferred, it runs fused
// with 'sum' (test/golden/multi/accessor_types/main.cpp:97) when 'main' calls their functions in turn.
template <class T_heavy, class T_w> struct kfuse_part_mark_bc888491 {
  T_heavy heavy;
  T_w w;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { heavy(i) = w(i) > 2.0 ? 1 : 0; }
};
// kfuse-functor-end
void mark(Field w, Kokkos::View<int *> heavy) {
  // kfuse-begin fused-across("spread", "mark") deferred until "sum" profile=test/golden/multi/accessor_types/profile.json
  {
    // 'spread' (test/golden/multi/accessor_types/main.cpp:68) may be pending: then both run as one, later:
    // with 'sum' (test/golden/multi/accessor_types/main.cpp:97), or on their own.
    const auto kfuse_policy = w.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_spread_398b185d<Kokkos::View<double *>, Cells>>(
        "kfuse_chain_398b185d_bc888491", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("spread+mark", ::kfuse::apart(kfuse_first->w, true, heavy, true) &&
          ::kfuse::same_or_apart(kfuse_first->w, w));
    if (::kfuse::deferring("kfuse_chain_bc888491_2d8b9a39")) {
      if (kfuse_fuse) {
        const auto kfuse_both = ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_mark_bc888491>(heavy, w));
        ::kfuse::discard("kfuse_chain_398b185d_bc888491");
        ::kfuse::defer("kfuse_chain_bc888491_2d8b9a39", ::kfuse::bounds_of(kfuse_policy), kfuse_both,
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("spread+mark", kfuse_policy, kfuse_part); });
      } else {
        ::kfuse::flush("kfuse_chain_398b185d_bc888491");
        ::kfuse::defer("kfuse_chain_bc888491_2d8b9a39", ::kfuse::bounds_of(kfuse_policy), ::kfuse::make_fused<kfuse_part_mark_bc888491>(heavy, w),
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("mark", kfuse_policy, kfuse_part); });
      }
    } else {
      for (auto kfuse_shadow = ::kfuse::shadow_of("spread+mark", "w,heavy,w", [&] { return ::kfuse::shadow_items(kfuse_first->w, heavy, w); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_fuse)) {
          Kokkos::parallel_for("spread+mark", kfuse_policy, ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_mark_bc888491>(heavy, w)));
          ::kfuse::discard("kfuse_chain_398b185d_bc888491");
        } else {
          kfuse_shadow.flush("kfuse_chain_398b185d_bc888491");
          if (!kfuse_fuse)
            ::kfuse::flush("kfuse_chain_bc888491_2d8b9a39"); // one pending from an outer call runs first
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "mark", w.extent(0), KOKKOS_LAMBDA(const int i) { heavy(i) = w(i) > 2.0 ? 1 : 0; });
// kfuse-original-end
        }
      }
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Cells cells(n);
    cells.fill();
    Field rho("rho", n), p("p", n), q("q", n), s("s", n), w("w", n);
    Kokkos::View<int *> heavy("heavy", n);
    double total = 0.0, seen = 0.0;
    for (int step = 0; step < 5; ++step) {
      ::kfuse::Window kfuse_window_085e1e68_e89984f4("kfuse_chain_085e1e68_e89984f4"); // kfuse-line a9f9937c
      kfuse_window_085e1e68_e89984f4.arm(); // kfuse-line d0799d9a
      density(cells, rho, 2.0 + step);
      kfuse_window_085e1e68_e89984f4.disarm(); // kfuse-line f3c29650
      pressure(rho, p, 0.5);
      kfuse_window_085e1e68_e89984f4.close(); // kfuse-line b488969f
      // The host reads a result between the pairs (the Views are in host
      // memory here): kernels of different functions do not fuse across it.
      seen += p(n / 2);
      weigh(cells, p, q);
      smooth(q, s);
      ::kfuse::Window kfuse_window_398b185d_bc888491("kfuse_chain_398b185d_bc888491"); // kfuse-line e277b5a9
      kfuse_window_398b185d_bc888491.arm(); // kfuse-line b9cf6f56
      spread(cells, w);
      kfuse_window_398b185d_bc888491.disarm(); // kfuse-line 2c3cf03b
      ::kfuse::Window kfuse_window_bc888491_2d8b9a39("kfuse_chain_bc888491_2d8b9a39"); // kfuse-line 4d496e74
      kfuse_window_bc888491_2d8b9a39.arm(); // kfuse-line 468ce21e
      mark(w, heavy);
      kfuse_window_398b185d_bc888491.close(); // kfuse-line f2ce6559
      kfuse_window_bc888491_2d8b9a39.disarm(); // kfuse-line f687e818
      double sum = 0.0;
      // kfuse-begin fused-across("mark", "sum") after "spread" profile=test/golden/multi/accessor_types/profile.json
      {
        // 'mark' (test/golden/multi/accessor_types/main.cpp:73) may be pending, alone or run as one with
        // 'spread' (test/golden/multi/accessor_types/main.cpp:68): then they run here as one with this kernel.
        const auto kfuse_policy = n;
        auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<int, kfuse_part_spread_398b185d<Kokkos::View<double *>, Cells>, kfuse_part_mark_bc888491<Kokkos::View<int *>, Kokkos::View<double *>>>>(
            "kfuse_chain_bc888491_2d8b9a39", ::kfuse::bounds_of(kfuse_policy));
        auto *kfuse_first = ::kfuse::pending<kfuse_part_mark_bc888491<Kokkos::View<int *>, Kokkos::View<double *>>>(
            "kfuse_chain_bc888491_2d8b9a39", ::kfuse::bounds_of(kfuse_policy));
        const bool kfuse_three = kfuse_both && ::kfuse::use_fused("spread+mark+sum", ::kfuse::apart(kfuse_both->A.w, true, p, false) &&
              ::kfuse::apart(kfuse_both->A.w, true, s, false) &&
              ::kfuse::same_or_apart(kfuse_both->A.w, w) &&
              ::kfuse::apart(kfuse_both->A.w, true, heavy, false) &&
              ::kfuse::apart(kfuse_both->B.heavy, true, p, false) &&
              ::kfuse::apart(kfuse_both->B.heavy, true, s, false) &&
              ::kfuse::apart(kfuse_both->B.heavy, true, w, false) &&
              ::kfuse::same_or_apart(kfuse_both->B.heavy, heavy));
        const bool kfuse_two = !kfuse_three && kfuse_first && ::kfuse::use_fused("mark+sum", ::kfuse::apart(kfuse_first->heavy, true, p, false) &&
              ::kfuse::apart(kfuse_first->heavy, true, s, false) &&
              ::kfuse::apart(kfuse_first->heavy, true, w, false) &&
              ::kfuse::same_or_apart(kfuse_first->heavy, heavy));
        for (auto kfuse_shadow3 = ::kfuse::shadow_of("spread+mark+sum", "w,heavy,w,p,s,w,heavy,sum", [&] { return ::kfuse::shadow_items(kfuse_both->A.w, kfuse_both->B.heavy, kfuse_both->B.w, p, s, w, heavy, ::kfuse::result_of(sum)); }); kfuse_shadow3.next();)
          for (auto kfuse_shadow = ::kfuse::shadow_of("mark+sum", "heavy,w,p,s,w,heavy,sum", [&] { return ::kfuse::shadow_items(kfuse_first->heavy, kfuse_first->w, p, s, w, heavy, ::kfuse::result_of(sum)); }); kfuse_shadow.next();) {
            if (kfuse_shadow3.run_fused(kfuse_three)) {
              Kokkos::parallel_reduce("spread+mark+sum", ::kfuse::reduction_chunked(kfuse_policy), ::kfuse::compose_reduce_chunks<int, double>(::kfuse::reduction_chunks_of(kfuse_policy), *kfuse_both, KOKKOS_LAMBDA(const int i, double &acc) { acc += p(i) + 2.0 * s(i) + w(i) * heavy(i); }), sum);
              ::kfuse::discard("kfuse_chain_bc888491_2d8b9a39");
            } else if (kfuse_shadow.run_fused(kfuse_two)) {
              Kokkos::parallel_reduce("mark+sum", ::kfuse::reduction_chunked(kfuse_policy), ::kfuse::compose_reduce_chunks<int, double>(::kfuse::reduction_chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i, double &acc) { acc += p(i) + 2.0 * s(i) + w(i) * heavy(i); }), sum);
              ::kfuse::discard("kfuse_chain_bc888491_2d8b9a39");
            } else {
              if (kfuse_shadow3.checking()) {
                Kokkos::parallel_for("spread", kfuse_policy, ::kfuse::alone<int>(kfuse_both->A));
                Kokkos::parallel_for("mark", kfuse_policy, ::kfuse::alone<int>(kfuse_both->B));
              } else {
                kfuse_shadow.flush("kfuse_chain_bc888491_2d8b9a39");
              }
// kfuse-original-begin
              Kokkos::parallel_reduce(
          "sum", n,
          KOKKOS_LAMBDA(const int i, double &acc) { acc += p(i) + 2.0 * s(i) + w(i) * heavy(i); },
          sum);
// kfuse-original-end
            }
          }
      }
      // kfuse-end
      kfuse_window_bc888491_2d8b9a39.close(); // kfuse-line 6459d3b2
      total += sum;
    }
    std::printf("total=%.17g seen=%.17g\n", total, seen);
  }
  Kokkos::finalize();
}
