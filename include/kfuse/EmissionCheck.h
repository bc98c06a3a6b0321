//===- EmissionCheck.h - Does the rewritten code compile? -------*- C++ -*-===//
//
// The last step of every `kfuse fuse`: each unit a rewrite touched (its own
// file or a project header it includes) is parsed again with its compile
// command, the rewritten texts in place of the files on disk. A unit that
// does not compile is reported, and `fuse` keeps its files as they were:
// kfuse never writes code that does not compile.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_EMISSIONCHECK_H
#define KFUSE_EMISSIONCHECK_H

#include "kfuse/LaunchModel.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <string>
#include <vector>

namespace kfuse {

/// A unit whose rewritten text does not compile.
struct EmissionFailure {
  std::string Unit;  ///< the unit's main file, absolute
  SourcePos Pos;     ///< where its first error is
  std::string Error; ///< that error's message
};

/// Parses (syntax only) each of \p Units, absolute paths of files the
/// compile database \p DB has commands for, with each file of \p Rewritten
/// (absolute path -> new text) read as that text. \p RuntimeIncludeDir is
/// where <kfuse/runtime/Guard.hpp> is found ("" for this kfuse's own).
/// Returns the units that do not compile, each with its first error, in the
/// order given. Runs \p Jobs parses at once.
std::vector<EmissionFailure>
checkRewrittenUnits(const clang::tooling::CompilationDatabase &DB,
                    const std::vector<std::string> &Units,
                    const std::map<std::string, std::string> &Rewritten,
                    llvm::StringRef RuntimeIncludeDir, unsigned Jobs);

} // namespace kfuse

#endif // KFUSE_EMISSIONCHECK_H
