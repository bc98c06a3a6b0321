// Reductions of functor objects, composed like their parallel_for: a class
// launching itself with tags (a drift, then its kinetic energy, a Sum, and
// its fastest particle, a Kokkos::Max) and a functor object reducing after
// a lambda. The composed functor's value combines the results; each
// operator adds to its own. Refused with a remark: a functor that defines
// its own value_type and join (it reduces its own way).
#include <Kokkos_Core.hpp>
#include <cstdio>

using Vec = Kokkos::View<double *>;

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
    Kokkos::parallel_for("drift", Kokkos::RangePolicy<TagDrift>(0, n), *this);
    Kokkos::parallel_reduce("kinetic", Kokkos::RangePolicy<TagKinetic>(0, n), *this, e);
    Kokkos::parallel_reduce("fastest", Kokkos::RangePolicy<TagFastest>(0, n), *this,
                            Kokkos::Max<double>(fastest));
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

double norms(Vec a, Vec b, int n) {
  double r = 0;
  Kokkos::parallel_for("twice", n, KOKKOS_LAMBDA(const int i) { b(i) = 2.0 * a(i) - 1.0; });
  Kokkos::parallel_reduce("norm", n, Norm{b}, r);
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
