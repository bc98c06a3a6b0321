#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The first kernel of a chain in a branch of an `if`/`else` of its function
// (a predictor and a corrector of one step), the second in another
// function: on the path where the branch ran, the first is deferred and runs
// fused with the second; on the other path the launches run as written. The
// hotter chain (the predictor's, two steps in three) is fused; the second
// kernel runs fused with one first kernel only. A kernel in a branch
// followed there by host code reading what it wrote is not deferred.
//   main [N] [alias]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-FALLBACK-RUN: 1000 alias
// KFUSE-PROFILE-RUN: 1000

using Field = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_part_predict_1474dcd2
// 'predict' (test/golden/multi/branch_first/main.cpp:24) as a functor: deferred, it runs fused
// with 'force' (test/golden/multi/branch_first/main.cpp:34) when 'main' calls their functions in turn.
template <class T_xn, class T_x, class T_v, class T_dt> struct kfuse_part_predict_1474dcd2 {
  T_xn xn;
  T_x x;
  T_v v;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { xn(i) = x(i) + dt * v(i); }
};
// kfuse-functor-end
// The position half a step ahead, or its correction.
void advance(Field x, Field v, Field xn, double dt, bool predict) {
  const int n = x.extent(0);
  if (predict) {
    // kfuse-begin deferred("predict") until "force" profile=test/golden/multi/branch_first/profile.json
    if (::kfuse::deferring("kfuse_chain_1474dcd2_68dac915")) {
      // Runs later: fused with 'force' (test/golden/multi/branch_first/main.cpp:34), or on its own.
      const auto kfuse_policy = n;
      ::kfuse::defer("kfuse_chain_1474dcd2_68dac915", ::kfuse::bounds_of(kfuse_policy),
                     ::kfuse::make_fused<kfuse_part_predict_1474dcd2>(xn, x, v, dt),
                     [=](const auto &kfuse_part) {
                       Kokkos::parallel_for("predict", kfuse_policy, kfuse_part);
                     });
    } else {
      ::kfuse::flush("kfuse_chain_1474dcd2_68dac915"); // one pending from an outer call runs first
// kfuse-original-begin
      Kokkos::parallel_for(
        "predict", n, KOKKOS_LAMBDA(const int i) { xn(i) = x(i) + dt * v(i); });
// kfuse-original-end
    }
    // kfuse-end
  } else {
    Kokkos::parallel_for(
        "correct", n, KOKKOS_LAMBDA(const int i) { xn(i) = 0.5 * (xn(i) + x(i) + dt * v(i)); });
  }
}

// kfuse-functor-begin kfuse_fused_1474dcd2_68dac915
// 'predict' (test/golden/multi/branch_first/main.cpp:24) then 'force'
// (test/golden/multi/branch_first/main.cpp:34), fused across functions: one body over raw pointers,
// the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_f, class T_k, class T_kfuse_chunks>
struct kfuse_fused_1474dcd2_68dac915 {
  T_kfuse_first kfuse_first;
  T_f f;
  T_k k;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT f_, double *KOKKOS_RESTRICT xn_,
                                          const double *KOKKOS_RESTRICT x_,
                                          const double *KOKKOS_RESTRICT v_, const T_k k,
                                          const decltype(T_kfuse_first::dt) dt) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        xn_[i] = x_[i] + dt * v_[i];
      }
      {
        const int i = kfuse_i0;
        f_[i] = -k * xn_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), f.data(),
         kfuse_first.xn.data(), kfuse_first.x.data(), kfuse_first.v.data(), k, kfuse_first.dt);
  }
};
// kfuse-functor-end
// A spring force at the new positions.
void force(Field xn, Field f, double k) {
  // kfuse-begin fused-across("predict", "force") profile=test/golden/multi/branch_first/profile.json
  {
    // 'predict' (test/golden/multi/branch_first/main.cpp:24) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = xn.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_predict_1474dcd2<Kokkos::View<double *>, Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_1474dcd2_68dac915", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("predict+force", "xn,x,v,f,xn", [&] { return ::kfuse::shadow_items(kfuse_first->xn, kfuse_first->x, kfuse_first->v, f, xn); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("predict+force", ::kfuse::no_overlap({::kfuse::bytes_of(f, true), ::kfuse::bytes_of(kfuse_first->xn, true), ::kfuse::bytes_of(kfuse_first->x, false), ::kfuse::bytes_of(kfuse_first->v, false)}) &&
            ::kfuse::same_view(kfuse_first->xn, xn)))) {
        Kokkos::parallel_for("predict+force", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_1474dcd2_68dac915>(*kfuse_first, f, k, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_1474dcd2_68dac915");
      } else {
        kfuse_shadow.flush("kfuse_chain_1474dcd2_68dac915");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "force", xn.extent(0), KOKKOS_LAMBDA(const int i) { f(i) = -k * xn(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

// The host looks at what the kernel wrote before the function returns.
double sample(Field f, Field g, bool look) {
  double seen = 0.0;
  if (look) {
    Kokkos::parallel_for(
        "sample", f.extent(0), KOKKOS_LAMBDA(const int i) { g(i) = 2.0 * f(i); });
    seen = g(0);
  }
  return seen;
}

void damp(Field g, Field v) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "damp", g.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = 0.99 * v(i) + 1e-3 * g(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool alias = argc > 2;
    Field x("x", n), v("v", n), xn("xn", n), f("f", n), g("g", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          x(i) = (i * 7) % 11 - 5.0;
          v(i) = (i * 3) % 13 * 0.1;
        });
    // With `alias`, the force is written over the new positions.
    Field out = alias ? xn : f;
    double total = 0.0, seen = 0.0;
    for (int step = 0; step < 9; ++step) {
      ::kfuse::Window kfuse_window_1474dcd2_68dac915("kfuse_chain_1474dcd2_68dac915"); // kfuse-line cff3e05b
      kfuse_window_1474dcd2_68dac915.arm(); // kfuse-line d45afdea
      advance(x, v, xn, 0.01, step % 3 != 2);
      kfuse_window_1474dcd2_68dac915.disarm(); // kfuse-line ebbe9ecc
      force(xn, out, 4.0);
      kfuse_window_1474dcd2_68dac915.close(); // kfuse-line 883351be
      // The host reads a result between the pairs (the Views are in host
      // memory here): kernels of different functions do not fuse across it.
      seen += out(n / 2);
      seen += sample(out, g, step % 2 == 0);
      damp(g, v);
      seen += v(n / 3);
      Kokkos::deep_copy(x, xn);
      double s = 0.0;
      Kokkos::parallel_reduce(
          "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += x(i) + 2.0 * v(i) + g(i); },
          s);
      total += s;
    }
    std::printf("total=%.17g seen=%.17g\n", total, seen);
  }
  Kokkos::finalize();
}
