// GUPS with atomics: gups.cpp whose table updates are atomic XORs.
//
// Each iteration advances every random stream ("advance") and then applies
// one update per stream ("update": Table(Ran(i) & Mask) ^= Ran(i)). The pair
// fuses: Ran is touched at i in both, Table only by "update". Updates are
// atomic (Kokkos::atomic_fetch_xor); XOR commutes, so checksums are
// reproducible on every backend.
//
// Usage: gups_atomic [table size, rounded down to a power of two] [iterations]

#include "ExampleSupport.hpp"

#include <Kokkos_Core.hpp>

#include <cstdint>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int Requested = example::argOr(argc, argv, 1, 1 << 20);
    int TableSize = 1;
    while (TableSize <= Requested / 2)
      TableSize *= 2;
    const int Iterations = example::argOr(argc, argv, 2, 16);
    const int Streams =
        TableSize > 4 ? TableSize / 4 : 1; // 4 * TableSize updates in 16 iterations
    const std::uint64_t Mask = std::uint64_t(TableSize) - 1;
    const std::uint64_t Poly = 0x0000000000000007ull;

    Kokkos::View<std::uint64_t *> Table("Table", TableSize), Ran("Ran", Streams);
    Kokkos::parallel_for(
        "init_table", TableSize, KOKKOS_LAMBDA(const int i) { Table(i) = i; });
    Kokkos::parallel_for(
        "init_streams", Streams,
        KOKKOS_LAMBDA(const int i) { Ran(i) = example::hash64(7, i) | 1; });
    Kokkos::fence();

    example::Timer Timer;
    for (int It = 0; It < Iterations; ++It) {
      Kokkos::parallel_for(
          "advance", Kokkos::RangePolicy<>(0, Streams), KOKKOS_LAMBDA(const int i) {
            const std::uint64_t R = Ran(i);
            Ran(i) = (R << 1) ^ ((R >> 63) ? Poly : 0);
          });
      Kokkos::parallel_for(
          "update", Kokkos::RangePolicy<>(0, Streams), KOKKOS_LAMBDA(const int i) {
            Kokkos::atomic_fetch_xor(&Table(Ran(i) & Mask), Ran(i));
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("gups_atomic", example::checksum(Table), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
