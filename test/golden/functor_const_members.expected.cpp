#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Functors whose read-only members are Views of const elements, built from
// Views of the same elements (`View<const double *>` from `View<double *>`,
// as codes mark what a kernel only reads): each member is the View it was
// built from, so the pair fuses as the same functors with non-const members
// do, and the guard checks the members still hold those Views.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double *>;
using ConstField = Kokkos::View<const double *>;

struct Scale {
  ConstField in;
  Field out;
  double factor;
  Scale(Field In, Field Out, double Factor) : in(In), out(Out), factor(Factor) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { out(i) = factor * in(i); }
};

struct Accumulate {
  ConstField vol;
  Field sum;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { sum(i) += vol(i); }
};

// kfuse-functor-begin kfuse_fused_scale_accumulate
// 'scale', 'accumulate' (test/golden/functor_const_members.cpp:36), fused: the functors called in
// turn over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_scale_accumulate {
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
    const int N = argc > 1 ? std::atoi(argv[1]) : 1001;
    Field a("a", N), b("b", N), c("c", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { a(i) = 0.5 * (i % 17); });
    Kokkos::fence();
    for (int It = 0; It < 3; ++It) {
      Scale s(a, b, 2.0 + It);
      // kfuse-begin fused("scale", "accumulate") profile=test/golden/functor_const_members.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("scale+accumulate", "b,a,c,s.in,s.out", [&] { return ::kfuse::shadow_items(b, a, c, s.in, s.out); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("scale+accumulate", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, false), ::kfuse::bytes_of(c, true)}) && ::kfuse::same_view(s.out, b) && ::kfuse::same_view(s.in, a)))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("scale+accumulate", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_accumulate>(s, Accumulate{b, c}, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for("scale", N, s); // EXPECT-REMARK: kfuse-fused
      Kokkos::parallel_for("accumulate", N, Accumulate{b, c});
// kfuse-original-end
        }
      }
      // kfuse-end
    }
    double S = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &A) { A += b(i) + c(i); }, S);
    std::printf("checksum=%.17g\n", S);
  }
  Kokkos::finalize();
}
