// Helpers shared by the example programs: sizes from the command line,
// reproducible initial values, a timer, checksums and the result lines.
//
// Everything called inside a kernel is KOKKOS_INLINE_FUNCTION, so the examples
// build for every Kokkos backend (Serial, OpenMP, CUDA, HIP), 3.4 and 4.x.

#ifndef KFUSE_EXAMPLES_EXAMPLESUPPORT_HPP
#define KFUSE_EXAMPLES_EXAMPLESUPPORT_HPP

#include <Kokkos_Core.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace example {

/// Positional argument \p Position (1-based) as a positive int, \p Default
/// when absent; exits with a message when it is not a positive number.
inline int argOr(int Argc, char **Argv, int Position, int Default) {
  if (Argc <= Position)
    return Default;
  char *End = nullptr;
  const long Value = std::strtol(Argv[Position], &End, 10);
  if (End == Argv[Position] || *End != '\0' || Value <= 0 || Value > (1L << 30)) {
    std::fprintf(stderr, "error: argument %d ('%s') must be a positive integer\n",
                 Position, Argv[Position]);
    std::exit(2);
  }
  return static_cast<int>(Value);
}

/// A 64-bit mix of \p Key (the splitmix64 finaliser): reproducible
/// pseudo-random values with no generator state to carry into kernels.
KOKKOS_INLINE_FUNCTION std::uint64_t hash64(std::uint64_t Key) {
  Key += 0x9E3779B97F4A7C15ull;
  Key = (Key ^ (Key >> 30)) * 0xBF58476D1CE4E5B9ull;
  Key = (Key ^ (Key >> 27)) * 0x94D049BB133111EBull;
  return Key ^ (Key >> 31);
}

/// Hash of two keys (a seed and an index, say).
KOKKOS_INLINE_FUNCTION std::uint64_t hash64(std::uint64_t A, std::uint64_t B) {
  return hash64(hash64(A) ^ B);
}

/// A double in [0, 1) made from the top 53 bits of \p Bits.
KOKKOS_INLINE_FUNCTION double unitFromBits(std::uint64_t Bits) {
  return static_cast<double>(Bits >> 11) * (1.0 / 9007199254740992.0);
}

/// A double in [0, 1) determined by \p Seed and \p Index.
KOKKOS_INLINE_FUNCTION double unitValue(std::uint64_t Seed, std::uint64_t Index) {
  return unitFromBits(hash64(Seed, Index));
}

// Math functions moved from Kokkos::Experimental (3.x) to Kokkos (4.x).
#if KOKKOS_VERSION >= 40000
KOKKOS_INLINE_FUNCTION double sqrt(double X) { return Kokkos::sqrt(X); }
KOKKOS_INLINE_FUNCTION double exp(double X) { return Kokkos::exp(X); }
#else
KOKKOS_INLINE_FUNCTION double sqrt(double X) { return Kokkos::Experimental::sqrt(X); }
KOKKOS_INLINE_FUNCTION double exp(double X) { return Kokkos::Experimental::exp(X); }
#endif

/// Fills \p V with values in [Lo, Hi) that depend only on \p Seed and the index.
template <class... Props>
void fill(const Kokkos::View<double *, Props...> &V, std::uint64_t Seed, double Lo = 0.0,
          double Hi = 1.0) {
  Kokkos::parallel_for(
      "example::fill", Kokkos::RangePolicy<>(0, static_cast<int>(V.extent(0))),
      KOKKOS_LAMBDA(const int i) { V(i) = Lo + (Hi - Lo) * unitValue(Seed, i); });
}

/// Fills \p V like the 1-D fill, keyed by the row-major position (any layout).
template <class... Props>
void fill(const Kokkos::View<double **, Props...> &V, std::uint64_t Seed, double Lo = 0.0,
          double Hi = 1.0) {
  const int Rows = static_cast<int>(V.extent(0));
  const int Cols = static_cast<int>(V.extent(1));
  Kokkos::parallel_for(
      "example::fill2d", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {Rows, Cols}),
      KOKKOS_LAMBDA(const int i, const int j) {
        V(i, j) = Lo + (Hi - Lo) * unitValue(Seed, std::uint64_t(i) * Cols + j);
      });
}

/// The value an element contributes to a checksum.
KOKKOS_INLINE_FUNCTION double checksumValue(double X) { return X; }
KOKKOS_INLINE_FUNCTION double checksumValue(std::uint64_t X) { return unitFromBits(X); }

/// Weight of the element at flat position \p K, so that moving values between
/// elements changes the checksum.
KOKKOS_INLINE_FUNCTION double checksumWeight(std::uint64_t K) {
  return 1.0 + double(K % 7);
}

/// Weighted sum of a 1-D View's elements.
template <class T, class... Props> double checksum(const Kokkos::View<T *, Props...> &V) {
  double Sum = 0.0;
  Kokkos::parallel_reduce(
      "example::checksum", Kokkos::RangePolicy<>(0, static_cast<int>(V.extent(0))),
      KOKKOS_LAMBDA(const int i, double &S) {
        S += checksumWeight(i) * checksumValue(V(i));
      },
      Sum);
  return Sum;
}

/// Weighted sum of a 2-D View's elements in row-major order (any layout).
template <class T, class... Props>
double checksum(const Kokkos::View<T **, Props...> &V) {
  const int Cols = static_cast<int>(V.extent(1));
  double Sum = 0.0;
  Kokkos::parallel_reduce(
      "example::checksum2d", Kokkos::RangePolicy<>(0, static_cast<int>(V.extent(0))),
      KOKKOS_LAMBDA(const int i, double &S) {
        for (int j = 0; j < Cols; ++j)
          S += checksumWeight(std::uint64_t(i) * Cols + j) * checksumValue(V(i, j));
      },
      Sum);
  return Sum;
}

/// Two sums computed by one parallel_reduce (what fusing two reductions over
/// the same range gives). Value-initialised to zero by Kokkos.
struct SumPair {
  double First = 0.0;
  double Second = 0.0;
  KOKKOS_INLINE_FUNCTION SumPair &operator+=(const SumPair &Other) {
    First += Other.First;
    Second += Other.Second;
    return *this;
  }
  // Kokkos 3.x joins partial results through volatile references.
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile SumPair &Other) volatile {
    First += Other.First;
    Second += Other.Second;
  }
};

/// Wall-clock time since construction (host only; fence before reading it).
class Timer {
public:
  /// Seconds elapsed since the timer was made.
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
        .count();
  }

private:
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
};

/// Prints the two result lines that the tests and the benchmark driver read:
/// "<name> checksum=<%.17g>" and "time_s=<seconds of the iteration loop>".
inline void printResult(const char *Name, double Checksum, double Seconds) {
  std::printf("%s checksum=%.17g\n", Name, Checksum);
  std::printf("time_s=%.9f\n", Seconds);
}

} // namespace example

#endif // KFUSE_EXAMPLES_EXAMPLESUPPORT_HPP
