#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Argument fusion: three kernels share their Views, and the update is done in
// place (`advance(u, u, tmp)`: `in` and `out` are one allocation in every
// profiled run). The fused functor holds one member per object, and the
// guard re-checks that `in` and `out` are still the same View.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_predict_correct_commit
// 'predict', 'correct', 'commit' (test/golden/argument_fusion.cpp:13), fused.
template <class T_tmp, class T_in, class T_Alpha, class T_kfuse_chunks>
struct kfuse_fused_predict_correct_commit {
  T_tmp tmp;
  T_in in;
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
        tmp_[i] = in_[i] * Alpha + 1.0;
      }
      {
        const int i = kfuse_i0;
        tmp_[i] = 0.5 * (tmp_[i] + in_[i]);
      }
      {
        const int i = kfuse_i0;
        in_[i] = tmp_[i] - 0.25 * in_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), tmp.data(), in.data(),
         Alpha);
  }
};
// kfuse-functor-end
void advance(Field in, Field out, Field tmp, double Alpha) {
  const int N = static_cast<int>(in.extent(0));
  // kfuse-begin fused("predict", "correct", "commit") profile=test/golden/argument_fusion.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("predict+correct+commit", "tmp,in,out", [&] { return ::kfuse::shadow_items(tmp, in, out); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("predict+correct+commit", ::kfuse::no_overlap({::kfuse::bytes_of(tmp, true), ::kfuse::bytes_of(in, true)}) && ::kfuse::same_view(in, out)))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
      Kokkos::parallel_for("predict+correct+commit", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_predict_correct_commit>(tmp, in, Alpha, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(
      "predict", N, KOKKOS_LAMBDA(const int i) { tmp(i) = in(i) * Alpha + 1.0; });
  Kokkos::parallel_for(
      "correct", N, KOKKOS_LAMBDA(const int i) { tmp(i) = 0.5 * (tmp(i) + in(i)); });
  Kokkos::parallel_for(
      "commit", N, KOKKOS_LAMBDA(const int i) { out(i) = tmp(i) - 0.25 * in(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Field u("u", N), tmp("tmp", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { u(i) = 1.0 + i % 17; });
    for (int It = 0; It < 5; ++It)
      advance(u, u, tmp, 0.9);
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) * (1 + i % 3); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
