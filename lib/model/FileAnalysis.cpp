//===- FileAnalysis.cpp - One file: its launches, the profile, the plan ---===//

#include "kfuse/FileAnalysis.h"
#include "effects/PointerFields.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include <map>
#include <mutex>
#include <optional>
#include <set>

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

/// Plans the launches of one file of a unit.
static FileAnalysis planFile(std::string Path, std::string Text,
                             std::vector<KernelModel> Sites, const Profile &Prof,
                             const FusionOptions &Opts) {
  FileAnalysis A;
  A.Path = std::move(Path);
  A.Text = std::move(Text);
  A.Model.File = A.Path;
  A.Model.Sites = std::move(Sites);
  Profile Bound = bindKernelNames(Prof, A.Model.Sites);
  A.Plan = FusionPlanner::plan(A.Model.Sites, A.Text, Bound, Opts);
  A.MatchedByLabel = Prof.Source == "kokkos-tools";
  A.ProfileMatches = llvm::any_of(A.Model.Sites, [&](const KernelModel &M) {
    return Bound.findSite(M.Id.str()) != nullptr;
  });
  if (A.ProfileMatches || A.Model.Sites.empty())
    return A;
  llvm::StringRef Rel = A.Model.Sites.front().Id.RelFile;
  for (const ProfileSite &S : Prof.Sites) {
    llvm::StringRef F = S.File;
    if (F.empty())
      continue;
    if (F == Rel) {
      A.ProfiledOtherVersion = true;
    } else if (A.ProfiledAs.empty() &&
               (F.ends_with("/" + Rel.str()) || Rel.ends_with("/" + F.str()))) {
      A.ProfiledAs = F.str();
    }
  }
  return A;
}

llvm::Expected<std::vector<FileAnalysis>>
analyzeForFusion(LaunchFinder &Finder, llvm::StringRef Path, const Profile &Prof,
                 const FusionOptions &Opts) {
  auto Read = [](llvm::StringRef P) -> llvm::Expected<std::string> {
    auto Buffer = llvm::MemoryBuffer::getFile(P);
    if (!Buffer)
      return llvm::createStringError(Buffer.getError(), "cannot read '%s': %s",
                                     P.str().c_str(), Buffer.getError().message().c_str());
    return (*Buffer)->getBuffer().str();
  };
  llvm::Expected<std::string> Text = Read(Path);
  if (!Text)
    return Text.takeError();
  FileModel Model = Finder.analyzeFile(Path);
  if (Model.Failed)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s",
                                   Path.str().c_str(), Model.Error.c_str());
  // The unit's launches by the file they are written in, the main file's
  // first, then the headers' in the order the unit read them.
  std::string Main = Model.ProjectFiles.empty() ? "" : Model.ProjectFiles.front();
  std::map<std::string, std::vector<KernelModel>> ByFile;
  for (KernelModel &M : Model.Sites)
    ByFile[M.File == Main ? "" : M.File].push_back(std::move(M));
  std::vector<FileAnalysis> Out;
  Out.push_back(planFile(Path.str(), std::move(*Text), std::move(ByFile[""]), Prof, Opts));
  // The unit's functions (each knows its file) go with its main file.
  Out.front().Model.Functions = std::move(Model.Functions);
  Out.front().Model.PointerFields = std::move(Model.PointerFields);
  Out.front().Model.ProjectFiles = Model.ProjectFiles;
  for (auto &[File, Sites] : ByFile) {
    if (File.empty())
      continue;
    llvm::Expected<std::string> HeaderText = Read(File);
    if (!HeaderText)
      return HeaderText.takeError();
    Out.push_back(planFile(File, std::move(*HeaderText), std::move(Sites), Prof, Opts));
    Out.back().Model.ProjectFiles = Model.ProjectFiles;
  }
  return Out;
}

llvm::Expected<std::vector<FileAnalysis>> analyzeFilesForFusion(
    const clang::tooling::CompilationDatabase &DB, const FinderOptions &Finder,
    const std::vector<std::string> &Files, const Profile &Prof,
    const FusionOptions &Opts, unsigned Jobs,
    llvm::function_ref<void(size_t Index, llvm::StringRef File)> Progress,
    std::vector<std::pair<std::string, std::string>> *Failures) {
  std::vector<std::optional<llvm::Expected<std::vector<FileAnalysis>>>> Results(Files.size());
  std::mutex Lock;
  // Each parse runs in its compile command's directory, on a file system of
  // its own (LaunchFinder): the process's working directory stays, and
  // names the files absolutely.
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::vector<std::string> Absolute;
  for (const std::string &F : Files) {
    llvm::SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Cwd, Abs);
    Absolute.push_back(std::string(Abs));
  }
  auto Run = [&](size_t I) {
    {
      std::lock_guard<std::mutex> Guard(Lock);
      Progress(I, Files[I]);
    }
    LaunchFinder F(DB, Finder);
    Results[I].emplace(analyzeForFusion(F, Absolute[I], Prof, Opts));
    if (*Results[I])
      (*Results[I])->front().Path = Files[I];
  };
  if (Jobs <= 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I) {
      Run(I);
      if (!*Results[I] && !Failures)
        return Results[I]->takeError();
    }
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (size_t I = 0; I < Files.size(); ++I)
      Pool.async([&, I] { Run(I); });
    Pool.wait();
  }
  std::vector<FileAnalysis> Out;
  std::map<std::string, size_t> Headers; ///< where each header's analysis is
  std::optional<llvm::Error> First;
  // A launch in a template of a header is known in a unit that instantiates
  // the template; another unit has it only as written.
  auto Instantiated = [](const FileAnalysis &A) {
    return llvm::count_if(A.Model.Sites,
                          [](const KernelModel &K) { return K.InTemplate && K.Instantiations; });
  };
  for (size_t I = 0; I < Results.size(); ++I) {
    auto &R = Results[I];
    if (!*R && Failures) {
      // "path: why" names the file as it was made absolute.
      std::string Why = llvm::toString(R->takeError());
      llvm::StringRef Rest(Why);
      if (Rest.consume_front(Absolute[I] + ": "))
        Why = Rest.str();
      Failures->emplace_back(Files[I], std::move(Why));
      continue;
    }
    if (!*R) {
      if (!First)
        First = R->takeError();
      else
        llvm::consumeError(R->takeError());
      continue;
    }
    for (size_t K = 0; K < (*R)->size(); ++K) {
      FileAnalysis &Next = (**R)[K];
      auto [At, New] = Headers.try_emplace(Next.Path, Out.size());
      if (K == 0 || New) {
        Out.push_back(std::move(Next));
        continue;
      }
      // A header read by several units: one analysis speaks for it, the
      // other units' models of its launches kept beside it.
      FileAnalysis &Kept = Out[At->second];
      if (Instantiated(Next) > Instantiated(Kept)) {
        std::swap(Kept.Model.OtherUnits, Next.Model.OtherUnits);
        std::swap(Kept, Next);
      }
      for (KernelModel &M : Next.Model.Sites)
        Kept.Model.OtherUnits.push_back(std::move(M));
      for (KernelModel &M : Next.Model.OtherUnits)
        Kept.Model.OtherUnits.push_back(std::move(M));
    }
  }
  if (First)
    return std::move(*First);
  // Numbers read or written through a pointer member that every unit keeps
  // its own touch no View: planned again with that known (one unit can say
  // it only of a member no other unit can use).
  {
    std::map<std::string, std::string> Fields =
        pointerFieldVerdicts(Out, Opts.WholeProgram && (!Failures || Failures->empty()));
    if (llvm::any_of(Fields, [](const auto &F) { return F.second.empty(); })) {
      FusionOptions WithFields = Opts;
      WithFields.PointerFields = &Fields;
      for (FileAnalysis &A : Out)
        A.Plan = FusionPlanner::plan(A.Model.Sites, A.Text, bindKernelNames(Prof, A.Model.Sites),
                                     WithFields);
    }
  }
  return Out;
}

std::map<std::string, std::string> pointerFieldVerdicts(const std::vector<FileAnalysis> &All,
                                                       bool WholeProgram) {
  // Its own allocation only where every unit that uses it says so; known
  // over the whole program, or where a unit can use it alone.
  std::map<std::string, std::string> Out;
  std::set<std::string> Alone;
  for (const FileAnalysis &A : All)
    for (const auto &[Field, Why] : A.Model.PointerFields) {
      bool Own = Why.empty() || Why == OwnInEveryUnit;
      if (Why == OwnInEveryUnit)
        Alone.insert(Field);
      std::string &Entry = Out[Field];
      if (Entry.empty() && !Own)
        Entry = Why;
    }
  if (!WholeProgram)
    for (auto It = Out.begin(); It != Out.end();)
      It = It->second.empty() && !Alone.count(It->first) ? Out.erase(It) : std::next(It);
  return Out;
}

} // namespace kfuse
