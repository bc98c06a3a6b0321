// fdtd_2d.cpp fused by hand: update_ey and update_ex become one kernel that
// loads hz(i, j) once; update_hz stays apart (see fdtd_2d.cpp). Bitwise equal
// results.
//
// Usage: fdtd_2d_handfused [N (NX = N, NY = N + N / 4)] [time steps]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int NX = example::argOr(argc, argv, 1, 256);
    const int NY = NX + NX / 4;
    const int Steps = example::argOr(argc, argv, 2, 20);

    Kokkos::View<double **> ex("ex", NX, NY), ey("ey", NX, NY), hz("hz", NX, NY);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {NX, NY}),
        KOKKOS_LAMBDA(const int i, const int j) {
          ex(i, j) = double(i) * (j + 1) / NX;
          ey(i, j) = double(i) * (j + 2) / NY;
          hz(i, j) = double(i) * (j + 3) / NX;
        });
    Kokkos::fence();

    example::Timer Timer;
    for (int Step = 0; Step < Steps; ++Step) {
      const double Source = Step;
      Kokkos::parallel_for(
          "update_ey_ex", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {NX, NY}),
          KOKKOS_LAMBDA(const int i, const int j) {
            const double Hz = hz(i, j);
            if (i == 0)
              ey(i, j) = Source;
            else
              ey(i, j) -= 0.5 * (Hz - hz(i - 1, j));
            if (j > 0)
              ex(i, j) -= 0.5 * (Hz - hz(i, j - 1));
          });
      Kokkos::parallel_for(
          "update_hz", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {NX - 1, NY - 1}),
          KOKKOS_LAMBDA(const int i, const int j) {
            hz(i, j) -= 0.7 * (ex(i, j + 1) - ex(i, j) + ey(i + 1, j) - ey(i, j));
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult(
        "fdtd_2d", example::checksum(ex) + example::checksum(ey) + example::checksum(hz),
        Seconds);
  }
  Kokkos::finalize();
  return 0;
}
