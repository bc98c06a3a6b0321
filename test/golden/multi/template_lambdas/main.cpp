// A class template over its scalar type whose member functions launch
// lambdas (their captures' types depend on the template's parameter): a
// velocity-Verlet step calls 'kick', 'drift' and 'force' in turn. Each
// lambda's part is a functor template over its captures' types, defined
// outside the class and named by the other site as this unit's
// instantiation has it: drift, force and the next kick run as one (the
// hotter chains; kick then drift is left). 'damp' names the
// template parameter in its body ('Real(1) - c'), which a functor copied
// out of the template cannot: refused, naming it.
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

template <class Real> class Verlet {
public:
  using Vec3 = Kokkos::View<Real *[3]>;
  Verlet(int n) : x("x", n), v("v", n), f("f", n), n_(n) {}

  void kick(Real dt) {
    auto v = this->v;
    auto f = this->f;
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
        "kick", n_, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d)
            v(i, d) += 0.5 * dt * f(i, d);
        });
  }
  void drift(Real dt) {
    auto x = this->x;
    auto v = this->v;
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
        "drift", n_, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d)
            x(i, d) += dt * v(i, d);
        });
  }
  void force() {
    auto x = this->x;
    auto f = this->f;
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
        "force", n_, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d)
            f(i, d) = -0.1 * x(i, d) + 0.01 * d;
        });
  }
  void damp(Real c) {
    auto v = this->v;
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
        "damp", n_, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d)
            v(i, d) *= Real(1) - c;
        });
  }
  void step(Real dt) {
    kick(dt);
    drift(dt);
    force();
    kick(dt);
    damp(0.001);
  }
  Vec3 x, v, f;
  int n_;
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Verlet<double> s(n);
    auto x = s.x;
    auto v = s.v;
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d) {
            x(i, d) = (i * (d + 3) % 97) * 0.1;
            v(i, d) = ((i + d) % 5) - 2.0;
          }
        });
    s.force();
    for (int t = 0; t < 8; ++t)
      s.step(0.01);
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &acc) {
          for (int d = 0; d < 3; ++d)
            acc += x(i, d) * (d + 1) + 2.0 * v(i, d);
        },
        sum);
    std::printf("sum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
