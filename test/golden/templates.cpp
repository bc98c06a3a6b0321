// Launches in templates, each instantiated twice (double and float): the
// model of every instantiation in the unit must agree; the fused functor is
// a template already, and its element types come from its members, so one
// fused launch serves every instantiation. 'relax' is a function template
// with lambdas, 'Smoother' a class template launching itself with tags.
// Bodies that name the template's parameters ('Real(2)', 'K') fuse too: the
// fused functor gets each from the launch site, as the type of an empty
// member ('::kfuse::type_is<Real>', '::kfuse::value_is<int, K>'), whatever
// line the template's header is on.
#include <Kokkos_Core.hpp>
#include <cstdio>

template <class V> void relax(V u, V r, V w, int n) {
  Kokkos::parallel_for("residual", n, KOKKOS_LAMBDA(const int i) { r(i) = u(i) * 0.5 - w(i); });
  Kokkos::parallel_for("update", n, KOKKOS_LAMBDA(const int i) { u(i) += 0.25 * r(i); });
}

template <class Real> void scale_twice(Kokkos::View<Real *> a, Kokkos::View<Real *> b, int n) {
  Kokkos::parallel_for("double_a", n, KOKKOS_LAMBDA(const int i) { a(i) *= Real(2); }); // EXPECT-REMARK: kfuse-fused
  Kokkos::parallel_for("copy_b", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i) + 1; });
}

template <int K, class Real>
void spread(Kokkos::View<Real *> b, Kokkos::View<Real *> c, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "spread_k", n, KOKKOS_LAMBDA(const int i) { c(i) = b(i) * K; });
  Kokkos::parallel_for(
      "shift_k", n, KOKKOS_LAMBDA(const int i) {
        const Real half = Real(K) / 2;
        c(i) += half;
      });
}

template <class Real> struct Smoother {
  struct TagSpread {};
  struct TagDecay {};
  Kokkos::View<Real *> u, s;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(TagSpread, const int i) const { s(i) = u(i) * 0.75; }
  KOKKOS_INLINE_FUNCTION void operator()(TagDecay, const int i) const { u(i) -= 0.5 * s(i); }
  void step() {
    Kokkos::parallel_for("spread", Kokkos::RangePolicy<TagSpread>(0, n), *this);
    Kokkos::parallel_for("decay", Kokkos::RangePolicy<TagDecay>(0, n), *this);
  }
};

template <class Real> double run(int n) {
  Kokkos::View<Real *> u("u", n), r("r", n), w("w", n), a("a", n), b("b", n), c("c", n);
  Kokkos::parallel_for(
      "init", n, KOKKOS_LAMBDA(const int i) {
        u(i) = i % 9;
        w(i) = (i % 4) * 0.5;
        a(i) = i % 3;
      });
  Smoother<Real> S;
  S.u = u;
  S.s = Kokkos::View<Real *>("s", n);
  S.n = n;
  for (int It = 0; It < 3; ++It) {
    relax(u, r, w, n);
    scale_twice(a, b, n);
    spread<3>(b, c, n);
    S.step();
  }
  double Sum = 0;
  Kokkos::parallel_reduce(
      "sum", n,
      KOKKOS_LAMBDA(const int i, double &T) { T += (u(i) + 2 * r(i) + 3 * b(i) + c(i)) * (1 + i % 5); },
      Sum);
  return Sum;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const double D = run<double>(1000);
    const double F = run<float>(700);
    std::printf("double=%.17g float=%.17g\n", D, F);
  }
  Kokkos::finalize();
}
