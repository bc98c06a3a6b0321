// A class keeps a View private behind an accessor, built from a View the
// caller also passes by its own name: the profile saw 'dom.m_a' and 'a' as
// one View, and the two kernels fuse with the two names as one, the guard
// checking through a pointer to the private member that they still are.
// Run with the object built from another View (the argument 1), the guard
// finds them apart and the original launches run.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 0
// KFUSE-RUN-FALLBACK: 1
// KFUSE-PROFILE-RUN: 0

class Dom {
public:
  Dom() = default;
  explicit Dom(Kokkos::View<double *> a) : m_a(a) {}
  KOKKOS_INLINE_FUNCTION double &a(const int i) const { return m_a(i); }

private:
  Kokkos::View<double *> m_a;
};

void chain(Kokkos::View<double *> a, Kokkos::View<double *> b, Dom dom, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "w", n, KOKKOS_LAMBDA(const int i) { a(i) = 2.0 * b(i) + 1; });
  Kokkos::parallel_for(
      "r", n, KOKKOS_LAMBDA(const int i) { b(i) = dom.a(i) * 0.5; });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool other = argc > 1 && std::atoi(argv[1]) == 1;
    const int n = 1000;
    Kokkos::View<double *> a("a", n), b("b", n), c("c", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          b(i) = i % 7;
          c(i) = i % 3;
        });
    Dom dom(other ? c : a);
    for (int s = 0; s < 5; ++s)
      chain(a, b, dom, n);
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &x) { x += a(i) + b(i) + c(i); }, sum);
    std::printf("checksum %.17g\n", sum);
  }
  Kokkos::finalize();
}
