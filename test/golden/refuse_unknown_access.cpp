// Refusal: kernels that reach their data through a captured raw pointer
// other than by indexing it (`*(p + i)`): kfuse cannot bound what it
// reaches, so it cannot see that the second kernel reads element i+1 of
// what the first writes: fusing would read a value before it is computed.
// Accessor methods of a captured object (`d.a(i)`) are read as accesses of
// the member View they return, which the guard names by its public path
// (`d.m_a`): the pair writing `d.a(i)` and reading `d.a(i + 1)` is refused
// for that dependence.
#include <Kokkos_Core.hpp>
#include <cstdio>

class Domain {
public:
  explicit Domain(int N) : m_a("a", N + 1), m_b("b", N) {}
  KOKKOS_INLINE_FUNCTION double &a(int i) const { return m_a(i); }
  KOKKOS_INLINE_FUNCTION double &b(int i) const { return m_b(i); }
  Kokkos::View<double *> m_a, m_b;
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Domain d(N);
    Kokkos::View<double *> pv("p", N + 1), q("q", N);
    double *p = pv.data();
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "set_a", N, KOKKOS_LAMBDA(const int i) { d.a(i) = 2.0 * i + It; });
      Kokkos::parallel_for(
          "use_a", N, KOKKOS_LAMBDA(const int i) { d.b(i) = d.a(i) + d.a(i + 1); }); // EXPECT-REMARK: kfuse-unsafe-dependence
      Kokkos::parallel_for(
          "set_p", N, KOKKOS_LAMBDA(const int i) { *(p + i) = 0.5 * i - It; }); // EXPECT-REMARK: kfuse-unknown-access
      Kokkos::parallel_for(
          "use_p", N, KOKKOS_LAMBDA(const int i) { q(i) = p[i] * p[i + 1]; });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += d.b(i) + q(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
