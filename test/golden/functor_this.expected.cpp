#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A class that launches itself with work tags, as molecular dynamics codes
// write their integrators: 'kick' and 'drift' fuse by composition (the fused
// functor holds a copy of the object and calls its tagged operators in turn
// for each index); the guard checks the object's Views through 'this'
// ("alias" passes one View as both x and v: the original launches run).
// 'smooth' reads x(i + 1), which 'drift' writes: it stays apart. 'Heat'
// does the same over a 2-D MDRange.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

// kfuse-functor-begin kfuse_fused_kick_drift
// 'kick', 'drift' (test/golden/functor_this.cpp:29), fused: the object's operators called in turn
// over each chunk of indices.
template <class T_self, class T_kfuse_tag1, class T_kfuse_tag2, class T_kfuse_chunks>
struct kfuse_fused_kick_drift {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_tag2 kfuse_tag2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag1, kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag2, kfuse_i0);
  }
};
// kfuse-functor-end
struct Integrator {
  using Vector = Kokkos::View<double *>;
  struct TagKick {};
  struct TagDrift {};
  struct TagSmooth {};

  Vector x, v, f, s;
  double dt;
  int n;

  KOKKOS_INLINE_FUNCTION void operator()(TagKick, const int i) const { v(i) += dt * f(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagDrift, const int i) const { x(i) += dt * v(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagSmooth, const int i) const {
    s(i) = 0.5 * (x(i) + x(i + 1)); // EXPECT-REMARK: kfuse-unsafe-dependence
  }

  void step() {
    // kfuse-begin fused("kick", "drift") profile=test/golden/functor_this.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("kick+drift", "v,f,x", [&] { return ::kfuse::shadow_items(this->v, this->f, this->x); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("kick+drift", ::kfuse::no_overlap({::kfuse::bytes_of(this->v, true), ::kfuse::bytes_of(this->f, false), ::kfuse::bytes_of(this->x, true)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
        Kokkos::parallel_for("kick+drift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_kick_drift>(*this, TagKick(), TagDrift(), ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for("kick", Kokkos::RangePolicy<TagKick>(0, n), *this);
    Kokkos::parallel_for("drift", Kokkos::RangePolicy<TagDrift>(0, n), *this);
// kfuse-original-end
      }
    }
    // kfuse-end
    Kokkos::parallel_for("smooth", Kokkos::RangePolicy<TagSmooth>(0, n), *this);
  }
};

// kfuse-functor-begin kfuse_fused_flux_apply
// 'flux', 'apply' (test/golden/functor_this.cpp:53), fused: the object's operators called in turn
// for each index.
template <class T_self, class T_kfuse_tag1, class T_kfuse_tag2> struct kfuse_fused_flux_apply {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_tag2 kfuse_tag2;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    self(kfuse_tag1, kfuse_i0, kfuse_i1);
    self(kfuse_tag2, kfuse_i0, kfuse_i1);
  }
};
// kfuse-functor-end
struct Heat {
  using Grid = Kokkos::View<double **>;
  struct TagFlux {};
  struct TagApply {};

  Grid T, Q;
  int nx, ny;

  KOKKOS_INLINE_FUNCTION void operator()(TagFlux, const int i, const int j) const {
    Q(i, j) = 0.25 * T(i, j) + 1.0;
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagApply, const int i, const int j) const {
    T(i, j) += 0.5 * Q(i, j);
  }

  void step() {
    using Flux = Kokkos::MDRangePolicy<Kokkos::Rank<2>, TagFlux>;
    using Apply = Kokkos::MDRangePolicy<Kokkos::Rank<2>, TagApply>;
    // kfuse-begin fused("flux", "apply") profile=test/golden/functor_this.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("flux+apply", "Q,T", [&] { return ::kfuse::shadow_items(this->Q, this->T); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("flux+apply", ::kfuse::no_overlap({::kfuse::bytes_of(this->Q, true), ::kfuse::bytes_of(this->T, true)})))) {
        Kokkos::parallel_for("flux+apply", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {nx, ny}), ::kfuse::make_fused<kfuse_fused_flux_apply>(*this, TagFlux(), TagApply()));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for("flux", Flux({0, 0}, {nx, ny}), *this);
    Kokkos::parallel_for("apply", Apply({0, 0}, {nx, ny}), *this);
// kfuse-original-end
      }
    }
    // kfuse-end
  }
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool Alias = argc > 1 && std::strcmp(argv[1], "alias") == 0;
    const int N = 500;
    Integrator I;
    I.n = N;
    I.dt = 0.125;
    I.x = Integrator::Vector("x", N + 1);
    I.v = Alias ? I.x : Integrator::Vector("v", N + 1);
    I.f = Integrator::Vector("f", N + 1);
    I.s = Integrator::Vector("s", N + 1);
    auto x = I.x, v = I.v, f = I.f;
    Kokkos::parallel_for(
        "init", N + 1, KOKKOS_LAMBDA(const int i) { x(i) = i % 7; v(i) = i % 3; f(i) = 1 - i % 2; });
    Heat H;
    H.nx = 30;
    H.ny = 20;
    H.T = Heat::Grid("T", H.nx, H.ny);
    H.Q = Heat::Grid("Q", H.nx, H.ny);
    auto T = H.T;
    Kokkos::parallel_for(
        "init_heat", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {H.nx, H.ny}),
        KOKKOS_LAMBDA(const int i, const int j) { T(i, j) = (i + 2 * j) % 9; });
    for (int It = 0; It < 4; ++It) {
      I.step();
      H.step();
    }
    double Heat2 = 0;
    Kokkos::parallel_reduce(
        "check_heat", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {H.nx, H.ny}),
        KOKKOS_LAMBDA(const int i, const int j, double &S) { S += T(i, j) * (1 + (i + j) % 5); },
        Heat2);
    double Sum = 0;
    auto s = I.s;
    Kokkos::parallel_reduce(
        "check", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += (x(i) + 2 * v(i) + 3 * s(i)) * (1 + i % 5); },
        Sum);
    std::printf("checksum=%.17g heat=%.17g\n", Sum, Heat2);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
// KFUSE-RUN-FALLBACK: alias
