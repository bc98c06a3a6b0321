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

void smooth(Field q, Field s) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-aliasing
      "smooth", q.extent(0), KOKKOS_LAMBDA(const int i) { s(i) = 0.5 * q(i) + 1.0; });
}

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
      smooth(q, s);
      double sum = 0.0;
      Kokkos::parallel_reduce(
          "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += p(i) + 2.0 * s(i); }, sum);
      total += sum;
    }
    std::printf("total=%.17g seen=%.17g\n", total, seen);
  }
  Kokkos::finalize();
}
