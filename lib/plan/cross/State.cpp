//===- State.cpp - the project's index for the cross-function planner ===//

#include "plan/cross/State.h"
#include "kfuse/SiteIdentity.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace kfuse {
namespace cross {

std::string where(const SourcePos &P) {
  return llvm::sys::path::filename(P.File).str() + ":" + std::to_string(P.Line);
}

/// Adds to \p Out the place of every launch in \p Stmts (the path \p Path
/// leads there) and in the branches and blocks under them.
void placeLaunches(const FunctionSummary &Fn, const std::vector<FlowStatement> &Stmts,
                   LaunchPlace &Path, std::map<std::string, LaunchPlace> &Out) {
  for (size_t I = 0; I < Stmts.size(); ++I) {
    const FlowStatement &S = Stmts[I];
    Path.Path.push_back({&Stmts, I});
    if (S.Kind == FlowStatement::Form::Launch && !S.Site.empty())
      Out.emplace(S.Site, Path);
    if (S.Kind == FlowStatement::Form::If || S.Kind == FlowStatement::Form::Block) {
      placeLaunches(Fn, S.Body, Path, Out);
      placeLaunches(Fn, S.Else, Path, Out);
    }
    Path.Path.pop_back();
  }
}

CrossState::CrossState(const std::vector<FileAnalysis> &All, const Profile &Prof,
                       const FusionOptions &Opts)
    : All(All), Opts(Opts) {
  std::vector<KernelModel> Sites;
  for (size_t F = 0; F < All.size(); ++F) {
    FileIndex.emplace(absolutePath(All[F].Path), F);
    FileIndex.emplace(absolutePath(All[F].Model.File), F);
    for (size_t S = 0; S < All[F].Model.Sites.size(); ++S) {
      const KernelModel &K = All[F].Model.Sites[S];
      ById.emplace(K.Id.str(), SiteRef{F, S});
      EveryModel[K.Id.str()].push_back(SiteRef{F, S});
      AtPos[K.Pos.File + ":" + std::to_string(K.Pos.Line) + ":" + std::to_string(K.Pos.Column)]
          .push_back(SiteRef{F, S});
      Sites.push_back(All[F].Model.Sites[S]);
    }
    for (const KernelModel &K : All[F].Model.OtherUnits)
      OtherModels[K.Id.str()].push_back(&K);
    for (const FusionGroup &G : All[F].Plan.Groups)
      for (size_t S : G.Sites)
        Grouped.insert({F, S});
    for (const FunctionSummary &Fn : All[F].Model.Functions) {
      if (Fn.Usr.empty())
        continue;
      // A method of a template a unit instantiates without its body (the
      // body's unit instantiates it explicitly): that unit's summary.
      auto [It, New] = ByUsr.emplace(Fn.Usr, &Fn);
      if (!New && It->second->Unsummarized && !Fn.Unsummarized)
        It->second = &Fn;
      else if (!New)
        continue;
      LaunchPlace Path;
      Path.Fn = &Fn;
      placeLaunches(Fn, Fn.Body, Path, LaunchAt);
    }
  }
  // A pointer member is its own allocation only where every unit says so.
  PointerFields = pointerFieldVerdicts(All, Opts.WholeProgram);
  Bound = bindKernelNames(Prof, Sites);
}

const KernelModel &CrossState::site(SiteRef R) const { return All[R.File].Model.Sites[R.Site]; }

std::vector<const KernelModel *> CrossState::everyModel(const std::string &Id) const {
  std::vector<const KernelModel *> Out;
  if (auto It = EveryModel.find(Id); It != EveryModel.end())
    for (SiteRef R : It->second)
      Out.push_back(&site(R));
  if (auto It = OtherModels.find(Id); It != OtherModels.end())
    Out.insert(Out.end(), It->second.begin(), It->second.end());
  return Out;
}

std::string CrossState::acrossName() const {
  auto X = ById.find(Across);
  return X == ById.end() ? described(Across) : planner::name(site(X->second));
}

std::string CrossState::described(const std::string &Id) const {
  const ProfileSite *S = Bound.findSite(Id);
  std::string Where =
      S && !S->File.empty() ? " (" + S->File + ":" + std::to_string(S->Line) + ")" : "";
  return "'" + (S && !S->Label.empty() ? S->Label : Id) + "'" + Where;
}

std::string CrossState::notFound(const std::string &Id) const {
  std::string Name = described(Id);
  if (Bound.Source != "kokkos-tools")
    return "the launch of " + Name + " is in none of the files given";
  llvm::StringRef Label = Id;
  Label.consume_back(" [parallel_reduce]");
  Label.consume_back(" [parallel_scan]");
  std::vector<std::string> Places;
  for (const FileAnalysis &F : All)
    for (const KernelModel &M : F.Model.Sites)
      if (M.LabelKind == "literal" && M.Label == Label) {
        std::string At = where(M.Pos);
        if (!llvm::is_contained(Places, At))
          Places.push_back(At);
      }
  if (Places.size() > 1)
    return "the label of " + Name + " names " + std::to_string(Places.size()) + " launches (" +
           llvm::join(Places, ", ") +
           "), and a Kokkos Tools profile names kernels by label only: kfuse cannot tell "
           "which ran (give them labels of their own, or profile with 'kfuse instrument')";
  return "no launch of the files given has the label of " + Name;
}

const std::string &CrossState::bodyFile(const KernelModel &M) {
  return M.Functor.Kind == FunctorModel::Form::Object ? M.Functor.BodyPos.File : M.File;
}

bool CrossState::libraryFile(const std::string &F) const {
  return llvm::none_of(
      All, [&](const FileAnalysis &A) { return llvm::is_contained(A.Model.ProjectFiles, F); });
}

const FileModel *CrossState::unitOf(const std::string &File) const {
  // Analyses of headers carry the unit's files too; the main file's first.
  for (const FileAnalysis &F : All)
    if (absolutePath(F.Model.File) == File || absolutePath(F.Path) == File)
      return &F.Model;
  return nullptr;
}

bool CrossState::insideGroups(size_t F, unsigned Offset) const {
  for (const FusionGroup &G : All[F].Plan.Groups) {
    const KernelModel &GF = All[F].Model.Sites[G.Sites.front()];
    const KernelModel &GL = All[F].Model.Sites[G.Sites.back()];
    TextRange R{GF.StmtRange.Offset,
                GL.StmtRange.Offset + GL.StmtRange.Length - GF.StmtRange.Offset};
    if (G.Repeats && GF.Repeat)
      R = GF.Repeat->Range;
    if (Offset > R.Offset && Offset < R.Offset + R.Length)
      return true;
  }
  return false;
}

bool CrossState::calls(const FlowStatement &S, const FunctionSummary &Fn) {
  return S.Kind == FlowStatement::Form::Call &&
         (S.Callee == Fn.Usr || (S.Virtual && llvm::is_contained(Fn.Overrides, S.Callee)));
}

} // namespace cross
} // namespace kfuse
