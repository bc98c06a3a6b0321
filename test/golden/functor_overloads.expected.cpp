#include <kfuse/runtime/Guard.hpp> // kfuse-include
// One functor class serving a parallel_for and a parallel_reduce, with a
// work tag and without: Kokkos calls the operator() whose parameters fit the
// launch (an accumulator for a reduction), and so does kfuse's model of each
// launch, whichever overload is declared first. The objects are declared
// before the loop of their launches: each fused group's guard checks that
// they still hold the Views they were built from. Each parallel_for fuses
// with the kernel before it. The classes declare a value_type (Kokkos needs
// it to tell the overloads apart), the accumulator's number: they reduce as
// sums do. Each reduction writes 'c', which the kernel after it reads one
// element ahead: refused, naming the access (read with the parallel_for's
// operator, which writes only 'b', the pair would fuse and read stale 'c').
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vec = Kokkos::View<double *>;

struct Step {
  struct TagStep {};
  using value_type = double; // Kokkos cannot deduce it from overloads
  Vec a, b, c;
  KOKKOS_INLINE_FUNCTION void operator()(TagStep, const int i) const { b(i) = 2.0 * a(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagStep, const int i, double &s) const {
    s += a(i);
    c(i) = a(i) + 1.0;
  }
};

struct Plain {
  using value_type = double; // Kokkos cannot deduce it from overloads
  Vec a, b, c;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &s) const {
    s += b(i);
    c(i) = 3.0 * a(i);
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = a(i) - 1.0; }
};

// kfuse-functor-begin kfuse_fused_ahead_scale_behind
// 'ahead', 'scale', 'behind' (test/golden/functor_overloads.cpp:52), fused: the functors called in
// turn over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_tag2, class T_kfuse_part3,
          class T_kfuse_chunks>
struct kfuse_fused_ahead_scale_behind {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  T_kfuse_tag2 kfuse_tag2;
  T_kfuse_part3 kfuse_part3;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_tag2, kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part3(kfuse_i0);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_ahead_plain_shift
// 'ahead_plain', 'shift' (test/golden/functor_overloads.cpp:59), fused: the functors called in turn
// over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_ahead_plain_shift {
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
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec a("a", n + 1), b("b", n + 1), c("c", n + 1), d("d", n);
    Kokkos::parallel_for(
        "fill", n + 1, KOKKOS_LAMBDA(const int i) { a(i) = 0.25 * (i % 7); });
    Step step{a, b, c};
    Plain plain{a, b, c};
    double total = 0.0;
    for (int t = 0; t < 3; ++t) {
      double s = 0.0, u = 0.0;
      Kokkos::parallel_reduce("sum_step", Kokkos::RangePolicy<Step::TagStep>(0, n), step, s);
      // kfuse-begin fused("ahead", "scale", "behind") profile=test/golden/functor_overloads.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("ahead+scale+behind", "d,c,b,a,step.a,step.b,step.c", [&] { return ::kfuse::shadow_items(d, c, b, a, step.a, step.b, step.c); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("ahead+scale+behind", ::kfuse::no_overlap({::kfuse::bytes_of(d, true), ::kfuse::bytes_of(c, false), ::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, true)}) && ::kfuse::same_view(step.b, b) && ::kfuse::same_view(step.a, a)))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
          Kokkos::parallel_for("ahead+scale+behind", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_ahead_scale_behind>(KOKKOS_LAMBDA(const int i) { d(i) = c(i + 1) + s; }, step, Step::TagStep(), KOKKOS_LAMBDA(const int i) { a(i) = a(i) + 0.5 * b(i) - d(i) * 1e-3; }, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "ahead", n,
          KOKKOS_LAMBDA(const int i) { d(i) = c(i + 1) + s; }); // EXPECT-REMARK: kfuse-unsafe-dependence
      Kokkos::parallel_for("scale", Kokkos::RangePolicy<Step::TagStep>(0, n), step);
      Kokkos::parallel_for(
          "behind", n, KOKKOS_LAMBDA(const int i) { a(i) = a(i) + 0.5 * b(i) - d(i) * 1e-3; });
// kfuse-original-end
        }
      }
      // kfuse-end
      Kokkos::parallel_reduce("sum_plain", n, plain, u);
      // kfuse-begin fused("ahead_plain", "shift") profile=test/golden/functor_overloads.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("ahead_plain+shift", "d,c,b,a,plain.a,plain.b,plain.c", [&] { return ::kfuse::shadow_items(d, c, b, a, plain.a, plain.b, plain.c); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("ahead_plain+shift", ::kfuse::no_overlap({::kfuse::bytes_of(d, true), ::kfuse::bytes_of(c, false), ::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, false)}) && ::kfuse::same_view(plain.b, b) && ::kfuse::same_view(plain.a, a)))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
          Kokkos::parallel_for("ahead_plain+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_ahead_plain_shift>(KOKKOS_LAMBDA(const int i) { d(i) = d(i) + c(i + 1); }, plain, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "ahead_plain", n,
          KOKKOS_LAMBDA(const int i) { d(i) = d(i) + c(i + 1); }); // EXPECT-REMARK: kfuse-unsafe-dependence
      Kokkos::parallel_for("shift", n, plain);
// kfuse-original-end
        }
      }
      // kfuse-end
      total += s + u;
    }
    double dsum = 0.0;
    Kokkos::parallel_reduce(
        "dsum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += d(i) + b(i); }, dsum);
    std::printf("total=%.17g dsum=%.17g\n", total, dsum);
  }
  Kokkos::finalize();
}
