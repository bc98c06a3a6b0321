//===- Lattice.hpp - Views whose elements interleave without sharing -*- C++ -*-===//
//
// A View whose first dimension strides over other data (a column of a
// row-major matrix, `Kokkos::subview(m, Kokkos::ALL, 1)`) spans bytes it
// does not own: two columns of one matrix span almost the same bytes, yet
// share no element. Both the profile (which overlaps it records) and the
// guard (which Views it lets a fused kernel run over) tell such Views apart
// by their elements' places: a block of Width bytes every Period bytes.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_RUNTIME_LATTICE_HPP
#define KFUSE_RUNTIME_LATTICE_HPP

#include <cstdint>

namespace kfuse {
namespace lattice {

/// Where a View's elements lie in the bytes it spans: a block of Width
/// bytes every Period bytes from its data; Period 0 where they fill the
/// span (or kfuse does not tell).
struct Shape {
  std::uint64_t Period = 0;
  std::uint64_t Width = 0;
};

/// The Shape of a View of \p Rank dimensions with \p Extents and \p Strides
/// (in elements) and elements of \p ElemBytes: its first dimension strides
/// by more than the block its other dimensions fill, one after the other.
inline Shape shapeOf(int Rank, const std::int64_t *Extents, const std::int64_t *Strides,
                     std::uint64_t ElemBytes) {
  Shape S;
  if (Rank < 1 || ElemBytes == 0 || Extents[0] < 2 || Strides[0] < 1)
    return S;
  std::int64_t Block = 1; // elements the other dimensions fill, contiguous
  for (int D = Rank - 1; D >= 1; --D) {
    if (Extents[D] == 0)
      return S;
    if (Extents[D] > 1 && Strides[D] != Block)
      return S;
    Block *= Extents[D];
  }
  if (Strides[0] <= Block)
    return S;
  S.Period = static_cast<std::uint64_t>(Strides[0]) * ElemBytes;
  S.Width = static_cast<std::uint64_t>(Block) * ElemBytes;
  return S;
}

/// True if two Views whose spans start at \p A and \p B, with the shapes
/// \p SA and \p SB, share no byte because their elements interleave: the
/// same Period, and B's block falling between A's blocks. (Where their
/// spans do not meet at all, the caller knows already.)
inline bool interleaved(std::uintptr_t A, const Shape &SA, std::uintptr_t B, const Shape &SB) {
  if (SA.Period == 0 || SA.Period != SB.Period || SA.Width + SB.Width > SA.Period)
    return false;
  if (B < A)
    return interleaved(B, SB, A, SA);
  const std::uint64_t Delta = (B - A) % SA.Period; // B's block within A's period
  return Delta >= SA.Width && Delta + SB.Width <= SA.Period;
}

} // namespace lattice
} // namespace kfuse

#endif // KFUSE_RUNTIME_LATTICE_HPP
