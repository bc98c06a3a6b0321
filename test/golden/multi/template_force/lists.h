#pragma once
#include <Kokkos_Core.hpp>

// The neighbours of one atom: a run of entries `step` apart.
struct Neighbours {
  const int *first;
  int count;
  int step;
  KOKKOS_INLINE_FUNCTION int size() const { return count; }
  KOKKOS_INLINE_FUNCTION int operator()(const int k) const { return first[k * step]; }
};

struct RowList {
  Kokkos::View<int **, Kokkos::LayoutRight> entries;
  Kokkos::View<int *> counts;
  KOKKOS_INLINE_FUNCTION Neighbours of(const int i) const {
    return Neighbours{&entries(i, 0), counts(i), 1};
  }
};

struct OffsetList {
  Kokkos::View<int *> entries;
  Kokkos::View<int *> offsets;
  KOKKOS_INLINE_FUNCTION Neighbours of(const int i) const {
    return Neighbours{&entries(offsets(i)), offsets(i + 1) - offsets(i), 1};
  }
};
