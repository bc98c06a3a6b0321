// Launches separated by host statements that touch none of their data: the
// second launch moves up past them and fuses with the first; the host
// statements stay where they are and run once either way.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const double Dt = 0.01;
    Kokkos::View<double *> pos("pos", N), vel("vel", N);
    double Time = 0;
    int Steps = 0;
    for (int It = 0; It < 4; ++It) {
      Kokkos::parallel_for(
          "kick", N, KOKKOS_LAMBDA(const int i) { vel(i) += Dt * (1.0 - 0.001 * i); });
      Time += Dt;
      ++Steps;
      Kokkos::parallel_for(
          "drift", N, KOKKOS_LAMBDA(const int i) { pos(i) += Dt * vel(i); });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += pos(i) + vel(i); }, Sum);
    std::printf("checksum=%.17g time=%.17g steps=%d\n", Sum, Time, Steps);
  }
  Kokkos::finalize();
}
