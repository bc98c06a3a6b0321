// Refusal: an application's own launch wrapper, called twice in a row with
// two different lambdas. The launch in the wrapper is one site, and its two
// instantiations touch different Views ('use' reads what 'set' writes, one
// element on): one model cannot stand for both, so kfuse says it does not
// know what each launch touches, not that nothing conflicts.
#include <Kokkos_Core.hpp>
#include <cstdio>

template <class F> void for_each_cell(const char *name, int n, const F &f) {
  Kokkos::parallel_for(name, n, f); // EXPECT-REMARK: kfuse-not-fusable "does not know what each of its launches touches"
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> a("a", N + 1), b("b", N);
    for (int It = 0; It < 3; ++It) {
      for_each_cell("set", N, KOKKOS_LAMBDA(const int i) { a(i) = i + It; });
      for_each_cell("use", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i + 1); });
    }
    double S = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &A) { A += b(i); }, S);
    std::printf("checksum=%.17g\n", S);
  }
  Kokkos::finalize();
}
