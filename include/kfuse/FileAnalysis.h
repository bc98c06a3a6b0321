//===- FileAnalysis.h - One file: its launches, the profile, the plan -*- C++ -*-===//
//
// What `fuse`, `check` and `report` share: read a file, model its launches,
// match them with the profile and plan their fusion. Plain data; the
// diagnostics built from it are in Diagnostics.h.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_FILEANALYSIS_H
#define KFUSE_FILEANALYSIS_H

#include "kfuse/FusionPlan.h"
#include "kfuse/LaunchFinder.h"
#include "kfuse/LaunchModel.h"
#include "kfuse/Profile.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace kfuse {

/// One source file, analysed against a profile.
struct FileAnalysis {
  std::string Path; ///< as given on the command line
  std::string Text; ///< the file's contents
  FileModel Model;  ///< its launches
  FusionPlan Plan;  ///< what to fuse, what not and why
  /// Some launch of the file is in the profile.
  bool ProfileMatches = false;
  /// When none is: the profile's name for this file, if it names it under
  /// another project root ("src/app.cpp" for "app.cpp"); else "".
  std::string ProfiledAs;
  /// When none is: the profile has launches of this file (of another
  /// version of it), rather than none (its launches did not run).
  bool ProfiledOtherVersion = false;
  /// The profile is the Kokkos Tools connector's: it names kernels by their
  /// labels, which are matched to the file's literal labels.
  bool MatchedByLabel = false;
};

/// Reads, models and plans \p Path, and each project header it includes
/// that holds launches: the file's analysis first, then one per header.
/// Fails, saying why, when the file cannot be read or does not compile.
llvm::Expected<std::vector<FileAnalysis>>
analyzeForFusion(LaunchFinder &Finder, llvm::StringRef Path, const Profile &Prof,
                 const FusionOptions &Opts);

/// analyzeForFusion on each of \p Files, \p Jobs at a time (each with its
/// own LaunchFinder), in the order given; a header included by several of
/// them is analysed once. \p Progress is called (from one
/// thread at a time) as each file starts. Fails with the first file, in the
/// order given, that fails; with \p Failures, each file that fails is added
/// there instead (the file as given, and why) and the others are returned.
llvm::Expected<std::vector<FileAnalysis>> analyzeFilesForFusion(
    const clang::tooling::CompilationDatabase &DB, const FinderOptions &Finder,
    const std::vector<std::string> &Files, const Profile &Prof,
    const FusionOptions &Opts, unsigned Jobs,
    llvm::function_ref<void(size_t Index, llvm::StringRef File)> Progress,
    std::vector<std::pair<std::string, std::string>> *Failures = nullptr);

/// The pointer data members of \p All's units by qualified name: "" where
/// every unit that uses the member keeps its memory its own, and it is
/// known (\p WholeProgram, or no other unit can use the member), else the
/// first unit's reason (FileModel::PointerFields); members known neither
/// way are left out. The in-block plans (analyzeFilesForFusion,
/// FusionOptions::PointerFields) and the plans across functions read it.
std::map<std::string, std::string> pointerFieldVerdicts(const std::vector<FileAnalysis> &All,
                                                       bool WholeProgram);

/// A Kokkos Tools connector profile names kernels, not sites. Returns a copy
/// of \p Prof whose sites and chains use the site ids of \p Sites instead,
/// for every kernel name that is the literal label of exactly one of them.
/// Other profiles come back unchanged.
Profile bindKernelNames(const Profile &Prof,
                        const std::vector<KernelModel> &Sites);

} // namespace kfuse

#endif // KFUSE_FILEANALYSIS_H
