//===- FileAnalysis.cpp - One file: its launches, the profile, the plan ---===//

#include "kfuse/FileAnalysis.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include <map>
#include <mutex>
#include <optional>

namespace kfuse {

Profile bindKernelNames(const Profile &Prof,
                        const std::vector<KernelModel> &Sites) {
  if (Prof.Source != "kokkos-tools")
    return Prof;
  // Kernel name -> the one site with that literal label ("" if several).
  std::map<std::string, std::string> ByLabel;
  for (const KernelModel &M : Sites) {
    if (M.LabelKind != "literal")
      continue;
    auto [It, New] = ByLabel.emplace(M.Label, M.Id.str());
    if (!New)
      It->second.clear();
  }
  auto Bind = [&](std::string &Id) {
    llvm::StringRef Name = Id;
    Name.consume_back(" [parallel_reduce]");
    Name.consume_back(" [parallel_scan]");
    auto It = ByLabel.find(Name.str());
    if (It != ByLabel.end() && !It->second.empty())
      Id = It->second;
  };
  Profile Out = Prof;
  for (ProfileSite &S : Out.Sites)
    Bind(S.Id);
  for (ProfileChain &C : Out.Chains)
    for (std::string &Id : C.Sites)
      Bind(Id);
  return Out;
}

llvm::Expected<FileAnalysis> analyzeForFusion(LaunchFinder &Finder,
                                              llvm::StringRef Path,
                                              const Profile &Prof,
                                              const FusionOptions &Opts) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read '%s': %s",
                                   Path.str().c_str(),
                                   Buffer.getError().message().c_str());
  FileAnalysis A;
  A.Path = Path.str();
  A.Text = (*Buffer)->getBuffer().str();
  A.Model = Finder.analyzeFile(Path);
  if (A.Model.Failed)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s",
                                   Path.str().c_str(), A.Model.Error.c_str());
  Profile Bound = bindKernelNames(Prof, A.Model.Sites);
  A.Plan = FusionPlanner::plan(A.Model.Sites, A.Text, Bound, Opts);
  A.ProfileMatches = llvm::any_of(A.Model.Sites, [&](const KernelModel &M) {
    return Bound.findSite(M.Id.str()) != nullptr;
  });
  return A;
}

llvm::Expected<std::vector<FileAnalysis>> analyzeFilesForFusion(
    const clang::tooling::CompilationDatabase &DB, const FinderOptions &Finder,
    const std::vector<std::string> &Files, const Profile &Prof,
    const FusionOptions &Opts, unsigned Jobs,
    llvm::function_ref<void(size_t Index, llvm::StringRef File)> Progress) {
  std::vector<std::optional<llvm::Expected<FileAnalysis>>> Results(Files.size());
  std::mutex Lock;
  auto Run = [&](size_t I) {
    {
      std::lock_guard<std::mutex> Guard(Lock);
      Progress(I, Files[I]);
    }
    LaunchFinder F(DB, Finder);
    Results[I].emplace(analyzeForFusion(F, Files[I], Prof, Opts));
  };
  if (Jobs <= 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I) {
      Run(I);
      if (!*Results[I])
        return Results[I]->takeError();
    }
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (size_t I = 0; I < Files.size(); ++I)
      Pool.async([&, I] { Run(I); });
    Pool.wait();
  }
  std::vector<FileAnalysis> Out;
  std::optional<llvm::Error> First;
  for (auto &R : Results) {
    if (!*R) {
      if (!First)
        First = R->takeError();
      else
        llvm::consumeError(R->takeError());
    } else {
      Out.push_back(std::move(**R));
    }
  }
  if (First)
    return std::move(*First);
  return Out;
}

} // namespace kfuse
