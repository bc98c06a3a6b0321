// Refusal: a parameter taken by value and changed before it indexes. The
// device function 'back' moves its index one down ('i = i - 1') before it
// writes 'v(i)': its parameter no longer stands for its argument, so 'w'
// writes a(i - 1), which 'r' reads one iteration later. Fused, 'r' read
// a(i) before 'w' of iteration i + 1 wrote it (a wrong result, found here
// with a program written for it). Likewise a kernel that changes its own
// index ('++j'), and one whose inner loop steps its variable in its body
// ('k++': its loop and the next kernel's, merged, wrote other elements) or
// the bound its header reads ('lim = 5'). All are unknown accesses that
// name the variable.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-PROFILE-RUN: 1000

KOKKOS_INLINE_FUNCTION void back(Kokkos::View<double *> v, int i, double x) {
  i = i - 1; // EXPECT-REMARK: kfuse-unknown-access
  v(i) = x;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int m = 8;
    Kokkos::View<double *> a("a", n + 1), b("b", n + 1), c("c", n + 2);
    Kokkos::View<double **> d("d", n, m), e("e", n, m);
    for (int t = 0; t < 3; ++t) {
      Kokkos::parallel_for(
          "w", Kokkos::RangePolicy<>(1, n),
          KOKKOS_LAMBDA(const int i) { back(a, i, 10.0 * i + t); });
      Kokkos::parallel_for(
          "r", Kokkos::RangePolicy<>(1, n), KOKKOS_LAMBDA(const int i) { b(i) += a(i); });
      Kokkos::fence();
      Kokkos::parallel_for(
          "up", Kokkos::RangePolicy<>(1, n), KOKKOS_LAMBDA(int j) {
            ++j; // EXPECT-REMARK: kfuse-unknown-access
            c(j) = 2.0 * j + t;
          });
      Kokkos::parallel_for(
          "down", Kokkos::RangePolicy<>(1, n), KOKKOS_LAMBDA(const int j) { b(j) += c(j + 1); });
      Kokkos::fence();
      Kokkos::parallel_for(
          "skip", n, KOKKOS_LAMBDA(const int i) {
            for (int k = 0; k < m; ++k) {
              d(i, k) = 1.0 * k + t;
              if (k % 3 == 1)
                k++; // EXPECT-REMARK: kfuse-unknown-access
            }
          });
      Kokkos::parallel_for(
          "rows", n, KOKKOS_LAMBDA(const int i) {
            for (int k = 0; k < m; ++k)
              e(i, k) += d(i, k) + 1.0;
          });
      Kokkos::fence();
      Kokkos::parallel_for(
          "short", n, KOKKOS_LAMBDA(const int i) {
            int lim = m;
            for (int k = 0; k < lim; ++k) {
              d(i, k) = 2.0 * k + t;
              if (k == 3)
                lim = 5; // EXPECT-REMARK: kfuse-unknown-access
            }
          });
      Kokkos::parallel_for(
          "again", n, KOKKOS_LAMBDA(const int i) {
            int lim = m;
            for (int k = 0; k < lim; ++k)
              e(i, k) += d(i, k) + 2.0;
          });
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &x) {
          x += b(i) * (i % 3 + 1);
          for (int k = 0; k < m; ++k)
            x += e(i, k) * (k + 1);
        },
        sum);
    std::printf("sum %.15g\n", sum);
  }
  Kokkos::finalize();
  return 0;
}
