//===- SiteIdentity.h - Stable ids for launch sites -------------*- C++ -*-===//
//
// A site id survives unrelated edits: it names the file relative to the
// project root, the enclosing function, the launch's ordinal in it, and a hash
// of the launch text with whitespace and comments normalized away.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_SITEIDENTITY_H
#define KFUSE_SITEIDENTITY_H

#include "kfuse/LaunchModel.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace kfuse {

/// 16 hex digits hashing the tokens of \p LaunchText (comments and
/// whitespace do not count).
std::string hashLaunchText(llvm::StringRef LaunchText);

/// The project root for \p File: \p Root if given, else the nearest ancestor
/// holding `.git`, else the file's directory. Always absolute.
std::string projectRootFor(llvm::StringRef File, llvm::StringRef Root);

/// \p File made absolute (against the working directory), without `.` or
/// `..` components.
std::string absolutePath(llvm::StringRef File);

/// \p File relative to \p Root, with '/' separators.
std::string relativePath(llvm::StringRef File, llvm::StringRef Root);

/// Fills Id.Ordinal for every site: launches of one function are numbered
/// in source order. Expects RelFile and Function to be set.
void assignOrdinals(std::vector<KernelModel> &Sites);

} // namespace kfuse

#endif // KFUSE_SITEIDENTITY_H
