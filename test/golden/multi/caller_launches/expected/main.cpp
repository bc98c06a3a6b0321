#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A time loop that launches a predictor itself and then calls a function
// of another file whose kernel reads the prediction: the window opens in
// the loop's body, around the launch and the call, and the two run as one
// where the guard holds. A second loop's corrector reads a neighbour's
// prediction: refused, the remark naming the access. A third loop calls a
// function of the other file and then launches a kernel reading its
// output: fused the same way, the window around the call and the launch.
//   main [N] [STEPS] [ALIAS]   (ALIAS 1: the prediction is the relaxed field
//   itself, and the guard runs the kernels as written)
#include "physics.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 500 4 0
// KFUSE-RUN: 33 3 0
// KFUSE-FALLBACK-RUN: 500 4 1
// KFUSE-PROFILE-RUN: 500 4 0

// kfuse-functor-begin kfuse_part_predict_f125938e
// 'predict' (test/golden/multi/caller_launches/main.cpp:35) as a functor: deferred, it runs fused
// with 'relax' (test/golden/multi/caller_launches/physics.cpp:5) when 'main' calls their functions in turn.
template <class T_u, class T_x, class T_v, class T_dt> struct kfuse_part_predict_f125938e {
  T_u u;
  T_x x;
  T_v v;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) = x(i) + dt * v(i); }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_part_damp_16377287
// 'damp' (test/golden/multi/caller_launches/physics.cpp:17) as a functor: deferred, it runs fused
// with 'accumulate' (test/golden/multi/caller_launches/main.cpp:47) when 'main' calls their functions in turn.
template <class T_w> struct kfuse_part_damp_16377287 {
  T_w w;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) *= 0.9; }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_16377287_0f5ea943
// 'damp' (test/golden/multi/caller_launches/physics.cpp:17) then 'accumulate'
// (test/golden/multi/caller_launches/main.cpp:47), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_acc, class T_kfuse_chunks>
struct kfuse_fused_16377287_0f5ea943 {
  T_kfuse_first kfuse_first;
  T_acc acc;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT acc_,
                                          double *KOKKOS_RESTRICT w_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        w_[i] *= 0.9;
      }
      {
        const int i = kfuse_i0;
        acc_[i] += w_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), acc.data(),
         kfuse_first.w.data());
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 500;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 4;
    const bool alias = argc > 3 && std::atoi(argv[3]) == 1;
    Field x("x", n), v("v", n), w("w", n), p("p", n);
    Field u = alias ? w : p;
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          x(i) = 0.01 * i;
          v(i) = 1.0 - 0.002 * i;
          w(i) = 0.5;
        });
    const double dt = 0.1;
    for (int step = 0; step < steps; ++step) {
      ::kfuse::Window kfuse_window_f125938e_f0cb5498("kfuse_chain_f125938e_f0cb5498"); // kfuse-line f87a2fd4
      kfuse_window_f125938e_f0cb5498.arm(); // kfuse-line e187a3a1
      // kfuse-begin deferred("predict") until "relax" profile=test/golden/multi/caller_launches/profile.json
      if (::kfuse::deferring("kfuse_chain_f125938e_f0cb5498")) {
        // Runs later: fused with 'relax' (test/golden/multi/caller_launches/physics.cpp:5), or on its own.
        const auto kfuse_policy = n;
        ::kfuse::defer("kfuse_chain_f125938e_f0cb5498", ::kfuse::bounds_of(kfuse_policy),
                       ::kfuse::make_fused<kfuse_part_predict_f125938e>(u, x, v, dt),
                       [=](const auto &kfuse_part) {
                         Kokkos::parallel_for("predict", kfuse_policy, kfuse_part);
                       });
      } else {
        ::kfuse::flush("kfuse_chain_f125938e_f0cb5498"); // one pending from an outer call runs first
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
          "predict", n, KOKKOS_LAMBDA(const int i) { u(i) = x(i) + dt * v(i); });
// kfuse-original-end
      }
      // kfuse-end
      kfuse_window_f125938e_f0cb5498.disarm(); // kfuse-line 55d337ad
      relax(u, w, n);
      kfuse_window_f125938e_f0cb5498.close(); // kfuse-line e7f1e96b
    }
    for (int step = 0; step < steps; ++step) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
          "predict again", n, KOKKOS_LAMBDA(const int i) { u(i) = x(i) - dt * w(i); });
      smooth(u, w, n);
    }
    Field acc("acc", n);
    for (int step = 0; step < steps; ++step) {
      ::kfuse::Window kfuse_window_16377287_0f5ea943("kfuse_chain_16377287_0f5ea943"); // kfuse-line c1b871c9
      kfuse_window_16377287_0f5ea943.arm(); // kfuse-line 759efd0f
      damp(w, n);
      kfuse_window_16377287_0f5ea943.disarm(); // kfuse-line 76a69a43
      // kfuse-begin fused-across("damp", "accumulate") profile=test/golden/multi/caller_launches/profile.json
      {
        // 'damp' (test/golden/multi/caller_launches/physics.cpp:17) may be pending: then both run here as one
        // (and, where the shadow check runs, after the two as they are written).
        const auto kfuse_policy = n;
        auto *kfuse_first = ::kfuse::pending<kfuse_part_damp_16377287<Kokkos::View<double *>>>(
            "kfuse_chain_16377287_0f5ea943", ::kfuse::bounds_of(kfuse_policy));
        for (auto kfuse_shadow = ::kfuse::shadow_of("damp+accumulate", "w,acc,w", [&] { return ::kfuse::shadow_items(kfuse_first->w, acc, w); }); kfuse_shadow.next();) {
          if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("damp+accumulate", ::kfuse::no_overlap({::kfuse::bytes_of(acc, true), ::kfuse::bytes_of(kfuse_first->w, true)}) &&
                ::kfuse::same_view(kfuse_first->w, w)))) {
            Kokkos::parallel_for("damp+accumulate", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_16377287_0f5ea943>(*kfuse_first, acc, ::kfuse::chunks_of(kfuse_policy)));
            ::kfuse::discard("kfuse_chain_16377287_0f5ea943");
          } else {
            kfuse_shadow.flush("kfuse_chain_16377287_0f5ea943");
// kfuse-original-begin
            Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "accumulate", n, KOKKOS_LAMBDA(const int i) { acc(i) += w(i); });
// kfuse-original-end
          }
        }
      }
      // kfuse-end
      kfuse_window_16377287_0f5ea943.close(); // kfuse-line b54848f2
    }
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &s) { s += w(i) + 0.5 * u(i) + acc(i); }, sum);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
  return 0;
}
