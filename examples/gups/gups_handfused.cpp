// gups.cpp fused by hand: each stream advances and applies its update in one
// kernel, keeping the new random value in a register (same results on Serial).
//
// Usage: gups_handfused [table size, rounded down to a power of two] [iterations]

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
    const int Streams = TableSize > 4 ? TableSize / 4 : 1;
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
          "advance_update", Kokkos::RangePolicy<>(0, Streams),
          KOKKOS_LAMBDA(const int i) {
            const std::uint64_t Old = Ran(i);
            const std::uint64_t R = (Old << 1) ^ ((Old >> 63) ? Poly : 0);
            Ran(i) = R;
            Table(R & Mask) ^= R;
          });
    }
    Kokkos::fence();
    const double Seconds = Timer.seconds();

    example::printResult("gups", example::checksum(Table), Seconds);
  }
  Kokkos::finalize();
  return 0;
}
