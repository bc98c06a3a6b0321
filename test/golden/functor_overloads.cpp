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
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "ahead", n,
          KOKKOS_LAMBDA(const int i) { d(i) = c(i + 1) + s; }); // EXPECT-REMARK: kfuse-unsafe-dependence
      Kokkos::parallel_for("scale", Kokkos::RangePolicy<Step::TagStep>(0, n), step);
      Kokkos::parallel_for(
          "behind", n, KOKKOS_LAMBDA(const int i) { a(i) = a(i) + 0.5 * b(i) - d(i) * 1e-3; });
      Kokkos::parallel_reduce("sum_plain", n, plain, u);
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "ahead_plain", n,
          KOKKOS_LAMBDA(const int i) { d(i) = d(i) + c(i + 1); }); // EXPECT-REMARK: kfuse-unsafe-dependence
      Kokkos::parallel_for("shift", n, plain);
      total += s + u;
    }
    double dsum = 0.0;
    Kokkos::parallel_reduce(
        "dsum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += d(i) + b(i); }, dsum);
    std::printf("total=%.17g dsum=%.17g\n", total, dsum);
  }
  Kokkos::finalize();
}
