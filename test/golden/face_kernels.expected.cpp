#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The surface update of a heat-conduction code: six tagged face kernels of
// one object, launched with `*this` over three different 2-D ranges (the
// faces normal to x span y and z, and so on), each under the `if` that says
// whether the face lies on the outer boundary. Each pair of opposite faces
// runs as one launch (its writes touch the element its index names, apart
// from the face's fixed coordinate). A face of the next direction stays
// apart: the edge it shares with the upper face before it is updated by
// other indices in the two kernels ('dT(X - 1, 0, k)' is index (0, k) of
// one and (X - 1, k) of the other), which would race in one launch.
// 'Reset' copies the new state back, cells then nodes over boxes one
// larger: tagged operators of one object, fused over the union of the
// boxes, each part below its own ends.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

// kfuse-functor-begin kfuse_fused_surface_x_lo_surface_x_hi
// 'surface_x_lo', 'surface_x_hi' (test/golden/face_kernels.cpp:53), fused: the object's operators
// called in turn for each index.
template <class T_self, class T_kfuse_tag1, class T_kfuse_tag2, class T_kfuse_if1,
          class T_kfuse_if2>
struct kfuse_fused_surface_x_lo_surface_x_hi {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_tag2 kfuse_tag2;
  T_kfuse_if1 kfuse_if1;
  T_kfuse_if2 kfuse_if2;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    if (kfuse_if1)
      self(kfuse_tag1, kfuse_i0, kfuse_i1);
    if (kfuse_if2)
      self(kfuse_tag2, kfuse_i0, kfuse_i1);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_surface_y_lo_surface_y_hi
// 'surface_y_lo', 'surface_y_hi' (test/golden/face_kernels.cpp:57), fused: the object's operators
// called in turn for each index.
template <class T_self, class T_kfuse_tag1, class T_kfuse_tag2, class T_kfuse_if1,
          class T_kfuse_if2>
struct kfuse_fused_surface_y_lo_surface_y_hi {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_tag2 kfuse_tag2;
  T_kfuse_if1 kfuse_if1;
  T_kfuse_if2 kfuse_if2;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    if (kfuse_if1)
      self(kfuse_tag1, kfuse_i0, kfuse_i1);
    if (kfuse_if2)
      self(kfuse_tag2, kfuse_i0, kfuse_i1);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_surface_z_lo_surface_z_hi
// 'surface_z_lo', 'surface_z_hi' (test/golden/face_kernels.cpp:61), fused: the object's operators
// called in turn for each index.
template <class T_self, class T_kfuse_tag1, class T_kfuse_tag2, class T_kfuse_if1,
          class T_kfuse_if2>
struct kfuse_fused_surface_z_lo_surface_z_hi {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_tag2 kfuse_tag2;
  T_kfuse_if1 kfuse_if1;
  T_kfuse_if2 kfuse_if2;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    if (kfuse_if1)
      self(kfuse_tag1, kfuse_i0, kfuse_i1);
    if (kfuse_if2)
      self(kfuse_tag2, kfuse_i0, kfuse_i1);
  }
};
// kfuse-functor-end
struct SurfaceHeat {
  using Grid = Kokkos::View<double ***>;
  template <int Dir, int Side> struct Face {};
  using XLo = Kokkos::MDRangePolicy<Kokkos::Rank<2>, Face<0, 0>>;
  using XHi = Kokkos::MDRangePolicy<Kokkos::Rank<2>, Face<0, 1>>;
  using YLo = Kokkos::MDRangePolicy<Kokkos::Rank<2>, Face<1, 0>>;
  using YHi = Kokkos::MDRangePolicy<Kokkos::Rank<2>, Face<1, 1>>;
  using ZLo = Kokkos::MDRangePolicy<Kokkos::Rank<2>, Face<2, 0>>;
  using ZHi = Kokkos::MDRangePolicy<Kokkos::Rank<2>, Face<2, 1>>;

  Grid T, dT;
  int X, Y, Z;
  bool Outer[3][2]; // whether each face lies on the outer boundary
  double Sigma, Ambient;

  KOKKOS_INLINE_FUNCTION void operator()(Face<0, 0>, const int j, const int k) const {
    dT(0, j, k) -= Sigma * (T(0, j, k) * T(0, j, k) - Ambient);
  }
  KOKKOS_INLINE_FUNCTION void operator()(Face<0, 1>, const int j, const int k) const {
    dT(X - 1, j, k) -= Sigma * (T(X - 1, j, k) * T(X - 1, j, k) - Ambient);
  }
  KOKKOS_INLINE_FUNCTION void operator()(Face<1, 0>, const int i, const int k) const {
    dT(i, 0, k) -= Sigma * (T(i, 0, k) * T(i, 0, k) - Ambient); // EXPECT-REMARK: kfuse-unsafe-dependence
  }
  KOKKOS_INLINE_FUNCTION void operator()(Face<1, 1>, const int i, const int k) const {
    dT(i, Y - 1, k) -= Sigma * (T(i, Y - 1, k) * T(i, Y - 1, k) - Ambient);
  }
  KOKKOS_INLINE_FUNCTION void operator()(Face<2, 0>, const int i, const int j) const {
    dT(i, j, 0) -= Sigma * (T(i, j, 0) * T(i, j, 0) - Ambient); // EXPECT-REMARK: kfuse-unsafe-dependence
  }
  KOKKOS_INLINE_FUNCTION void operator()(Face<2, 1>, const int i, const int j) const {
    dT(i, j, Z - 1) -= Sigma * (T(i, j, Z - 1) * T(i, j, Z - 1) - Ambient);
  }

  void surface() {
    // kfuse-begin fused("surface_x_lo", "surface_x_hi") profile=test/golden/face_kernels.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("surface_x_lo+surface_x_hi", "dT,T", [&] { return ::kfuse::shadow_items(this->dT, this->T); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("surface_x_lo+surface_x_hi", ::kfuse::no_overlap({::kfuse::bytes_of(this->dT, true), ::kfuse::bytes_of(this->T, false)})))) {
        const bool kfuse_if1 = (Outer[0][0]);
        const bool kfuse_if2 = (Outer[0][1]);
        if (kfuse_if1 || kfuse_if2) {
          Kokkos::parallel_for("surface_x_lo+surface_x_hi", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {Y, Z}), ::kfuse::make_fused<kfuse_fused_surface_x_lo_surface_x_hi>(*this, Face<0, 0>(), Face<0, 1>(), kfuse_if1, kfuse_if2));
        }
      } else {
// kfuse-original-begin
        if (Outer[0][0])
      Kokkos::parallel_for("surface_x_lo", XLo({0, 0}, {Y, Z}), *this);
    if (Outer[0][1])
      Kokkos::parallel_for("surface_x_hi", XHi({0, 0}, {Y, Z}), *this);
// kfuse-original-end
      }
    }
    // kfuse-end
    // kfuse-begin fused("surface_y_lo", "surface_y_hi") profile=test/golden/face_kernels.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("surface_y_lo+surface_y_hi", "dT,T", [&] { return ::kfuse::shadow_items(this->dT, this->T); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("surface_y_lo+surface_y_hi", ::kfuse::no_overlap({::kfuse::bytes_of(this->dT, true), ::kfuse::bytes_of(this->T, false)})))) {
        const bool kfuse_if1 = (Outer[1][0]);
        const bool kfuse_if2 = (Outer[1][1]);
        if (kfuse_if1 || kfuse_if2) {
          Kokkos::parallel_for("surface_y_lo+surface_y_hi", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {X, Z}), ::kfuse::make_fused<kfuse_fused_surface_y_lo_surface_y_hi>(*this, Face<1, 0>(), Face<1, 1>(), kfuse_if1, kfuse_if2));
        }
      } else {
// kfuse-original-begin
        if (Outer[1][0])
      Kokkos::parallel_for("surface_y_lo", YLo({0, 0}, {X, Z}), *this);
    if (Outer[1][1])
      Kokkos::parallel_for("surface_y_hi", YHi({0, 0}, {X, Z}), *this);
// kfuse-original-end
      }
    }
    // kfuse-end
    // kfuse-begin fused("surface_z_lo", "surface_z_hi") profile=test/golden/face_kernels.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("surface_z_lo+surface_z_hi", "dT,T", [&] { return ::kfuse::shadow_items(this->dT, this->T); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("surface_z_lo+surface_z_hi", ::kfuse::no_overlap({::kfuse::bytes_of(this->dT, true), ::kfuse::bytes_of(this->T, false)})))) {
        const bool kfuse_if1 = (Outer[2][0]);
        const bool kfuse_if2 = (Outer[2][1]);
        if (kfuse_if1 || kfuse_if2) {
          Kokkos::parallel_for("surface_z_lo+surface_z_hi", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {X, Y}), ::kfuse::make_fused<kfuse_fused_surface_z_lo_surface_z_hi>(*this, Face<2, 0>(), Face<2, 1>(), kfuse_if1, kfuse_if2));
        }
      } else {
// kfuse-original-begin
        if (Outer[2][0])
      Kokkos::parallel_for("surface_z_lo", ZLo({0, 0}, {X, Y}), *this);
    if (Outer[2][1])
      Kokkos::parallel_for("surface_z_hi", ZHi({0, 0}, {X, Y}), *this);
// kfuse-original-end
      }
    }
    // kfuse-end
  }
};

// kfuse-functor-begin kfuse_fused_reset_cells_reset_nodes
// 'reset_cells', 'reset_nodes' (test/golden/face_kernels.cpp:85), fused: the object's operators
// called in turn for each index.
template <class T_self, class T_kfuse_tag1, class T_kfuse_tag2, class T_kfuse_end1_0,
          class T_kfuse_end1_1, class T_kfuse_end2_0, class T_kfuse_end2_1>
struct kfuse_fused_reset_cells_reset_nodes {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_tag2 kfuse_tag2;
  T_kfuse_end1_0 kfuse_end1_0;
  T_kfuse_end1_1 kfuse_end1_1;
  T_kfuse_end2_0 kfuse_end2_0;
  T_kfuse_end2_1 kfuse_end2_1;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    if (kfuse_i0 < kfuse_end1_0 && kfuse_i1 < kfuse_end1_1)
      self(kfuse_tag1, kfuse_i0, kfuse_i1);
    if (kfuse_i0 < kfuse_end2_0 && kfuse_i1 < kfuse_end2_1)
      self(kfuse_tag2, kfuse_i0, kfuse_i1);
  }
};
// kfuse-functor-end
struct Reset {
  using Grid = Kokkos::View<double **>;
  struct TagCells {};
  struct TagNodes {};
  using Cells = Kokkos::MDRangePolicy<Kokkos::Rank<2>, TagCells>;
  using Nodes = Kokkos::MDRangePolicy<Kokkos::Rank<2>, TagNodes>;

  Grid Density0, Density1, XVel0, XVel1;
  int NX, NY;

  KOKKOS_INLINE_FUNCTION void operator()(TagCells, const int j, const int k) const {
    Density0(j, k) = Density1(j, k);
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagNodes, const int j, const int k) const {
    XVel0(j, k) = XVel1(j, k);
  }

  void apply() {
    // kfuse-begin fused("reset_cells", "reset_nodes") profile=test/golden/face_kernels.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("reset_cells+reset_nodes", "Density0,Density1,XVel0,XVel1", [&] { return ::kfuse::shadow_items(this->Density0, this->Density1, this->XVel0, this->XVel1); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("reset_cells+reset_nodes", ::kfuse::no_overlap({::kfuse::bytes_of(this->Density0, true), ::kfuse::bytes_of(this->Density1, false), ::kfuse::bytes_of(this->XVel0, true), ::kfuse::bytes_of(this->XVel1, false)}) && ::kfuse::related(::kfuse::bounds_of(Nodes({0, 0}, {NX + 1, NY + 1})), ::kfuse::bounds_of(Cells({0, 0}, {NX, NY})))))) {
        const ::kfuse::Bounds kfuse_bounds1 = ::kfuse::bounds_of(Cells({0, 0}, {NX, NY}));
        const int kfuse_end1_0 = static_cast<int>(kfuse_bounds1.End[0]);
        const int kfuse_end1_1 = static_cast<int>(kfuse_bounds1.End[1]);
        const ::kfuse::Bounds kfuse_bounds2 = ::kfuse::bounds_of(Nodes({0, 0}, {NX + 1, NY + 1}));
        const int kfuse_end2_0 = static_cast<int>(kfuse_bounds2.End[0]);
        const int kfuse_end2_1 = static_cast<int>(kfuse_bounds2.End[1]);
        Kokkos::parallel_for("reset_cells+reset_nodes", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({static_cast<int>(kfuse_bounds1.Begin[0]), static_cast<int>(kfuse_bounds1.Begin[1])}, {std::max({kfuse_end1_0, kfuse_end2_0}), std::max({kfuse_end1_1, kfuse_end2_1})}), ::kfuse::make_fused<kfuse_fused_reset_cells_reset_nodes>(*this, TagCells(), TagNodes(), kfuse_end1_0, kfuse_end1_1, kfuse_end2_0, kfuse_end2_1));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for("reset_cells", Cells({0, 0}, {NX, NY}), *this);
    Kokkos::parallel_for("reset_nodes", Nodes({0, 0}, {NX + 1, NY + 1}), *this);
// kfuse-original-end
      }
    }
    // kfuse-end
  }
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    // "inner": a block whose lower faces are shared with neighbours.
    const bool Inner = argc > 1 && std::strcmp(argv[1], "inner") == 0;
    SurfaceHeat S;
    S.X = 12;
    S.Y = 10;
    S.Z = 8;
    S.Sigma = 0.01;
    S.Ambient = 0.5;
    for (int D = 0; D < 3; ++D) {
      S.Outer[D][0] = !Inner;
      S.Outer[D][1] = true;
    }
    S.T = SurfaceHeat::Grid("T", S.X, S.Y, S.Z);
    S.dT = SurfaceHeat::Grid("dT", S.X, S.Y, S.Z);
    auto T = S.T, dT = S.dT;
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0, 0, 0}, {S.X, S.Y, S.Z}),
        KOKKOS_LAMBDA(const int i, const int j, const int k) {
          T(i, j, k) = 1.0 + (i + 2 * j + 3 * k) % 7 * 0.125;
          dT(i, j, k) = 0.0;
        });
    Reset R;
    R.NX = 9;
    R.NY = 7;
    R.Density0 = Reset::Grid("density0", R.NX, R.NY);
    R.Density1 = Reset::Grid("density1", R.NX, R.NY);
    R.XVel0 = Reset::Grid("xvel0", R.NX + 1, R.NY + 1);
    R.XVel1 = Reset::Grid("xvel1", R.NX + 1, R.NY + 1);
    auto D1 = R.Density1, V1 = R.XVel1;
    const int NX = R.NX, NY = R.NY;
    Kokkos::parallel_for(
        "init_reset", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {NX + 1, NY + 1}),
        KOKKOS_LAMBDA(const int j, const int k) {
          if (j < NX && k < NY)
            D1(j, k) = 1.0 + (j * k) % 5;
          V1(j, k) = 0.25 * ((j + k) % 3);
        });
    for (int Step = 0; Step < 3; ++Step) {
      S.surface();
      R.apply();
    }
    double Heat = 0, State = 0;
    Kokkos::parallel_reduce(
        "check_heat", Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0, 0, 0}, {S.X, S.Y, S.Z}),
        KOKKOS_LAMBDA(const int i, const int j, const int k, double &Sum) {
          Sum += dT(i, j, k) * (1 + (i + 3 * j + 7 * k) % 11);
        },
        Heat);
    auto D0 = R.Density0, V0 = R.XVel0;
    Kokkos::parallel_reduce(
        "check_reset", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {NX + 1, NY + 1}),
        KOKKOS_LAMBDA(const int j, const int k, double &Sum) {
          Sum += V0(j, k) * (1 + j % 3) + (j < NX && k < NY ? D0(j, k) * (1 + k % 4) : 0.0);
        },
        State);
    std::printf("checksum=%.17g state=%.17g\n", Heat, State);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
// KFUSE-RUN: inner
