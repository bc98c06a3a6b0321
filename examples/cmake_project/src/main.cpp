// The relax example: a few relaxation steps over one field, then a checksum,
// so the plain, instrumented and fused builds can be compared.
//
// Usage: relax [N] [steps]

#include "relax.hpp"

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 20;
    Field U("u", N), Tmp("tmp", N), Flux("flux", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { U(i) = 1.0 + (i % 17) * 0.125; });
    for (int Step = 0; Step < Steps; ++Step)
      relaxStep(U, Tmp, Flux, 0.5, 0.1);

    double Checksum = 0.0;
    Kokkos::parallel_reduce(
        "checksum", N,
        KOKKOS_LAMBDA(const int i, double &Sum) { Sum += U(i) + 0.5 * Flux(i); },
        Checksum);
    std::printf("relax N=%d steps=%d checksum=%.15e\n", N, Steps, Checksum);
  }
  Kokkos::finalize();
  return 0;
}
