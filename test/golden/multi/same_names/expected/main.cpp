#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Two functions whose kernels name different Views alike: the first's `y`
// is what it writes, the second's `y` what it reads one element ahead. The
// profile saw them as different allocations, so the names do not make the
// kernels dependent: they fuse across the functions, and the guard checks
// at run time that the Views are apart (where a caller passes one View to
// both, the launches run as written).
//   main [N] [same]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-FALLBACK-RUN: 1000 same
// KFUSE-PROFILE-RUN: 1000

using Field = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_part_scale_4d43fde3
// 'scale' (test/golden/multi/same_names/main.cpp:21) as a functor: deferred, it runs fused
// with 'difference' (test/golden/multi/same_names/main.cpp:27) when 'main' calls their functions in turn.
template <class T_y, class T_x> struct kfuse_part_scale_4d43fde3 {
  T_y y;
  T_x x;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) = 2.0 * x(i) + 1.0; }
};
// kfuse-functor-end
// y = 2 x, over the first n - 1 elements.
static void scale(Field y, Field x, int n) {
  // kfuse-begin deferred("scale") until "difference" profile=test/golden/multi/same_names/profile.json
  if (::kfuse::deferring("kfuse_chain_4d43fde3_cd7a2965")) {
    // Runs later: fused with 'difference' (test/golden/multi/same_names/main.cpp:27), or on its own.
    const auto kfuse_policy = n - 1;
    ::kfuse::defer("kfuse_chain_4d43fde3_cd7a2965", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_scale_4d43fde3>(y, x),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("scale", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_4d43fde3_cd7a2965"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "scale", n - 1, KOKKOS_LAMBDA(const int i) { y(i) = 2.0 * x(i) + 1.0; });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_4d43fde3_cd7a2965
// 'scale' (test/golden/multi/same_names/main.cpp:21) then 'difference'
// (test/golden/multi/same_names/main.cpp:27), fused across functions: one body over raw pointers,
// the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_d, class T_y, class T_kfuse_chunks>
struct kfuse_fused_4d43fde3_cd7a2965 {
  T_kfuse_first kfuse_first;
  T_d d;
  T_y y;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT d_,
                                          const double *KOKKOS_RESTRICT y_,
                                          double *KOKKOS_RESTRICT y_first_,
                                          const double *KOKKOS_RESTRICT x_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        y_first_[i] = 2.0 * x_[i] + 1.0;
      }
      {
        const int i = kfuse_i0;
        d_[i] = y_[i + 1] - y_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), d.data(), y.data(),
         kfuse_first.y.data(), kfuse_first.x.data());
  }
};
// kfuse-functor-end
// The forward difference of y.
static void difference(Field d, Field y, int n) {
  // kfuse-begin fused-across("scale", "difference") profile=test/golden/multi/same_names/profile.json
  {
    // 'scale' (test/golden/multi/same_names/main.cpp:21) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = n - 1;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_scale_4d43fde3<Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_4d43fde3_cd7a2965", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("scale+difference", "y,x,d,y", [&] { return ::kfuse::shadow_items(kfuse_first->y, kfuse_first->x, d, y); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("scale+difference", ::kfuse::no_overlap({::kfuse::bytes_of(d, true), ::kfuse::bytes_of(y, false), ::kfuse::bytes_of(kfuse_first->y, true), ::kfuse::bytes_of(kfuse_first->x, false)})))) {
        Kokkos::parallel_for("scale+difference", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_4d43fde3_cd7a2965>(*kfuse_first, d, y, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_4d43fde3_cd7a2965");
      } else {
        kfuse_shadow.flush("kfuse_chain_4d43fde3_cd7a2965");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "difference", n - 1, KOKKOS_LAMBDA(const int i) { d(i) = y(i + 1) - y(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool same = argc > 2;
    Field a("a", n), b("b", n), c("c", n), e("e", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          a(i) = (i * 7) % 11 - 5.0;
          c(i) = (i * 3) % 13 * 0.5;
        });
    Field second = same ? b : c;
    double total = 0.0;
    for (int step = 0; step < 6; ++step) {
      ::kfuse::Window kfuse_window_4d43fde3_cd7a2965("kfuse_chain_4d43fde3_cd7a2965"); // kfuse-line 139b9a02
      kfuse_window_4d43fde3_cd7a2965.arm(); // kfuse-line dcf8aa0e
      scale(b, a, n);
      kfuse_window_4d43fde3_cd7a2965.disarm(); // kfuse-line 5c26b712
      difference(e, second, n);
      kfuse_window_4d43fde3_cd7a2965.close(); // kfuse-line a21ec44b
      double s = 0.0;
      Kokkos::parallel_reduce(
          "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += b(i) + 3.0 * e(i); }, s);
      total += s;
      Kokkos::deep_copy(c, b);
    }
    std::printf("total=%.17g\n", total);
  }
  Kokkos::finalize();
}
