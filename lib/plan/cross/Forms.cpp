//===- Forms.cpp - where fused code can be written ===//

#include "plan/cross/Forms.h"
#include "plan/SharedLoads.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace kfuse {
namespace cross {

namespace {

/// \p Path relative to the directory \p From, with forward slashes
/// (`../common/Support.hpp`), as an #include in a file of From finds it.
std::string relativePath(llvm::StringRef Path, llvm::StringRef From) {
  llvm::SmallVector<llvm::StringRef, 16> P, F;
  for (auto I = llvm::sys::path::begin(Path), E = llvm::sys::path::end(Path); I != E; ++I)
    P.push_back(*I);
  for (auto I = llvm::sys::path::begin(From), E = llvm::sys::path::end(From); I != E; ++I)
    F.push_back(*I);
  size_t Common = 0;
  while (Common < P.size() && Common < F.size() && P[Common] == F[Common])
    ++Common;
  std::vector<std::string> Out;
  for (size_t K = Common; K < F.size(); ++K)
    Out.push_back("..");
  for (size_t K = Common; K < P.size(); ++K)
    Out.push_back(P[K].str());
  return llvm::join(Out, "/");
}

} // namespace

std::string FormJudge::declaredLater(const KernelModel &M, const std::string &File,
                                     unsigned Offset) {
  if (M.BodyDeclLast.empty() || bodyFile(M) != File || M.BodyDeclLastOffset < Offset)
    return "";
  return planner::name(M) + " names '" + M.BodyDeclLast + "', which " +
         llvm::sys::path::filename(File).str() +
         " declares after the place its copy in the fused code would go";
}

bool FormJudge::bodiesFit(const KernelModel &A, const KernelModel &B,
                          const KernelModel &Launcher) const {
  return llvm::all_of(
      std::initializer_list<const KernelModel *>{&A, &B}, [&](const KernelModel *K) {
        return declaredLater(*K, Launcher.File, Launcher.TopDeclOffset).empty() &&
               (K->Functor.Kind != FunctorModel::Form::Object || !notIncluded(*K, Launcher.File));
      });
}

const std::string *FormJudge::notIncluded(const KernelModel &M, const std::string &File) const {
  const FileModel *Unit = unitOf(File);
  for (const std::string &F : M.BodyDeclFiles)
    if (F != File && !libraryFile(F) && (!Unit || !llvm::is_contained(Unit->ProjectFiles, F)))
      return &F;
  return nullptr;
}

bool FormJudge::oneBody(const KernelModel &KA, const KernelModel &KB, SiteRef A, SiteRef B,
                        bool Ahead) const {
  // A launch in a template is composed: a copy of its body at namespace
  // scope would name what only the template's scope knows.
  // (Pointers loaded alike stay apart from restrict: they may be memory
  // a kernel writes, at its own iteration.)
  return !Ahead && !KA.InTemplate && !KB.InTemplate && !overlapsWithin(KA, 0) &&
         planner::sharedLoads(KA, KB).empty() && KA.TemplateParams.empty() &&
         KB.TemplateParams.empty() &&
         !overlapsWithin(KB, 1) && oneViewsAlike(KA, KB) && inlinable(KA, All[A.File].Text) &&
         inlinable(KB, All[B.File].Text) && KA.Functor.IndexType == KB.Functor.IndexType &&
         bodiesFit(KA, KB, !Ahead && Reverse ? KA : KB);
}

bool FormJudge::overlapsWithin(const KernelModel &K, int Position) const {
  std::string Id = K.Id.str();
  auto Written = [&](const std::string &Name) {
    return llvm::any_of(
        K.Views, [&](const ViewUse &V) { return V.Name == Name && planner::writes(V.Mode); });
  };
  // Two of its names one View in every run of this chain: one pointer.
  auto OneView = [&](const std::string &X, const std::string &Y) {
    return llvm::any_of(Within[Position], [&](const auto &P) {
      return (P.first == X && P.second == Y) || (P.first == Y && P.second == X);
    });
  };
  for (const ProfileChain &C : Bound.Chains)
    for (size_t O = 0; O < C.Sites.size(); ++O)
      if (C.Sites[O] == Id)
        for (const auto *Facts : {&C.SameAllocation, &C.Overlaps})
          for (const IdentityFact &F : *Facts)
            if (F.Count && F.A.Position == O && F.B.Position == O && F.A.Name != F.B.Name &&
                (Written(F.A.Name) || Written(F.B.Name)) &&
                !(Facts == &C.SameAllocation && OneView(F.A.Name, F.B.Name)))
              return true;
  return false;
}

bool FormJudge::oneViewsAlike(const KernelModel &KA, const KernelModel &KB) const {
  CrossChain C;
  C.OneView = OneView;
  C.Within[0] = Within[0];
  C.Within[1] = Within[1];
  // Every name of a class becomes one pointer: of one rank, element type
  // and layout, Views or raw pointers alike (else they stay two pointers,
  // which the guard finds overlapping: the fused launch would never run).
  std::map<std::pair<int, std::string>, const ViewUse *> Seen;
  for (const auto &[Node, Rep] : oneViewClasses(C)) {
    const KernelModel &K = Node.first ? KB : KA;
    auto V = llvm::find_if(K.Views, [&](const ViewUse &U) { return U.Name == Node.second; });
    if (V == K.Views.end())
      continue;
    auto [It, New] = Seen.emplace(Rep, &*V);
    const ViewUse &W = *It->second;
    if (!New && (W.Rank != V->Rank || W.Pointer != V->Pointer || W.Layout != V->Layout ||
                 planner::withoutConstRef(W.ValueTypeCanonical) !=
                     planner::withoutConstRef(V->ValueTypeCanonical)))
      return false;
  }
  return true;
}

bool FormJudge::inlinable(const KernelModel &M, llvm::StringRef Text) {
  const FunctorModel &F = M.Functor;
  bool Object = F.Kind == FunctorModel::Form::Object;
  // A reduction into a number (the second kernel's): its accumulator is
  // bound to the fused functor's.
  bool Reduces = M.Kind == LaunchKind::Reduce && M.Reduction && M.Reduction->ScalarVariable &&
                 !M.Reduction->AccumulatorParam.empty() && !Object;
  if ((M.Kind != LaunchKind::For && !Reduces) || M.EarlyExit || M.ThisBeyondMembers ||
      M.FollowsCalls || M.PointsIntoViews ||
      !F.BodyRange.valid() || !M.Unknown.empty())
    return false;
  // A functor object's operator: its body in the launch's file, naming
  // nothing of its class's scope but data members, which are public (the
  // fused functor reads them through the object).
  if (Object) {
    if (!F.BodyVisible || F.BodyPos.File != M.File)
      return false;
    std::set<std::string> Ids = planner::identifiersOf(
        llvm::StringRef(Text).substr(F.BodyRange.Offset, F.BodyRange.Length));
    if (llvm::any_of(F.ClassScopeNames, [&](const std::string &N) { return Ids.count(N); }) ||
        llvm::any_of(M.Views, [](const ViewUse &V) {
          return V.PrivateMember || (V.Member.empty() && !V.IsMember);
        }))
      return false;
  }
  for (const ViewUse &V : M.Views) {
    // (A View the guard cannot name has no pointer in the one body: the
    // kernels are composed, each body calling its accessors.)
    if (V.Local || !planner::guardNames(V) || !V.Steps.empty() ||
        (!V.Root.empty() && V.RootClass.empty()) ||
        (!V.Member.empty() && !Object) ||
        V.MetadataUsed || V.Rank == 0 || V.Mode == AccessMode::Atomic ||
        V.Mode == AccessMode::PassedToCall)
      return false;
    for (const ViewAccess &A : V.Accesses)
      if (!A.Range.valid() || A.Indices.size() != V.Rank ||
          llvm::any_of(A.Indices, [](const IndexExpr &I) { return !I.Range.valid(); }))
        return false;
  }
  return llvm::all_of(M.Scalars, [&](const ScalarUse &S) {
    return S.IsMember == Object && !S.PrivateMember && !S.Written &&
           llvm::all_of(S.Refs, [](const TextRange &R) { return R.valid(); });
  });
}

std::string FormJudge::kernelForm(const KernelModel &A, const KernelModel &B) {
  Includes.clear();
  // The site's code replaces the launch statement (a statement of a block,
  // or the whole branch of an `if`).
  for (const KernelModel *K : {&A, &B})
    if (!K->StmtRange.valid() && !K->WholeStmt.valid())
      return planner::name(*K) + " is not a statement of its own";
  // A raw pointer's footprint over the second's range, where the guard
  // runs (the first's range is equal there); or none, where both kernels
  // load the pointer alike.
  std::string NotAlike;
  planner::SharedLoads Alike = planner::sharedLoads(A, B, &NotAlike);
  for (const KernelModel *M : {&A, &B})
    for (const ViewUse &V : M->Views)
      if (std::string Why; V.Pointer && !Alike.loaded(V.Name, M == &A) &&
                           !planner::pointerFootprint(*M, V, Why, &B.Policy))
        return planner::name(*M) + ": " + Why +
               (NotAlike.empty() ? "" : ", and the two do not load it alike: " + NotAlike);
  auto PolicyWhy = [](const KernelModel &M) -> std::string {
    const PolicyModel &P = M.Policy;
    if (P.Kind != PolicyKind::Count && P.Kind != PolicyKind::Range && P.Kind != PolicyKind::MDRange)
      return "it runs over a " + (P.TypeName.empty() ? "policy" : P.TypeName) +
             " (only ranges and boxes are fused across functions)";
    if (P.OtherArgs || P.Rank < 1 || P.Rank > 3)
      return "its policy '" + P.Text + "' has arguments besides its bounds";
    // A work tag selects a functor object's operator; the fused functor
    // calls each part with its own tag (`::kfuse::tagged<Tag>`).
    if (!P.WorkTag.empty() && (M.Functor.Kind != FunctorModel::Form::Object ||
                               M.Kind != LaunchKind::For || P.Kind != PolicyKind::Range))
      return "its policy '" + P.Text +
             "' has a work tag (fused across functions only for "
             "a functor object's parallel_for over a 1-D range)";
    if (!P.WorkTag.empty() && P.WorkTagClass.empty())
      return "its work tag '" + P.WorkTag + "' cannot be named in another function";
    if (M.Functor.IndexParams.size() != P.Rank)
      return "its functor's index is not one parameter per dimension";
    return "";
  };
  auto Box = [](const KernelModel &M) { return M.Policy.Kind == PolicyKind::MDRange; };
  if (A.Kind != LaunchKind::For)
    return planner::name(A) + " is a reduction or scan, whose result its function needs";
  // (Memory kfuse cannot attribute refuses before: the planner's first
  // check.)
  // A View written through an accessor the guard cannot name (one read
  // through such an accessor: hiddenAliasing, a legality check).
  for (const KernelModel *K : {&A, &B})
    for (const ViewUse &V : K->Views)
      if (!V.Accessor.empty() && V.Mode != AccessMode::Read && !planner::guardNames(V))
        return planner::name(*K) + " writes View '" + V.Name + "' through the accessor '" +
               V.Accessor + "' (a View written through an accessor is not fused across "
               "functions)";
  if (std::string Why = functorForm(A, B, true); !Why.empty())
    return Why;
  if (std::string Why = functorForm(B, A, false); !Why.empty())
    return Why;
  // (A launch in a template, the template parameters its body names
  // included (KernelModel::TemplateParams), is judged here.)
  // A launch in a template is kept as written: every instantiation of this
  // unit launches the same functor with the same policy (its call names no
  // template parameter), so the model of one holds for all.
  // Either may also be `*this` launched in a member of a class template
  // (or of a member function template), its launch depending on the
  // template's parameters, where its own site launches both: the code
  // written there is part of the template, and the instantiations agree on
  // what the plan relies on
  // (templateShape, every unit's compared where the template is in a header
  // and every unit is read).
  for (const KernelModel *K : {&A, &B}) {
    if (K->FromMacro)
      return planner::name(*K) + " is written through the macro '" + K->MacroName + "'";
    if (!K->InTemplate)
      continue;
    if (K->TemplateInHeader && !Opts.WholeProgram)
      return planner::name(*K) + " is written in a template in a header, and not every unit "
                                 "of the compilation database is given (another may "
                                 "instantiate it with other types)";
    if (K->TemplateInHeader && !everyUnitAgrees(*K))
      return planner::name(*K) + " is written in a template in a header, and the units that "
                                 "instantiate it use its Views differently";
    if (!K->TemplateWhy.empty() && !K->TemplateInHeader)
      return planner::name(*K) + " is written in a template, and " + K->TemplateWhy;
    // Instantiations whose Views hold other element types: the legality
    // of the chain holds for any type (the planner takes the element type
    // as unknown where a rule reads it), and another instantiation's part
    // is another type, which the other site does not take as pending.
    // (The second's site launches both only when its chain is not
    // reversed: checked where that is decided.)
    bool OwnSite = planner::thisFunctor(*K);
    // A lambda whose launch depends on the template's parameters (its
    // captures' types do): its part is a functor template over the
    // captures' types, which the other site names as this unit's
    // instantiation has them; another instantiation's part is another type,
    // which that site does not take as pending (it runs on its own). Its
    // body must name no template parameter (the part is defined outside
    // the template).
    bool Lambda = K->Functor.Kind == FunctorModel::Form::Lambda;
    // The template parameters its body names: the part gets each from the
    // launch site as an empty member whose type carries it (as this unit's
    // instantiation has it), where kfuse can spell that.
    if (Lambda && K->DependentLaunch)
      for (const KernelModel::TemplateParam &P : K->TemplateParams)
        if (P.Spelled.empty())
          return planner::name(*K) + " is written in a template, and its body names the "
                                     "template parameter '" + P.Name +
                 "', whose argument kfuse cannot spell outside the template";
    if ((K->Functor.Kind != FunctorModel::Form::Object && !Lambda) ||
        (K->DependentLaunch && !OwnSite && !Lambda) || !K->Instantiations)
      return planner::name(*K) + " is written in a template" +
             (K->DependentLaunch ? ", and its launch depends on the template's parameters"
                                 : "");
  }
  if (std::string Why = PolicyWhy(A); !Why.empty())
    return planner::name(A) + ": " + Why;
  if (std::string Why = PolicyWhy(B); !Why.empty())
    return planner::name(B) + ": " + Why;
  if (A.Policy.ExecSpace != B.Policy.ExecSpace)
    return "they run on different execution spaces";
  if (Box(A) != Box(B) || A.Policy.Rank != B.Policy.Rank)
    return "one runs over a 1-D range and the other over a box, or their ranks differ";
  if (Box(B) && B.Kind != LaunchKind::For)
    return planner::name(B) + " is a reduction over a box (not fused across functions yet)";
  if (B.Kind == LaunchKind::Scan)
    return planner::name(B) + " is a scan";
  if (B.Kind == LaunchKind::Reduce &&
      (!B.Reduction || !B.Reduction->ScalarVariable || B.Reduction->AccumulatorType.empty()))
    return planner::name(B) + " reduces into " +
           (B.Reduction && !B.Reduction->ResultArgText.empty()
                ? "'" + B.Reduction->ResultArgText + "'"
                : std::string("a result kfuse does not see")) +
           ", which is not a number variable given as it is or to a Sum, Prod, Min or Max "
           "reducer in the launch (across functions, kfuse fuses reductions only into those)";
  // A functor object is kept as it is; the second's site names its class,
  // or else the first's site names the second's (and launches both).
  // The site launching both names each work tag.
  Reverse = false;
  CopySecond = false;
  SecondMembers = false;
  auto Tags = [&](const KernelModel &At) -> std::string {
    for (const KernelModel *K : {&A, &B})
      // (A launch names its own tag: a class's tag in one of its methods.)
      if (K != &At && !K->Policy.WorkTag.empty() && !tagNameableAt(K->Policy, At))
        return "the work tag '" + K->Policy.WorkTagClass + "' of " + planner::name(*K) +
               " is not declared where " + planner::name(At) + " is launched";
    return "";
  };
  // The guard runs where both are launched; it reads the Views of both
  // functors there.
  auto Unreadable = [&](const KernelModel &Site) {
    std::string Why = unreadableAt(A, Site);
    return Why.empty() ? unreadableAt(B, Site) : Why;
  };
  if (A.Functor.Kind == FunctorModel::Form::Object) {
    // A class a header declares is named where that header is included.
    // The site launching both calls the other's operator: its body must be
    // in that unit (an inline operator or a member template defined in
    // another source file is not there to call).
    // Else the site launching both copies the second's body (its data
    // members read from the object there): CopySecond.
    std::string AtB = Unreadable(B), AtA = Unreadable(A);
    if (AtB.empty())
      AtB = operatorUnseen(A, B);
    std::string Copy;
    if (AtA.empty() && B.Kind == LaunchKind::For) {
      AtA = operatorUnseen(B, A);
      if (!AtA.empty()) {
        Copy = AtA;
        AtA = copiedSecond(B, A);
      }
    }
    if (AtB.empty() && classNameableAt(A.Functor, B, B.TopDeclOffset))
      return Tags(B);
    // A second launched in a template whose launch depends on its
    // parameters is written only at its own site.
    bool SecondOwnSite = B.InTemplate && B.DependentLaunch;
    if (B.Kind == LaunchKind::For && AtA.empty() && !SecondOwnSite &&
        classNameableAt(B.Functor, A, A.TopDeclOffset)) {
      Reverse = true;
      CopySecond = !Copy.empty();
      if (CopySecond) // (its headers, which classNameableAt cleared)
        copiedSecond(B, A);
      return Tags(A);
    }
    // Neither site can name the other's class (the second's in a source
    // file, an anonymous namespace): the second's site hands the first's
    // its data members, which a copy of its body there runs on.
    std::string ByMembers;
    if (B.Kind == LaunchKind::For && B.Functor.Kind == FunctorModel::Form::Object &&
        !SecondOwnSite) {
      Includes.clear();
      ByMembers = unreadableAt(A, &A);
      if (ByMembers.empty())
        ByMembers = unreadableAt(B, &B);
      if (ByMembers.empty())
        ByMembers = copiedSecond(B, A, /*ByMembers=*/true);
      if (ByMembers.empty()) {
        // (The copy is called without the second's work tag: only the
        // first's, its own, is named there.)
        Reverse = CopySecond = SecondMembers = true;
        return "";
      }
    }
    if (!Copy.empty() && !AtA.empty())
      AtA = Copy + ", and a copy of its body cannot be made: " + AtA;
    Includes.clear();
    std::string Members =
        ByMembers.empty() ? "" : " (nor run a copy of its body on its members: " + ByMembers + ")";
    if (!AtB.empty() && (B.Kind != LaunchKind::For || !AtA.empty()))
      return AtB + (AtA.empty() || AtA == AtB ? "" : "; the other way round, " + AtA) + Members;
    if (A.Functor.ClassTemplate)
      return planner::name(A) + "'s functor is `*this` of the class template '" +
             A.Functor.SpelledClass + "', which only its own site can name, and " +
             (B.Functor.Kind == FunctorModel::Form::Object
                  ? planner::name(B) + " cannot be launched there" + Members
                  : "the lambda of " + planner::name(B) + " cannot be launched there");
    return "the functor class '" + A.Functor.SpelledClass + "' of " + planner::name(A) +
           " is not declared where " + planner::name(B) + " is launched" +
           (B.Functor.Kind == FunctorModel::Form::Object ? ", nor the other way round" : "") +
           Members;
  }
  if (std::string Why = Unreadable(B); !Why.empty())
    return Why;
  if (std::string Why = Tags(B); !Why.empty())
    return Why;
  // The copy of A's body in B's file compiles only where what it names is
  // declared.
  // A header it needs that the other file does not include is included
  // there (a marked line, by its path relative to that file).
  // Its functor goes before the first of the two functions in its file.
  unsigned At = B.File == A.File ? std::min(A.TopDeclOffset, B.TopDeclOffset) : A.TopDeclOffset;
  if (std::string Why = declaredLater(A, A.File, At); !Why.empty())
    return Why;
  return includesFor(A, B.File);
}

std::string FormJudge::includesFor(const KernelModel &M, const std::string &File,
                                   bool OwnMembers) {
  const FileModel *Unit = unitOf(File);
  Includes.clear();
  if (M.File == File)
    return "";
  for (const std::string &Decl : M.BodyDeclFiles) {
    if (OwnMembers && llvm::is_contained(M.BodyMemberFiles, Decl))
      continue; // the copy declares its own members
    if (Decl == File || (Unit && llvm::is_contained(Unit->ProjectFiles, Decl)) || libraryFile(Decl))
      continue;
    llvm::StringRef Ext = llvm::sys::path::extension(Decl);
    if (!Unit || !llvm::is_contained({".h", ".hh", ".hpp", ".hxx", ".H"}, Ext))
      return planner::name(M) + " names something declared in " +
             llvm::sys::path::filename(Decl).str() + ", which " +
             llvm::sys::path::filename(File).str() + " does not include";
    Includes.push_back(relativePath(Decl, llvm::sys::path::parent_path(File)));
  }
  return "";
}

std::string FormJudge::functorForm(const KernelModel &M, const KernelModel &Other, bool First) {
  const FunctorModel &F = M.Functor;
  if (!F.BodyVisible)
    return planner::name(M) + "'s functor body is not visible";
  if (F.Kind == FunctorModel::Form::Lambda) {
    if (!First)
      return "";
    if (!F.CopiesOnly)
      return planner::name(M) + "'s lambda captures by reference or captures `this`, so its "
                                "captures cannot be kept for a later launch";
    if (!M.ScopedNames.empty())
      return planner::name(M) + " names '" + M.ScopedNames.front() +
             "', which only its function or class can reach";
    for (const ViewUse &V : M.Views) {
      if (V.Local)
        continue;
      if (V.IsMember)
        return planner::name(M) + " reaches the View '" + V.Name +
               "' through `this` (only captures are kept for a later launch)";
      if (!V.Root.empty()) {
        // The captured object is kept whole; its class is named in the
        // other kernel's file.
        bool Nameable =
            !V.RootClass.empty() &&
            (V.RootFile == Other.File
                 ? V.RootOffset < Other.TopDeclOffset
                 : !V.RootFileOnly && unitOf(Other.File) &&
                       llvm::is_contained(unitOf(Other.File)->ProjectFiles, V.RootFile));
        if (!Nameable)
          return planner::name(M) + " reaches the View '" + V.Name + "' through '" + V.Root +
                 "', whose class cannot be named in " + llvm::sys::path::filename(Other.File).str();
        continue;
      }
      if (V.PortableType.empty())
        return "the type of '" + V.Name + "' in " + planner::name(M) + " ('" + V.Type +
               "') cannot be named in " + llvm::sys::path::filename(Other.File).str();
    }
    for (const ScalarUse &S : M.Scalars)
      if (S.IsMember || S.PortableType.empty())
        return "the type of '" + S.Name + "' in " + planner::name(M) + " ('" + S.Type +
               "') cannot be named in " + llvm::sys::path::filename(Other.File).str();
    return "";
  }
  if (F.Kind != FunctorModel::Form::Object)
    return planner::name(M) + "'s functor is not known";
  // The enclosing object (`*this`) is kept as a copy, as Kokkos copies it;
  // of a class template, it is named only at its own site.
  if ((F.ClassTemplate && !planner::thisFunctor(M)) || F.SpelledClass.empty())
    return planner::name(M) + "'s functor '" + F.Text + "' is of a class " +
           (F.ClassTemplate ? "template, whose instantiation " : "") +
           "the fused code in the other function cannot name (not fused across functions yet)";
  return "";
}

bool FormJudge::everyUnitAgrees(const KernelModel &K) const {
  if (!Opts.WholeProgram)
    return false;

  // Views read through accessors are merged within a unit, not across:
  // the units must read the same ones.
  auto Hidden = [](const KernelModel &M) {
    std::vector<std::string> Out;
    for (const ViewUse &V : M.Views)
      if (!V.Accessor.empty())
        Out.push_back(V.Name + "|" + V.Type + "|" + V.Accessor + "|" + std::to_string(V.Named) +
                      std::to_string(int(V.Mode)));
    llvm::sort(Out);
    return Out;
  };
  std::string Shape = templateShape(K);
  std::vector<std::string> Reads = Hidden(K);
  for (const KernelModel *Each : everyModel(K.Id.str())) {
    const KernelModel &M = *Each;
    // (A unit that includes the template and instantiates no part of it
    // launches nothing there.)
    if (!M.Instantiations)
      continue;
    if ((!M.TemplateWhy.empty() && !M.TemplateInHeader) || templateShape(M) != Shape ||
        Hidden(M) != Reads)
      return false;
  }
  return true;
}

std::string FormJudge::unreadableAt(const KernelModel &M, const KernelModel *Site) {
  if (M.Functor.Kind != FunctorModel::Form::Object)
    return "";
  // Code of the functor's own class (a launch of `*this` in one of its
  // member functions) may name its protected and own private members.
  bool OwnClass = Site && planner::thisFunctor(M) && planner::thisFunctor(*Site) &&
                  !M.Functor.SpelledClass.empty() &&
                  Site->Functor.SpelledClass == M.Functor.SpelledClass;
  for (const ViewUse &V : M.Views) {
    if (V.Local || !planner::guardNames(V))
      continue;
    // A functor held by the launching object or built from a struct
    // (`f.z`, the path its member is bound to), or a View reached through
    // another object: what the code at the other site would have to name.
    if (!V.Root.empty())
      return planner::name(M) + "'s View '" + V.Name + "' is reached through '" + V.Root +
             "', which the guard must read" +
             (Site ? " where " + planner::name(*Site) + " is launched" : "") +
             " (not fused across functions yet)";
    if (V.PrivateMember && !(OwnClass && V.ClassReadable))
      return planner::name(M) + "'s View '" + V.Name + "' is not a public member of its " +
             "functor, which the guard must read" +
             (Site ? " where " + planner::name(*Site) + " is launched" : "");
  }
  return "";
}

std::string FormJudge::copiedSecond(const KernelModel &B, const KernelModel &A, bool ByMembers) {
  // As a reduction computed ahead copies its body: data members only.
  if (std::string Why = aheadObject(B, /*Second=*/true, /*AnyObject=*/ByMembers); !Why.empty())
    return Why;
  for (const ScalarUse &S : B.Scalars)
    if (S.PrivateMember)
      return planner::name(B) + "'s '" + S.Name + "' is not a public member of its functor";
  if (B.Functor.IndexParams.size() != 1)
    return planner::name(B) + "'s functor's index is not one parameter";
  std::vector<std::string> Kept = Includes;
  std::string Why = declaredLater(B, A.File, A.TopDeclOffset);
  if (Why.empty())
    Why = includesFor(B, A.File, ByMembers);
  for (const std::string &H : Kept)
    if (!llvm::is_contained(Includes, H))
      Includes.push_back(H);
  return Why;
}

std::string FormJudge::operatorUnseen(const KernelModel &M, const KernelModel &Site) const {
  const FunctorModel &F = M.Functor;
  if (F.Kind != FunctorModel::Form::Object || M.File == Site.File)
    return "";
  const std::string &Body = F.BodyPos.File;
  const FileModel *Unit = unitOf(Site.File);
  llvm::StringRef Ext = llvm::sys::path::extension(Body);
  bool Header = llvm::is_contained({".h", ".hh", ".hpp", ".hxx", ".H"}, Ext);
  if (Body == Site.File || (Unit && llvm::is_contained(Unit->ProjectFiles, Body)) ||
      (Header && !Body.empty()))
    return "";
  return "the operator() of '" + F.SpelledClass + "' that " + planner::name(M) + " runs is " +
         (Body.empty() ? std::string("not visible")
                       : "defined in " + llvm::sys::path::filename(Body).str()) +
         ", which the unit of " + planner::name(Site) + " does not read";
}

bool FormJudge::classNameableAt(const FunctorModel &F, const KernelModel &At, unsigned Offset) {
  if (nameableAt(F, At, Offset))
    return true;
  if (F.Kind != FunctorModel::Form::Object || F.SpelledClass.empty() || F.ClassTemplate ||
      F.ClassFileOnly)
    return false;
  Includes.clear();
  return includeHeader(F.ClassFile, At);
}

bool FormJudge::includeHeader(const std::string &Header, const KernelModel &At) {
  // Declared in a header of the project the other file does not include:
  // included there (a marked line, by its path relative to that file).
  llvm::StringRef Ext = llvm::sys::path::extension(Header);
  if (Header == At.File || !unitOf(At.File) ||
      !llvm::is_contained({".h", ".hh", ".hpp", ".hxx", ".H"}, Ext))
    return false;
  std::string Line = relativePath(Header, llvm::sys::path::parent_path(At.File));
  if (!llvm::is_contained(Includes, Line))
    Includes.push_back(Line);
  return true;
}

bool FormJudge::nameableAt(const FunctorModel &F, const KernelModel &At, unsigned Offset) const {
  if (F.Kind != FunctorModel::Form::Object || F.SpelledClass.empty() || F.ClassTemplate)
    return false;
  if (F.ClassFile == At.File)
    return F.ClassOffset < Offset;
  const FileModel *Unit = unitOf(At.File);
  return !F.ClassFileOnly && Unit && llvm::is_contained(Unit->ProjectFiles, F.ClassFile);
}

bool FormJudge::tagNameableAt(const PolicyModel &P, const KernelModel &At) {
  if (P.WorkTagClass.empty())
    return false;
  if (P.WorkTagFile == At.File)
    return P.WorkTagOffset < At.TopDeclOffset;
  const FileModel *Unit = unitOf(At.File);
  if (P.WorkTagFileOnly || !Unit)
    return false;
  return llvm::is_contained(Unit->ProjectFiles, P.WorkTagFile) ||
         includeHeader(P.WorkTagFile, At);
}

} // namespace cross
} // namespace kfuse
