#include <kfuse/runtime/Guard.hpp> // kfuse-include
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

// kfuse-functor-begin kfuse_fused_predict_correct
// 'predict', 'correct' (test/golden/functors_from_state.cpp:34), fused: the functors called in turn
// over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_predict_correct {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_i0);
  }
};
// kfuse-functor-end
void step(const State &s, int n, double dt) {
  // kfuse-begin fused("predict", "correct") profile=test/golden/functors_from_state.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("predict+correct", "s.v,s.u,s.w", [&] { return ::kfuse::shadow_items(s.v, s.u, s.w); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("predict+correct", ::kfuse::no_overlap({::kfuse::bytes_of(s.v, true), ::kfuse::bytes_of(s.u, true), ::kfuse::bytes_of(s.w, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("predict+correct", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_predict_correct>(Predict(s, dt), Correct(s), ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("predict", n, Predict(s, dt)); // EXPECT-REMARK: kfuse-fused
  Kokkos::parallel_for("correct", n, Correct(s));
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_predict_named_correct_named
// 'predict_named', 'correct_named' (test/golden/functors_from_state.cpp:41), fused: the functors
// called in turn over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_predict_named_correct_named {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_i0);
  }
};
// kfuse-functor-end
void steps(State &s, State &other, int n, int count) {
  Correct correct(s);
  for (int t = 0; t < count; ++t) {
    // kfuse-begin fused("predict_named", "correct_named") profile=test/golden/functors_from_state.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("predict_named+correct_named", "s.v,s.u,s.w,correct.u,correct.v,correct.w", [&] { return ::kfuse::shadow_items(s.v, s.u, s.w, correct.u, correct.v, correct.w); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("predict_named+correct_named", ::kfuse::no_overlap({::kfuse::bytes_of(s.v, true), ::kfuse::bytes_of(s.u, true), ::kfuse::bytes_of(s.w, true)}) && ::kfuse::same_view(correct.u, s.u) && ::kfuse::same_view(correct.v, s.v) && ::kfuse::same_view(correct.w, s.w)))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
        Kokkos::parallel_for("predict_named+correct_named", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_predict_named_correct_named>(Predict(s, 0.02), correct, ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for("predict_named", n, Predict(s, 0.02)); // EXPECT-REMARK: kfuse-fused
    Kokkos::parallel_for("correct_named", n, correct);
// kfuse-original-end
      }
    }
    // kfuse-end
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
