#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Vector helpers called with one View in two roles in some calls only:
// `update(r, r, q)` then `dot(r, r)` in the loop (the written `z` and the
// read `a` are one View), `update(p, r, q)` then `dot(r, r)` once before it
// (two Views). Judged as one View, the two kernels touch each element at
// its own index only: they fuse across the functions in every run, the
// guard checking that the Views are one or apart. 'ahead' reads `a(i + 1)`,
// which 'relax' writes where its `z` is that `a` (the last run): refused,
// for the dependence, though most runs pass two Views.
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

using Vec = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_part_update_341aeee3
// 'update' (test/golden/multi/one_view_some_runs/main.cpp:22) as a functor: deferred, it runs fused
// with 'dot' (test/golden/multi/one_view_some_runs/main.cpp:28) when 'main' calls their functions in turn.
template <class T_z, class T_x, class T_y, class T_c> struct kfuse_part_update_341aeee3 {
  T_z z;
  T_x x;
  T_y y;
  T_c c;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { z(i) = x(i) - c * y(i); }
};
// kfuse-functor-end
// z = x - c y
static void update(Vec z, Vec x, Vec y, double c, int n) {
  // kfuse-begin deferred("update") until "dot" profile=test/golden/multi/one_view_some_runs/profile.json
  if (::kfuse::deferring("kfuse_chain_341aeee3_7ee087be")) {
    // Runs later: fused with 'dot' (test/golden/multi/one_view_some_runs/main.cpp:28), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_341aeee3_7ee087be", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_update_341aeee3>(z, x, y, c),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("update", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_341aeee3_7ee087be"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "update", n, KOKKOS_LAMBDA(const int i) { z(i) = x(i) - c * y(i); });
// kfuse-original-end
  }
  // kfuse-end
}

static double dot(Vec a, Vec b, int n) {
  double s = 0.0;
  // kfuse-begin fused-across("update", "dot") profile=test/golden/multi/one_view_some_runs/profile.json
  {
    // 'update' (test/golden/multi/one_view_some_runs/main.cpp:22) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_update_341aeee3<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_341aeee3_7ee087be", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("update+dot", "z,x,y,a,b,s", [&] { return ::kfuse::shadow_items(kfuse_first->z, kfuse_first->x, kfuse_first->y, a, b, ::kfuse::result_of(s)); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("update+dot", ::kfuse::same_or_apart(kfuse_first->z, a) &&
            ::kfuse::same_or_apart(kfuse_first->z, b)))) {
        Kokkos::parallel_reduce("update+dot", ::kfuse::reduction_chunked(kfuse_policy), ::kfuse::compose_reduce_chunks<int, double>(::kfuse::reduction_chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i, double &t) { t += a(i) * b(i); }), s);
        ::kfuse::discard("kfuse_chain_341aeee3_7ee087be");
      } else {
        kfuse_shadow.flush("kfuse_chain_341aeee3_7ee087be");
// kfuse-original-begin
        Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "dot", n, KOKKOS_LAMBDA(const int i, double &t) { t += a(i) * b(i); }, s);
// kfuse-original-end
      }
    }
  }
  // kfuse-end
  return s;
}

static void relax(Vec z, Vec x, int n) {
  Kokkos::parallel_for(
      "relax", n - 1, KOKKOS_LAMBDA(const int i) { z(i) = 0.5 * (x(i) + x(i + 1)); });
}

static void ahead(Vec d, Vec a, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "ahead", n - 1, KOKKOS_LAMBDA(const int i) { d(i) = a(i + 1) - a(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec r("r", n), p("p", n), q("q", n), d("d", n), u("u", n), w("w", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          r(i) = 1.0 + (i % 7);
          q(i) = 0.25 * (i % 3);
          u(i) = (i % 5) - 2.0;
        });
    ::kfuse::Window kfuse_window_341aeee3_7ee087be("kfuse_chain_341aeee3_7ee087be"); // kfuse-line 93f64016
    kfuse_window_341aeee3_7ee087be.arm(); // kfuse-line e0af1987
    update(p, r, q, 0.5, n);
    kfuse_window_341aeee3_7ee087be.disarm(); // kfuse-line 0ed822f1
    double rr = dot(r, r, n);
    kfuse_window_341aeee3_7ee087be.close(); // kfuse-line 49f84784
    for (int it = 0; it < 6; ++it) {
      ::kfuse::Window kfuse_window_341aeee3_7ee087be_2("kfuse_chain_341aeee3_7ee087be"); // kfuse-line 97ec378e
      kfuse_window_341aeee3_7ee087be_2.arm(); // kfuse-line 53992772
      update(r, r, q, 0.01 * (it + 1), n);
      kfuse_window_341aeee3_7ee087be_2.disarm(); // kfuse-line de453bcc
      rr += dot(r, r, n);
      kfuse_window_341aeee3_7ee087be_2.close(); // kfuse-line 6c6ceab0
    }
    for (int it = 0; it < 6; ++it) {
      relax(it == 5 ? w : p, u, n);
      ahead(d, w, n);
    }
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &t) { t += p(i) + 2.0 * r(i) + 3.0 * d(i) + w(i); },
        sum);
    std::printf("rr=%.17g sum=%.17g\n", rr, sum);
  }
  Kokkos::finalize();
}
