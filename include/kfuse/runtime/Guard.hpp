//===- Guard.hpp - The run-time check before a fused launch -----*- C++ -*-===//
//
// Code written by `kfuse fuse` runs the fused kernel only when what the plan
// relied on holds: no View it writes overlaps another View it uses (so the
// fused order and restrict are safe), and the ranges it assumed equal are.
// KFUSE_DISABLE=1 forces the original launches. Host code only; C++14; a few
// comparisons per launch.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_RUNTIME_GUARD_HPP
#define KFUSE_RUNTIME_GUARD_HPP

#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace kfuse {

/// The bytes a View spans, and whether the fused kernel writes it.
struct ViewBytes {
  const char *Begin;
  const char *End;
  bool Written;
};

/// The bytes of \p V.
template <class V> ViewBytes bytes_of(const V &View, bool Written) {
  const char *Begin = reinterpret_cast<const char *>(View.data());
  return ViewBytes{Begin,
                   Begin + View.span() * sizeof(typename V::value_type),
                   Written};
}

/// False when KFUSE_DISABLE is set to anything but "" or "0".
inline bool fusion_enabled() {
  static const bool Enabled = [] {
    const char *S = std::getenv("KFUSE_DISABLE");
    return !S || !*S || std::strcmp(S, "0") == 0;
  }();
  return Enabled;
}

/// True if no written View overlaps another View of the list.
inline bool no_overlap(std::initializer_list<ViewBytes> Views) {
  for (const ViewBytes *A = Views.begin(); A != Views.end(); ++A)
    for (const ViewBytes *B = A + 1; B != Views.end(); ++B)
      if ((A->Written || B->Written) && A->Begin < B->End && B->Begin < A->End)
        return false;
  return true;
}

} // namespace kfuse

#endif // KFUSE_RUNTIME_GUARD_HPP
