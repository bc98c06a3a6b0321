// Argument fusion where the name the group keeps is not the one its first
// kernel uses: `clear` reads `out` first, `scale` neither; `commit` reads
// `in`, then writes `out`, and the two are one allocation in every profiled
// run (`advance(u, u, tmp)`): judged with `scale`, the group keeps `in`. The fused functor holds
// the View under the first kernel's name (`out`) and passes its data as the
// kept name's pointer (`in_`).
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Field = Kokkos::View<double *>;

void advance(Field in, Field out, Field tmp, double Alpha) {
  const int N = static_cast<int>(in.extent(0));
  Kokkos::parallel_for(
      "clear", N, KOKKOS_LAMBDA(const int i) { tmp(i) = 0.5 * out(i); });
  Kokkos::parallel_for(
      "scale", N, KOKKOS_LAMBDA(const int i) { tmp(i) = tmp(i) * Alpha + 1.0; });
  Kokkos::parallel_for(
      "commit", N, KOKKOS_LAMBDA(const int i) {
        const double Old = in(i) * Alpha;
        out(i) = tmp(i) + Old;
      });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool Apart = argc > 2 && std::atoi(argv[2]) != 0;
    Field u("u", N), v("v", N), tmp("tmp", N);
    Kokkos::parallel_for("init", N, KOKKOS_LAMBDA(const int i) {
      u(i) = 1.0 + i % 17;
      v(i) = 2.0 - i % 5;
    });
    for (int It = 0; It < 5; ++It)
      advance(u, Apart ? v : u, tmp, 0.9);
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += u(i) * (1 + i % 3) + v(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
// KFUSE-PROFILE-RUN: 1000
// KFUSE-RUN: 1000
// KFUSE-RUN: 517
// KFUSE-RUN-FALLBACK: 1000 1
