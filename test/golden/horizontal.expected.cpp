#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Horizontal fusion: a hydro code's reset over cells and then over nodes
// (one more than the cells). The profile saw the ranges differ in every run,
// so the two kernels run as one launch over the larger range, each part only
// below its own end; the node kernel reads the cell energy at its own index,
// a point-wise dependence that holds where both run. 'spread' reads the
// node to the right of a cell, which 'reset_nodes' writes: it stays apart.
// 'accumulate' launches functor objects over the same two ranges: the fused
// functor holds both and calls each below its own end.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vector = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_reset_cells_reset_nodes
// 'reset_cells', 'reset_nodes' (test/golden/horizontal.cpp:16), fused.
template <class T_cell_mass, class T_cell_e, class T_node_mass, class T_kfuse_end1,
          class T_kfuse_end2, class T_kfuse_chunks>
struct kfuse_fused_reset_cells_reset_nodes {
  T_cell_mass cell_mass;
  T_cell_e cell_e;
  T_node_mass node_mass;
  T_kfuse_end1 kfuse_end1;
  T_kfuse_end2 kfuse_end2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT cell_mass_,
       double *KOKKOS_RESTRICT cell_e_, double *KOKKOS_RESTRICT node_mass_,
       const T_kfuse_end1 kfuse_end1, const T_kfuse_end2 kfuse_end2) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      if (kfuse_i0 < kfuse_end1) {
        const int i = kfuse_i0;
        cell_mass_[i] = 1.0 + i % 3;
        cell_e_[i] = 0.5 * cell_e_[i] + 1.0;
      }
      if (kfuse_i0 < kfuse_end2) {
        const int i = kfuse_i0;
        node_mass_[i] = 0.25 * cell_e_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), cell_mass.data(),
         cell_e.data(), node_mass.data(), kfuse_end1, kfuse_end2);
  }
};
// kfuse-functor-end
void reset(Vector cell_e, Vector cell_mass, Vector node_mass, Vector flux, int NCells) {
  // kfuse-begin fused("reset_cells", "reset_nodes") profile=test/golden/horizontal.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("reset_cells+reset_nodes", "cell_mass,cell_e,node_mass", [&] { return ::kfuse::shadow_items(cell_mass, cell_e, node_mass); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("reset_cells+reset_nodes", ::kfuse::no_overlap({::kfuse::bytes_of(cell_mass, true), ::kfuse::bytes_of(cell_e, true), ::kfuse::bytes_of(node_mass, true)})))) {
      const int kfuse_end1 = (NCells);
      const int kfuse_end2 = (NCells + 1);
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, std::max({kfuse_end1, kfuse_end2}));
      Kokkos::parallel_for("reset_cells+reset_nodes", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_reset_cells_reset_nodes>(cell_mass, cell_e, node_mass, kfuse_end1, kfuse_end2, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(
      "reset_cells", NCells, KOKKOS_LAMBDA(const int i) {
        cell_mass(i) = 1.0 + i % 3;
        cell_e(i) = 0.5 * cell_e(i) + 1.0;
      });
  Kokkos::parallel_for(
      "reset_nodes", NCells + 1, KOKKOS_LAMBDA(const int i) { node_mass(i) = 0.25 * cell_e(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
  Kokkos::parallel_for(
      "spread", NCells, KOKKOS_LAMBDA(const int i) { flux(i) = node_mass(i + 1) - node_mass(i); }); // EXPECT-REMARK: kfuse-unsafe-dependence
}

struct Accumulate {
  Vector from, to;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { to(i) += 0.5 * from(i); }
};

// kfuse-functor-begin kfuse_fused_accumulate_cells_accumulate_nodes
// 'accumulate_cells', 'accumulate_nodes' (test/golden/horizontal.cpp:33), fused: the functors
// called in turn over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_end1, class T_kfuse_end2,
          class T_kfuse_chunks>
struct kfuse_fused_accumulate_cells_accumulate_nodes {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  T_kfuse_end1 kfuse_end1;
  T_kfuse_end2 kfuse_end2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      if (kfuse_i0 < kfuse_end1)
        kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      if (kfuse_i0 < kfuse_end2)
        kfuse_part2(kfuse_i0);
  }
};
// kfuse-functor-end
void accumulate(Vector cell_e, Vector cell_mass, Vector node_mass, int NCells) {
  // kfuse-begin fused("accumulate_cells", "accumulate_nodes") profile=test/golden/horizontal.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("accumulate_cells+accumulate_nodes", "cell_mass,cell_e,node_mass", [&] { return ::kfuse::shadow_items(cell_mass, cell_e, node_mass); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("accumulate_cells+accumulate_nodes", ::kfuse::no_overlap({::kfuse::bytes_of(cell_mass, true), ::kfuse::bytes_of(cell_e, false), ::kfuse::bytes_of(node_mass, true)})))) {
      const int kfuse_end1 = (NCells);
      const int kfuse_end2 = (NCells + 1);
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, std::max({kfuse_end1, kfuse_end2}));
      Kokkos::parallel_for("accumulate_cells+accumulate_nodes", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_accumulate_cells_accumulate_nodes>(Accumulate{cell_e, cell_mass}, Accumulate{cell_e, node_mass}, kfuse_end1, kfuse_end2, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("accumulate_cells", NCells, Accumulate{cell_e, cell_mass});
  Kokkos::parallel_for("accumulate_nodes", NCells + 1, Accumulate{cell_e, node_mass});
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int NCells = argc > 1 ? std::atoi(argv[1]) : 300;
    Vector cell_e("cell_e", NCells + 1), cell_mass("cell_mass", NCells);
    Vector node_mass("node_mass", NCells + 1), flux("flux", NCells);
    Kokkos::parallel_for(
        "init", NCells + 1, KOKKOS_LAMBDA(const int i) { cell_e(i) = i % 11; });
    for (int It = 0; It < 3; ++It) {
      reset(cell_e, cell_mass, node_mass, flux, NCells);
      accumulate(cell_e, cell_mass, node_mass, NCells);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "check", NCells,
        KOKKOS_LAMBDA(const int i, double &S) {
          S += (cell_e(i) + 2 * cell_mass(i) + 3 * node_mass(i) + 5 * flux(i)) * (1 + i % 7);
        },
        Sum);
    double Last = 0;
    Kokkos::parallel_reduce(
        "last", 1, KOKKOS_LAMBDA(const int, double &S) { S += node_mass(NCells) + cell_e(NCells); },
        Last);
    std::printf("cells=%d checksum=%.17g last=%.17g\n", NCells, Sum, Last);
  }
  Kokkos::finalize();
}
// KFUSE-RUN: 300
// KFUSE-RUN: 1
// KFUSE-RUN: 1000
