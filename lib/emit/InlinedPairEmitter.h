//===- InlinedPairEmitter.h - One body for a chain across functions -*- C++ -*-===//
//
// Internal to lib/: the fused functor of a chain across functions whose two
// kernel bodies are copied into one function over raw restrict pointers,
// one per View (CrossChain::Inlinable, with restrict on). The first
// kernel's Views and values are read from its deferred part functor. The
// compiler then sees both bodies in one scope without aliasing: it keeps
// values in registers and vectorises, which calling the two functors in
// turn does not let it do. Used by CrossFunctionEmitter.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_INLINEDPAIREMITTER_H
#define KFUSE_LIB_INLINEDPAIREMITTER_H

#include "kfuse/CrossFunctionPlan.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace kfuse {

struct InlinedPair {
  /// The class template `Name`, between functor markers, laid out.
  std::string Functor;
  /// The fused functor, built at the second's site from the pending part
  /// (`*kfuse_first`) and the second kernel's captures.
  std::string Make;
  /// The policy it is launched with: the second's (`kfuse_policy`), or,
  /// for a pair of parallel_fors over a 1-D range, that range in chunks
  /// (`::kfuse::chunked(kfuse_policy)`; on the host, the body loops over a
  /// chunk of indices in the scope where its pointers are restrict).
  std::string Policy;
  /// Where both kernels read a number of one name and type (`dtf` in each):
  /// the condition that each pair holds the same bits, and the functor
  /// built to read one value for both (what depends on it is computed
  /// once). Empty where there is no such pair.
  std::string SameValues, MakeSame;
  /// What the fused body assumes, at the second's site: the Views the plan
  /// takes as one are one (same_view), and no written View overlaps another.
  std::string Guard;
};

/// The fused body of chain \p C: kernel \p A (in \p TextA) then kernel \p B
/// (in \p TextB), as the functor \p Name; the guard's lines are indented by
/// \p Indent.
InlinedPair inlinedPair(const CrossChain &C, const KernelModel &A, llvm::StringRef TextA,
                        const KernelModel &B, llvm::StringRef TextB, const std::string &Name,
                        const std::string &Indent);

} // namespace kfuse

#endif // KFUSE_LIB_INLINEDPAIREMITTER_H
