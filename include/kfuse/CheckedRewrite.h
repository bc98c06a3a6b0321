//===- CheckedRewrite.h - Rewrite the files, keep what compiles -*- C++ -*-===//
//
// What `kfuse fuse` writes: each file of the analyses rewritten with its
// groups and the chains across functions, then every unit a rewrite touched
// parsed again (EmissionCheck). Where a unit does not compile, the chains
// across functions are dropped (their edits span files), then that unit's
// files are kept as they were; the remarks say so. Nothing that does not
// compile is ever returned as a rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_CHECKEDREWRITE_H
#define KFUSE_CHECKEDREWRITE_H

#include "kfuse/CrossFunctionPlan.h"
#include "kfuse/Diagnostics.h"
#include "kfuse/FileAnalysis.h"
#include "kfuse/FusedKernelEmitter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <string>
#include <vector>

namespace kfuse {

/// One file of a rewrite: its path as analysed, its text and the new one.
struct RewrittenFile {
  std::string Path, Old, New;
};

/// The files and what to say about them.
struct CheckedRewrite {
  std::vector<RewrittenFile> Files;    ///< one per analysis, in order
  std::vector<Diagnostic> Diagnostics; ///< the plans' remarks, as they turned out
};

/// Rewrites every file of \p All (the analyses of \p Sources, the files the
/// user gave, with their headers) by its plan and \p Cross, and keeps only
/// rewrites whose units compile with their commands in \p DB.
/// \p RuntimeIncludeDir: where <kfuse/runtime/Guard.hpp> is ("" for this
/// kfuse's own); \p Jobs parses at once.
CheckedRewrite rewriteChecked(const clang::tooling::CompilationDatabase &DB,
                              const std::vector<std::string> &Sources,
                              const std::vector<FileAnalysis> &All,
                              const CrossFunctionPlan &Cross, const EmitOptions &Opts,
                              llvm::StringRef RuntimeIncludeDir, unsigned Jobs);

} // namespace kfuse

#endif // KFUSE_CHECKEDREWRITE_H
