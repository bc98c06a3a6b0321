#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Horizontal fusion of boxes: a 2-D hydro code's field reset over cells and
// then over nodes (one more in each direction), with the boxes written out
// ('reset') and built by helpers ('reset_helpers'). The profile saw the boxes
// differ in every run: the fused launch runs over the larger box, each part
// below its own ends, which the guard reads from the policies at run time
// (the same begins, ends at most 16 apart, or the kernels run unfused).
// 'smooth' writes the node to the right of a cell that 'reset_nodes_again'
// writes too: overlapping writes stay apart.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double **>;
using Box = Kokkos::MDRangePolicy<Kokkos::Rank<2>>;

struct Mesh {
  int nx, ny;
};

Box cells(const Mesh &m) { return Box({0, 0}, {m.nx, m.ny}); }
Box nodes(const Mesh &m) { return Box({0, 0}, {m.nx + 1, m.ny + 1}); }

// kfuse-functor-begin kfuse_fused_reset_cells_reset_nodes
// 'reset_cells', 'reset_nodes' (test/golden/horizontal_boxes.cpp:24), fused.
template <class T_density0, class T_density1, class T_xvel0, class T_xvel1, class T_kfuse_end1_0,
          class T_kfuse_end1_1, class T_kfuse_end2_0, class T_kfuse_end2_1>
struct kfuse_fused_reset_cells_reset_nodes {
  T_density0 density0;
  T_density1 density1;
  T_xvel0 xvel0;
  T_xvel1 xvel1;
  T_kfuse_end1_0 kfuse_end1_0;
  T_kfuse_end1_1 kfuse_end1_1;
  T_kfuse_end2_0 kfuse_end2_0;
  T_kfuse_end2_1 kfuse_end2_1;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_i0, const int kfuse_i1, double *KOKKOS_RESTRICT density0_,
       const ::kfuse::stride_t<T_density0, 0, 2> density0_s0,
       const ::kfuse::stride_t<T_density0, 1, 2> density0_s1,
       const double *KOKKOS_RESTRICT density1_,
       const ::kfuse::stride_t<T_density1, 0, 2> density1_s0,
       const ::kfuse::stride_t<T_density1, 1, 2> density1_s1, double *KOKKOS_RESTRICT xvel0_,
       const ::kfuse::stride_t<T_xvel0, 0, 2> xvel0_s0,
       const ::kfuse::stride_t<T_xvel0, 1, 2> xvel0_s1, const double *KOKKOS_RESTRICT xvel1_,
       const ::kfuse::stride_t<T_xvel1, 0, 2> xvel1_s0,
       const ::kfuse::stride_t<T_xvel1, 1, 2> xvel1_s1, const T_kfuse_end1_0 kfuse_end1_0,
       const T_kfuse_end1_1 kfuse_end1_1, const T_kfuse_end2_0 kfuse_end2_0,
       const T_kfuse_end2_1 kfuse_end2_1) {
    if (kfuse_i0 < kfuse_end1_0 && kfuse_i1 < kfuse_end1_1) {
      const int j = kfuse_i0;
      const int k = kfuse_i1;
      density0_[j * density0_s0 + k * density0_s1] = density1_[j * density1_s0 + k * density1_s1];
    }
    if (kfuse_i0 < kfuse_end2_0 && kfuse_i1 < kfuse_end2_1) {
      const int j = kfuse_i0;
      const int k = kfuse_i1;
      xvel0_[j * xvel0_s0 + k * xvel0_s1] =
          xvel1_[j * xvel1_s0 + k * xvel1_s1] + 0.5 * density0_[j * density0_s0 + k * density0_s1];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    body(kfuse_i0, kfuse_i1, density0.data(), density0.stride(0), density0.stride(1),
         density1.data(), density1.stride(0), density1.stride(1), xvel0.data(), xvel0.stride(0),
         xvel0.stride(1), xvel1.data(), xvel1.stride(0), xvel1.stride(1), kfuse_end1_0,
         kfuse_end1_1, kfuse_end2_0, kfuse_end2_1);
  }
};
// kfuse-functor-end
void reset(Field density0, Field density1, Field xvel0, Field xvel1, int nx, int ny) {
  // kfuse-begin fused("reset_cells", "reset_nodes") profile=test/golden/horizontal_boxes.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("reset_cells+reset_nodes", "density0,density1,xvel0,xvel1", [&] { return ::kfuse::shadow_items(density0, density1, xvel0, xvel1); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("reset_cells+reset_nodes", ::kfuse::no_overlap({::kfuse::bytes_of(density0, true), ::kfuse::bytes_of(density1, false), ::kfuse::bytes_of(xvel0, true), ::kfuse::bytes_of(xvel1, false)}) && ::kfuse::related(::kfuse::bounds_of(Box({0, 0}, {nx + 1, ny + 1})), ::kfuse::bounds_of(Box({0, 0}, {nx, ny})))))) {
      const ::kfuse::Bounds kfuse_bounds1 = ::kfuse::bounds_of(Box({0, 0}, {nx, ny}));
      const int kfuse_end1_0 = static_cast<int>(kfuse_bounds1.End[0]);
      const int kfuse_end1_1 = static_cast<int>(kfuse_bounds1.End[1]);
      const ::kfuse::Bounds kfuse_bounds2 = ::kfuse::bounds_of(Box({0, 0}, {nx + 1, ny + 1}));
      const int kfuse_end2_0 = static_cast<int>(kfuse_bounds2.End[0]);
      const int kfuse_end2_1 = static_cast<int>(kfuse_bounds2.End[1]);
      Kokkos::parallel_for("reset_cells+reset_nodes", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({static_cast<int>(kfuse_bounds1.Begin[0]), static_cast<int>(kfuse_bounds1.Begin[1])}, {std::max({kfuse_end1_0, kfuse_end2_0}), std::max({kfuse_end1_1, kfuse_end2_1})}), ::kfuse::make_fused<kfuse_fused_reset_cells_reset_nodes>(density0, density1, xvel0, xvel1, kfuse_end1_0, kfuse_end1_1, kfuse_end2_0, kfuse_end2_1));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(
      "reset_cells", Box({0, 0}, {nx, ny}),
      KOKKOS_LAMBDA(const int j, const int k) { density0(j, k) = density1(j, k); });
  Kokkos::parallel_for(
      "reset_nodes", Box({0, 0}, {nx + 1, ny + 1}),
      KOKKOS_LAMBDA(const int j, const int k) { xvel0(j, k) = xvel1(j, k) + 0.5 * density0(j, k); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_reset_energy_reset_yvel
// 'reset_energy', 'reset_yvel' (test/golden/horizontal_boxes.cpp:33), fused.
template <class T_energy0, class T_energy1, class T_yvel0, class T_yvel1, class T_kfuse_end1_0,
          class T_kfuse_end1_1, class T_kfuse_end2_0, class T_kfuse_end2_1>
struct kfuse_fused_reset_energy_reset_yvel {
  T_energy0 energy0;
  T_energy1 energy1;
  T_yvel0 yvel0;
  T_yvel1 yvel1;
  T_kfuse_end1_0 kfuse_end1_0;
  T_kfuse_end1_1 kfuse_end1_1;
  T_kfuse_end2_0 kfuse_end2_0;
  T_kfuse_end2_1 kfuse_end2_1;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_i0, const int kfuse_i1, double *KOKKOS_RESTRICT energy0_,
       const ::kfuse::stride_t<T_energy0, 0, 2> energy0_s0,
       const ::kfuse::stride_t<T_energy0, 1, 2> energy0_s1, const double *KOKKOS_RESTRICT energy1_,
       const ::kfuse::stride_t<T_energy1, 0, 2> energy1_s0,
       const ::kfuse::stride_t<T_energy1, 1, 2> energy1_s1, double *KOKKOS_RESTRICT yvel0_,
       const ::kfuse::stride_t<T_yvel0, 0, 2> yvel0_s0,
       const ::kfuse::stride_t<T_yvel0, 1, 2> yvel0_s1, const double *KOKKOS_RESTRICT yvel1_,
       const ::kfuse::stride_t<T_yvel1, 0, 2> yvel1_s0,
       const ::kfuse::stride_t<T_yvel1, 1, 2> yvel1_s1, const T_kfuse_end1_0 kfuse_end1_0,
       const T_kfuse_end1_1 kfuse_end1_1, const T_kfuse_end2_0 kfuse_end2_0,
       const T_kfuse_end2_1 kfuse_end2_1) {
    if (kfuse_i0 < kfuse_end1_0 && kfuse_i1 < kfuse_end1_1) {
      const int j = kfuse_i0;
      const int k = kfuse_i1;
      energy0_[j * energy0_s0 + k * energy0_s1] = 0.9 * energy1_[j * energy1_s0 + k * energy1_s1];
    }
    if (kfuse_i0 < kfuse_end2_0 && kfuse_i1 < kfuse_end2_1) {
      const int j = kfuse_i0;
      const int k = kfuse_i1;
      yvel0_[j * yvel0_s0 + k * yvel0_s1] =
          yvel1_[j * yvel1_s0 + k * yvel1_s1] - energy0_[j * energy0_s0 + k * energy0_s1];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    body(kfuse_i0, kfuse_i1, energy0.data(), energy0.stride(0), energy0.stride(1), energy1.data(),
         energy1.stride(0), energy1.stride(1), yvel0.data(), yvel0.stride(0), yvel0.stride(1),
         yvel1.data(), yvel1.stride(0), yvel1.stride(1), kfuse_end1_0, kfuse_end1_1, kfuse_end2_0,
         kfuse_end2_1);
  }
};
// kfuse-functor-end
void reset_helpers(const Mesh &mesh, Field energy0, Field energy1, Field yvel0, Field yvel1) {
  // kfuse-begin fused("reset_energy", "reset_yvel") profile=test/golden/horizontal_boxes.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("reset_energy+reset_yvel", "energy0,energy1,yvel0,yvel1", [&] { return ::kfuse::shadow_items(energy0, energy1, yvel0, yvel1); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("reset_energy+reset_yvel", ::kfuse::no_overlap({::kfuse::bytes_of(energy0, true), ::kfuse::bytes_of(energy1, false), ::kfuse::bytes_of(yvel0, true), ::kfuse::bytes_of(yvel1, false)}) && ::kfuse::related(::kfuse::bounds_of(nodes(mesh)), ::kfuse::bounds_of(cells(mesh)))))) {
      const ::kfuse::Bounds kfuse_bounds1 = ::kfuse::bounds_of(cells(mesh));
      const int kfuse_end1_0 = static_cast<int>(kfuse_bounds1.End[0]);
      const int kfuse_end1_1 = static_cast<int>(kfuse_bounds1.End[1]);
      const ::kfuse::Bounds kfuse_bounds2 = ::kfuse::bounds_of(nodes(mesh));
      const int kfuse_end2_0 = static_cast<int>(kfuse_bounds2.End[0]);
      const int kfuse_end2_1 = static_cast<int>(kfuse_bounds2.End[1]);
      Kokkos::parallel_for("reset_energy+reset_yvel", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({static_cast<int>(kfuse_bounds1.Begin[0]), static_cast<int>(kfuse_bounds1.Begin[1])}, {std::max({kfuse_end1_0, kfuse_end2_0}), std::max({kfuse_end1_1, kfuse_end2_1})}), ::kfuse::make_fused<kfuse_fused_reset_energy_reset_yvel>(energy0, energy1, yvel0, yvel1, kfuse_end1_0, kfuse_end1_1, kfuse_end2_0, kfuse_end2_1));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(
      "reset_energy", cells(mesh),
      KOKKOS_LAMBDA(const int j, const int k) { energy0(j, k) = 0.9 * energy1(j, k); });
  Kokkos::parallel_for(
      "reset_yvel", nodes(mesh),
      KOKKOS_LAMBDA(const int j, const int k) { yvel0(j, k) = yvel1(j, k) - energy0(j, k); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

void smooth(Field flux, Field node, int nx, int ny) {
  Kokkos::parallel_for(
      "smooth", Box({0, 0}, {nx, ny}),
      KOKKOS_LAMBDA(const int j, const int k) { node(j + 1, k) = 0.25 * flux(j, k); });
  Kokkos::parallel_for(
      "reset_nodes_again", Box({0, 0}, {nx + 1, ny + 1}),
      KOKKOS_LAMBDA(const int j, const int k) { node(j, k) += 1.0; }); // EXPECT-REMARK: kfuse-unsafe-dependence
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int nx = argc > 1 ? std::atoi(argv[1]) : 40, ny = argc > 2 ? std::atoi(argv[2]) : 30;
    const Mesh mesh{nx, ny};
    Field d0("d0", nx + 1, ny + 1), d1("d1", nx + 1, ny + 1), u0("u0", nx + 2, ny + 2),
        u1("u1", nx + 2, ny + 2), e0("e0", nx + 1, ny + 1), e1("e1", nx + 1, ny + 1),
        v0("v0", nx + 2, ny + 2), v1("v1", nx + 2, ny + 2), node("node", nx + 2, ny + 2);
    Kokkos::parallel_for(
        "init", Box({0, 0}, {nx + 2, ny + 2}), KOKKOS_LAMBDA(const int j, const int k) {
          if (j <= nx && k <= ny) {
            d1(j, k) = 1.0 + (j * 7 + k) % 5;
            e1(j, k) = 2.0 + (j + 3 * k) % 7;
          }
          u1(j, k) = 0.1 * ((j + k) % 3);
          v1(j, k) = 0.2 * ((j * k) % 4);
        });
    for (int It = 0; It < 3; ++It) {
      reset(d0, d1, u0, u1, nx, ny);
      reset_helpers(mesh, e0, e1, v0, v1);
      smooth(d0, node, nx, ny);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "check", Box({0, 0}, {nx + 2, ny + 2}),
        KOKKOS_LAMBDA(const int j, const int k, double &S) {
          const double w = 1 + (j * 3 + k) % 7;
          S += w * (u0(j, k) + 2 * v0(j, k) + 3 * node(j, k)) +
               (j <= nx && k <= ny ? w * (d0(j, k) + e0(j, k)) : 0.0);
        },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN: 40 30
// KFUSE-RUN: 7 19
