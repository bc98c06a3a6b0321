// Host code between launches that only loads elements of a View the
// kernels only read (a diagnostic sample of the input) does not keep them
// apart: 'scale' and 'shift' fuse across it, the host's loads of 'a' moved
// before the fused launch. A load of 'b', which 'scale' writes, must see
// the kernel's result: 'smooth' stays after it.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vector = Kokkos::View<double *>;

double step(Vector a, Vector b, Vector c, double k) {
  const int n = a.extent_int(0);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "scale", n, KOKKOS_LAMBDA(const int i) { b(i) = k * a(i); });
  const double first = a(0) + a(n - 1);
  Kokkos::parallel_for(
      "shift", n, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + first * a(i); });
  const double probe = b(n / 2);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "smooth", n, KOKKOS_LAMBDA(const int i) { b(i) = 0.5 * (c(i) + probe); });
  return probe;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vector a("a", n), b("b", n), c("c", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) { a(i) = (i * 7) % 11 - 5.0; });
    double seen = 0.0;
    for (int s = 0; s < 4; ++s)
      seen += step(a, b, c, 1.0 + 0.5 * s);
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += b(i) + 2.0 * c(i); }, sum);
    std::printf("sum=%.17g seen=%.17g\n", sum, seen);
  }
  Kokkos::finalize();
}
