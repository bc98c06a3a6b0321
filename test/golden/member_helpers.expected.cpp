#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Functor objects whose operators call member functions of their own class
// (private helpers, another tagged operator): the analysis follows each call
// into its body, each parameter standing for its argument, so `p(j)` in
// 'neighbour(i - 1)' is read as 'p(i - 1)'. Composed, the functors are
// called as they are, over each chunk of indices in turn.
// - 'apply' then 'curvature' (a reduction reading what 'apply' wrote at
//   the same index, through 'product'): fused.
// - 'kick' then 'drift' (tagged operators, 'drift' calling the other
//   operator of its object): fused.
// - 'relax' then 'smooth': 'smooth' reads 'u' at i - 1 and i + 1 through
//   its helper, which 'relax' writes at i: refused, the remark naming the
//   access in the helper.
// - 'sum_loop' then 'after_loop': a helper with a loop is followed too
//   (its loop's variable indexes some element): fused.
// "alias" passes one View as both 'p' and 'q': the guard sees the overlap
// and the original launches run.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

using Vec = Kokkos::View<double *>;

struct Laplacian {
  Vec p, q;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    q(i) = 2.0 * p(i) - neighbour(i - 1) - neighbour(i + 1);
  }

private:
  KOKKOS_INLINE_FUNCTION double neighbour(const int j) const {
    return j < 0 || j >= n ? 0.0 : p(j);
  }
};

struct Dot {
  Vec a, b;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &sum) const { sum += product(i); }

private:
  KOKKOS_INLINE_FUNCTION double product(const int i) const { return a(i) * b(i); }
};

struct Motion {
  struct TagKick {};
  struct TagDrift {};
  Vec x, v;
  double dt;
  KOKKOS_INLINE_FUNCTION void operator()(TagKick, const int i) const { v(i) -= dt * force(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagDrift, const int i) const {
    x(i) += dt * v(i);
    (*this)(TagKick(), i);
  }

private:
  KOKKOS_INLINE_FUNCTION double force(const int i) const { return x(i); }
};

struct Smooth {
  Vec u, w;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) = average(i); }

private:
  KOKKOS_INLINE_FUNCTION double at(const int k) const { return k < 0 || k >= n ? 0.0 : u(k); } // EXPECT-REMARK: kfuse-unsafe-dependence
  KOKKOS_INLINE_FUNCTION double average(const int i) const {
    return 0.5 * (at(i - 1) + at(i + 1));
  }
};

struct Relax {
  Vec u;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) = 0.5 * u(i) + 1.0; }
};

struct SumLoop {
  Vec a, b;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = total(i); }

private:
  KOKKOS_INLINE_FUNCTION double total(const int i) const {
    double s = 0.0;
    for (int k = 0; k < 3; ++k)
      s += a(i) * k;
    return s;
  }
};

// kfuse-functor-begin kfuse_fused_apply_curvature
// 'apply', 'curvature' (test/golden/member_helpers.cpp:91), fused: the functors called in turn over
// each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_apply_curvature {
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
double curvature(Vec p, Vec q, int n) {
  double pq = 0.0;
  // kfuse-begin fused("apply", "curvature") profile=test/golden/member_helpers.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("apply+curvature", "q,p,pq", [&] { return ::kfuse::shadow_items(q, p, ::kfuse::result_of(pq)); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("apply+curvature", ::kfuse::no_overlap({::kfuse::bytes_of(q, true), ::kfuse::bytes_of(p, false)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_reduce("apply+curvature", ::kfuse::reduction_chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_apply_curvature>(Laplacian{p, q, n}, Dot{p, q}, ::kfuse::reduction_chunks_of(kfuse_policy)), pq);
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("apply", Kokkos::RangePolicy<>(0, n), Laplacian{p, q, n});
  Kokkos::parallel_reduce("curvature", Kokkos::RangePolicy<>(0, n), Dot{p, q}, pq);
// kfuse-original-end
    }
  }
  // kfuse-end
  return pq;
}

// kfuse-functor-begin kfuse_fused_kick_drift
// 'kick', 'drift' (test/golden/member_helpers.cpp:97), fused: the functors called in turn over each
// chunk of indices.
template <class T_kfuse_part1, class T_kfuse_tag1, class T_kfuse_part2, class T_kfuse_tag2,
          class T_kfuse_chunks>
struct kfuse_fused_kick_drift {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_part2 kfuse_part2;
  T_kfuse_tag2 kfuse_tag2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_tag1, kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_tag2, kfuse_i0);
  }
};
// kfuse-functor-end
void motion(Vec x, Vec v, int n) {
  // kfuse-begin fused("kick", "drift") profile=test/golden/member_helpers.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("kick+drift", "v,x", [&] { return ::kfuse::shadow_items(v, x); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("kick+drift", ::kfuse::no_overlap({::kfuse::bytes_of(v, true), ::kfuse::bytes_of(x, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("kick+drift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_kick_drift>(Motion{x, v, 0.125}, Motion::TagKick(), Motion{x, v, 0.125}, Motion::TagDrift(), ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("kick", Kokkos::RangePolicy<Motion::TagKick>(0, n), Motion{x, v, 0.125});
  Kokkos::parallel_for("drift", Kokkos::RangePolicy<Motion::TagDrift>(0, n), Motion{x, v, 0.125});
// kfuse-original-end
    }
  }
  // kfuse-end
}

void smooth(Vec u, Vec w, int n) {
  Kokkos::parallel_for("relax", Kokkos::RangePolicy<>(0, n), Relax{u});
  Kokkos::parallel_for("smooth", Kokkos::RangePolicy<>(0, n), Smooth{u, w, n});
}

// kfuse-functor-begin kfuse_fused_sum_loop_after_loop
// 'sum_loop', 'after_loop' (test/golden/member_helpers.cpp:107), fused: the functors called in turn
// over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_sum_loop_after_loop {
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
void looping(Vec a, Vec b, Vec c, int n) {
  // kfuse-begin fused("sum_loop", "after_loop") profile=test/golden/member_helpers.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("sum_loop+after_loop", "b,a,c", [&] { return ::kfuse::shadow_items(b, a, c); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("sum_loop+after_loop", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, false), ::kfuse::bytes_of(c, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("sum_loop+after_loop", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_sum_loop_after_loop>(SumLoop{a, b}, Relax{c}, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("sum_loop", Kokkos::RangePolicy<>(0, n), SumLoop{a, b}); // EXPECT-REMARK: kfuse-fused
  Kokkos::parallel_for("after_loop", Kokkos::RangePolicy<>(0, n), Relax{c});
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool Alias = argc > 1 && std::strcmp(argv[1], "alias") == 0;
    const int n = 1000;
    Vec p("p", n), q("q", n), x("x", n), v("v", n), u("u", n), w("w", n), c("c", n);
    if (Alias)
      q = p;
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          p(i) = i % 13;
          q(i) = 1;
          x(i) = i % 7;
          v(i) = 1 - i % 3;
          u(i) = i % 5;
          c(i) = i % 3;
        });
    double history = 0.0;
    for (int r = 0; r < 3; ++r) {
      history += curvature(p, q, n);
      motion(x, v, n);
      smooth(u, w, n);
      looping(p, w, c, n);
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &s) {
          s += (p(i) + 2 * q(i) + 3 * x(i) + 4 * v(i) + 5 * u(i) + 6 * w(i) + 7 * c(i)) *
               (1 + i % 7);
        },
        sum);
    std::printf("checksum=%.17g history=%.17g\n", sum, history);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
// KFUSE-RUN-FALLBACK: alias
