// Face kernels scattering into cells through Kokkos atomics, in the forms
// finite-volume codes write them: the element's address kept in a pointer
// variable (`double *p = &g(c); Kokkos::atomic_add(p, x);`), atomic_fetch_add
// and atomic_increment through such a pointer, a compare-exchange loop on
// `&v(c, 0, k)`, a pointer made as `data() + c`. Each updates the element the
// pointer holds: a kernel that zeroes or reads those cells at its own index
// stays apart. Two faces share a cell, and the ranges are larger than a host
// chunk, so a fused pair would give another result. Two atomic scatters of
// one operation (adds) commute (kfuse still keeps them apart, a scatter being
// not worth fusing); an add and a max on one element do not.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1001;
    const int K = 3;
    Kokkos::View<double *> g("g", N), r("r", N), vol("vol", N), big("big", N), h("h", N);
    Kokkos::View<long *> cnt("cnt", N);
    Kokkos::View<double ***> v("v", N, 2, K);
    Kokkos::View<int *> left("left", N);
    auto LeftHost = Kokkos::create_mirror_view(left);
    for (int f = 0; f < N; ++f)
      LeftHost(f) = f / 2; // two faces a cell
    Kokkos::deep_copy(left, LeftHost);
    double Check = 0;
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for(
          "zero", N, KOKKOS_LAMBDA(const int i) { g(i) = 0.0; });
      Kokkos::parallel_for(
          "scatter", N, KOKKOS_LAMBDA(const int f) {
            const int c = left(f);
            double *p = &g(c);
            Kokkos::atomic_add(p, 1.0); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
      Kokkos::parallel_for(
          "gather", N, KOKKOS_LAMBDA(const int i) { r(i) = 2.0 * g(i); });
      Kokkos::parallel_for(
          "fetch", N, KOKKOS_LAMBDA(const int f) {
            double *q = &r(left(f));
            Kokkos::atomic_fetch_add(q, 3.0); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
      Kokkos::parallel_for(
          "count", N, KOKKOS_LAMBDA(const int f) {
            long *pc = &cnt(left(f));
            if (r(f) >= 0)
              Kokkos::atomic_increment(pc); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
      Kokkos::parallel_for(
          "maxloop", N, KOKKOS_LAMBDA(const int f) {
            const int c = left(f);
            for (int k = 0; k < K; ++k) {
              v(f, 1, k) = f + k + cnt(f); // EXPECT-REMARK: kfuse-unsafe-dependence
              double *p = &v(c, 0, k);
              double old, nw;
              do {
                old = *p;
                nw = old > f + k ? old : f + k;
              } while (Kokkos::atomic_compare_exchange(p, old, nw) != old);
            }
          });
      Kokkos::parallel_for(
          "shift", N, KOKKOS_LAMBDA(const int i) {
            v(i, 0, 0) += 1.0;
            h(i) = 1.0;
          });
      Kokkos::parallel_for(
          "data", N, KOKKOS_LAMBDA(const int f) {
            Kokkos::atomic_add(h.data() + left(f), 2.0); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
      // Two scatters of adds into one View commute, legal to fuse; kfuse
      // keeps scatters apart as not worth it (measured), and says so.
      Kokkos::parallel_for(
          "add_a", N, KOKKOS_LAMBDA(const int f) { Kokkos::atomic_fetch_add(&vol(left(f)), h(f)); }); // EXPECT-REMARK: kfuse-not-profitable "scatter"
      Kokkos::parallel_for(
          "add_b", N, KOKKOS_LAMBDA(const int f) {
            double *p = &vol(left(f));
            Kokkos::atomic_add(p, 2.0); // EXPECT-REMARK: kfuse-unsafe-dependence
          });
      // An add and a max on one element do not.
      Kokkos::parallel_for(
          "add_c", N, KOKKOS_LAMBDA(const int f) { Kokkos::atomic_fetch_add(&big(left(f)), vol(f)); });
      Kokkos::parallel_for(
          "max_c", N, KOKKOS_LAMBDA(const int f) { Kokkos::atomic_fetch_max(&big(left(f)), 1.5 * (f % 5)); }); // EXPECT-REMARK: kfuse-unsafe-dependence "do not commute"
      double S = 0;
      Kokkos::parallel_reduce(
          "sum", N,
          KOKKOS_LAMBDA(const int i, double &A) {
            A += g(i) + r(i) + cnt(i) + v(i, 0, 1) + h(i) + vol(i) + big(i);
          },
          S);
      Check += S;
    }
    std::printf("checksum=%.17g\n", Check);
  }
  Kokkos::finalize();
}
