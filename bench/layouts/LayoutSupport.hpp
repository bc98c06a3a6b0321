// Layout benchmark support: Views of a layout chosen at compile time
// (-DLAYOUT=Right|Left|Stride), filled with exact values, and checksums.
#ifndef KFUSE_BENCH_LAYOUTSUPPORT_HPP
#define KFUSE_BENCH_LAYOUTSUPPORT_HPP

#include <Kokkos_Core.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#ifndef LAYOUT_A
#define LAYOUT_A Kokkos::LayoutRight
#endif
#ifndef LAYOUT_B
#define LAYOUT_B Kokkos::LayoutRight
#endif

namespace layouts {

using LayoutA = LAYOUT_A;
using LayoutB = LAYOUT_B;

inline int argOr(int Argc, char **Argv, int Position, int Default) {
  return Argc > Position ? std::atoi(Argv[Position]) : Default;
}

/// An N x M View of layout L; a LayoutStride View is a strided subview (every
/// other element of a wider LayoutRight allocation), as codes make them.
template <class L> struct Make2D {
  static Kokkos::View<double **, L> make(const char *Label, int N, int M) {
    return Kokkos::View<double **, L>(std::string(Label), N, M);
  }
};
template <> struct Make2D<Kokkos::LayoutStride> {
  static Kokkos::View<double **, Kokkos::LayoutStride> make(const char *Label, int N, int M) {
    Kokkos::View<double ***, Kokkos::LayoutRight> Wide(std::string(Label), N, M, 2);
    return Kokkos::subview(Wide, Kokkos::ALL, Kokkos::ALL, 0);
  }
};

/// Exact values: small integers over a power of two.
template <class V> void fill(const V &X, int Seed) {
  auto H = Kokkos::create_mirror_view(X);
  for (int I = 0; I < int(X.extent(0)); ++I)
    for (int J = 0; J < int(X.extent(1)); ++J)
      H(I, J) = double((I * 7 + J * 3 + Seed) % 17) / 16.0;
  Kokkos::deep_copy(X, H);
}

template <class V> double checksum(const V &X) {
  auto H = Kokkos::create_mirror_view(X);
  Kokkos::deep_copy(H, X);
  double S = 0;
  for (int I = 0; I < int(X.extent(0)); ++I)
    for (int J = 0; J < int(X.extent(1)); ++J)
      S += H(I, J) * double(1 + (I + J) % 7);
  return S;
}

struct Timer {
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  }
};

} // namespace layouts

#endif
