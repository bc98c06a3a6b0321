// Functors built by their constructors from a struct of Views
// (`Predict(s, dt)` copies `s.u` and `s.v`): each member is bound to the
// View of the struct it copies, so the kernels compare Views by what they
// are. A temporary is built where the fused launch runs; a named object
// declared before the loop is checked by the guard to still hold the
// struct's Views. Code between that changes the struct refuses the pair.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vec = Kokkos::View<double *>;

struct State {
  Vec u, v, w;
};

struct Predict {
  Vec u, v;
  double dt;
  Predict(const State &s, double dt_) : u(s.u), v(s.v), dt(dt_) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { v(i) = u(i) + dt * v(i); }
};

struct Correct {
  Vec u, v, w;
  explicit Correct(const State &s) : u(s.u), v(s.v), w(s.w) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    u(i) = 0.5 * (u(i) + v(i));
    w(i) += u(i);
  }
};

void step(const State &s, int n, double dt) {
  Kokkos::parallel_for("predict", n, Predict(s, dt)); // EXPECT-REMARK: kfuse-fused
  Kokkos::parallel_for("correct", n, Correct(s));
}

void steps(State &s, State &other, int n, int count) {
  Correct correct(s);
  for (int t = 0; t < count; ++t) {
    Kokkos::parallel_for("predict_named", n, Predict(s, 0.02)); // EXPECT-REMARK: kfuse-fused
    Kokkos::parallel_for("correct_named", n, correct);
  }
  Kokkos::parallel_for("predict_swap", n, Predict(s, 0.03));
  s.w = other.w;
  Kokkos::parallel_for("correct_swap", n, Correct(s)); // EXPECT-REMARK: kfuse-code-between
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    State s{Vec("u", n), Vec("v", n), Vec("w", n)};
    State other{Vec("u2", n), Vec("v2", n), Vec("w2", n)};
    auto u = s.u, v = s.v;
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          u(i) = 0.001 * (i % 101);
          v(i) = 0.5;
        });
    for (int t = 0; t < 4; ++t) {
      step(s, n, 0.01);
      steps(s, other, n, 2);
    }
    double sum = 0;
    auto w = s.w, w2 = other.w;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += u(i) + v(i) + w(i) + w2(i); },
        sum);
    std::printf("sum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
