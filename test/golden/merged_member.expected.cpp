#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A View reached through a member of a captured struct ('fs.y') that the
// profile saw as the same View as a parameter ('x'): merged into one restrict
// pointer, so the guard must check that they are still one View at run time.
// Run with 'fs.y' one element off ("shifted") or elsewhere ("apart"), the fused
// program takes the original launches. (Found by test/fuzz, seed 172: the
// guard checked only 'x', and the fused sum read what the first kernel wrote.)
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

using Vector = Kokkos::View<double *>;

struct Fields {
  Vector y;
};

// kfuse-functor-begin kfuse_fused_reset_sum
// 'reset', 'sum' (test/golden/merged_member.cpp:19), fused.
template <class T_x> struct kfuse_fused_reset_sum {
  T_x x;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT x_,
                                          double &S) {
    {
      const int i = kfuse_i0;
      x_[i] = 0.5 * i;
    }
    {
      const int i = kfuse_i0;
      S += x_[i] * (1 + i % 3);
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, double &S) const {
    body(kfuse_i0, x.data(), S);
  }
};
// kfuse-functor-end
double reset_and_sum(Vector x, Fields fs, int N) {
  double Sum = 0;
  // kfuse-begin fused("reset", "sum") profile=test/golden/merged_member.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("reset+sum", "x,fs.y,Sum", [&] { return ::kfuse::shadow_items(x, fs.y, ::kfuse::result_of(Sum)); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("reset+sum", ::kfuse::no_overlap({::kfuse::bytes_of(x, true)}) && ::kfuse::same_view(x, fs.y)))) {
      Kokkos::parallel_reduce("reset+sum", N, ::kfuse::make_fused<kfuse_fused_reset_sum>(x), Sum);
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("reset", N, KOKKOS_LAMBDA(const int i) { x(i) = 0.5 * i; });
  Kokkos::parallel_reduce(
      "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += fs.y(i) * (1 + i % 3); }, Sum);
// kfuse-original-end
    }
  }
  // kfuse-end
  return Sum;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const char *Mode = argc > 1 ? argv[1] : "same";
    const int N = 400;
    Vector store("store", 2 * N + 2), other("other", N + 1);
    Kokkos::parallel_for(
        "init", 2 * N + 2, KOKKOS_LAMBDA(const int i) { store(i) = i % 11; other(i % (N + 1)) = 3; });
    Vector x = Kokkos::subview(store, Kokkos::make_pair(0, N + 1));
    Fields fs{x};
    if (std::strcmp(Mode, "shifted") == 0)
      fs.y = Kokkos::subview(store, Kokkos::make_pair(1, N + 2));
    else if (std::strcmp(Mode, "apart") == 0)
      fs.y = other;
    double Total = 0;
    for (int It = 0; It < 3; ++It)
      Total += reset_and_sum(x, fs, N);
    double Check = 0;
    Kokkos::parallel_reduce(
        "check", 2 * N + 2, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Check);
    std::printf("%s total=%.17g checksum=%.17g\n", Mode, Total, Check);
  }
  Kokkos::finalize();
}
// KFUSE-RUN: same
// KFUSE-RUN-FALLBACK: shifted
// KFUSE-RUN-FALLBACK: apart
