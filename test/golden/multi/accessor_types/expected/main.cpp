#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A cell list keeps its Views private and hands out elements through
// accessors (`cells.count(i)`): the guard cannot name those Views. Across
// functions, a kernel reading them fuses where no View the chain writes may
// hold their elements (C++'s aliasing rules keep an int count apart from
// the doubles written); where a written View may (a weight of doubles read
// through an accessor, doubles written), the pair is refused, naming both.
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

class Cells {
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
};

using Field = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_part_density_085e1e68
// 'density' (test/golden/multi/accessor_types/main.cpp:41) as a functor: deferred, it runs fused
// with 'pressure' (test/golden/multi/accessor_types/main.cpp:47) when 'main' calls their functions in turn.
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
    // Runs later: fused with 'pressure' (test/golden/multi/accessor_types/main.cpp:47), or on its own.
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
    // 'density' (test/golden/multi/accessor_types/main.cpp:41) may be pending: then both run here as one.
    const auto kfuse_policy = rho.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_density_085e1e68<Kokkos::View<double *>, Cells, double>>(
        "kfuse_chain_085e1e68_e89984f4", ::kfuse::bounds_of(kfuse_policy));
    if (kfuse_first && ::kfuse::use_fused("density+pressure", ::kfuse::apart(kfuse_first->rho, true, p, true) &&
          ::kfuse::same_or_apart(kfuse_first->rho, rho))) {
      Kokkos::parallel_for("density+pressure", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) { p(i) = k * rho(i) * rho(i); }));
      ::kfuse::discard("kfuse_chain_085e1e68_e89984f4");
    } else {
      ::kfuse::flush("kfuse_chain_085e1e68_e89984f4");
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "pressure", rho.extent(0), KOKKOS_LAMBDA(const int i) { p(i) = k * rho(i) * rho(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// The weighted pressure: reads doubles through an accessor.
void weigh(const Cells &cells, Field p, Field q) {
  Kokkos::parallel_for(
      "weigh", cells.size(), KOKKOS_LAMBDA(const int i) { q(i) = cells.weight(i) * p(i); });
}

// kfuse-functor-begin kfuse_part_smooth_cdd15265
// 'smooth' (test/golden/multi/accessor_types/main.cpp:58) as a functor: deferred, it runs fused
// with 'sum' (test/golden/multi/accessor_types/main.cpp:79) when 'main' calls their functions in turn.
template <class T_s, class T_q> struct kfuse_part_smooth_cdd15265 {
  T_s s;
  T_q q;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { s(i) = 0.5 * q(i) + 1.0; }
};
// kfuse-functor-end
void smooth(Field q, Field s) {
  // kfuse-begin deferred("smooth") until "sum" profile=test/golden/multi/accessor_types/profile.json
  if (::kfuse::deferring("kfuse_chain_cdd15265_b6130359")) {
    // Runs later: fused with 'sum' (test/golden/multi/accessor_types/main.cpp:79), or on its own.
    const auto kfuse_policy = q.extent(0);
    ::kfuse::defer("kfuse_chain_cdd15265_b6130359", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_smooth_cdd15265>(s, q),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("smooth", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_cdd15265_b6130359"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-aliasing
      "smooth", q.extent(0), KOKKOS_LAMBDA(const int i) { s(i) = 0.5 * q(i) + 1.0; });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_cdd15265_b6130359
// 'smooth' (test/golden/multi/accessor_types/main.cpp:58) then 'sum'
// (test/golden/multi/accessor_types/main.cpp:79), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_p> struct kfuse_fused_cdd15265_b6130359 {
  T_kfuse_first kfuse_first;
  T_p p;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, const double *KOKKOS_RESTRICT p_,
                                          double *KOKKOS_RESTRICT s_,
                                          const double *KOKKOS_RESTRICT q_, double &kfuse_acc) {
    {
      const int i = kfuse_i0;
      s_[i] = 0.5 * q_[i] + 1.0;
    }
    {
      const int i = kfuse_i0;
      double &acc = kfuse_acc;
      acc += p_[i] + 2.0 * s_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_acc) const {
    body(kfuse_i0, p.data(), kfuse_first.s.data(), kfuse_first.q.data(), kfuse_acc);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Cells cells(n);
    cells.fill();
    Field rho("rho", n), p("p", n), q("q", n), s("s", n);
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
      ::kfuse::Window kfuse_window_cdd15265_b6130359("kfuse_chain_cdd15265_b6130359"); // kfuse-line afcc0de0
      kfuse_window_cdd15265_b6130359.arm(); // kfuse-line d90559ee
      smooth(q, s);
      kfuse_window_cdd15265_b6130359.disarm(); // kfuse-line a36c57f2
      double sum = 0.0;
      // kfuse-begin fused-across("smooth", "sum") profile=test/golden/multi/accessor_types/profile.json
      {
        // 'smooth' (test/golden/multi/accessor_types/main.cpp:58) may be pending: then both run here as one.
        const auto kfuse_policy = n;
        auto *kfuse_first = ::kfuse::pending<kfuse_part_smooth_cdd15265<Kokkos::View<double *>, Kokkos::View<double *>>>(
            "kfuse_chain_cdd15265_b6130359", ::kfuse::bounds_of(kfuse_policy));
        if (kfuse_first && ::kfuse::use_fused("smooth+sum", ::kfuse::no_overlap({::kfuse::bytes_of(p, false), ::kfuse::bytes_of(kfuse_first->s, true), ::kfuse::bytes_of(kfuse_first->q, false)}) &&
              ::kfuse::same_view(kfuse_first->s, s))) {
          Kokkos::parallel_reduce("smooth+sum", kfuse_policy, ::kfuse::make_fused<kfuse_fused_cdd15265_b6130359>(*kfuse_first, p), sum);
          ::kfuse::discard("kfuse_chain_cdd15265_b6130359");
        } else {
          ::kfuse::flush("kfuse_chain_cdd15265_b6130359");
// kfuse-original-begin
          Kokkos::parallel_reduce(
          "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += p(i) + 2.0 * s(i); }, sum);
// kfuse-original-end
        }
      }
      // kfuse-end
      kfuse_window_cdd15265_b6130359.close(); // kfuse-line 2bdf0063
      total += sum;
    }
    std::printf("total=%.17g seen=%.17g\n", total, seen);
  }
  Kokkos::finalize();
}
