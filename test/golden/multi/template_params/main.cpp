// A class template over its number type and a width, whose member functions
// launch lambdas that name the template's parameters in their bodies
// (`Real(0.5)`, `Width`), called in turn by a step function. 'relax' is
// deferred and runs fused with 'smooth': its part, defined outside the
// class, gets each parameter from the launch site as an empty member whose
// type carries it (`::kfuse::type_is<Real>`, `::kfuse::value_is<int,
// Width>`), and the other site names the part as this unit's first
// instantiation has it (double, 4). The float instantiation's part is
// another type, which that site does not take as pending: it runs as
// written, with the same results. 'scale' and 'shift' are function
// templates naming their parameters, called in turn by a function template
// ('pipeline<C>'): its call of 'scale<C>' depends on its parameter, which
// every instantiation resolves to an instance of 'scale', so the window
// opens in 'pipeline' and 'scale' runs fused with 'shift' (in 'pipeline<2>';
// 'pipeline<3>''s part is another type: it runs as written).
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

template <class Real, int Width> class Field {
public:
  explicit Field(int n) : u("u", n), w("w", n), n_(n) {
    auto u = this->u;
    Kokkos::parallel_for(
        "fill", n, KOKKOS_LAMBDA(const int i) { u(i) = Real(i % 17) * Real(0.25); });
  }

  void relax(Real omega) {
    auto u = this->u;
    auto w = this->w;
    Kokkos::parallel_for(
        "relax", n_, KOKKOS_LAMBDA(const int i) {
          w(i) = (Real(1) - omega) * u(i) + omega * Real(0.5) * (u(i) + Real(Width));
        });
  }

  void smooth() {
    auto u = this->u;
    auto w = this->w;
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
        "smooth", n_, KOKKOS_LAMBDA(const int i) {
          u(i) = w(i) / Real(Width) + Real(0.75) * w(i);
        });
  }

  void step(Real omega) {
    relax(omega);
    smooth();
  }

  Real sum() const {
    auto u = this->u;
    Real s = 0;
    Kokkos::parallel_reduce(
        "sum", n_, KOKKOS_LAMBDA(const int i, Real &acc) { acc += u(i) * Real(1 + i % 3); }, s);
    return s;
  }

  Kokkos::View<Real *> u, w;
  int n_;
};

template <int C> static void scale(Kokkos::View<double *> a, Kokkos::View<double *> b, int n) {
  Kokkos::parallel_for(
      "scale", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i) * (C + 1) - 0.5; });
}

template <class T> static void shift(Kokkos::View<double *> b, Kokkos::View<double *> c, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "shift", n, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + T(3) + 0.25 * c(i); });
}

template <int C>
void pipeline(Kokkos::View<double *> a, Kokkos::View<double *> b, Kokkos::View<double *> c,
              int n) {
  scale<C>(a, b, n);
  shift<int>(b, c, n);
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Field<double, 4> d(n);
    Field<float, 2> f(n);
    Kokkos::View<double *> x("x", n);
    for (int t = 0; t < 6; ++t) {
      d.step(0.5);
      f.step(0.25f);
      pipeline<2>(d.u, d.w, x, n);
      pipeline<3>(x, d.w, d.u, n);
    }
    double sx = 0;
    Kokkos::parallel_reduce(
        "sum_x", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += x(i) * (1 + i % 5); }, sx);
    std::printf("double=%.17g float=%.9g x=%.17g\n", d.sum(), static_cast<double>(f.sum()), sx);
  }
  Kokkos::finalize();
}
