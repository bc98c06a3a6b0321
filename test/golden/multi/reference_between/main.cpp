// The driver: steps whose reference argument is a local, or (ALIASED) an
// element of the View the first kernel writes; then steps that count.
//   main [N] [ALIASED]
#include "kernels.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 16 0
// KFUSE-RUN: 16 1
// KFUSE-PROFILE-RUN: 16 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 16;
    const bool aliased = argc > 2 && std::atoi(argv[2]) != 0;
    Kokkos::View<double *, Kokkos::HostSpace> v("v", n), w("w", n);
    double local = 0.0, sum = 0.0;
    for (int s = 1; s <= 4; ++s) {
      step(v, w, aliased ? v(3) : local, 1.0 * s);
      for (int i = 0; i < n; ++i)
        sum += w(i);
    }
    Kokkos::View<double *, Kokkos::HostSpace> u("u", n), z("z", n);
    int count = 0;
    for (int s = 1; s <= 4; ++s) {
      tally(u, z, count, 0.5 * s);
      sum += z(n - 1);
    }
    for (int s = 1; s <= 4; ++s) {
      noted(v, w, aliased ? v(3) : local, 2.0 * s);
      sum += w(3) + noted_locally(v, w, 3.0 * s) + w(3);
    }
    State st;
    st.v = Kokkos::View<double *>("st.v", n);
    st.w = Kokkos::View<double *>("st.w", n);
    for (int s = 1; s <= 4; ++s) {
      stamped(st, 0.25 * s);
      sum += st.when + st.w(n / 2);
    }
    std::printf("sum=%.17g local=%.17g v3=%.17g count=%d\n", sum, local, v(3), count);
  }
  Kokkos::finalize();
}
