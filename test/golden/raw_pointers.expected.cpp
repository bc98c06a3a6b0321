#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Raw pointers indexed point-wise, as codes that keep their arrays behind
// plain pointers write them (here into one allocation, through `data()`).
// 'scale' and 'accumulate' index 'p', 'q' and 'r' at the launch index: they
// fuse, and the guard checks at run time that the elements each pointer
// reaches over the range (its footprint) overlap no other pointer's
// written one. 'accumulate' reads 'q' under a second name, 'qa': the
// profile saw one footprint, so the two names run as one restrict pointer
// where the guard finds them one pointer. Run with 'r' one element after 'p' (the last argument 1),
// 'accumulate' would write what 'scale' reads at the next index: the guard
// sees the footprints overlap and runs the original launches. 'spread'
// reads 'q[i + 1]', which 'scale' writes at another index: refused, naming
// 'q'. 'gather' reads 'p[2 * i]': its footprint is not bounded, refused.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 3 0
// KFUSE-RUN: 17 2 0
// KFUSE-RUN-FALLBACK: 1000 3 1
// KFUSE-PROFILE-RUN: 1000 3 0

// kfuse-functor-begin kfuse_fused_scale_accumulate
// 'scale', 'accumulate' (test/golden/raw_pointers.cpp:36), fused.
template <class T_q, class T_p, class T_r, class T_It, class T_kfuse_chunks>
struct kfuse_fused_scale_accumulate {
  T_q q;
  T_p p;
  T_r r;
  T_It It;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT q_,
                                          const double *KOKKOS_RESTRICT p_,
                                          double *KOKKOS_RESTRICT r_, const T_It It) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        q_[i] = 2.0 * p_[i] + It;
      }
      {
        const int i = kfuse_i0;
        r_[i] += 0.5 * q_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), q, p, r, It);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 3;
    const bool Overlap = argc > 3 && std::atoi(argv[3]) == 1;
    Kokkos::View<double *> store("store", 6 * N + 8), out("out", N);
    Kokkos::parallel_for(
        "init", 6 * N + 8, KOKKOS_LAMBDA(const int i) { store(i) = (i % 11) * 0.25; });
    double *p = store.data();
    double *q = store.data() + 2 * N + 2;
    double *r = Overlap ? p + 1 : store.data() + 4 * N + 4;
    double *qa = q;
    for (int It = 0; It < Steps; ++It) {
      // kfuse-begin fused("scale", "accumulate") profile=test/golden/raw_pointers.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("scale+accumulate", "q,r", [&] { return ::kfuse::shadow_items(::kfuse::pointer_bytes(q, {0}, {static_cast<long long>(N)}, true), ::kfuse::pointer_bytes(r, {0}, {static_cast<long long>(N)}, true)); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("scale+accumulate", ::kfuse::no_overlap({::kfuse::pointer_bytes(q, {0}, {static_cast<long long>(N)}, true), ::kfuse::pointer_bytes(p, {0}, {static_cast<long long>(N)}, false), ::kfuse::pointer_bytes(r, {0}, {static_cast<long long>(N)}, true)}) && ::kfuse::same_pointer(q, qa)))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("scale+accumulate", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_accumulate>(q, p, r, It, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "scale", N, KOKKOS_LAMBDA(const int i) { q[i] = 2.0 * p[i] + It; });
      Kokkos::parallel_for(
          "accumulate", N, KOKKOS_LAMBDA(const int i) { r[i] += 0.5 * qa[i]; });
// kfuse-original-end
        }
      }
      // kfuse-end
      Kokkos::parallel_for(
          "spread", N - 1, KOKKOS_LAMBDA(const int i) { out(i) = q[i + 1] - r[i]; }); // EXPECT-REMARK: kfuse-unsafe-dependence
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
          "gather", N / 2, KOKKOS_LAMBDA(const int i) { out(i) += p[2 * i]; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", 6 * N + 8, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Sum);
    double OutSum = 0;
    Kokkos::parallel_reduce(
        "out_sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += out(i) * (1 + i % 5); }, OutSum);
    std::printf("checksum=%.17g out=%.17g\n", Sum, OutSum);
  }
  Kokkos::finalize();
}
