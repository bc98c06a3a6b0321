//===- Rewriter.h - Apply fusion plans and undo them ------------*- C++ -*-===//
//
// Text-level edits of one file: replace each fused group with its emitted
// region, add the guard header once, and `revert`, which restores the
// original text byte for byte from the markers. Also the unified diff that
// --dry-run prints.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_REWRITER_H
#define KFUSE_REWRITER_H

#include "kfuse/FusedKernelEmitter.h"
#include "kfuse/FusionPlan.h"
#include "llvm/Support/Error.h"
#include <string>

namespace kfuse {

/// Replaces [Offset, Offset + Length) of a file's text with Text.
struct TextEdit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
};

/// Edits of one file.
class Rewriter {
public:
  /// \p FileText with every group of \p Plan fused, and the \p Extra
  /// edits made (chains across functions; none overlaps a group).
  static std::string apply(llvm::StringRef FileText, const FusionPlan &Plan,
                           const std::vector<KernelModel> &Sites,
                           const EmitOptions &Opts,
                           const std::vector<TextEdit> &Extra = {});

  /// \p FileText with every kfuse region replaced by its original text, or
  /// an error naming the line of a damaged marker.
  static llvm::Expected<std::string> revert(llvm::StringRef FileText);

  /// A unified diff (3 lines of context) from \p Old to \p New.
  static std::string unifiedDiff(llvm::StringRef OldName, llvm::StringRef NewName,
                                 llvm::StringRef Old, llvm::StringRef New);
};

} // namespace kfuse

#endif // KFUSE_REWRITER_H
