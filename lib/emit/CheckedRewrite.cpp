//===- CheckedRewrite.cpp - Rewrite the files, keep what compiles ---------===//

#include "kfuse/CheckedRewrite.h"
#include "kfuse/CrossFunctionEmitter.h"
#include "kfuse/EmissionCheck.h"
#include "kfuse/Rewriter.h"
#include "kfuse/SiteIdentity.h"
#include "llvm/ADT/STLExtras.h"
#include <cstdlib>
#include <map>
#include <set>

namespace kfuse {
namespace {

/// The remark for a unit whose rewrite does not compile; \p Then says what
/// kfuse does about it. The error's line is one of the rewritten text,
/// which is not written: the remark stands at the top of the file.
Diagnostic emissionRemark(const EmissionFailure &F, llvm::StringRef Then) {
  Diagnostic D;
  D.Pos = {F.Pos.File.empty() ? F.Unit : F.Pos.File, 1, 1};
  D.Message = ("the fused code kfuse wrote for this file does not compile (line " +
               std::to_string(F.Pos.Line) + " of the rewrite: " + F.Error + "): " + Then +
               "; please report this")
                  .str();
  D.Check = "kfuse-emit-check";
  return D;
}

/// A remark that said a group was fused, now that its rewrite was dropped.
void undoFused(Diagnostic &D) {
  if (D.Check != "kfuse-fused")
    return;
  D.Message = "not fusing after all: the rewrite did not compile (" + D.Message + ")";
  D.Check = "kfuse-emit-check";
}

class Session {
public:
  Session(const clang::tooling::CompilationDatabase &DB, const std::vector<std::string> &Sources,
          const std::vector<FileAnalysis> &All, llvm::StringRef RuntimeIncludeDir,
          unsigned Jobs)
      : DB(DB), Sources(Sources), All(All), RuntimeIncludeDir(RuntimeIncludeDir), Jobs(Jobs) {}

  /// The units of Sources whose own file or project headers \p Files
  /// rewrote that do not compile so rewritten.
  std::vector<EmissionFailure> check(const std::vector<RewrittenFile> &Files) const {
    std::map<std::string, std::string> Rewritten;
    for (const RewrittenFile &F : Files)
      if (F.New != F.Old)
        Rewritten[absolutePath(F.Path)] = F.New;
    if (Rewritten.empty())
      return {};
    std::vector<std::string> Units;
    for (const std::string &Source : Sources) {
      std::string Unit = absolutePath(Source);
      bool Touched = Rewritten.count(Unit) != 0;
      for (const std::string &F : filesOf(Unit))
        Touched |= Rewritten.count(absolutePath(F)) != 0;
      if (Touched && !llvm::is_contained(Units, Unit))
        Units.push_back(Unit);
    }
    return checkRewrittenUnits(DB, Units, Rewritten, RuntimeIncludeDir, Jobs);
  }

  /// The project files unit \p Unit reads, its own first.
  std::vector<std::string> filesOf(const std::string &Unit) const {
    for (const FileAnalysis &A : All)
      if (absolutePath(A.Path) == Unit)
        return A.Model.ProjectFiles;
    return {};
  }

private:
  const clang::tooling::CompilationDatabase &DB;
  const std::vector<std::string> &Sources;
  const std::vector<FileAnalysis> &All;
  llvm::StringRef RuntimeIncludeDir;
  unsigned Jobs;
};

} // namespace

CheckedRewrite rewriteChecked(const clang::tooling::CompilationDatabase &DB,
                              const std::vector<std::string> &Sources,
                              const std::vector<FileAnalysis> &All,
                              const CrossFunctionPlan &Cross, const EmitOptions &Opts,
                              llvm::StringRef RuntimeIncludeDir, unsigned Jobs) {
  std::vector<Diagnostic> CrossDiags =
      crossFunctionDiagnostics(Cross, All, /*Check=*/false, /*Verbose=*/true, Opts.Restrict);
  std::vector<std::vector<Diagnostic>> FileDiags;
  for (const FileAnalysis &A : All)
    FileDiags.push_back(fuseDiagnostics(A, Opts.Restrict));
  std::vector<std::vector<TextEdit>> CrossEdits = emitAcrossFunctions(Cross, All, Opts);
  CheckedRewrite Out;
  // A test hook (KFUSE_PLANT_EMIT_ERROR=1): every rewrite gets a line that
  // does not compile, so tests see the check drop it.
  const char *Plant = std::getenv("KFUSE_PLANT_EMIT_ERROR");
  auto Rewrite = [&](bool WithCross) {
    Out.Files.clear();
    for (size_t I = 0; I < All.size(); ++I) {
      Out.Files.push_back({All[I].Path, All[I].Text,
                           Rewriter::apply(All[I].Text, All[I].Plan, All[I].Model.Sites, Opts,
                                           WithCross ? CrossEdits[I] : std::vector<TextEdit>())});
      if (Plant && *Plant == '1' && Out.Files.back().New != Out.Files.back().Old)
        Out.Files.back().New += "\nstatic int kfuse_planted = kfuse_planted_error;\n";
    }
  };
  Rewrite(true);
  Session S(DB, Sources, All, RuntimeIncludeDir, Jobs);
  std::vector<EmissionFailure> Broken = S.check(Out.Files);
  if (!Broken.empty()) {
    for (const EmissionFailure &F : Broken)
      Out.Diagnostics.push_back(
          emissionRemark(F, "kfuse leaves every chain across functions unfused"));
    for (Diagnostic &D : CrossDiags)
      undoFused(D);
    Rewrite(false);
    // What still does not compile is a group of one file, or of a header
    // the unit reads: the unit's files stay as they were.
    for (const EmissionFailure &F : S.check(Out.Files)) {
      Out.Diagnostics.push_back(emissionRemark(F, "kfuse leaves the unit's files as they were"));
      std::vector<std::string> Reads = S.filesOf(F.Unit);
      std::set<std::string> Kept(Reads.begin(), Reads.end());
      Kept.insert(F.Unit);
      for (size_t I = 0; I < Out.Files.size(); ++I)
        if (Out.Files[I].New != Out.Files[I].Old && Kept.count(absolutePath(Out.Files[I].Path))) {
          Out.Files[I].New = Out.Files[I].Old;
          for (Diagnostic &D : FileDiags[I])
            undoFused(D);
        }
    }
  }
  Out.Diagnostics.insert(Out.Diagnostics.end(), CrossDiags.begin(), CrossDiags.end());
  for (const std::vector<Diagnostic> &Diags : FileDiags)
    Out.Diagnostics.insert(Out.Diagnostics.end(), Diags.begin(), Diags.end());
  return Out;
}

} // namespace kfuse
