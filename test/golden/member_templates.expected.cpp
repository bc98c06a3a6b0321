#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A class template that launches itself with tags whose operators are
// member templates, as molecular-dynamics codes write their force kernels
// (`template <bool STACKPARAMS> operator()(TagHalfNeigh<STACKPARAMS>, ...)`
// in ForceLJNeigh<NeighborClass>): kfuse reads the member template's body as
// written in the class template. 'scale' and 'shift' fuse by composition;
// 'blur' reads b(i + 1), which 'shift' writes: it stays apart.
#include <Kokkos_Core.hpp>
#include <cstdio>

template <bool Half> struct TagScale {};
template <int Offset> struct TagShift {};
struct TagBlur {};

// kfuse-functor-begin kfuse_fused_scale_shift
// 'scale', 'shift' (test/golden/member_templates.cpp:32), fused: the object's operators called in
// turn over each chunk of indices.
template <class T_self, class T_kfuse_tag1, class T_kfuse_tag2, class T_kfuse_chunks>
struct kfuse_fused_scale_shift {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_tag2 kfuse_tag2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag1, kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag2, kfuse_i0);
  }
};
// kfuse-functor-end
template <class T> struct Field {
  Kokkos::View<T *> a, b, c;
  T s;
  int n;

  template <bool Half>
  KOKKOS_INLINE_FUNCTION void operator()(TagScale<Half>, const int &i) const {
    a(i) = Half ? T(0.5) * b(i) : s * b(i);
  }
  template <int Offset>
  KOKKOS_INLINE_FUNCTION void operator()(TagShift<Offset>, const int &i) const {
    b(i) += a(i) + T(Offset);
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagBlur, const int &i) const {
    c(i) = b(i) + b(i + 1); // EXPECT-REMARK: kfuse-unsafe-dependence
  }

  void step() {
    // kfuse-begin fused("scale", "shift") profile=test/golden/member_templates.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("scale+shift", "a,b", [&] { return ::kfuse::shadow_items(this->a, this->b); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("scale+shift", ::kfuse::no_overlap({::kfuse::bytes_of(this->a, true), ::kfuse::bytes_of(this->b, true)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
        Kokkos::parallel_for("scale+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_shift>(*this, TagScale<true>(), TagShift<3>(), ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for("scale", Kokkos::RangePolicy<TagScale<true>>(0, n), *this);
    Kokkos::parallel_for("shift", Kokkos::RangePolicy<TagShift<3>>(0, n), *this);
// kfuse-original-end
      }
    }
    // kfuse-end
    Kokkos::parallel_for("blur", Kokkos::RangePolicy<TagBlur>(0, n), *this);
  }
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 700;
    Field<double> F;
    F.n = N;
    F.s = 0.75;
    F.a = Kokkos::View<double *>("a", N + 1);
    F.b = Kokkos::View<double *>("b", N + 1);
    F.c = Kokkos::View<double *>("c", N + 1);
    auto b = F.b;
    Kokkos::parallel_for(
        "init", N + 1, KOKKOS_LAMBDA(const int i) { b(i) = i % 11; });
    for (int It = 0; It < 5; ++It)
      F.step();
    double Sum = 0;
    auto a = F.a, c = F.c;
    Kokkos::parallel_reduce(
        "check", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += (a(i) + 2 * b(i) + 3 * c(i)) * (1 + i % 5); },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
