//===- EmissionCheck.cpp - Parse the rewritten units again ----------------===//

#include "kfuse/EmissionCheck.h"
#include "kfuse/CompilationSetup.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <optional>

namespace kfuse {
namespace {

/// Keeps the first error of a parse.
class FirstError : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error || Failure)
      return;
    Failure.emplace();
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Failure->Error = std::string(Text);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const clang::SourceManager &SM = Info.getSourceManager();
      clang::PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Info.getLocation()));
      if (P.isValid())
        Failure->Pos = {P.getFilename(), P.getLine(), P.getColumn()};
    }
  }
  std::optional<EmissionFailure> Failure;
};

} // namespace

std::vector<EmissionFailure>
checkRewrittenUnits(const clang::tooling::CompilationDatabase &DB,
                    const std::vector<std::string> &Units,
                    const std::map<std::string, std::string> &Rewritten,
                    llvm::StringRef RuntimeIncludeDir, unsigned Jobs) {
  std::vector<std::optional<EmissionFailure>> Results(Units.size());
  auto Run = [&](size_t I) {
    // A file system of its own, as LaunchFinder's: ClangTool changes the
    // working directory to each command's.
    clang::tooling::ClangTool Tool(DB, {Units[I]},
                                   std::make_shared<clang::PCHContainerOperations>(),
                                   llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
                                       llvm::vfs::createPhysicalFileSystem().release()));
    Tool.appendArgumentsAdjuster(kfuseArgumentsAdjuster(RuntimeIncludeDir));
    // The consumer keeps the first error; no "N errors generated" line.
    Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        "-fno-caret-diagnostics", clang::tooling::ArgumentInsertPosition::END));
    for (const auto &[Path, Text] : Rewritten)
      Tool.mapVirtualFile(Path, Text);
    FirstError Errors;
    Tool.setDiagnosticConsumer(&Errors);
    int RC = Tool.run(clang::tooling::newFrontendActionFactory<clang::SyntaxOnlyAction>().get());
    if (RC != 0 || Errors.Failure) {
      EmissionFailure F = Errors.Failure ? *Errors.Failure : EmissionFailure();
      if (F.Error.empty())
        F.Error = "the compiler could not run";
      F.Unit = Units[I];
      Results[I] = std::move(F);
    }
  };
  if (Jobs <= 1 || Units.size() <= 1) {
    for (size_t I = 0; I < Units.size(); ++I)
      Run(I);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (size_t I = 0; I < Units.size(); ++I)
      Pool.async([&, I] { Run(I); });
    Pool.wait();
  }
  std::vector<EmissionFailure> Out;
  for (auto &R : Results)
    if (R)
      Out.push_back(std::move(*R));
  return Out;
}

} // namespace kfuse
