#include <kfuse/runtime/Guard.hpp> // kfuse-include
// An equation-of-state step as codes that keep their arrays behind raw
// pointers write it: each kernel in a function of its own, taking the
// arrays as pointers, called in turn by the driver. 'predict' is deferred
// and runs fused with 'correct': the guard checks the elements each
// pointer reaches over the range (its footprint). Run with the pressure
// one element into the old energies (the last argument 1), 'correct' would
// write what 'predict' reads at the next index: the footprints overlap, and
// the guard runs the two launches as written.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 4 0
// KFUSE-RUN: 33 2 0
// KFUSE-FALLBACK-RUN: 1000 3 1
// KFUSE-PROFILE-RUN: 1000 4 0

// kfuse-functor-begin kfuse_part_predict_f7805c33
// 'predict' (test/golden/multi/raw_pointers_across/main.cpp:19) as a functor: deferred, it runs fused
// with 'correct' (test/golden/multi/raw_pointers_across/main.cpp:24) when 'main' calls their functions in turn.
template <class T_e_new, class T_e_old, class T_work> struct kfuse_part_predict_f7805c33 {
  T_e_new e_new;
  T_e_old e_old;
  T_work work;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { e_new[i] = e_old[i] - 0.5 * work[i]; }
};
// kfuse-functor-end
void predict(double *e_new, const double *e_old, const double *work, int n) {
  // kfuse-begin deferred("predict") until "correct" profile=test/golden/multi/raw_pointers_across/profile.json
  if (::kfuse::deferring("kfuse_chain_f7805c33_091bd313")) {
    // Runs later: fused with 'correct' (test/golden/multi/raw_pointers_across/main.cpp:24), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_f7805c33_091bd313", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_predict_f7805c33>(e_new, e_old, work),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("predict", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_f7805c33_091bd313"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "predict", n, KOKKOS_LAMBDA(const int i) { e_new[i] = e_old[i] - 0.5 * work[i]; });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_f7805c33_091bd313
// 'predict' (test/golden/multi/raw_pointers_across/main.cpp:19) then 'correct'
// (test/golden/multi/raw_pointers_across/main.cpp:24), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_p_new, class T_bvc, class T_kfuse_chunks>
struct kfuse_fused_f7805c33_091bd313 {
  T_kfuse_first kfuse_first;
  T_p_new p_new;
  T_bvc bvc;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT p_new_,
       const double *KOKKOS_RESTRICT bvc_, double *KOKKOS_RESTRICT e_new_,
       const double *KOKKOS_RESTRICT e_old_, const double *KOKKOS_RESTRICT work_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        e_new_[i] = e_old_[i] - 0.5 * work_[i];
      }
      {
        const int i = kfuse_i0;
        p_new_[i] = bvc_[i] * e_new_[i] + 1.0;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), p_new, bvc,
         kfuse_first.e_new, kfuse_first.e_old, kfuse_first.work);
  }
};
// kfuse-functor-end
void correct(double *p_new, const double *e_new, const double *bvc, int n) {
  // kfuse-begin fused-across("predict", "correct") profile=test/golden/multi/raw_pointers_across/profile.json
  {
    // 'predict' (test/golden/multi/raw_pointers_across/main.cpp:19) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_predict_f7805c33<double *, const double *, const double *>>(
        "kfuse_chain_f7805c33_091bd313", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("predict+correct", "e_new,p_new", [&] { return ::kfuse::shadow_items(::kfuse::pointer_bytes(kfuse_first->e_new, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(p_new, {0}, {static_cast<long long>(n)}, true)); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("predict+correct", ::kfuse::no_overlap({::kfuse::pointer_bytes(p_new, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(bvc, {0}, {static_cast<long long>(n)}, false), ::kfuse::pointer_bytes(kfuse_first->e_new, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(kfuse_first->e_old, {0}, {static_cast<long long>(n)}, false), ::kfuse::pointer_bytes(kfuse_first->work, {0}, {static_cast<long long>(n)}, false)}) &&
            ::kfuse::same_pointer(kfuse_first->e_new, e_new)))) {
        Kokkos::parallel_for("predict+correct", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_f7805c33_091bd313>(*kfuse_first, p_new, bvc, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_f7805c33_091bd313");
      } else {
        kfuse_shadow.flush("kfuse_chain_f7805c33_091bd313");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "correct", n, KOKKOS_LAMBDA(const int i) { p_new[i] = bvc[i] * e_new[i] + 1.0; });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 4;
    const bool Overlap = argc > 3 && std::atoi(argv[3]) == 1;
    Kokkos::View<double *> store("store", 5 * N + 8);
    Kokkos::parallel_for(
        "init", 5 * N + 8, KOKKOS_LAMBDA(const int i) { store(i) = (i % 13) * 0.125; });
    double *e_old = store.data();
    double *work = store.data() + N + 2;
    double *bvc = store.data() + 2 * N + 4;
    double *e_new = store.data() + 3 * N + 6;
    double *p_new = Overlap ? e_old + 1 : store.data() + 4 * N + 7;
    for (int It = 0; It < Steps; ++It) {
      ::kfuse::Window kfuse_window_f7805c33_091bd313("kfuse_chain_f7805c33_091bd313"); // kfuse-line 98446603
      kfuse_window_f7805c33_091bd313.arm(); // kfuse-line bbf29853
      predict(e_new, e_old, work, N);
      kfuse_window_f7805c33_091bd313.disarm(); // kfuse-line 6c0c1bb3
      correct(p_new, e_new, bvc, N);
      kfuse_window_f7805c33_091bd313.close(); // kfuse-line 50bf4597
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", 5 * N + 8, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
