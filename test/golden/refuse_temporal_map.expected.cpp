#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Refusals of temporal fusion where an element of what the loop writes is
// not one launch index's, a write through `i / 2` (only even indices write,
// so the program is race-free, but the map is not one to one); and a loop
// whose two launches fuse, the second a reduction whose result each
// iteration delivers, or functor objects (composed): the loop stays on the host.
#include <Kokkos_Core.hpp>
#include <cstdio>

// Functor objects: composed when fused, so the loop around them stays.
struct Damp {
  Kokkos::View<double *> v;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { v(i) = 0.5 * v(i) + 1.0; }
};
struct Accumulate {
  Kokkos::View<double *> v, w;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { w(i) += v(i); }
};

// kfuse-functor-begin kfuse_fused_bump_norm
// 'bump', 'norm' (test/golden/refuse_temporal_map.cpp:41), fused.
template <class T_x, class T_It> struct kfuse_fused_bump_norm {
  T_x x;
  T_It It;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT x_,
                                          const T_It It, double &Acc) {
    {
      const int i = kfuse_i0;
      x_[i] = 0.5 * x_[i] + It;
    }
    {
      const int i = kfuse_i0;
      Acc += x_[i] * x_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, double &Acc) const {
    body(kfuse_i0, x.data(), It, Acc);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_damp_accumulate
// 'damp', 'accumulate' (test/golden/refuse_temporal_map.cpp:48), fused: the functors called in turn
// over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_damp_accumulate {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_i0);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 40, Steps = 4;
    Kokkos::View<double *> h("h", N / 2), x("x", N);
    Kokkos::View<double **> A("A", N, N);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
        KOKKOS_LAMBDA(const int i, const int j) {
          A(i, j) = i + 0.5 * j;
          if (j == 0)
            x(i) = 0.125 * i;
        });
    for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for(
          "halve", N, KOKKOS_LAMBDA(const int i) {
            if (i % 2 == 0)
              h(i / 2) = 0.5 * h(i / 2) + x(i); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
    }
    double Norm = 0;
    for (int It = 0; It < Steps; ++It) { // EXPECT-REMARK: kfuse-not-fusable
      // kfuse-begin fused("bump", "norm") profile=test/golden/refuse_temporal_map.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("bump+norm", "x,Norm", [&] { return ::kfuse::shadow_items(x, ::kfuse::result_of(Norm)); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("bump+norm", ::kfuse::no_overlap({::kfuse::bytes_of(x, true)})))) {
          Kokkos::parallel_reduce("bump+norm", N, ::kfuse::make_fused<kfuse_fused_bump_norm>(x, It), Norm);
        } else {
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "bump", N, KOKKOS_LAMBDA(const int i) { x(i) = 0.5 * x(i) + It; });
      Kokkos::parallel_reduce(
          "norm", N, KOKKOS_LAMBDA(const int i, double &Acc) { Acc += x(i) * x(i); }, Norm);
// kfuse-original-end
        }
      }
      // kfuse-end
    }
    Kokkos::View<double *> w("w", N);
    for (int It = 0; It < Steps; ++It) { // EXPECT-REMARK: kfuse-not-fusable
      // kfuse-begin fused("damp", "accumulate") profile=test/golden/refuse_temporal_map.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("damp+accumulate", "x,w", [&] { return ::kfuse::shadow_items(x, w); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("damp+accumulate", ::kfuse::no_overlap({::kfuse::bytes_of(x, true), ::kfuse::bytes_of(w, true)})))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("damp+accumulate", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_damp_accumulate>(Damp{x}, Accumulate{x, w}, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for("damp", N, Damp{x}); // EXPECT-REMARK: kfuse-fused
      Kokkos::parallel_for("accumulate", N, Accumulate{x, w});
// kfuse-original-end
        }
      }
      // kfuse-end
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, N}),
        KOKKOS_LAMBDA(const int i, const int j, double &Acc) {
          Acc += A(i, j) + (j < N / 2 && i == 0 ? h(j) : 0.0) + (j == 0 ? 3.0 * w(i) : 0.0);
        },
        Sum);
    std::printf("checksum=%.17g norm=%.17g\n", Sum, Norm);
  }
  Kokkos::finalize();
}
