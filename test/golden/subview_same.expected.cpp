#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Two names for one allocation: a subview made in the function that covers
// the same elements as the View it was cut from. The profile records that
// 'whole' and 'part' are one View, so they are merged (one restrict pointer)
// and the guard checks they still are: the fused kernel runs.
#include <Kokkos_Core.hpp>
#include <cstdio>

using Vector = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_scale_shift
// 'scale', 'shift' (test/golden/subview_same.cpp:12), fused.
template <class T_part, class T_out> struct kfuse_fused_scale_shift {
  T_part part;
  T_out out;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT part_,
                                          double *KOKKOS_RESTRICT out_) {
    {
      const int i = kfuse_i0;
      part_[i] = 2.0 * part_[i] + 1.0;
    }
    {
      const int i = kfuse_i0;
      out_[i] = part_[i] - 0.5 * out_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    body(kfuse_i0, part.data(), out.data());
  }
};
// kfuse-functor-end
void step(Vector whole, Vector out, int N) {
  Vector part = Kokkos::subview(whole, Kokkos::make_pair(0, N));
  // kfuse-begin fused("scale", "shift") profile=test/golden/subview_same.profile.json
  if (::kfuse::use_fused("scale+shift", ::kfuse::no_overlap({::kfuse::bytes_of(part, true), ::kfuse::bytes_of(out, true)}) && ::kfuse::same_view(part, whole))) {
    Kokkos::parallel_for("scale+shift", N, ::kfuse::make_fused<kfuse_fused_scale_shift>(part, out));
  } else {
// kfuse-original-begin
    Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { part(i) = 2.0 * part(i) + 1.0; });
  Kokkos::parallel_for(
      "shift", N, KOKKOS_LAMBDA(const int i) { out(i) = whole(i) - 0.5 * out(i); });
// kfuse-original-end
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 500;
    Vector whole("whole", N), out("out", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { whole(i) = 0.01 * i; out(i) = i % 3; });
    for (int It = 0; It < 3; ++It)
      step(whole, out, N);
    double Sum = 0, OutSum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += whole(i) * (1 + i % 7); }, Sum);
    Kokkos::parallel_reduce(
        "outsum", N, KOKKOS_LAMBDA(const int i, double &S) { S += out(i) * (1 + i % 5); }, OutSum);
    std::printf("checksum=%.17g out=%.17g\n", Sum, OutSum);
  }
  Kokkos::finalize();
}
