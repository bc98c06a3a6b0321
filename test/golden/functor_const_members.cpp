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

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1001;
    Field a("a", N), b("b", N), c("c", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) { a(i) = 0.5 * (i % 17); });
    Kokkos::fence();
    for (int It = 0; It < 3; ++It) {
      Scale s(a, b, 2.0 + It);
      Kokkos::parallel_for("scale", N, s); // EXPECT-REMARK: kfuse-fused
      Kokkos::parallel_for("accumulate", N, Accumulate{b, c});
    }
    double S = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &A) { A += b(i) + c(i); }, S);
    std::printf("checksum=%.17g\n", S);
  }
  Kokkos::finalize();
}
