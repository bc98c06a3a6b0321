// FDTD-2D (NPBench/PolyBench): finite-difference time-domain update of the
// electric fields ex, ey and the magnetic field hz on an NX x NY grid.
//
// Kernels per step, 2-D over the grid: "update_ey" (row 0 takes the source
// value), "update_ex", then "update_hz" over [0, NX-1) x [0, NY-1).
// update_ey + update_ex fuse: each writes its own field at (i, j) and only
// reads hz, which neither writes. update_hz must stay apart: it reads
// ex(i, j+1) and ey(i+1, j), written at other points of the grid.
//
// Usage: fdtd_2d [N (NX = N, NY = N + N / 4)] [time steps]

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
          "update_ey", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {NX, NY}),
          KOKKOS_LAMBDA(const int i, const int j) {
            if (i == 0)
              ey(i, j) = Source;
            else
              ey(i, j) -= 0.5 * (hz(i, j) - hz(i - 1, j));
          });
      Kokkos::parallel_for(
          "update_ex", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {NX, NY}),
          KOKKOS_LAMBDA(const int i, const int j) {
            if (j > 0)
              ex(i, j) -= 0.5 * (hz(i, j) - hz(i, j - 1));
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
