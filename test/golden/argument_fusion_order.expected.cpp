#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Argument fusion where the name the group keeps is not the one its first
// kernel uses: `clear` reads `out` first, `scale` neither; `commit` reads
// `in`, then writes `out`, and the two are one allocation in every profiled
// run (`advance(u, u, tmp)`): judged with `scale`, the group keeps `in`. The fused functor holds
// the View under the first kernel's name (`out`) and passes its data as the
// kept name's pointer (`in_`).
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_clear_scale_commit
// 'clear', 'scale', 'commit' (test/golden/argument_fusion_order.cpp:15), fused.
template <class T_tmp, class T_out, class T_Alpha, class T_kfuse_chunks>
struct kfuse_fused_clear_scale_commit {
  T_tmp tmp;
  T_out out;
  T_Alpha Alpha;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT tmp_, double *KOKKOS_RESTRICT in_,
                                          const T_Alpha Alpha) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        tmp_[i] = 0.5 * in_[i];
      }
      {
        const int i = kfuse_i0;
        tmp_[i] = tmp_[i] * Alpha + 1.0;
      }
      {
        const int i = kfuse_i0;
        const double Old = in_[i] * Alpha;
        in_[i] = tmp_[i] + Old;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), tmp.data(), out.data(),
         Alpha);
  }
};
// kfuse-functor-end
void advance(Field in, Field out, Field tmp, double Alpha) {
  const int N = static_cast<int>(in.extent(0));
  // kfuse-begin fused("clear", "scale", "commit") profile=test/golden/argument_fusion_order.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("clear+scale+commit", "tmp,in,out", [&] { return ::kfuse::shadow_items(tmp, in, out); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("clear+scale+commit", ::kfuse::no_overlap({::kfuse::bytes_of(tmp, true), ::kfuse::bytes_of(in, true)}) && ::kfuse::same_view(in, out)))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
      Kokkos::parallel_for("clear+scale+commit", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_clear_scale_commit>(tmp, out, Alpha, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(
      "clear", N, KOKKOS_LAMBDA(const int i) { tmp(i) = 0.5 * out(i); });
  Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { tmp(i) = tmp(i) * Alpha + 1.0; });
  Kokkos::parallel_for(
      "commit", N, KOKKOS_LAMBDA(const int i) {
        const double Old = in(i) * Alpha;
        out(i) = tmp(i) + Old;
      });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool Apart = argc > 2 && std::atoi(argv[2]) != 0;
    Field u("u", N), v("v", N), tmp("tmp", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) {
      u(i) = 1.0 + i % 17;
      v(i) = 2.0 - i % 5;
    });
    for (int It = 0; It < 5; ++It)
      advance(u, Apart ? v : u, tmp, 0.9);
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += u(i) * (1 + i % 3) + v(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
// KFUSE-PROFILE-RUN: 1000
// KFUSE-RUN: 1000
// KFUSE-RUN: 517
// KFUSE-RUN-FALLBACK: 1000 1
