// minimd: small generic helpers on Views used by several parts of the app.
#ifndef MINIMD_VIEW_UTIL_H
#define MINIMD_VIEW_UTIL_H

#include <Kokkos_Core.hpp>

/// Sets every element of \p v to \p value (used for int and double Views).
template <class T> void fill(const Kokkos::View<T *> &v, const T value) {
  Kokkos::parallel_for(
      "fill", Kokkos::RangePolicy<>(0, static_cast<int>(v.extent(0))),
      KOKKOS_LAMBDA(const int i) { v(i) = value; });
}

#endif // MINIMD_VIEW_UTIL_H
