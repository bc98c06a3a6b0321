#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The guard: profiled with distinct Views, fused; then run with the same View
// passed twice ("same") and with two subviews of one allocation that overlap
// by one element ("overlap"). The fused program must see that the restrict
// and ordering assumptions fail, take the original launches, and print what
// the original program prints. (Fused without the guard, "smooth" would read
// dst(i+1) before "update" wrote it.)
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

using Vector = Kokkos::View<double *>;
using Slice = Kokkos::View<double *, Kokkos::LayoutStride>;


// kfuse-functor-begin kfuse_fused_update_smooth
// 'update', 'smooth' (test/golden/guard_aliasing.cpp:16), fused.
template <class T_dst, class T_src, class T_out, class T_kfuse_chunks>
struct kfuse_fused_update_smooth {
  T_dst dst;
  T_src src;
  T_out out;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT dst_,
       const ::kfuse::stride_t<T_dst, 0, 1> dst_s0, const double *KOKKOS_RESTRICT src_,
       const ::kfuse::stride_t<T_src, 0, 1> src_s0, double *KOKKOS_RESTRICT out_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        dst_[i * dst_s0] = 2.0 * src_[i * src_s0] + 1.0;
      }
      {
        const int i = kfuse_i0;
        out_[i] = src_[(i + 1) * src_s0] + dst_[i * dst_s0];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), dst.data(), dst.stride(0),
         src.data(), src.stride(0), out.data());
  }
};
// kfuse-functor-end
void step(Slice src, Slice dst, Vector out, int N) {
  // kfuse-begin fused("update", "smooth") profile=test/golden/guard_aliasing.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("update+smooth", "dst,src,out", [&] { return ::kfuse::shadow_items(dst, src, out); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("update+smooth", ::kfuse::no_overlap({::kfuse::bytes_of(dst, true), ::kfuse::bytes_of(src, false), ::kfuse::bytes_of(out, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
      Kokkos::parallel_for("update+smooth", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_update_smooth>(dst, src, out, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(
      "update", N, KOKKOS_LAMBDA(const int i) { dst(i) = 2.0 * src(i) + 1.0; });
  Kokkos::parallel_for(
      "smooth", N, KOKKOS_LAMBDA(const int i) { out(i) = src(i + 1) + dst(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const char *Mode = argc > 1 ? argv[1] : "distinct";
    const int N = 500;
    Vector store("store", 3 * N + 2), out("out", N);
    Kokkos::parallel_for("init", 3 * N + 2, KOKKOS_LAMBDA(const int i) { store(i) = 0.01 * i; });
    Slice src = Kokkos::subview(store, Kokkos::make_pair(0, N + 1));
    Slice dst = Kokkos::subview(store, Kokkos::make_pair(N + 1, 2 * N + 1));
    if (std::strcmp(Mode, "same") == 0)
      dst = src;
    else if (std::strcmp(Mode, "overlap") == 0)
      dst = Kokkos::subview(store, Kokkos::make_pair(N, 2 * N));
    for (int It = 0; It < 3; ++It)
      step(src, dst, out, N);
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", 3 * N + 2, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Sum);
    double OutSum = 0;
    Kokkos::parallel_reduce(
        "outsum", N, KOKKOS_LAMBDA(const int i, double &S) { S += out(i); }, OutSum);
    std::printf("%s checksum=%.17g out=%.17g\n", Mode, Sum, OutSum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN: distinct
// KFUSE-RUN-FALLBACK: same
// KFUSE-RUN-FALLBACK: overlap
