//===- LaunchFinder.h - Find and model every Kokkos launch ------*- C++ -*-===//
//
// The entry point of the launch model: parses translation units through a
// compile database and returns a KernelModel for every
// Kokkos::parallel_for/reduce/scan written in them.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LAUNCHFINDER_H
#define KFUSE_LAUNCHFINDER_H

#include "kfuse/LaunchModel.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
namespace tooling {
class CompilationDatabase;
} // namespace tooling
} // namespace clang

namespace kfuse {

/// Options of the launch model.
struct FinderOptions {
  /// Site ids name files relative to this directory. Empty: the nearest
  /// ancestor of each file that holds a `.git`, else the file's directory.
  std::string ProjectRoot;
  /// kfuse's include directory, added to every parse (fused files include
  /// <kfuse/runtime/Guard.hpp>). Empty: the one this kfuse was built with.
  std::string RuntimeIncludeDir;
};

/// Models the launches of files through a compile database.
class LaunchFinder {
public:
  LaunchFinder(const clang::tooling::CompilationDatabase &DB,
               FinderOptions Opts = {});

  /// Parses \p File with its compile command and models its launches, and
  /// those of the project headers it includes.
  /// Compiler diagnostics go to stderr; a file that is not in the database
  /// or does not compile comes back with Failed set and Error saying why.
  FileModel analyzeFile(llvm::StringRef File);

  /// Models the launches in \p Code, compiled with \p Args as if it were
  /// \p FileName, with \p VirtualFiles (path, contents) mapped in memory
  /// (for tests).
  static FileModel analyzeCode(
      llvm::StringRef Code, llvm::StringRef FileName,
      const std::vector<std::string> &Args, FinderOptions Opts = {},
      const std::vector<std::pair<std::string, std::string>> &VirtualFiles =
          {});

  /// Models the launches written in the project's files of a parsed unit:
  /// its main file and the headers under the project root (not system
  /// headers, not Kokkos). \p ReadFiles, if given, receives every project
  /// file the unit read, the main file first; \p Functions, if given, the
  /// summaries of the functions defined in those files.
  static std::vector<KernelModel>
  collect(clang::ASTContext &Ctx, const FinderOptions &Opts,
          std::vector<std::string> *ReadFiles = nullptr,
          std::vector<FunctionSummary> *Functions = nullptr,
          std::map<std::string, std::string> *PointerFields = nullptr);

private:
  const clang::tooling::CompilationDatabase &DB;
  FinderOptions Opts;
};

} // namespace kfuse

#endif // KFUSE_LAUNCHFINDER_H
