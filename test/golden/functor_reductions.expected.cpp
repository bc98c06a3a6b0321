#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Reductions of functor objects, composed like their parallel_for: a class
// launching itself with tags (a drift, then its kinetic energy, a Sum, and
// its fastest particle, a Kokkos::Max) and a functor object reducing after
// a lambda. The composed functor's value combines the results; each
// operator adds to its own. Refused with a remark: a functor that defines
// its own value_type and join (it reduces its own way).
#include <Kokkos_Core.hpp>
#include <cstdio>

using Vec = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_drift_kinetic_fastest
// 'drift', 'kinetic', 'fastest' (test/golden/functor_reductions.cpp:28), fused: the object's
// operators called in turn over each chunk of indices. The results of 2 reductions, combined.
struct kfuse_fused_drift_kinetic_fastest_values {
  double r0;
  double r1;
};
template <class T_self, class T_kfuse_tag1, class T_kfuse_tag2, class T_kfuse_tag3,
          class T_kfuse_chunks>
struct kfuse_fused_drift_kinetic_fastest {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_tag2 kfuse_tag2;
  T_kfuse_tag3 kfuse_tag3;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  using value_type = kfuse_fused_drift_kinetic_fastest_values;
  KOKKOS_INLINE_FUNCTION void init(value_type &kfuse_v) const {
    kfuse_v.r0 = ::Kokkos::reduction_identity<double>::sum();
    kfuse_v.r1 = ::Kokkos::reduction_identity<double>::max();
  }
  KOKKOS_INLINE_FUNCTION void join(value_type &kfuse_d, const value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    if (kfuse_s.r1 > kfuse_d.r1)
      kfuse_d.r1 = kfuse_s.r1;
  }
  // Kokkos 3 joins volatile values.
  KOKKOS_INLINE_FUNCTION void join(volatile value_type &kfuse_d,
                                   const volatile value_type &kfuse_s) const {
    kfuse_d.r0 += kfuse_s.r0;
    if (kfuse_s.r1 > kfuse_d.r1)
      kfuse_d.r1 = kfuse_s.r1;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk, value_type &kfuse_v) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag1, kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag2, kfuse_i0, kfuse_v.r0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag3, kfuse_i0, kfuse_v.r1);
  }
};
// kfuse-functor-end
struct Particles {
  struct TagDrift {};
  struct TagKinetic {};
  struct TagFastest {};
  Vec x, v;
  double dt;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(TagDrift, const int i) const { x(i) += dt * v(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagKinetic, const int i, double &e) const {
    e += 0.5 * v(i) * v(i) + 0.125 * x(i);
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagFastest, const int i, double &m) const {
    if (v(i) * x(i) > m)
      m = v(i) * x(i);
  }
  void step(double &e, double &fastest) {
    // kfuse-begin fused("drift", "kinetic", "fastest") profile=test/golden/functor_reductions.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("drift+kinetic+fastest", "x,v,e,fastest", [&] { return ::kfuse::shadow_items(this->x, this->v, ::kfuse::result_of(e), ::kfuse::result_of(fastest)); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("drift+kinetic+fastest", ::kfuse::no_overlap({::kfuse::bytes_of(this->x, true), ::kfuse::bytes_of(this->v, false)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
        kfuse_fused_drift_kinetic_fastest_values kfuse_results;
        Kokkos::parallel_reduce("drift+kinetic+fastest", ::kfuse::reduction_chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_drift_kinetic_fastest>(*this, TagDrift(), TagKinetic(), TagFastest(), ::kfuse::reduction_chunks_of(kfuse_policy)), kfuse_results);
        e = kfuse_results.r0;
        fastest = kfuse_results.r1;
      } else {
// kfuse-original-begin
        Kokkos::parallel_for("drift", Kokkos::RangePolicy<TagDrift>(0, n), *this);
    Kokkos::parallel_reduce("kinetic", Kokkos::RangePolicy<TagKinetic>(0, n), *this, e);
    Kokkos::parallel_reduce("fastest", Kokkos::RangePolicy<TagFastest>(0, n), *this,
                            Kokkos::Max<double>(fastest));
// kfuse-original-end
      }
    }
    // kfuse-end
  }
};

struct Norm {
  Vec a;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &s) const { s += a(i) * a(i); }
};

/// Sums and counts in one value of its own: not composed.
struct MeanOf {
  struct value_type {
    double sum;
    int count;
  };
  Vec a;
  KOKKOS_INLINE_FUNCTION void init(value_type &v) const { v.sum = 0; v.count = 0; }
  KOKKOS_INLINE_FUNCTION void join(value_type &d, const value_type &s) const {
    d.sum += s.sum;
    d.count += s.count;
  }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type &d, const volatile value_type &s) const {
    d.sum += s.sum;
    d.count += s.count;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, value_type &v) const {
    v.sum += a(i);
    v.count += a(i) > 1.0;
  }
};

// kfuse-functor-begin kfuse_fused_twice_norm
// 'twice', 'norm' (test/golden/functor_reductions.cpp:64), fused: the functors called in turn over
// each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_twice_norm {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  using value_type = double;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk, value_type &kfuse_v) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_i0, kfuse_v);
  }
};
// kfuse-functor-end
double norms(Vec a, Vec b, int n) {
  double r = 0;
  // kfuse-begin fused("twice", "norm") profile=test/golden/functor_reductions.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("twice+norm", "b,a,r", [&] { return ::kfuse::shadow_items(b, a, ::kfuse::result_of(r)); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("twice+norm", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, false)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_reduce("twice+norm", ::kfuse::reduction_chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_twice_norm>(KOKKOS_LAMBDA(const int i) { b(i) = 2.0 * a(i) - 1.0; }, Norm{b}, ::kfuse::reduction_chunks_of(kfuse_policy)), r);
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("twice", n, KOKKOS_LAMBDA(const int i) { b(i) = 2.0 * a(i) - 1.0; });
  Kokkos::parallel_reduce("norm", n, Norm{b}, r);
// kfuse-original-end
    }
  }
  // kfuse-end
  MeanOf::value_type m;
  Kokkos::parallel_reduce("mean", n, MeanOf{b}, m); // EXPECT-REMARK: kfuse-not-fusable
  return r + m.sum / (m.count + 1);
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Particles P;
    P.n = N;
    P.dt = 0.01;
    P.x = Vec("x", N);
    P.v = Vec("v", N);
    Vec x = P.x, v = P.v, b("b", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) {
          x(i) = (i % 13) * 0.25;
          v(i) = (i % 7) * 0.5 - 1.5;
        });
    double Total = 0, Fastest = 0, Norms = 0;
    for (int It = 0; It < 4; ++It) {
      double E = 0, F = 0;
      P.step(E, F);
      Total += E;
      Fastest += F;
      Norms += norms(x, b, N);
    }
    std::printf("energy=%.17g fastest=%.17g norms=%.17g\n", Total, Fastest, Norms);
  }
  Kokkos::finalize();
}
