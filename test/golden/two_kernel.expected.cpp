#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Two kernels over one range: the second reads what the first wrote at the
// same index. Fused into one functor.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// kfuse-functor-begin kfuse_fused_scale_shift_repeated
// 'scale', 'shift' (test/golden/two_kernel.cpp:13), fused with the host loop around them (line 12).
template <class T_x, class T_y, class T_kfuse_chunks> struct kfuse_fused_scale_shift_repeated {
  T_x x;
  T_y y;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT x_, double *KOKKOS_RESTRICT y_) {
    for (int It = 0; It < 4; ++It) {
      for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
        {
          const int i = kfuse_i0;
          x_[i] = 0.5 * i + It;
        }
        {
          const int i = kfuse_i0;
          y_[i] += x_[i] * x_[i] - 1.0;
        }
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), x.data(), y.data());
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Kokkos::View<double *> x("x", N), y("y", N);
    // kfuse-begin fused("scale", "shift") repeated profile=test/golden/two_kernel.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("scale+shift(repeated)", "x,y", [&] { return ::kfuse::shadow_items(x, y); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("scale+shift(repeated)", ::kfuse::no_overlap({::kfuse::bytes_of(x, true), ::kfuse::bytes_of(y, true)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
        Kokkos::parallel_for("scale+shift(repeated)", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_shift_repeated>(x, y, ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        for (int It = 0; It < 4; ++It) {
      Kokkos::parallel_for(
          "scale", N, KOKKOS_LAMBDA(const int i) { x(i) = 0.5 * i + It; });
      Kokkos::parallel_for(
          "shift", N, KOKKOS_LAMBDA(const int i) { y(i) += x(i) * x(i) - 1.0; });
    }
// kfuse-original-end
      }
    }
    // kfuse-end
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += x(i) + 3.0 * y(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
