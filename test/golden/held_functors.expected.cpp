#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Functor objects held by the object launching them (`parallel_for(n,
// scale)` in a method, `scale` a data member): their Views are named by
// their paths (`scale.a`, `shift.a`), which the profile saw as one View and
// the guard checks are. Code between that changes a held object (assigning
// its member, or calling a method that does) blocks the move; elsewhere the
// launches fuse.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>
using Vec = Kokkos::View<double *>;
struct Scale {
  Vec a;
  double s;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { a(i) *= s; }
};
struct Shift {
  Vec a, b;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = a(i) + 1.0; }
};
// kfuse-functor-begin kfuse_fused_scale_shift2
// 'scale', 'shift2' (test/golden/held_functors.cpp:26), fused: the functors called in turn over
// each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_scale_shift2 {
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
class Pipeline {
public:
  Pipeline(Vec a, Vec b, Vec c) : scale{a, 0.5}, shift{c, b}, n(a.extent(0)) {}
  void run(int t) {
    Kokkos::parallel_for("shift", n, shift);
    scale.s = 1.0 + 0.25 * t;
    // kfuse-begin fused("scale", "shift2") profile=test/golden/held_functors.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("scale+shift2", "scale.a,shift.b,shift.a", [&] { return ::kfuse::shadow_items(scale.a, shift.b, shift.a); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("scale+shift2", ::kfuse::no_overlap({::kfuse::bytes_of(scale.a, true), ::kfuse::bytes_of(shift.b, true), ::kfuse::bytes_of(shift.a, false)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
        Kokkos::parallel_for("scale+shift2", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_shift2>(scale, this->shift, ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for("scale", n, scale); // EXPECT-REMARK: kfuse-fused
    Kokkos::parallel_for("shift2", n, this->shift);
// kfuse-original-end
      }
    }
    // kfuse-end // named through `this` too
    set(t);
    Kokkos::parallel_for("scale2", n, scale); // EXPECT-REMARK: kfuse-code-between
  }
  void set(int t) { scale.s = 0.5 + t; }

private:
  Scale scale;
  Shift shift;
  int n;
};
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec a("a", n), b("b", n), c("c", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          a(i) = 0.001 * (i % 101);
          c(i) = 1.0;
        });
    Pipeline p(a, b, c);
    for (int t = 0; t < 4; ++t)
      p.run(t);
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += a(i) + b(i); }, s);
    std::printf("s=%.17g\n", s);
  }
  Kokkos::finalize();
}
