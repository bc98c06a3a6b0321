#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Temporal fusion: a launch alone in a host loop runs back to back with
// itself. Each iteration reads and writes only its own element of what it
// writes, so the loop moves into the kernel: every element runs all the
// iterations in turn. The kernel may read its loop variable, and any element
// of what it only reads.
#include <Kokkos_Core.hpp>
#include <cstdio>

// kfuse-functor-begin kfuse_fused_relax_repeated
// 'relax' (test/golden/repeat_loop.cpp:18), fused with the host loop around it (line 17).
template <class T_u, class T_w, class T_Steps, class T_kfuse_chunks>
struct kfuse_fused_relax_repeated {
  T_u u;
  T_w w;
  T_Steps Steps;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT u_,
                                          const double *KOKKOS_RESTRICT w_, const T_Steps Steps) {
    for (int It = 0; It < Steps; ++It) {
      for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
        {
          const int i = kfuse_i0;
          u_[i] = 0.5 * u_[i] + w_[i + 1] + It;
        }
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), u.data(), w.data(), Steps);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_count_repeated
// 'count' (test/golden/repeat_loop.cpp:22), fused with the host loop around it (line 21).
template <class T_m, class T_Steps> struct kfuse_fused_count_repeated {
  T_m m;
  T_Steps Steps;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, const int kfuse_i1,
                                          long *KOKKOS_RESTRICT m_,
                                          const ::kfuse::stride_t<T_m, 0, 2> m_s0,
                                          const ::kfuse::stride_t<T_m, 1, 2> m_s1,
                                          const T_Steps Steps) {
    for (int S = 1; S <= 2 * Steps; S += 2) {
      const int i = kfuse_i0;
      const int j = kfuse_i1;
      m_[i * m_s0 + j * m_s1] = 3 * m_[i * m_s0 + j * m_s1] + i * S - j;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    body(kfuse_i0, kfuse_i1, m.data(), m.stride(0), m.stride(1), Steps);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000, M = 30, Steps = 5;
    Kokkos::View<double *> u("u", N), w("w", N + 1);
    Kokkos::View<long **> m("m", N, M);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { w(i) = 0.25 * i; });
    // kfuse-begin fused("relax") repeated profile=test/golden/repeat_loop.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("relax(repeated)", "u,w", [&] { return ::kfuse::shadow_items(u, w); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("relax(repeated)", ::kfuse::no_overlap({::kfuse::bytes_of(u, true), ::kfuse::bytes_of(w, false)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
        Kokkos::parallel_for("relax(repeated)", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_relax_repeated>(u, w, Steps, ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "relax", N, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * u(i) + w(i + 1) + It; });
    }
// kfuse-original-end
      }
    }
    // kfuse-end
    // kfuse-begin fused("count") repeated profile=test/golden/repeat_loop.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("count(repeated)", "m", [&] { return ::kfuse::shadow_items(m); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("count(repeated)", ::kfuse::no_overlap({::kfuse::bytes_of(m, true)})))) {
        Kokkos::parallel_for("count(repeated)", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, M}), ::kfuse::make_fused<kfuse_fused_count_repeated>(m, Steps));
      } else {
// kfuse-original-begin
        for (int S = 1; S <= 2 * Steps; S += 2) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "count", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, M}),
          KOKKOS_LAMBDA(const int i, const int j) { m(i, j) = 3 * m(i, j) + i * S - j; });
    }
// kfuse-original-end
      }
    }
    // kfuse-end
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &Acc) { Acc += u(i) + m(i, i % M); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
