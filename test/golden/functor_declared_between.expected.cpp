#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Named functors declared between the launches of a group: 'Scale f2(c, d)'
// stands between the launches of 'first' and 'second'. The guard runs where
// 'first' was, before 'f2' exists, so it cannot name 'f2'; it does not need
// to: 'f2' holds 'c' and 'd' by construction (its constructor copies them
// and nothing changes it before its launch). A functor class template built
// inside its own static function from dependent arguments is modelled
// without a crash; a user line that ends with kfuse's inserted-line marker
// survives a revert.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vec = Kokkos::View<double *>;

struct Scale {
  Vec x, y;
  Scale(Vec x_, Vec y_) : x(x_), y(y_) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) = 2.0 * x(i) + 1.0; }
};

struct Params {
  int n;
};

template <class Device> struct Slope {
  Kokkos::View<double *, Device> u, du;
  Params p;
  double h;
  Slope(Kokkos::View<double *, Device> u_, Kokkos::View<double *, Device> du_, Params p_)
      : u(u_), du(du_), p(p_), h(1.0 / p_.n) {}
  static void apply(Kokkos::View<double *, Device> u, Kokkos::View<double *, Device> du,
                    Params p) {
    Slope functor(u, du, p);
    Kokkos::parallel_for("slope", p.n, functor);
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { du(i) = (u(i + 1) - u(i)) * h; }
};

// kfuse-functor-begin kfuse_fused_first_second
// 'first', 'second' (test/golden/functor_declared_between.cpp:41), fused: the functors called in
// turn over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_first_second {
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
void step(int n, Vec a, Vec b, Vec c, Vec d) {
  Scale f1(a, b);
  // kfuse-begin fused("first", "second") profile=test/golden/functor_declared_between.profile.json
  auto kfuse_fused_first_second_shadow = ::kfuse::shadow_of("first+second", "b,a,f1.x,f1.y", [&] { return ::kfuse::shadow_items(b, a, f1.x, f1.y); });
  const bool kfuse_fused_first_second_on = kfuse_fused_first_second_shadow.run_fused(::kfuse::use_fused("first+second", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, false), ::kfuse::bytes_of(d, true), ::kfuse::bytes_of(c, true)}) && ::kfuse::same_view(f1.y, b) && ::kfuse::same_view(f1.x, a)));
  if (!kfuse_fused_first_second_on) {
// kfuse-original-begin
    Kokkos::parallel_for("first", n, f1);
// kfuse-original-end
  }
  // kfuse-kept-begin
  Scale f2(c, d);
  // kfuse-kept-end
  if (kfuse_fused_first_second_on) {
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
    Kokkos::parallel_for("first+second", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_first_second>(f1, f2, ::kfuse::chunks_of(kfuse_policy)));
  } else {
// kfuse-original-begin
    Kokkos::parallel_for("second", n, f2);
// kfuse-original-end
  }
  if (kfuse_fused_first_second_shadow.replay()) {
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
    Kokkos::parallel_for("first+second", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_first_second>(f1, f2, ::kfuse::chunks_of(kfuse_policy)));
    kfuse_fused_first_second_shadow.compare();
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_site3_site4
// test/golden/functor_declared_between.cpp:smooth#0:995212790e025581,
// test/golden/functor_declared_between.cpp:smooth#1:368ce71d566955d0
// (test/golden/functor_declared_between.cpp:49), fused.
template <class T_b, class T_d, class T_kfuse_chunks> struct kfuse_fused_site3_site4 {
  T_b b;
  T_d d;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT b_, double *KOKKOS_RESTRICT d_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        b_[i] = 0.5 * b_[i] + 1.0;
      }
      {
        const int i = kfuse_i0;
        d_[i] = d_[i] - 0.25 * b_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), b.data(), d.data());
  }
};
// kfuse-functor-end
// Unlabelled launches: the fused kernel is named by their places in the
// file, which no other file of a project repeats.
void smooth(int n, Vec b, Vec d) {
  // kfuse-begin fused("test/golden/functor_declared_between.cpp:smooth#0:995212790e025581", "test/golden/functor_declared_between.cpp:smooth#1:368ce71d566955d0") profile=test/golden/functor_declared_between.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("functor_declared_between.cpp:49+functor_declared_between.cpp:50", "b,d", [&] { return ::kfuse::shadow_items(b, d); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("functor_declared_between.cpp:49+functor_declared_between.cpp:50", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(d, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("functor_declared_between.cpp:49+functor_declared_between.cpp:50", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_site3_site4>(b, d, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) { b(i) = 0.5 * b(i) + 1.0; });
  Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) { d(i) = d(i) - 0.25 * b(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec a("a", N), b("b", N), c("c", N), d("d", N), u("u", N + 1), du("du", N);
    Kokkos::parallel_for(
        "init", N + 1, KOKKOS_LAMBDA(const int i) {
          if (i < N) {
            a(i) = 0.25 * i;
            c(i) = 1.0 - 0.5 * i;
          }
          u(i) = 0.01 * i * i;
        });
    for (int It = 0; It < 4; ++It) {
      step(N, a, b, c, d);
      smooth(N, b, d);
    }
    Slope<Vec::device_type>::apply(u, du, Params{N});
    int unused = 0; // kfuse-line
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += b(i) + 3.0 * d(i) + du(i); }, Sum);
    std::printf("checksum=%.17g %d\n", Sum, unused);
  }
  Kokkos::finalize();
}
