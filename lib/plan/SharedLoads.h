//===- SharedLoads.h - Bases two kernels load alike ----------*- C++ -*-===//
//
// Internal to lib/: raw pointers whose footprint no guard can bound (read
// at an element data choose, `v[list(r, i)]`) but that two kernels over one
// range both only load, at one value of the index on every iteration. What
// one kernel writes at another iteration is then never an element the two
// read, or its own kernel would race: Kokkos runs the iterations of a
// launch in no order, so a write at iteration j and a read of the same
// element at iteration i != j is a data race, which kfuse assumes the
// program has none of. Such a base needs no footprint, only that both
// kernels name one pointer and compute the same index from the same Views
// and numbers, which neither writes (design notes, "Loads alike").
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_PLAN_SHAREDLOADS_H
#define KFUSE_LIB_PLAN_SHAREDLOADS_H

#include "kfuse/LaunchModel.h"
#include <string>
#include <utility>
#include <vector>

namespace kfuse {
namespace planner {

/// What the guard checks for bases loaded alike: names in the first kernel
/// and in the second.
struct SharedLoads {
  /// The raw pointers loaded alike: no footprint needed, one pointer.
  std::vector<std::pair<std::string, std::string>> Pointers;
  /// The Views the index reads: one View in both.
  std::vector<std::pair<std::string, std::string>> Views;
  /// The numbers the index reads: equal in both.
  std::vector<std::pair<std::string, std::string>> Numbers;

  bool empty() const { return Pointers.empty(); }
  /// True if \p Name is a pointer loaded alike in the first kernel
  /// (\p First) or in the second.
  bool loaded(const std::string &Name, bool First) const;
};

/// The raw pointers of \p A and \p B (run over equal ranges, the first
/// before the second) whose footprint kfuse cannot bound and which both
/// load alike (SharedLoads.h): each only loaded, at one index value
/// (IndexExpr::Value) in both, on every iteration (ViewAccess::Always);
/// the Views that value reads read by both, written by neither, named by
/// the guard; its numbers copies neither changes. Where a pointer is not,
/// \p Why (if given) says why for the first that is not.
SharedLoads sharedLoads(const KernelModel &A, const KernelModel &B,
                        std::string *Why = nullptr);

/// The raw pointers of \p Group whose footprint kfuse cannot bound in
/// some kernel (pointerFootprint), by name.
std::vector<std::string> unboundedPointers(const std::vector<const KernelModel *> &Group);

/// Why the kernels \p Group, launched in turn in one block, cannot run as
/// one fused kernel over their raw pointers without a footprint, or "":
/// each such pointer only loaded, alike (sharedLoads) under the same names
/// (one scope: one pointer, one View, one number) by every kernel that uses
/// it or writes anything, over one range.
std::string loadsAlikeInBlock(const std::vector<const KernelModel *> &Group);

} // namespace planner
} // namespace kfuse

#endif // KFUSE_LIB_PLAN_SHAREDLOADS_H
