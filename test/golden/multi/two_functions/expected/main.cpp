#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Kernels in two functions of one file, called in turn from a loop: the
// first is deferred and runs fused with the second. Where the host reads
// the second kernel's output before the third, nothing is deferred; a
// reduction, whose result its function returns, is never deferred (across
// the loop's back edge).
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vec = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_part_scale_33f2e6a7
// 'scale' (test/golden/multi/two_functions/main.cpp:13) as a functor: deferred, it runs fused
// with 'shift' (test/golden/multi/two_functions/main.cpp:19) when 'main' calls their functions in turn.
template <class T_y, class T_x, class T_a> struct kfuse_part_scale_33f2e6a7 {
  T_y y;
  T_x x;
  T_a a;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) = a * x(i); }
};
// kfuse-functor-end
void scale(Vec x, Vec y, double a) {
  // kfuse-begin deferred("scale") until "shift" profile=test/golden/multi/two_functions/profile.json
  if (::kfuse::deferring("kfuse_chain_33f2e6a7_f9d5da2a")) {
    // Runs later: fused with 'shift' (test/golden/multi/two_functions/main.cpp:19), or on its own.
    const auto kfuse_policy = x.extent(0);
    ::kfuse::defer("kfuse_chain_33f2e6a7_f9d5da2a", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_scale_33f2e6a7>(y, x, a),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("scale", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_33f2e6a7_f9d5da2a"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "scale", x.extent(0), KOKKOS_LAMBDA(const int i) { y(i) = a * x(i); });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_33f2e6a7_f9d5da2a
// 'scale' (test/golden/multi/two_functions/main.cpp:13) then 'shift'
// (test/golden/multi/two_functions/main.cpp:19), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_z, class T_offset, class T_kfuse_chunks>
struct kfuse_fused_33f2e6a7_f9d5da2a {
  T_kfuse_first kfuse_first;
  T_z z;
  T_offset offset;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT z_, double *KOKKOS_RESTRICT y_,
                                          const double *KOKKOS_RESTRICT x_, const T_offset offset,
                                          const decltype(T_kfuse_first::a) a) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        y_[i] = a * x_[i];
      }
      {
        const int i = kfuse_i0;
        z_[i] = y_[i] + offset;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), z.data(),
         kfuse_first.y.data(), kfuse_first.x.data(), offset, kfuse_first.a);
  }
};
// kfuse-functor-end
void shift(Vec y, Vec z) {
  const double offset = 1.0;
  // kfuse-begin fused-across("scale", "shift") profile=test/golden/multi/two_functions/profile.json
  {
    // 'scale' (test/golden/multi/two_functions/main.cpp:13) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = y.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_scale_33f2e6a7<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_33f2e6a7_f9d5da2a", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("scale+shift", "y,x,z,y", [&] { return ::kfuse::shadow_items(kfuse_first->y, kfuse_first->x, z, y); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("scale+shift", ::kfuse::no_overlap({::kfuse::bytes_of(z, true), ::kfuse::bytes_of(kfuse_first->y, true), ::kfuse::bytes_of(kfuse_first->x, false)}) &&
            ::kfuse::same_view(kfuse_first->y, y)))) {
        Kokkos::parallel_for("scale+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_33f2e6a7_f9d5da2a>(*kfuse_first, z, offset, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_33f2e6a7_f9d5da2a");
      } else {
        kfuse_shadow.flush("kfuse_chain_33f2e6a7_f9d5da2a");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "shift", y.extent(0), KOKKOS_LAMBDA(const int i) { z(i) = y(i) + offset; });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

double norm(Vec z, Vec u) {
  double sum = 0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-code-between
      "norm", z.extent(0),
      KOKKOS_LAMBDA(const int i, double &s) {
        u(i) += z(i);
        s += u(i) * u(i);
      },
      sum);
  return sum;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec x("x", N), y("y", N), z("z", N), u("u", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { x(i) = 0.25 * i; });
    double seen = 0, total = 0;
    for (int It = 0; It < 4; ++It) {
      ::kfuse::Window kfuse_window_33f2e6a7_f9d5da2a("kfuse_chain_33f2e6a7_f9d5da2a"); // kfuse-line 6321b066
      kfuse_window_33f2e6a7_f9d5da2a.arm(); // kfuse-line 4a8062d2
      scale(x, y, 1.5 + It);
      kfuse_window_33f2e6a7_f9d5da2a.disarm(); // kfuse-line eb31e64e
      shift(y, z);
      kfuse_window_33f2e6a7_f9d5da2a.close(); // kfuse-line f7e1605d
      // The host reads what 'shift' wrote before 'norm' runs (the Views
      // are in host memory here).
      seen += z(N / 2);
      total += norm(z, u);
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &s) { s += z(i) + 3.0 * u(i) + y(i); }, sum);
    std::printf("checksum=%.17g seen=%.17g total=%.17g\n", sum, seen, total);
  }
  Kokkos::finalize();
}
