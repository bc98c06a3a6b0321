#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Stream-benchmark kernels kept separate, as a modular code has them: copy,
// mul, add, triad and a dot product over the same range, repeated.
//
// Usage: stream [N] [iterations]; prints the checksum of the final arrays.

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstdlib>

using Vector = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_copy_mul_add_triad_dot
// 'copy', 'mul', 'add', 'triad', 'dot' (examples/stream/stream.cpp:30), fused.
template <class T_c, class T_a, class T_b, class T_Scalar>
struct kfuse_fused_copy_mul_add_triad_dot {
  T_c c;
  T_a a;
  T_b b;
  T_Scalar Scalar;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT c_,
                                          double *KOKKOS_RESTRICT a_, double *KOKKOS_RESTRICT b_,
                                          const T_Scalar Scalar, double &Sum) {
    {
      const int i = kfuse_i0;
      c_[i] = a_[i];
    }
    {
      const int i = kfuse_i0;
      b_[i] = Scalar * c_[i];
    }
    {
      const int i = kfuse_i0;
      c_[i] = a_[i] + b_[i];
    }
    {
      const int i = kfuse_i0;
      a_[i] = b_[i] + Scalar * c_[i];
    }
    {
      const int i = kfuse_i0;
      Sum += a_[i] * b_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, double &Sum) const {
    body(kfuse_i0, c.data(), a.data(), b.data(), Scalar, Sum);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
    const int Iterations = argc > 2 ? std::atoi(argv[2]) : 10;
    const double Scalar = 0.4;

    Vector a("a", N), b("b", N), c("c", N);
    Kokkos::parallel_for(
        "init", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) {
          a(i) = 0.1;
          b(i) = 0.2;
          c(i) = 0.0;
        });

    double Dot = 0.0;
    for (int It = 0; It < Iterations; ++It) {
      // kfuse-begin fused("copy", "mul", "add", "triad", "dot") profile=profiles/stream.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("copy+mul+add+triad+dot", "c,a,b,Dot", [&] { return ::kfuse::shadow_items(c, a, b, ::kfuse::result_of(Dot)); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("copy+mul+add+triad+dot", ::kfuse::no_overlap({::kfuse::bytes_of(c, true), ::kfuse::bytes_of(a, true), ::kfuse::bytes_of(b, true)})))) {
          Kokkos::parallel_reduce("copy+mul+add+triad+dot", N, ::kfuse::make_fused<kfuse_fused_copy_mul_add_triad_dot>(c, a, b, Scalar), Dot);
        } else {
// kfuse-original-begin
          Kokkos::parallel_for(
          "copy", N, KOKKOS_LAMBDA(const int i) { c(i) = a(i); });
      Kokkos::parallel_for(
          "mul", N, KOKKOS_LAMBDA(const int i) { b(i) = Scalar * c(i); });
      Kokkos::parallel_for(
          "add", N, KOKKOS_LAMBDA(const int i) { c(i) = a(i) + b(i); });
      Kokkos::parallel_for(
          "triad", N, KOKKOS_LAMBDA(const int i) { a(i) = b(i) + Scalar * c(i); });
      Kokkos::parallel_reduce(
          "dot", N,
          KOKKOS_LAMBDA(const int i, double &Sum) { Sum += a(i) * b(i); }, Dot);
// kfuse-original-end
        }
      }
      // kfuse-end
    }
    Kokkos::fence();

    double Checksum = 0.0;
    Kokkos::parallel_reduce(
        "checksum", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          S += a(i) + 2.0 * b(i) + 3.0 * c(i);
        },
        Checksum);
    std::printf("stream N=%d iterations=%d dot=%.15e checksum=%.15e\n", N,
                Iterations, Dot, Checksum);
  }
  Kokkos::finalize();
  return 0;
}
