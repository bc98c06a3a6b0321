// Deep copies and allocations between the kernels of a chain. A halo is
// staged through buffers that no kernel of the chain touches (the send
// buffer copied to the receive buffer, and that into a View allocated there,
// between 'produce' and 'consume'), and a snapshot of the weights 'w',
// which 'consume' only reads: the copies and the allocation write nothing
// the kernels use and read nothing they write, so the pair is in the
// profile and fuses, the fused kernel running before them ('update' joins
// them: the host code after 'consume' reads only the buffers). A copy into a View
// the kernels around it use (the copy of 'seed' into 'y' between 'update'
// and 'smooth') must run between them: the profile does not pair them (the
// instrumented run saw the copy's bytes overlap 'y'), so they are no
// candidate.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 3
// KFUSE-RUN: 64 5
// KFUSE-PROFILE-RUN: 1000 3

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 3;
    Kokkos::View<double *> x("x", N), y("y", N), z("z", N);
    Kokkos::View<double *> send("send", 8), recv("recv", 8), seed("seed", N);
    Kokkos::View<double *> w("w", N), snapshot("snapshot", N);
    Kokkos::deep_copy(seed, 0.75);
    Kokkos::deep_copy(w, 0.5);
    double Halo = 0;
    for (int It = 0; It < Steps; ++It) {
      Kokkos::deep_copy(send, 1.0 + It);
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "produce", N, KOKKOS_LAMBDA(const int i) { x(i) = i * 0.5 + It; });
      Kokkos::deep_copy(recv, send);
      Kokkos::View<double *> staged("staged", 8);
      Kokkos::deep_copy(staged, recv);
      Kokkos::deep_copy(snapshot, w);
      Kokkos::parallel_for(
          "consume", N, KOKKOS_LAMBDA(const int i) { y(i) = x(i) + y(i) * w(i); });
      auto HostRecv = Kokkos::create_mirror_view(recv);
      Kokkos::deep_copy(HostRecv, recv);
      Halo += HostRecv(3) + staged(2) + snapshot(N / 2);

      Kokkos::parallel_for(
          "update", N, KOKKOS_LAMBDA(const int i) { y(i) = 2.0 * y(i) - x(i); });
      Kokkos::deep_copy(y, seed);
      Kokkos::parallel_for(
          "smooth", N, KOKKOS_LAMBDA(const int i) { z(i) = z(i) + y(i); });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += z(i) + y(i); }, Sum);
    std::printf("checksum=%.17g halo=%.17g\n", Sum, Halo);
  }
  Kokkos::finalize();
}
