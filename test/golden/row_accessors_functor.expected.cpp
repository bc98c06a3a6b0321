#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Rows in a functor written as a class template: a force over a neighbour
// list held as a member, its tagged operator a member template (as written,
// 'L.row(i)' is dependent: kfuse reads it in the class's instances), and a
// kick, the untagged operator, launched after it by the same member
// function. They fuse by composition; the guard names the list's Views
// through the object ('this->L.Entries').
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 2000 3
// KFUSE-RUN: 17 2
// KFUSE-PROFILE-RUN: 2000 3
struct Row {
  const int *Ptr; int Count;
  KOKKOS_INLINE_FUNCTION int operator()(int K) const { return Ptr[K]; }
  KOKKOS_INLINE_FUNCTION int size() const { return Count; }
};
struct List {
  using RowT = Row;
  Kokkos::View<int *> Offsets, Entries;
  KOKKOS_INLINE_FUNCTION Row row(const int I) const { return Row{&Entries(Offsets(I)), Offsets(I + 1) - Offsets(I)}; }
};
template <bool B> struct Tag {};
// kfuse-functor-begin kfuse_fused_force_kick
// 'force', 'kick' (test/golden/row_accessors_functor.cpp:38), fused: the object's operators called
// in turn over each chunk of indices.
template <class T_self, class T_kfuse_tag1, class T_kfuse_chunks> struct kfuse_fused_force_kick {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag1, kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_i0);
  }
};
// kfuse-functor-end
template <class ListT> struct Force {
  ListT L;
  Kokkos::View<double *> x, v, f;
  double Dt;
  template <bool B> KOKKOS_INLINE_FUNCTION void operator()(Tag<B>, const int i) const {
    const typename ListT::RowT R = L.row(i);
    double s = 0;
    for (int k = 0; k < R.size(); ++k)
      s += B ? x(R(k)) - x(i) : 0.5 * x(R(k));
    f(i) = s;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { v(i) += Dt * f(i); }
  void step(int n) {
    // kfuse-begin fused("force", "kick") profile=test/golden/row_accessors_functor.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("force+kick", "L.Offsets,L.Entries,x,f,v", [&] { return ::kfuse::shadow_items(this->L.Offsets, this->L.Entries, this->x, this->f, this->v); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("force+kick", ::kfuse::no_overlap({::kfuse::bytes_of(this->L.Offsets, false), ::kfuse::bytes_of(this->L.Entries, false), ::kfuse::bytes_of(this->x, false), ::kfuse::bytes_of(this->f, true), ::kfuse::bytes_of(this->v, true)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
        Kokkos::parallel_for("force+kick", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_force_kick>(*this, Tag<true>(), ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for("force", Kokkos::RangePolicy<Tag<true>>(0, n), *this); // EXPECT-REMARK: kfuse-fused
    Kokkos::parallel_for("kick", Kokkos::RangePolicy<>(0, n), *this);
// kfuse-original-end
      }
    }
    // kfuse-end
  }
};
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 20000, Steps = argc > 2 ? std::atoi(argv[2]) : 10, K = 8;
    Force<List> F;
    F.x = Kokkos::View<double *>("x", N); F.v = Kokkos::View<double *>("v", N); F.f = Kokkos::View<double *>("f", N);
    F.Dt = 0.001;
    F.L.Offsets = Kokkos::View<int *>("offsets", N + 1);
    F.L.Entries = Kokkos::View<int *>("entries", N * K);
    auto L = F.L; auto x = F.x;
    Kokkos::parallel_for("build", N + 1, KOKKOS_LAMBDA(const int i) {
      L.Offsets(i) = i * K;
      if (i < N) { x(i) = 0.01 * (i % 97); for (int k = 0; k < K; ++k) L.Entries(i * K + k) = (i + 1 + 7 * k) % N; }
    });
    for (int s = 0; s < Steps; ++s)
      F.step(N);
    double Sum = 0;
    auto v = F.v;
    Kokkos::parallel_reduce("sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += v(i); }, Sum);
    std::printf("checksum %.17g\n", Sum);
  }
  Kokkos::finalize();
}
