//===- CrossFunctionPlanner.cpp - Chains whose launches are in different functions ===//

#include "kfuse/CrossFunctionPlan.h"
#include "kfuse/SiteIdentity.h"
#include "plan/PlannerSupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <deque>
#include <functional>
#include <map>
#include <set>

namespace kfuse {
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

std::string where(const SourcePos &P) {
  return llvm::sys::path::filename(P.File).str() + ":" + std::to_string(P.Line);
}

/// The element types of the Views of a chain's kernels: C++'s aliasing
/// rules keep memory of other types apart from them.
struct ChainTypes {
  std::set<std::string> Written; ///< of the Views the first kernel writes
  std::set<std::string> Used;    ///< of every View of the chain's kernels
  /// Reference parameters of the function whose statements are judged
  /// that the call placed binds to storage no View's element can be
  /// (FlowStatement::ArgsLocal), or, with AllReferences false, none judged:
  /// the call is not known yet.
  std::set<std::string> BoundToLocals;
  bool AllReferences = true;
  /// A kernel of the chain reaches a View through an accessor or an object
  /// held whole: the guard cannot compare it, so the plan relies on no
  /// handle being assigned between the launches.
  bool HiddenViews = false;
  /// Why the calls of project functions a statement makes whose bodies its
  /// unit lacks (HostStatement::Unseen) may observe the kernels, judged on
  /// their bodies in the other units, or "" when none can.
  std::function<std::string(const HostStatement &)> Unseen;
  /// Why the kernel launched at a position (a site id, when known) may
  /// change what the chain reads, or "" when it stores nothing but its
  /// locals: set where the second kernel is computed ahead (nothing is
  /// pending then); unset, every launch between blocks.
  std::function<std::string(const SourcePos &, const std::string &)> Launch;
};

/// True if an element of a View of one of \p Elements may hold a value of
/// type \p T (planner::mayHold).
bool mayHoldAny(const std::set<std::string> &Elements, const std::string &T) {
  return llvm::any_of(Elements, [&](const std::string &E) { return planner::mayHold(E, T); });
}

/// True if the only memory \p E may touch that kfuse cannot name is
/// numbers read through pointers, of types no View the first kernel
/// writes may hold: C++'s aliasing rules keep such a read from seeing the
/// first kernel's stores.
bool onlyForeignReads(const HostStatement &E, const ChainTypes &Types) {
  return !E.OpaqueOther && !E.PointerReads.empty() &&
         llvm::none_of(E.PointerReads,
                       [&](const std::string &T) { return mayHoldAny(Types.Written, T); });
}

/// What in \p E may observe a pending kernel (or a kernel computed ahead)
/// whose Views have the element types \p Types, or "".
std::string blocksHeader(const HostStatement &E, const ChainTypes &Types) {
  if (!E.Opaque.empty() && !onlyForeignReads(E, Types)) {
    // Opaque only for calls whose bodies other units hold (and numbers read
    // through pointers): those bodies decide.
    if (E.OpaqueBeyondCalls || (E.Unseen.empty() && E.Launches.empty()) ||
        (!E.Unseen.empty() && !Types.Unseen) || (!E.Launches.empty() && !Types.Launch))
      return E.Opaque;
    if (!E.Unseen.empty())
      if (std::string Why = Types.Unseen(E); !Why.empty())
        return Why;
    for (const SourcePos &P : E.Launches)
      if (std::string Why = Types.Launch(P, ""); !Why.empty())
        return Why;
    for (const std::string &T : E.PointerReads)
      if (mayHoldAny(Types.Written, T))
        return "reads a " + T + " through a pointer, which may be an element of a View the "
               "first kernel writes";
  }
  // A reference parameter may be bound to an element of one of their
  // Views (the caller's business): written, it may be one they use; read,
  // one the first writes.
  for (const HostStatement::ReferenceUse &U : E.ThroughReferences)
    if (Types.AllReferences && !Types.BoundToLocals.count(U.Name) &&
        mayHoldAny(U.Written ? Types.Used : Types.Written, U.Type))
      return std::string(U.Written ? "writes" : "reads") + " through the reference parameter '" +
             U.Name + "' (a " + U.Type + "), which may be an element of a View of theirs";
  if (!E.TouchesViews.empty())
    return "uses the data of the View '" + E.TouchesViews.front() + "'";
  if (!E.TouchesObjects.empty())
    return "uses '" + E.TouchesObjects.front() + "', which holds Views";
  return "";
}

/// Why running \p S while the first kernel (its Views of the element types
/// \p Types) is pending could observe it, or "" when it provably
/// cannot: it touches no View data (copying handles aside), calls nothing
/// kfuse cannot see and launches nothing.
std::string blocks(const FlowStatement &S, bool ReturnAllowed, const ChainTypes &Types) {
  if (S.Returns && !ReturnAllowed)
    return "it returns from the function";
  if (S.Kind == FlowStatement::Form::Launch) {
    std::string Why = Types.Launch ? Types.Launch(S.Pos, S.Site) : "launches a kernel";
    return Why.empty() ? "" : "it " + Why;
  }
  if (S.CopiesHandles)
    return "";
  // Deferred kernels keep copies of their handles, and the second's site
  // compares the Views it launches with: a handle assigned between changes
  // nothing they see, unless some View is one the guard cannot compare.
  if (S.AssignsHandle)
    return !Types.HiddenViews
               ? ""
               : "it assigns a View handle, and a View of theirs is reached through an "
                 "accessor or an object, which the guard cannot compare";
  std::string Why = blocksHeader(S.Effects, Types);
  return Why.empty() ? "" : "it " + Why;
}


/// A letter-and-digit form of \p S for identifiers.
std::string identifierFrom(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += std::isalnum(static_cast<unsigned char>(C)) ? C : '_';
  while (Out.find("__") != std::string::npos)
    Out.replace(Out.find("__"), 2, "_");
  while (!Out.empty() && Out.back() == '_')
    Out.pop_back();
  while (!Out.empty() && Out.front() == '_')
    Out.erase(Out.begin());
  return Out;
}

/// One statement list of a function, with the loop it is the body of.
struct Block {
  const std::vector<FlowStatement> *Stmts = nullptr;
  const FlowStatement *Loop = nullptr; ///< the loop whose body it is
};

class Planner {
public:
  Planner(const std::vector<FileAnalysis> &All, const Profile &Prof,
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
        for (size_t I = 0; I < Fn.Body.size(); ++I)
          if (Fn.Body[I].Kind == FlowStatement::Form::Launch && !Fn.Body[I].Site.empty())
            LaunchAt.emplace(Fn.Body[I].Site, std::make_pair(&Fn, I));
      }
    }
    Bound = bindKernelNames(Prof, Sites);
  }

  CrossFunctionPlan run() {
    struct Pair {
      const ProfileChain *C;
      double Share;
      std::string Across; ///< the middle site of a chain of three
    };
    std::vector<Pair> Pairs, AcrossOne;
    std::set<std::pair<std::string, std::string>> Seen;
    auto ShareOf = [&](const ProfileChain &C) {
      return Bound.TotalKernelNs ? double(C.TotalNs) / double(Bound.TotalKernelNs) : 0;
    };
    for (const ProfileChain &C : Bound.Chains) {
      if (C.Sites.size() != 2 || C.Count < 2)
        continue;
      double Share = ShareOf(C);
      if (Share + 1e-12 < Opts.MinShare || !Seen.insert({C.Sites[0], C.Sites[1]}).second)
        continue;
      Pairs.push_back({&C, Share, ""});
    }
    // Two reductions with one kernel between them (a temperature, a
    // potential energy, a kinetic energy): the second may be computed ahead with the
    // first across a kernel that stores nothing but its own locals. Any
    // three in a row of a chain the profile kept (a run inside a longer one
    // as frequent is not kept on its own): the most frequent such chain
    // speaks for it; its share is the two kernels' time alone.
    std::map<std::vector<std::string>, std::pair<const ProfileChain *, size_t>> Triples;
    for (const ProfileChain &C : Bound.Chains)
      for (size_t K = 0; K + 2 < C.Sites.size(); ++K) {
        auto [It, New] = Triples.try_emplace({C.Sites[K], C.Sites[K + 1], C.Sites[K + 2]},
                                             std::make_pair(&C, K));
        if (!New && It->second.first->Count < C.Count)
          It->second = {&C, K};
      }
    for (const auto &[T, Where] : Triples) {
      const auto &[C, K] = Where;
      if (C->Count < 2 || T[0] == T[2] || T[1] == T[0] || T[1] == T[2] ||
          Seen.count({T[0], T[2]}))
        continue;
      auto A = ById.find(T[0]), B = ById.find(T[2]);
      const ProfileSite *PA = Bound.findSite(T[0]), *PB = Bound.findSite(T[2]);
      if (A == ById.end() || B == ById.end() || !PA || !PB || !PA->Launches || !PB->Launches ||
          site(A->second).Kind != LaunchKind::Reduce || site(B->second).Kind != LaunchKind::Reduce)
        continue;
      double Ns = (double(PA->TotalNs) / double(PA->Launches) +
                   double(PB->TotalNs) / double(PB->Launches)) *
                  double(C->Count);
      double Share = Bound.TotalKernelNs ? Ns / double(Bound.TotalKernelNs) : 0;
      if (Share + 1e-12 < Opts.MinShare)
        continue;
      Seen.insert({T[0], T[2]});
      ProfileChain Two = *C;
      Two.Sites = {T[0], T[2]};
      Two.TotalNs = uint64_t(Ns);
      for (std::vector<IdentityFact> *Facts : {&Two.SameAllocation, &Two.Overlaps}) {
        std::vector<IdentityFact> Kept;
        for (IdentityFact F : *Facts)
          if ((F.A.Position == K || F.A.Position == K + 2) &&
              (F.B.Position == K || F.B.Position == K + 2)) {
            F.A.Position = F.A.Position == K ? 0 : 1;
            F.B.Position = F.B.Position == K ? 0 : 1;
            Kept.push_back(F);
          }
        *Facts = std::move(Kept);
      }
      AcrossChains.push_back(std::move(Two));
      AcrossOne.push_back({&AcrossChains.back(), Share, T[1]});
    }
    // The hottest chain first: a launch is deferred for one chain only;
    // pairs before the chains of three.
    for (std::vector<Pair> *List : {&Pairs, &AcrossOne})
      std::stable_sort(List->begin(), List->end(),
                       [](const Pair &A, const Pair &B) { return A.Share > B.Share; });
    for (const std::vector<Pair> *List : {&Pairs, &AcrossOne})
      for (const Pair &P : *List) {
        Across = P.Across;
        consider(*P.C, P.Share);
      }
    Across.clear();
    return std::move(Out);
  }

private:
  const KernelModel &site(SiteRef R) const { return All[R.File].Model.Sites[R.Site]; }

  /// Why the kernel launched at \p P (the site \p Id, when known) between
  /// a reduction and the one computed ahead with it may change what that
  /// one reads, judged on every unit's model of it; "" when it stores only
  /// into its locals.
  std::string launchBetween(const SourcePos &P, const std::string &Id) const {
    const std::vector<SiteRef> *Refs = nullptr;
    if (auto It = EveryModel.find(Id); !Id.empty() && It != EveryModel.end())
      Refs = &It->second;
    else if (auto At = AtPos.find(P.File + ":" + std::to_string(P.Line) + ":" +
                                  std::to_string(P.Column));
             At != AtPos.end())
      Refs = &At->second;
    if (!Refs)
      return "launches a kernel kfuse did not analyse (" + where(P) + ")";
    for (SiteRef R : *Refs) {
      const KernelModel &K = site(R);
      std::string Name = "launches " + planner::name(K) + " (" + where(K.Pos) + ")";
      if (!K.StoresOnlyLocals)
        return Name + ", which may store where others read: " +
               (K.FirstStore.empty() ? "its body is not visible" : K.FirstStore);
      if (K.Kind == LaunchKind::Scan || (K.Reduction && K.Reduction->ResultIsView))
        return Name + ", which " +
               (K.Kind == LaunchKind::Scan ? "is a scan" : "reduces into a View");
    }
    return "";
  }

  /// The kernel between the chain's two (Across), as messages name it.
  std::string acrossName() const {
    auto X = ById.find(Across);
    return X == ById.end() ? described(Across) : planner::name(site(X->second));
  }

  std::string described(const std::string &Id) const {
    const ProfileSite *S = Bound.findSite(Id);
    std::string Where =
        S && !S->File.empty() ? " (" + S->File + ":" + std::to_string(S->Line) + ")" : "";
    return "'" + (S && !S->Label.empty() ? S->Label : Id) + "'" + Where;
  }

  void consider(const ProfileChain &C, double Share) {
    auto A = ById.find(C.Sites[0]), B = ById.find(C.Sites[1]);
    if (A == ById.end() && B == ById.end())
      return;
    CrossRefusal R;
    R.Count = C.Count;
    R.Share = Share;
    R.FirstFound = A != ById.end();
    R.SecondFound = B != ById.end();
    R.FirstName = R.FirstFound ? planner::name(site(A->second)) : described(C.Sites[0]);
    R.SecondName = R.SecondFound ? planner::name(site(B->second)) : described(C.Sites[1]);
    if (R.FirstFound)
      R.First = A->second;
    if (R.SecondFound)
      R.Second = B->second;
    R.Across = Across.empty() ? "" : acrossName();
    R.Pos = R.SecondFound ? site(B->second).Pos : site(A->second).Pos;
    if (!R.FirstFound || !R.SecondFound) {
      R.Reason = "the launch of " + (R.FirstFound ? R.SecondName : R.FirstName) +
                 " is in none of the files given";
      R.Check = "kfuse-not-adjacent";
      Out.Refusals.push_back(std::move(R));
      return;
    }
    const KernelModel &KA = site(A->second), &KB = site(B->second);
    auto FA = LaunchAt.find(KA.Id.str()), FB = LaunchAt.find(KB.Id.str());
    bool SameFunction = FA != LaunchAt.end() && FB != LaunchAt.end()
                            ? FA->second.first == FB->second.first
                            : KA.File == KB.File && KA.Id.Function == KB.Id.Function;
    // One launch after itself: two calls of its function in a row, where
    // the launch is a statement of the function's body; else (a loop around
    // it) the file's planner explains it, as it explains one function.
    bool Itself = A->second.File == B->second.File && A->second.Site == B->second.Site;
    if (Itself && (FA == LaunchAt.end() || KA.Repeat))
      return;
    if (SameFunction && !Itself)
      return;
    std::string Check = "kfuse-not-adjacent";
    std::string Why = evaluate(A->second, B->second, C, Share, Check);
    if (Why.empty())
      return;
    R.Reason = Why;
    R.Check = Check;
    Out.Refusals.push_back(std::move(R));
  }

  /// The names the kernels \p KA and \p KB of chain \p C both give Views
  /// that are different Views: each captured whole in both, both recorded
  /// by the instrumented run (a Kokkos Tools profile knows no identities),
  /// and never seen as one allocation nor overlapping in \p C's runs.
  std::set<std::string> distinctNames(const KernelModel &KA, const KernelModel &KB,
                                      const ProfileChain &C) const {
    std::set<std::string> Out;
    if (Bound.Source == "kokkos-tools")
      return Out;
    const ProfileSite *PA = Bound.findSite(KA.Id.str()), *PB = Bound.findSite(KB.Id.str());
    auto Plain = [](const ViewUse &V) {
      return !V.Local && !V.Pointer && V.Root.empty() && V.Accessor.empty();
    };
    auto Recorded = [](const ProfileSite *P, const std::string &N) {
      return P && llvm::any_of(P->Views, [&](const ProfileView &V) { return V.Name == N; });
    };
    for (const ViewUse &V : KA.Views) {
      const std::string &N = V.Name;
      if (!Plain(V) || !Recorded(PA, N) || !Recorded(PB, N) || Merged.count(N) ||
          llvm::any_of(Merged, [&](const auto &P) { return P.second == N; }) ||
          llvm::none_of(KB.Views, [&](const ViewUse &W) { return W.Name == N && Plain(W); }))
        continue;
      bool Seen = false;
      for (const auto *Facts : {&C.SameAllocation, &C.Overlaps})
        for (const IdentityFact &F : *Facts)
          Seen |= F.Count > 0 && F.A.Position != F.B.Position && F.A.Name == N && F.B.Name == N;
      if (!Seen)
        Out.insert(N);
    }
    return Out;
  }

  /// Why the chain \p A -> \p B is not fused ("" when it is: added to Out).
  std::string evaluate(SiteRef A, SiteRef B, const ProfileChain &C, double Share,
                       std::string &Check) {
    const KernelModel &KA = site(A), &KB = site(B);
    Types = ChainTypes();
    Types.Unseen = [this](const HostStatement &E) { return unseenCalls(E); };
    for (const KernelModel *K : {&KA, &KB})
      for (const ViewUse &V : K->Views) {
        Types.Used.insert(planner::elementType(V));
        if (K == &KA && planner::writes(V.Mode))
          Types.Written.insert(planner::elementType(V));
        Types.HiddenViews |= !V.Local && (!V.Accessor.empty() || planner::throughObject(V));
      }
    Self = A.File == B.File && A.Site == B.Site;
    std::string Files = Self ? "one launch, run by two calls of its function in a row"
                        : KA.File == KB.File
                            ? "in different functions"
                            : "in different files (" +
                                  llvm::sys::path::filename(KA.File).str() + " and " +
                                  llvm::sys::path::filename(KB.File).str() + ")";
    Check = "kfuse-not-fusable";
    if (Grouped.count({A.File, A.Site}) || Grouped.count({B.File, B.Site}))
      return "their launches are " + Files + ", and " +
             planner::name(Grouped.count({A.File, A.Site}) ? KA : KB) +
             " is already fused with a kernel of its own function";
    if (AsFirst.count(KA.Id.str()) || AsSecond.count(KB.Id.str()))
      return "their launches are " + Files + ", and " +
             planner::name(AsFirst.count(KA.Id.str()) ? KA : KB) +
             " is already fused across functions with a hotter chain";
    if (insideFusedRegion(All[A.File].Text, KA.CallRange.Offset) ||
        insideFusedRegion(All[B.File].Text, KB.CallRange.Offset))
      return "a launch is already in a region kfuse rewrote";
    Distinct.clear();
    if (Self && KA.Kind != LaunchKind::For)
      return "their launches are " + Files + ", and " + planner::name(KA) +
             " is a reduction or scan, whose result its function needs at once";
    if (KA.Kind == LaunchKind::Reduce)
      return evaluateAhead(A, B, C, Share, Check, Files);
    if (std::string Why = kernelForm(KA, KB); !Why.empty())
      return "their launches are " + Files + ", and " + Why;
    if (Self && Reverse)
      return "their launches are " + Files + ", and the functor class '" +
             KA.Functor.SpelledClass + "' of " + planner::name(KA) +
             " is not declared where it is launched";
    IncludeFile = B.File;
    // Two names the profile saw as one View in every run are compared as
    // one (the guard checks they are).
    Merged.clear();
    for (const IdentityFact &F : C.SameAllocation)
      if (F.Count == C.Count && F.A.Position != F.B.Position && F.A.Name != F.B.Name) {
        const ChainArgument &InA = F.A.Position == 0 ? F.A : F.B;
        const ChainArgument &InB = F.A.Position == 0 ? F.B : F.A;
        if (!sameView(Merged, InA.Name, InB.Name))
          Merged.emplace(InA.Name, InB.Name);
      }
    OneView.clear();
    for (const IdentityFact &F : C.SameAllocation)
      if (F.Count == C.Count && F.A.Position != F.B.Position)
        OneView.emplace((F.A.Position == 0 ? F.A : F.B).Name, (F.A.Position == 0 ? F.B : F.A).Name);
    if (Bound.Source == "kokkos-tools")
      for (const ViewUse &V : KA.Views)
        if (llvm::any_of(KB.Views, [&](const ViewUse &W) { return W.Name == V.Name; }))
          OneView.emplace(V.Name, V.Name);
    Distinct = distinctNames(KA, KB, C);
    // Each View one name in both kernels: a name of the first merged with
    // names of the second takes the first of those, and so do the others.
    // A name both give different Views names two in the checks.
    KernelModel Renamed = KA, RenamedB = KB;
    for (ViewUse &W : RenamedB.Views)
      if (Distinct.count(W.Name))
        W.Name += " (the second's)";
    for (ViewUse &V : Renamed.Views) {
      auto [Begin, End] = Merged.equal_range(V.Name);
      if (Begin == End)
        continue;
      for (ViewUse &W : RenamedB.Views)
        if (std::any_of(Begin, End, [&](const auto &P) { return P.second == W.Name; }))
          W.Name = Begin->second;
      V.Name = Begin->second;
    }
    Check = "kfuse-aliasing";
    if (std::string Why = aliasing(KA, KB); !Why.empty())
      return Why;
    Check = "kfuse-unsafe-dependence";
    SourcePos Pos;
    if (std::string Why = FusionPlanner::dependenceBetween(Renamed, RenamedB, Pos); !Why.empty())
      return Why;
    Check = "kfuse-not-profitable";
    if (std::string Why = FusionPlanner::profitability(Renamed, RenamedB, Bound, Pos); !Why.empty())
      return Why;
    // Composed (the bodies cannot be copied into one) with a reduction.
    if (KB.Kind == LaunchKind::Reduce && !oneBody(KA, KB, A, B, /*Ahead=*/false))
      if (std::string Why = FusionPlanner::composedReduction(KB, Bound); !Why.empty())
        return planner::name(KA) + " and " + planner::name(KB) + " are " + Why;
    // The fused launch runs only where both ranges are equal (checked at
    // run time); a pair the profile never saw so would never run fused.
    // (A Kokkos Tools profile knows no ranges.)
    Check = "kfuse-different-ranges";
    if (C.EqualRanges == 0 && Bound.Source != "kokkos-tools")
      return "their ranges differed in every one of the " + std::to_string(C.Count) +
             " runs the profile saw";

    // A chain of three: X -> A already fused (A runs fused with X and is
    // deferred again, with X, until B), or B -> Y (A's kernel is deferred
    // with B's until Y). The three run as one; X and Y must allow it too.
    const KernelModel *Before = nullptr, *After = nullptr;
    if (auto It = AsSecond.find(KA.Id.str()); It != AsSecond.end())
      Before = &site(Out.Chains[It->second].First);
    if (auto It = AsFirst.find(KB.Id.str()); It != AsFirst.end())
      After = &site(Out.Chains[It->second].Second);
    if (Before || After) {
      Check = "kfuse-not-fusable";
      const KernelModel &X = Before ? *Before : KA, &M = Before ? KA : KB,
                        &Y = Before ? KB : *After;
      const CrossChain &Other = Out.Chains[Before ? AsSecond[KA.Id.str()] : AsFirst[KB.Id.str()]];
      std::string Three = "their launches are " + Files + ", and " + planner::name(M) +
                          " is fused across functions with " +
                          planner::name(Before ? X : Y) + " too";
      if (Before && After && Before->Id.str() == KB.Id.str() && After->Id.str() == KA.Id.str())
        return "their launches are " + Files + ", and they are fused across functions in "
               "the other order (" + planner::name(KB) + " then " + planner::name(KA) + ")";
      if (Before && After)
        return Three + ", and with " + planner::name(*After) + " (chains of four are not "
                                                                "fused yet)";
      if (Reverse || Other.Reverse || X.Functor.Kind != FunctorModel::Form::Lambda ||
          M.Functor.Kind != FunctorModel::Form::Lambda)
        return Three + ": a chain of three is fused when its first two kernels are lambdas "
                       "the last one's file can name";
      if (AsSecond.count(X.Id.str()) || AsFirst.count(Y.Id.str()))
        return Three + " and with another (chains of four are not fused yet)";
      for (const KernelModel *K : {&X, &M, &Y})
        if (const ViewUse *P = planner::rawPointerOf(*K))
          return Three + ", and " + planner::name(*K) + " indexes the raw pointer '" + P->Name +
                 "' (chains of three with raw pointers are not fused yet)";
      // X's part functor is written in Y's file too (its site names it),
      // before Y's function where that is X's own file.
      if (std::string Why = declaredLater(X, Y.File, Y.TopDeclOffset); !Why.empty())
        return Three + ", and " + Why;
      if (const std::string *F = notIncluded(X, Y.File))
        return Three + ", and " + planner::name(X) + " names something declared in " +
               llvm::sys::path::filename(*F).str() + ", which " +
               llvm::sys::path::filename(Y.File).str() + " does not include";
      // X's stores are pending over the code between M and Y too: the
      // numbers read through pointers there were judged by M's element
      // types (C++ aliasing); X's must be among them.
      if (Before)
        for (const ViewUse &V : X.Views) {
          Types.Used.insert(planner::elementType(V));
          if (planner::writes(V.Mode))
            Types.Written.insert(planner::elementType(V));
          Types.HiddenViews |= !V.Local && (!V.Accessor.empty() || planner::throughObject(V));
        }
      if (After)
        for (const ViewUse &V : X.Views)
          if (planner::writes(V.Mode) &&
              !llvm::any_of(M.Views, [&](const ViewUse &W) {
                return planner::writes(W.Mode) && W.ValueTypeCanonical == V.ValueTypeCanonical;
              }))
            return Three + ", but " + planner::name(X) + " writes '" + V.Name +
                   "', of a type " + planner::name(M) + " does not write";
      if (std::string Why = aliasing(X, Y, &M); !Why.empty()) {
        Check = "kfuse-aliasing";
        return Three + ", which runs " + planner::name(X) + " and " + planner::name(Y) +
               " as one: " + Why;
      }
      SourcePos Pos;
      if (std::string Why = FusionPlanner::dependenceBetween(X, Y, Pos); !Why.empty()) {
        Check = "kfuse-unsafe-dependence";
        return Three + ", which runs " + planner::name(X) + " and " + planner::name(Y) +
               " as one: " + Why;
      }
    }
    Check = "kfuse-not-adjacent";
    auto FA = LaunchAt.find(KA.Id.str()), FB = LaunchAt.find(KB.Id.str());
    if (FA == LaunchAt.end() || FB == LaunchAt.end())
      return "their launches are " + Files + ", and the launch of " +
             planner::name(FA == LaunchAt.end() ? KA : KB) +
             " is not a statement at the top of its function's body (it is in a block, "
             "an `if` or a loop): kfuse defers only such launches";
    const FunctionSummary &FnA = *FA->second.first, &FnB = *FB->second.first;
    Check = "kfuse-code-between";
    // Their reference parameters are judged at the calls (record()).
    if (std::string Why = aroundLaunches(KA, KB, FnA, FnB, unbound(), unbound()); !Why.empty())
      return Why;

    // A caller calling FnA and then FnB.
    std::string FirstProblem;
    if (placeInCallers(FnA, FnB, KA, KB, C, Share, FirstProblem))
      return "";
    Check = FirstProblem.empty() ? "kfuse-not-adjacent" : "kfuse-code-between";
    if (!FirstProblem.empty())
      return FirstProblem;
    return "their launches are " + Files + ", and no function of the files given calls '" +
           FnA.Name + "' and then '" + FnB.Name +
           "' in one block (or at the end and the start of one loop's body)";
  }

  /// The chain \p A -> \p B whose first kernel is a reduction its function
  /// needs at once: the second, a reduction that writes nothing, is computed
  /// ahead with it (CrossChain::Ahead). Why not ("" when it is: added to
  /// Out).
  std::string evaluateAhead(SiteRef A, SiteRef B, const ProfileChain &C, double Share,
                            std::string &Check, const std::string &Files) {
    const KernelModel &KA = site(A), &KB = site(B);
    auto Their = [&](const std::string &Why) {
      return "their launches are " + Files + ", and " + Why;
    };
    for (const KernelModel *K : {&KA, &KB})
      if (const ViewUse *P = planner::rawPointerOf(*K))
        return Their(planner::name(*K) + " indexes the raw pointer '" + P->Name +
                     "' (a reduction computed ahead with raw pointers is not fused yet)");
    // Nothing is pending while the second is computed ahead: a kernel run
    // between matters only if it may store into what the second reads.
    Types.Launch = [this](const SourcePos &P, const std::string &Id) {
      return launchBetween(P, Id);
    };
    Check = "kfuse-not-fusable";
    if (std::string Why = aheadForm(KA, KB, A.File); !Why.empty())
      return Their(Why);
    if (AsSecond.count(KA.Id.str()) || AsFirst.count(KB.Id.str()))
      return Their(planner::name(AsSecond.count(KA.Id.str()) ? KA : KB) +
                   " is fused across functions with another kernel too (a reduction computed "
                   "ahead is fused in pairs only)");
    Check = "kfuse-unsafe-dependence";
    SourcePos Pos;
    if (std::string Why = FusionPlanner::dependenceBetween(KA, KB, Pos); !Why.empty())
      return Why;
    Check = "kfuse-different-ranges";
    // Across a kernel, the chain's equal ranges count the middle one's
    // too: the two sites' own ranges speak (one that changed may meet the
    // other's; the guard compares them at run time).
    const ProfileSite *PA = Bound.findSite(KA.Id.str()), *PB = Bound.findSite(KB.Id.str());
    bool Differ = C.EqualRanges == 0;
    if (!Across.empty())
      Differ = PA && PB && PA->Range.Constant && PB->Range.Constant &&
               (PA->Range.Begin != PB->Range.Begin || PA->Range.End != PB->Range.End);
    if (Differ && Bound.Source != "kokkos-tools")
      return Across.empty() ? "their ranges differed in every one of the " +
                                  std::to_string(C.Count) + " runs the profile saw"
                            : "their ranges differed in every run the profile saw";
    Check = "kfuse-not-adjacent";
    auto FA = LaunchAt.find(KA.Id.str()), FB = LaunchAt.find(KB.Id.str());
    if (FA == LaunchAt.end() || FB == LaunchAt.end())
      return Their("the launch of " + planner::name(FA == LaunchAt.end() ? KA : KB) +
                   " is not a statement at the top of its function's body (it is in a block, "
                   "an `if` or a loop): kfuse computes ahead only such launches");
    const FunctionSummary &FnA = *FA->second.first, &FnB = *FB->second.first;
    Check = "kfuse-not-fusable";
    auto FileB = FileIndex.find(FnB.File);
    // `*this` in a method: the members its body reads are the ones the
    // method assigns before the launch, replayed as locals of their names.
    bool Members = planner::thisFunctor(KB);
    if ((FnB.Method && !Members) || FileB == FileIndex.end() || FnB.File != KB.File)
      return Their(planner::name(KB) + " would be computed ahead from what '" + FnB.Name +
                   "' declares before it, replayed in its caller, and '" + FnB.Name + "' is " +
                   (FnB.File != KB.File || FileB == FileIndex.end()
                        ? "not defined in the file of the launch"
                        : "a method (its object's members cannot be replayed there)"));
    auto MemberType = [&](const std::string &N) -> std::string {
      for (const ViewUse &V : KB.Views)
        if (!V.Local && V.Name == N)
          return V.PortableType;
      for (const ScalarUse &S : KB.Scalars)
        if (S.Name == N)
          return S.PortableType;
      return "";
    };
    Check = "kfuse-code-between";
    for (size_t I = FA->second.second + 1; I < FnA.Body.size(); ++I)
      if (std::string Why = blocks(FnA.Body[I], true, unbound()); !Why.empty())
        return "the code after " + planner::name(KA) + " in '" + FnA.Name + "' (" +
               where(FnA.Body[I].Pos) + ") runs before " + planner::name(KB) +
               " (computed ahead), and " + Why;
    // The declarations before B, replayed in the caller on the call's
    // arguments: only declarations, of names they compute from the
    // parameters and each other, touching no View data.
    llvm::StringRef TextB = All[FileB->second].Text;
    std::set<std::string> Known(FnB.Params.begin(), FnB.Params.end());
    std::vector<std::string> Statements;
    std::vector<std::vector<std::string>> Declared; // per statement, as replayed
    std::vector<std::string> Types; // declared there, not replayed
    for (size_t I = 0; I < FB->second.second; ++I) {
      const FlowStatement &S = FnB.Body[I];
      std::string At = "the code before " + planner::name(KB) + " in '" + FnB.Name + "' (" +
                       where(S.Pos) + ")";
      Declared.emplace_back(S.Effects.Declares);
      if (!S.DeclaresTypes.empty()) {
        Types.insert(Types.end(), S.DeclaresTypes.begin(), S.DeclaresTypes.end());
        Statements.emplace_back();
        continue;
      }
      if (std::string Why = blocks(S, false, unbound()); !Why.empty())
        return At + " would run after " + planner::name(KB) + " is computed ahead, and " + Why;
      if (Members && !S.AssignedMember.empty() && S.AssignedValue.valid()) {
        // `v = system->v;` -> `Kokkos::View<double *[3]> v = system->v;`,
        // where the kernel reads the member (else nothing to replay).
        const std::string &N = S.AssignedMember;
        std::string Type = MemberType(N);
        if (Type.empty()) {
          Statements.emplace_back();
          continue;
        }
        if (Known.count(N))
          return At + " assigns the member '" + N + "' " +
                 (llvm::is_contained(FnB.Params, N) ? "a parameter of the same name"
                                                    : "once more") +
                 " (the replay in the caller declares each member once, as a local of its "
                 "name)";
        llvm::StringRef Value = TextB.substr(S.AssignedValue.Offset, S.AssignedValue.Length);
        for (const std::string &C : S.Effects.Changes)
          if (C != N)
            return At + " changes '" + C + "', which " + planner::name(KB) +
                   " computed ahead would not see";
        for (const std::string &R : S.Effects.Reads)
          if (R != N && !Known.count(R))
            return At + " reads '" + R + "', which the replay in the caller cannot name";
        if (Value.contains("//") || Value.contains("/*"))
          return At + " is not an assignment kfuse can replay in the caller to compute " +
                 planner::name(KB) + " ahead";
        Known.insert(N);
        Declared.back() = {N};
        Statements.push_back(Type + " " + N + " = " + Value.str() + ";");
        continue;
      }
      llvm::StringRef Code = S.Range.valid() ? TextB.substr(S.Range.Offset, S.Range.Length) : "";
      if (S.Kind != FlowStatement::Form::Plain || S.Effects.Declares.empty() || Code.empty() ||
          Code.contains("//") || Code.contains("/*"))
        return At + " is not a declaration kfuse can replay in the caller to compute " +
               planner::name(KB) + " ahead";
      for (const std::string &N : S.Effects.Changes)
        if (!llvm::is_contained(S.Effects.Declares, N))
          return At + " changes '" + N + "', which " + planner::name(KB) +
                 " computed ahead would not see";
      for (const std::string &N : S.Effects.Reads)
        if (!Known.count(N))
          return At + " reads '" + N + "', which the replay in the caller cannot name";
      Known.insert(S.Effects.Declares.begin(), S.Effects.Declares.end());
      Statements.push_back(Code.rtrim().ends_with(";") ? Code.str() : Code.str() + ";");
    }
    // What the second kernel captures, and its policy, come from them.
    Check = "kfuse-not-fusable";
    // (In the order of its functor's members: an object holding Views
    // whole, held with its address.)
    std::vector<std::string> Captures, Texts;
    for (const ViewUse &V : KB.Views) {
      const std::string &N = V.Root.empty() ? V.Name : V.Root;
      if (!V.Local && !llvm::is_contained(Captures, N)) {
        Captures.push_back(N);
        Texts.push_back(V.Root.empty() ? N : "::kfuse::held(" + N + ")");
      }
    }
    for (const ScalarUse &S : KB.Scalars) {
      Captures.push_back(S.Name);
      Texts.push_back(S.Name);
    }
    for (const std::string &N : Captures)
      if (!Known.count(N))
        return Their(Members ? planner::name(KB) + " reads the member '" + N + "', which '" +
                                   FnB.Name +
                                   "' does not assign before it (the replay in the caller "
                                   "cannot read it)"
                             : planner::name(KB) + " captures '" + N + "', which '" +
                                   FnB.Name +
                                   "' does not declare before it (the replay in the caller "
                                   "cannot name it)");
    // An object held whole is compared by its address: the caller's own,
    // bound to a reference parameter (a copy would never have it).
    for (const ViewUse &V : KB.Views) {
      auto P = llvm::find(FnB.Params, V.Root);
      if (planner::throughObject(V) &&
          (P == FnB.Params.end() || !FnB.ParamsByReference[P - FnB.Params.begin()]))
        return Their(planner::name(KB) + " reaches Views through '" + V.Root + "', which '" +
                     FnB.Name + "' " +
                     (P == FnB.Params.end() ? "declares" : "takes by value") +
                     ": computed ahead, its result is taken where the object is the one it was "
                     "computed from, by its address, and a copy never is");
    }
    std::vector<planner::RawToken> Tokens = planner::tokenize(KB.Policy.Text);
    for (size_t T = 0; T < Tokens.size(); ++T)
      if (Tokens[T].Identifier && !Known.count(Tokens[T].Text) &&
          !llvm::is_contained(KB.Policy.GlobalNames, Tokens[T].Text) &&
          !llvm::is_contained({"Kokkos", "int", "long", "unsigned", "std", "size_t"},
                              Tokens[T].Text) &&
          !(T > 0 && llvm::is_contained({"::", ".", "->"}, Tokens[T - 1].Text)))
        return Their("the policy of " + planner::name(KB) + " names '" + Tokens[T].Text +
                     "', which the replay in the caller cannot name");
    // Only the declarations the captures and the policy need.
    std::set<std::string> Needed(Captures.begin(), Captures.end());
    for (const planner::RawToken &T : Tokens)
      if (T.Identifier)
        Needed.insert(T.Text);
    AheadLines.clear();
    for (size_t I = Statements.size(); I-- > 0;) {
      const FlowStatement &S = FnB.Body[I];
      if (llvm::none_of(Declared[I], [&](const std::string &N) { return Needed.count(N); }))
        continue;
      Needed.insert(S.Effects.Reads.begin(), S.Effects.Reads.end());
      AheadLines.insert(AheadLines.begin(), Statements[I]);
    }
    std::string Replayed = llvm::join(AheadLines, "\n") + "\n" + KB.Policy.Text;
    for (const planner::RawToken &T : planner::tokenize(Replayed))
      if (T.Identifier && llvm::is_contained(Types, T.Text))
        return Their("the replay in the caller of what " + planner::name(KB) +
                     " captures names the type '" + T.Text + "', which '" + FnB.Name +
                     "' declares");
    std::vector<std::string> Params;
    for (size_t I = 0; I < FnB.Params.size(); ++I)
      Params.push_back("auto &&" + (FnB.Params[I].empty() ? "kfuse_unused" + std::to_string(I)
                                                          : FnB.Params[I]));
    AheadParams = llvm::join(Params, ", ");
    AheadCaptures = llvm::join(Texts, ", ");

    std::string FirstProblem;
    Ahead = true;
    bool Found = placeInCallers(FnA, FnB, KA, KB, C, Share, FirstProblem);
    Ahead = false;
    if (Found)
      return "";
    Check = FirstProblem.empty() ? "kfuse-not-adjacent" : "kfuse-code-between";
    if (!FirstProblem.empty())
      return FirstProblem;
    return Their("no function of the files given calls '" + FnA.Name + "' and then '" +
                 FnB.Name + "' in one block");
  }

  /// Why the reduction \p K cannot be a part of two reductions run as one
  /// (ReduceBoth: its value combined as Kokkos combines it), as the end of
  /// a sentence about it, or "".
  static std::string aheadReduction(const KernelModel &K) {
    const std::optional<ReductionModel> &R = K.Reduction;
    if (K.Kind != LaunchKind::Reduce || !R)
      return " is not a reduction";
    if (R->AccumulatorParam.empty() || R->AccumulatorType.empty())
      return " has no accumulator kfuse can name";
    if (R->ScalarVariable && R->Reducer != "Sum" && R->ReducerType.empty())
      return " uses the reducer '" + R->Reducer + "', whose type kfuse cannot name here";
    if (R->ScalarVariable && llvm::is_contained({"Sum", "Prod", "Min", "Max"}, R->Reducer))
      return "";
    if (R->ClassVariable && R->Reducer == "Sum")
      return R->AccumulatorQualified.empty()
                 ? " reduces into a value of the class '" +
                       planner::withoutConstRef(R->AccumulatorType) +
                       "', which the other function cannot name (a local class, a template "
                       "or in an anonymous namespace)"
                 : "";
    // Other Kokkos reducers into a variable (MinLoc...): their own init
    // and join, on a value of their value type.
    if (R->ReducerVariable && !R->ReducerType.empty() &&
        llvm::is_contained({"MinLoc", "MaxLoc", "MinMax", "MinMaxLoc", "LAnd", "LOr", "BAnd",
                            "BOr"},
                           R->Reducer))
      return R->AccumulatorPortable.empty()
                 ? " reduces into a value whose type the other function cannot name"
                 : "";
    if (R->ResultIsView)
      return " reduces into a View";
    return " reduces into '" + R->ResultArgText + "'" +
           (R->Reducer == "Sum" ? std::string() : " with the reducer '" + R->Reducer + "'");
  }

  /// Why the reductions \p A (in the file \p FileA) and \p B cannot run as
  /// one with B computed ahead, or "".
  std::string aheadForm(const KernelModel &A, const KernelModel &B, size_t FileA) {
    for (const KernelModel *K : {&A, &B}) {
      if (std::string Why = aheadReduction(*K); !Why.empty())
        return planner::name(A) + " is a reduction whose result its function needs at once "
               "(such a pair runs as one only when both reduce into a variable, as a sum, "
               "product, minimum or maximum, through a Kokkos reducer such as MinLoc, or "
               "into a value type with +=, the second computed ahead), and " +
               planner::name(*K) + Why;
      if (K->Functor.Kind != FunctorModel::Form::Lambda)
        if (std::string Why = aheadObject(*K, K == &B); !Why.empty())
          return Why;
      if (!K->Unknown.empty())
        return planner::unknownAccess(*K);
      if (K->FromMacro || K->InTemplate)
        return planner::name(*K) + " is written " +
               (K->FromMacro ? "through the macro '" + K->MacroName + "'" : "in a template");
      const PolicyModel &P = K->Policy;
      if ((P.Kind != PolicyKind::Count && P.Kind != PolicyKind::Range) || !P.WorkTag.empty() ||
          P.OtherArgs || K->Functor.IndexParams.size() != 1)
        return "the policy of " + planner::name(*K) + " ('" + P.Text +
               "') is not a 1-D range of bounds alone (a reduction computed ahead runs over one)";
    }
    for (const ViewUse &V : B.Views)
      if (planner::writes(V.Mode))
        return planner::name(B) + " writes '" + V.Name + "': computed ahead, in one kernel with " +
               planner::name(A) + ", it would write even where its function is not called";
    for (const ScalarUse &S : B.Scalars)
      if (S.Written)
        return planner::name(B) + " assigns '" + S.Name + "'";
    if (A.Policy.ExecSpace != B.Policy.ExecSpace)
      return "they run on different execution spaces";
    if (planner::withoutConstRef(A.Functor.IndexType) != planner::withoutConstRef(B.Functor.IndexType))
      return "their index types differ";
    if (!planner::thisFunctor(B))
      if (std::string Why = functorForm(B, A, true); !Why.empty())
        return Why;
    // Views the guard cannot compare (reached through an accessor, or
    // through an object the second kernel captures whole, held by its
    // address): none may be written by the first kernel, nor share memory
    // with one it writes.
    const ViewUse *Hidden = nullptr;
    for (const KernelModel *K : {&A, &B})
      for (const ViewUse &V : K->Views)
        if (!V.Local && (!V.Accessor.empty() || (K == &B && planner::throughObject(V))))
          Hidden = Hidden ? Hidden : &V;
    if (Hidden)
      for (const ViewUse &V : A.Views)
        if (!V.Local && planner::writes(V.Mode))
          return planner::name(A) + " writes '" + V.Name + "', and '" + Hidden->Name +
                 "' is reached " +
                 (Hidden->Accessor.empty() ? "through '" + Hidden->Root + "'"
                                           : "through the accessor '" + Hidden->Accessor + "'") +
                 ": the guard cannot tell whether they share memory";
    // B's body is copied into A's file (its functor, which A's site
    // launches): what it names must be declared there.
    IncludeFile = FileA;
    if (std::string Why = declaredLater(B, A.File, A.TopDeclOffset); !Why.empty())
      return Why;
    return includesFor(B, A.File);
  }

  /// Why the calls \p E makes of functions whose bodies its unit lacks
  /// (or virtual ones) may observe the kernels: judged on their bodies in
  /// the other units (every overrider of a virtual one, when every unit of
  /// the compilation database is given), or "".
  std::string unseenCalls(const HostStatement &E) {
    if (UnseenDepth >= 4)
      return E.Opaque + " (through too many levels of calls into other files)";
    ++UnseenDepth;
    auto Done = llvm::make_scope_exit([&] { --UnseenDepth; });
    for (const HostStatement::UnseenCall &U : E.Unseen) {
      std::vector<const FunctionSummary *> Targets;
      if (auto It = ByUsr.find(U.Usr); It != ByUsr.end())
        Targets.push_back(It->second);
      if (U.Virtual) {
        if (!Opts.WholeProgram)
          return "calls the virtual function '" + U.Name +
                 "', and not every file of the compilation database is given (an overrider "
                 "may be in another)";
        for (const auto &[Usr, Fn] : ByUsr)
          if (llvm::is_contained(Fn->Overrides, U.Usr))
            Targets.push_back(Fn);
      } else if (Targets.empty()) {
        return "calls '" + U.Name + "', whose body is in none of the files given";
      }
      for (const FunctionSummary *Fn : Targets)
        if (Fn->Unsummarized)
          return "calls the virtual function '" + U.Name + "', and its overrider '" + Fn->Name +
                 "' (" + where(Fn->Pos) + ") has its body in none of the files given";
        else if (std::string Why = bodyBlocks(Fn->Body); !Why.empty())
          return "calls " + (U.Virtual ? "the virtual function '" + U.Name + "', whose overrider '" + Fn->Name + "'"
                                       : "'" + U.Name + "'") +
                 " (" + where(Fn->Pos) + ")" + (U.Virtual ? " " : ", which ") + Why;
    }
    return "";
  }

  /// Why a statement of \p Body (a function called between) may observe
  /// the kernels, as `blocks` says it, with where; or "".
  std::string bodyBlocks(const std::vector<FlowStatement> &Body) {
    for (const FlowStatement &S : Body) {
      if (S.Kind == FlowStatement::Form::Launch) {
        if (!Types.Launch)
          return "launches a kernel (" + where(S.Pos) + ")";
        if (std::string Why = Types.Launch(S.Pos, S.Site); !Why.empty())
          return Why;
        continue;
      }
      if (std::string Why = bodyBlocks(S.Body); !Why.empty())
        return Why;
      if (std::string Why = blocks(S, true, Types); !Why.empty())
        return llvm::StringRef(Why).starts_with("it ") ? Why.substr(3) + " (" + where(S.Pos) + ")"
                                                       : Why;
    }
    return "";
  }

  /// Why the functor object of \p K cannot be a part of two reductions run
  /// as one (\p Second: the one computed ahead, whose body is copied into a
  /// functor of its data members, as its method assigns them), or "".
  static std::string aheadObject(const KernelModel &K, bool Second) {
    const FunctorModel &F = K.Functor;
    if (F.Kind != FunctorModel::Form::Object)
      return planner::name(K) + "'s functor is not known";
    if (F.ReductionMembers)
      return planner::name(K) + "'s class declares how it reduces (value_type, init, join or "
                                "final), which a reduction computed ahead does not follow";
    if (!Second)
      return "";
    if (!planner::thisFunctor(K))
      return planner::name(K) + " runs the functor object '" + F.Text +
             "' (a reduction computed ahead is a lambda, or `*this` in a method that sets the "
             "members it reads)";
    if (!F.BodyVisible || F.BodyText.empty())
      return planner::name(K) + "'s functor body is not visible";
    if (K.ThisBeyondMembers || K.EarlyExit)
      return planner::name(K) + (K.EarlyExit ? " returns early from its body"
                                             : " uses `this` for more than its data members");
    std::set<std::string> Ids = planner::identifiersOf(F.BodyText);
    for (const std::string &N : F.ClassScopeNames)
      if (Ids.count(N))
        return planner::name(K) + " names '" + N +
               "' of its class's scope, which a copy of its body cannot";
    for (const ViewUse &V : K.Views)
      if (!V.Local && (!V.IsMember || !V.Root.empty() || V.PortableType.empty()))
        return planner::name(K) + " reaches the View '" + V.Name + "' " +
               (!V.Root.empty() ? "through the member '" + V.Root + "'"
                : V.IsMember    ? "of a type other files cannot name ('" + V.Type + "')"
                                : "other than as a data member");
    for (const ScalarUse &S : K.Scalars)
      if (!S.IsMember || S.PortableType.empty())
        return "the type of '" + S.Name + "' in " + planner::name(K) + " ('" + S.Type +
               "') cannot be named in other files";
    return "";
  }

  /// The file holding \p M's body: a lambda's launch's, an operator's own.
  static const std::string &bodyFile(const KernelModel &M) {
    return M.Functor.Kind == FunctorModel::Form::Object ? M.Functor.BodyPos.File : M.File;
  }

  /// Why a copy of \p M's body at \p Offset of \p File would not compile
  /// because that file declares something the body names only after it, or
  /// "".
  static std::string declaredLater(const KernelModel &M, const std::string &File,
                                   unsigned Offset) {
    if (M.BodyDeclLast.empty() || bodyFile(M) != File || M.BodyDeclLastOffset < Offset)
      return "";
    return planner::name(M) + " names '" + M.BodyDeclLast + "', which " +
           llvm::sys::path::filename(File).str() +
           " declares after the place its copy in the fused code would go";
  }

  /// True if copies of the bodies of \p A and \p B in one function at
  /// \p Offset of \p Launcher's file compile there: what they name is
  /// declared before it, in that file or in a file its unit includes (a
  /// lambda's other headers are included for it: includesFor).
  bool bodiesFit(const KernelModel &A, const KernelModel &B, const KernelModel &Launcher) const {
    return llvm::all_of(std::initializer_list<const KernelModel *>{&A, &B},
                        [&](const KernelModel *K) {
                          return declaredLater(*K, Launcher.File, Launcher.TopDeclOffset)
                                     .empty() &&
                                 (K->Functor.Kind != FunctorModel::Form::Object ||
                                  !notIncluded(*K, Launcher.File));
                        });
  }

  /// A file declaring what \p M's body names that \p File neither is nor
  /// includes, or null.
  const std::string *notIncluded(const KernelModel &M, const std::string &File) const {
    const FileModel *Unit = unitOf(File);
    for (const std::string &F : M.BodyDeclFiles)
      if (F != File && !libraryFile(F) && (!Unit || !llvm::is_contained(Unit->ProjectFiles, F)))
        return &F;
    return nullptr;
  }

  /// True if \p F is no project file of any unit given: a library's header
  /// (Kokkos' through `-I` rather than `-isystem`), which the user's files
  /// reach through their own includes. kfuse never includes one by a path
  /// of this machine; where a file does not reach it, the rewrite does not
  /// compile and is dropped (EmissionCheck).
  bool libraryFile(const std::string &F) const {
    return llvm::none_of(All, [&](const FileAnalysis &A) {
      return llvm::is_contained(A.Model.ProjectFiles, F);
    });
  }

  /// True if the profile saw two Views of \p K, one of them written, as one
  /// allocation or overlapping within one launch: one body over restrict
  /// pointers (whose guard checks every View against every other) would
  /// run none of those runs; the kernels are composed instead.
  /// Whether the bodies of \p KA (at \p A) and \p KB (at \p B) can be
  /// copied into one (CrossChain::Inlinable), else they are composed;
  /// Reverse as kernelForm set it.
  bool oneBody(const KernelModel &KA, const KernelModel &KB, SiteRef A, SiteRef B,
               bool Ahead) const {
    return !Ahead && !overlapsWithin(KA) && !overlapsWithin(KB) &&
           inlinable(KA, All[A.File].Text) && inlinable(KB, All[B.File].Text) &&
           KA.Functor.IndexType == KB.Functor.IndexType &&
           bodiesFit(KA, KB, !Ahead && Reverse ? KA : KB);
  }

  bool overlapsWithin(const KernelModel &K) const {
    std::string Id = K.Id.str();
    auto Written = [&](const std::string &Name) {
      return llvm::any_of(K.Views, [&](const ViewUse &V) {
        return V.Name == Name && planner::writes(V.Mode);
      });
    };
    for (const ProfileChain &C : Bound.Chains)
      for (size_t O = 0; O < C.Sites.size(); ++O)
        if (C.Sites[O] == Id)
          for (const auto *Facts : {&C.SameAllocation, &C.Overlaps})
            for (const IdentityFact &F : *Facts)
              if (F.Count && F.A.Position == O && F.B.Position == O && F.A.Name != F.B.Name &&
                  (Written(F.A.Name) || Written(F.B.Name)))
                return true;
    return false;
  }

  /// Why the profile's identity facts forbid running \p B's body after
  /// \p A's for each index: a View of one and a View of the other seen as
  /// one allocation under two names, or overlapping, where one is written
  /// (the legality check compared them by name; the guard would refuse
  /// those runs). "" when none.
  /// With \p Between: the kernels \p A, Between and \p B of a chain of
  /// three (A's and B's names compared as written, nothing merged).
  std::string aliasing(const KernelModel &A, const KernelModel &B,
                       const KernelModel *Between = nullptr) const {
    auto Written = [](const KernelModel &M, const std::string &Name) {
      return llvm::any_of(M.Views, [&](const ViewUse &V) {
        return V.Name == Name && planner::writes(V.Mode);
      });
    };
    std::string IdA = A.Id.str(), IdB = B.Id.str();
    size_t Step = Between ? 2 : 1;
    for (const ProfileChain &C : Bound.Chains)
      for (size_t O = 0; O + Step < C.Sites.size(); ++O) {
        if (C.Sites[O] != IdA || C.Sites[O + Step] != IdB ||
            (Between && C.Sites[O + 1] != Between->Id.str()))
          continue;
        for (const auto *Facts : {&C.SameAllocation, &C.Overlaps})
          for (const IdentityFact &F : *Facts) {
            if (F.Count == 0)
              continue;
            // One argument of each kernel, in either order.
            const ChainArgument *InA = F.A.Position == O ? &F.A : F.B.Position == O ? &F.B : nullptr;
            const ChainArgument *InB = F.A.Position == O + Step   ? &F.A
                                       : F.B.Position == O + Step ? &F.B
                                                                  : nullptr;
            if (!InA || !InB || InA == InB)
              continue;
            bool Same = Facts == &C.SameAllocation;
            if ((Same && (InA->Name == InB->Name ||
                          (!Between && sameView(Merged, InA->Name, InB->Name)))) ||
                (!Written(A, InA->Name) && !Written(B, InB->Name)))
              continue;
            return "the profile saw '" + InA->Name + "' (in " + planner::name(A) + ") and '" +
                   InB->Name + "' (in " + planner::name(B) + ") " +
                   (Same ? "as one View" : "overlap in memory") + " (" +
                   std::to_string(F.Count) +
                   " runs), and one of them is written: the fused kernel's guard would refuse "
                   "those runs";
          }
      }
    return "";
  }

  /// Whether \p M's body can be copied into a fused body over raw
  /// pointers: a lambda's `parallel_for` whose Views are captured (or public
  /// members of a captured object of a named class), or a bound functor
  /// object's defined in the launch's file (or a lambda's reduction into a
  /// number), whose Views are only indexed (no metadata, no escape, no atomic, every index written
  /// out of macros), whose scalars are named where the AST saw them, and
  /// whose body does not return early.
  static bool inlinable(const KernelModel &M, llvm::StringRef Text) {
    const FunctorModel &F = M.Functor;
    bool Object = F.Kind == FunctorModel::Form::Object;
    // A reduction into a number (the second kernel's): its accumulator is
    // bound to the fused functor's.
    bool Reduces = M.Kind == LaunchKind::Reduce && M.Reduction && M.Reduction->ScalarVariable &&
                   !M.Reduction->AccumulatorParam.empty() && !Object;
    if ((M.Kind != LaunchKind::For && !Reduces) || M.EarlyExit || M.ThisBeyondMembers ||
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
      if (V.Local || (!V.Root.empty() && V.RootClass.empty()) ||
          (!V.Member.empty() && !Object) || V.MetadataUsed || V.Rank == 0 ||
          V.Mode == AccessMode::Atomic || V.Mode == AccessMode::PassedToCall)
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

  /// Why \p A and \p B have a form the deferred launch does not handle.
  std::string kernelForm(const KernelModel &A, const KernelModel &B) {
    // A raw pointer's footprint over the second's range, where the guard
    // runs (the first's range is equal there).
    for (const KernelModel *M : {&A, &B})
      for (const ViewUse &V : M->Views)
        if (std::string Why; V.Pointer && !planner::pointerFootprint(*M, V, Why, &B.Policy))
          return planner::name(*M) + ": " + Why;
    auto PolicyWhy = [](const KernelModel &M) -> std::string {
      const PolicyModel &P = M.Policy;
      if (P.Kind != PolicyKind::Count && P.Kind != PolicyKind::Range &&
          P.Kind != PolicyKind::MDRange)
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
    // Memory kfuse cannot attribute first: it says the most.
    for (const KernelModel *K : {&A, &B})
      if (!K->Unknown.empty())
        return planner::unknownAccess(*K);
    for (const KernelModel *K : {&A, &B})
      for (const ViewUse &V : K->Views)
        if (!V.Accessor.empty())
          return planner::name(*K) + " reaches View '" + V.Name + "' through the accessor '" +
                 V.Accessor + "', which the guard cannot name (not fused across functions)";
    if (std::string Why = functorForm(A, B, true); !Why.empty())
      return Why;
    if (std::string Why = functorForm(B, A, false); !Why.empty())
      return Why;
    // (A launch in a template, the template parameters its body names
    // included (KernelModel::TemplateParams), is judged here.)
    if (A.FromMacro || A.InTemplate)
      return planner::name(A) + " is written " +
             (A.FromMacro ? "through the macro '" + A.MacroName + "'" : "in a template");
    if (B.FromMacro || B.InTemplate)
      return planner::name(B) + " is written " +
             (B.FromMacro ? "through the macro '" + B.MacroName + "'" : "in a template");
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
      return planner::name(B) + " reduces into something other than a number";
    // A functor object is kept as it is; the second's site names its class,
    // or else the first's site names the second's (and launches both).
    // The site launching both names each work tag.
    Reverse = false;
    auto Tags = [&](const KernelModel &At) -> std::string {
      for (const KernelModel *K : {&A, &B})
        if (!K->Policy.WorkTag.empty() && !tagNameableAt(K->Policy, At))
          return "the work tag '" + K->Policy.WorkTagClass + "' of " + planner::name(*K) +
                 " is not declared where " + planner::name(At) + " is launched";
      return "";
    };
    if (A.Functor.Kind == FunctorModel::Form::Object) {
      if (nameableAt(A.Functor, B, B.TopDeclOffset))
        return Tags(B);
      if (B.Kind == LaunchKind::For && nameableAt(B.Functor, A, A.TopDeclOffset)) {
        Reverse = true;
        return Tags(A);
      }
      return "the functor class '" + A.Functor.SpelledClass + "' of " + planner::name(A) +
             " is not declared where " + planner::name(B) + " is launched" +
             (B.Functor.Kind == FunctorModel::Form::Object
                  ? ", nor the other way round"
                  : "");
    }
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

  /// Fills Includes with the headers the copy of \p M's body in \p File
  /// needs that its unit does not include; why that cannot be, or "" (a
  /// declaration in a source file cannot be included).
  std::string includesFor(const KernelModel &M, const std::string &File) {
    const FileModel *Unit = unitOf(File);
    Includes.clear();
    if (M.File == File)
      return "";
    for (const std::string &Decl : M.BodyDeclFiles) {
      if (Decl == File || (Unit && llvm::is_contained(Unit->ProjectFiles, Decl)) ||
          libraryFile(Decl))
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

  /// Why the functor of \p M (the first kernel when \p First, else the
  /// second; \p Other the other one) cannot take part: the first is kept
  /// for a later launch and named in the second's file, the second is
  /// composed with it where it is launched.
  std::string functorForm(const KernelModel &M, const KernelModel &Other, bool First) {
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
                   "', whose class cannot be named in " +
                   llvm::sys::path::filename(Other.File).str();
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
    // The enclosing object (`*this`) is kept as a copy, as Kokkos copies it.
    if (F.ClassTemplate || F.SpelledClass.empty())
      return planner::name(M) + "'s functor '" + F.Text + "' is of a class kfuse cannot name" +
             " (not fused across functions yet)";
    for (const ViewUse &V : M.Views)
      if (!V.Local && (V.PrivateMember || !V.Root.empty()))
        return planner::name(M) + "'s View '" + V.Name +
               "' is not a public member of its functor, which the guard must read";
    return "";
  }

  /// True if code at \p Offset of \p At's file can name the functor class
  /// of \p F: defined above it in that file, or in a header its unit reads.
  bool nameableAt(const FunctorModel &F, const KernelModel &At, unsigned Offset) const {
    if (F.Kind != FunctorModel::Form::Object || F.SpelledClass.empty() || F.ClassTemplate)
      return false;
    if (F.ClassFile == At.File)
      return F.ClassOffset < Offset;
    const FileModel *Unit = unitOf(At.File);
    return !F.ClassFileOnly && Unit && llvm::is_contained(Unit->ProjectFiles, F.ClassFile);
  }

  /// True if code of \p At's function can name the work tag of \p P.
  bool tagNameableAt(const PolicyModel &P, const KernelModel &At) const {
    if (P.WorkTagClass.empty())
      return false;
    if (P.WorkTagFile == At.File)
      return P.WorkTagOffset < At.TopDeclOffset;
    const FileModel *Unit = unitOf(At.File);
    return !P.WorkTagFileOnly && Unit && llvm::is_contained(Unit->ProjectFiles, P.WorkTagFile);
  }

  const FileModel *unitOf(const std::string &File) const {
    // Analyses of headers carry the unit's files too; the main file's first.
    for (const FileAnalysis &F : All)
      if (absolutePath(F.Model.File) == File || absolutePath(F.Path) == File)
        return &F.Model;
    return nullptr;
  }

  /// A statement list's statements from \p From to \p To (exclusive):
  /// each is pure, or an `if` (no else) with a pure condition whose
  /// then-block can begin with a flush. Returns why not, or "".
  std::string walkBetween(const std::vector<FlowStatement> &Stmts, size_t From, size_t To,
                          std::vector<const FlowStatement *> &Flushes) {
    for (size_t I = From; I < To; ++I) {
      const FlowStatement &S = Stmts[I];
      std::string Why = blocks(S, false, Types);
      if (Why.empty())
        continue;
      // Across a kernel between, the code between must allow the chain on
      // its own: a flush there (which forgets the result computed ahead)
      // would run on the path the profile saw.
      if (!Across.empty())
        return "the code between them (" + where(S.Pos) + ") may observe the first kernel: " + Why;
      // A call of a function whose body kfuse reads runs it inside; not
      // where that flush runs on every call made here: the chain would
      // never run fused.
      if (std::optional<CalleeFlush> F = flushInCallee(S)) {
        if (F->EveryCall && S.Kind != FlowStatement::Form::If)
          return "the code between them calls '" + F->Callee + "' (" + where(S.Pos) +
                 "), which may observe the first kernel on every call (" + where(F->At->Pos) +
                 ": " + F->Why + "), so a fused chain would always run unfused";
        CalleeFlushes.push_back(*F);
        continue;
      }
      // An `if` whose body may observe the kernel runs it first: at the
      // start of its braces, or, without braces, in a copy of the `if`
      // before it (its condition evaluated twice, so it must change nothing).
      if (S.Kind == FlowStatement::Form::If && !S.HasElse &&
          blocksHeader(S.Header, Types).empty() &&
          (S.ThenLineAfter != ~0u ||
           (S.Header.Changes.empty() && S.Header.Declares.empty() && S.LineBegin != ~0u &&
            !S.CondText.empty()))) {
        Flushes.push_back(&S);
        continue;
      }
      return "the code between them (" + where(S.Pos) + ") may observe the first kernel: " + Why;
    }
    return "";
  }

  /// A flush inside a function called between (flushInCallee).
  struct CalleeFlush {
    size_t File;            ///< the analysis of the callee's file
    const FlowStatement *At; ///< the statement it goes before
    std::string Callee;     ///< the callee's name
    /// No statement before it may return: every call runs the flush.
    bool EveryCall = false;
    std::string Why; ///< why that statement may observe the kernel
  };

  /// Where the function \p S calls may run the pending kernel later than
  /// before the call: before the first statement of its body that may
  /// observe it (those before it change nothing kfuse cannot name, and may
  /// return: `if (step % every) return;`). \p S is the call (not virtual,
  /// its arguments naming variables) or an `if` (no else) with a pure
  /// condition around it alone. The callee's body must be in a file given,
  /// outside the code its own groups replace. None when not.
  std::optional<CalleeFlush> flushInCallee(const FlowStatement &S) const {
    if (S.Kind == FlowStatement::Form::If &&
        (S.HasElse || S.Body.size() != 1 || !blocksHeader(S.Header, Types).empty()))
      return std::nullopt;
    const FlowStatement *Call = S.Kind == FlowStatement::Form::If ? &S.Body.front() : &S;
    if (Call->Kind != FlowStatement::Form::Call || Call->Virtual || !Call->CallProblem.empty() ||
        !Call->ArgsProblem.empty() || !Call->ArgsPointerReads.Opaque.empty() ||
        !Call->Around.Opaque.empty())
      return std::nullopt;
    auto Fn = ByUsr.find(Call->Callee);
    if (Fn == ByUsr.end() || !FileIndex.count(Fn->second->File))
      return std::nullopt;
    ChainTypes T = boundBy(*Fn->second, *Call);
    // Pure, or an `if` (no else) with a pure condition around pure
    // statements that may return.
    std::function<bool(const FlowStatement &)> Pure = [&](const FlowStatement &St) {
      if (blocks(St, true, T).empty())
        return true;
      return St.Kind == FlowStatement::Form::If && !St.HasElse &&
             blocksHeader(St.Header, T).empty() && llvm::all_of(St.Body, Pure);
    };
    std::function<bool(const FlowStatement &)> MayReturn = [&](const FlowStatement &St) {
      return St.Returns || llvm::any_of(St.Body, MayReturn);
    };
    bool Returned = false;
    for (const FlowStatement &St : Fn->second->Body) {
      if (Pure(St)) {
        Returned |= MayReturn(St);
        continue;
      }
      size_t File = FileIndex.at(Fn->second->File);
      if (St.LineBegin == ~0u || insideGroups(File, St.LineBegin))
        return std::nullopt;
      return CalleeFlush{File, &St, Fn->second->Name, !Returned, blocks(St, true, T)};
    }
    return std::nullopt;
  }

  /// True if \p Offset of the file \p F is inside the code its own groups
  /// replace.
  bool insideGroups(size_t F, unsigned Offset) const {
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

  /// True if \p S calls \p Fn: directly, or virtually a method \p Fn
  /// overrides.
  static bool calls(const FlowStatement &S, const FunctionSummary &Fn) {
    return S.Kind == FlowStatement::Form::Call &&
           (S.Callee == Fn.Usr || (S.Virtual && llvm::is_contained(Fn.Overrides, S.Callee)));
  }

  /// Where \p Stmts[J] holds the call of \p FnB: the call itself, or an
  /// `if` (no else) with a pure condition whose then-block calls it after
  /// code that can run with the first kernel pending. Returns true when it
  /// does; \p Why says what is wrong when it holds the call but fails.
  bool holdsSecond(const FlowStatement &S, const FunctionSummary &FnB, std::string &Why,
                   std::vector<const FlowStatement *> &Flushes,
                   const FlowStatement *&Call) {
    auto IsCall = [&](const FlowStatement &X) { return calls(X, FnB); };
    auto Problem = [&](const FlowStatement &X) {
      if (!X.CallProblem.empty() || !X.ArgsProblem.empty())
        return X.CallProblem.empty() ? X.ArgsProblem : X.CallProblem;
      for (const HostStatement *H : {&X.ArgsPointerReads, &X.Around})
        if (!H->Opaque.empty())
          if (std::string Why = blocksHeader(*H, Types); !Why.empty())
            return Why;
      return std::string();
    };
    if (IsCall(S)) {
      Call = &S;
      Why = Problem(S).empty() ? "" : "the call of '" + FnB.Name + "' (" + where(S.Pos) +
                                          ") cannot receive a pending kernel: " + Problem(S);
      return true;
    }
    if (S.Kind != FlowStatement::Form::If)
      return false;
    for (size_t K = 0; K < S.Body.size(); ++K)
      if (IsCall(S.Body[K])) {
        Call = &S.Body[K];
        if (S.HasElse)
          Why = "the call of '" + FnB.Name + "' is in an `if` with an `else` (" + where(S.Pos) + ")";
        else if (std::string H = blocksHeader(S.Header, Types); !H.empty())
          Why = "the condition of the `if` around the call of '" + FnB.Name + "' (" +
                where(S.Pos) + ") " + H;
        else if (!Problem(S.Body[K]).empty())
          Why = "the call of '" + FnB.Name + "' (" + where(S.Body[K].Pos) +
                ") cannot receive a pending kernel: " + Problem(S.Body[K]);
        else
          Why = walkBetween(S.Body, 0, K, Flushes);
        return true;
      }
    return false;
  }

  /// Types, with the reference parameters of the functions not judged (the
  /// call binding them is not known yet).
  ChainTypes unbound() const {
    ChainTypes T = Types;
    T.AllReferences = false;
    return T;
  }

  /// Types, for the statements of \p Fn called by \p Call: its reference
  /// parameters bound to locals of the caller refer to no View's element.
  ChainTypes boundBy(const FunctionSummary &Fn, const FlowStatement &Call) const {
    ChainTypes T = Types;
    for (size_t P = 0; P < Fn.Params.size() && P < Call.ArgsLocal.size(); ++P)
      if (Call.ArgsLocal[P])
        T.BoundToLocals.insert(Fn.Params[P]);
    return T;
  }

  /// Why the code after the launch of \p KA in \p FnA, or before that of
  /// \p KB in \p FnB, judged with \p TA and \p TB, may observe KA pending
  /// (or see KB computed early), or "".
  std::string aroundLaunches(const KernelModel &KA, const KernelModel &KB,
                             const FunctionSummary &FnA, const FunctionSummary &FnB,
                             const ChainTypes &TA, const ChainTypes &TB) const {
    size_t AtA = LaunchAt.at(KA.Id.str()).second, AtB = LaunchAt.at(KB.Id.str()).second;
    for (size_t I = AtA + 1; I < FnA.Body.size(); ++I)
      if (std::string Why = blocks(FnA.Body[I], true, TA); !Why.empty())
        return "the code after " + planner::name(KA) + " in '" + FnA.Name + "' (" +
               where(FnA.Body[I].Pos) + ") runs before " + planner::name(KB) +
               (Ahead ? " (computed ahead)" : "") + ", and " + Why;
    for (size_t I = 0; I < AtB; ++I)
      if (std::string Why = blocks(FnB.Body[I], false, TB); !Why.empty())
        return "the code before " + planner::name(KB) + " in '" + FnB.Name + "' (" +
               where(FnB.Body[I].Pos) + ") " +
               (Ahead ? "would run after " + planner::name(KB) + " is computed ahead"
                      : "runs after " + planner::name(KA)) +
               ", and " + Why;
    return "";
  }

  /// Opens a window for the chain \p KA -> \p KB in every caller that
  /// calls \p FnA and then \p FnB where the code between allows it; true
  /// if there is one (the chain is recorded). The first reason another call
  /// of \p FnA runs the pair as written becomes the chain's Elsewhere, or,
  /// with no window, is left in \p FirstProblem.
  bool placeInCallers(const FunctionSummary &FnA, const FunctionSummary &FnB,
                      const KernelModel &KA, const KernelModel &KB, const ProfileChain &C,
                      double Share, std::string &FirstProblem) {
    Placing = NotPlaced;
    Consumed.clear();
    for (const auto &Entry : ByUsr)
      searchCaller(*Entry.second, FnA, FnB, KA, KB, C, Share, FirstProblem);
    if (Placing == NotPlaced)
      return false;
    Out.Chains[Placing].Elsewhere = FirstProblem;
    Placing = NotPlaced;
    return true;
  }

  /// Searches \p L for calls of \p FnA followed by one of \p FnB; records
  /// a window around each that passes and returns true if one did. Keeps
  /// the first specific reason a call does not in \p FirstProblem.
  bool searchCaller(const FunctionSummary &L, const FunctionSummary &FnA,
                           const FunctionSummary &FnB, const KernelModel &KA,
                           const KernelModel &KB, const ProfileChain &C, double Share,
                           std::string &FirstProblem) {
    bool Found = false;
    std::function<void(const Block &)> Visit = [&](const Block &Bk) {
      const std::vector<FlowStatement> &Stmts = *Bk.Stmts;
      for (size_t I = 0; I < Stmts.size(); ++I) {
        const FlowStatement &S = Stmts[I];
        // (A call whose launch takes the pending one of a window of this
        // chain defers nothing itself: windows of one chain do not nest.)
        if (calls(S, FnA) && !Consumed.count(&S)) {
          // What the statement evaluates besides the call may run with the
          // first kernel pending (not when the second is computed ahead).
          std::string Around = Ahead || S.Around.Opaque.empty()
                                   ? std::string()
                                   : blocksHeader(S.Around, Types);
          if (!S.CallProblem.empty() || !Around.empty()) {
            if (FirstProblem.empty())
              FirstProblem = "the call of '" + FnA.Name + "' (" + where(S.Pos) +
                             ") cannot defer its kernel: " +
                             (S.CallProblem.empty() ? Around : S.CallProblem);
            continue;
          }
          Found |= tryFrom(L, Bk, I, FnB, KA, KB, C, Share, FirstProblem);
        }
        if (S.Kind == FlowStatement::Form::If || S.Kind == FlowStatement::Form::Loop ||
            S.Kind == FlowStatement::Form::Block)
          Visit(Block{&S.Body, S.Kind == FlowStatement::Form::Loop ? &S : nullptr});
      }
    };
    Visit(Block{&L.Body, nullptr});
    return Found;
  }

  bool tryFrom(const FunctionSummary &L, const Block &Bk, size_t I, const FunctionSummary &FnB,
               const KernelModel &KA, const KernelModel &KB, const ProfileChain &C,
               double Share, std::string &FirstProblem) {
    const std::vector<FlowStatement> &Stmts = *Bk.Stmts;
    auto Fail = [&](const std::string &Why) {
      if (FirstProblem.empty())
        FirstProblem = Why + " (in '" + L.Name + "')";
      return false;
    };
    std::vector<const FlowStatement *> Flushes;
    CalleeFlushes.clear();
    // Straight on, in this block.
    for (size_t J = I + 1; J < Stmts.size(); ++J) {
      std::string Why;
      const FlowStatement *Call = nullptr;
      if (holdsSecond(Stmts[J], FnB, Why, Flushes, Call)) {
        if (!Why.empty())
          return Fail(Why);
        if (std::string W = walkBetween(Stmts, I + 1, J, Flushes); !W.empty())
          return Fail(W);
        return record(L, Stmts[I], Stmts[J], nullptr, *Call, FnB, Flushes, KA, KB, C, Share,
                      Fail);
      }
    }
    // Across the back edge of the loop this block is the body of.
    if (!Bk.Loop)
      return Fail("'" + L.Name + "' calls '" + FnB.Name + "' nowhere after it calls the first "
                  "function in one block");
    // The first call of a loop's body would take a launch pending from the
    // last one while a window of its own opens in the body.
    if (Self)
      return Fail("'" + L.Name + "' calls '" + FnB.Name + "' again only in its loop's next "
                  "iteration (a launch is fused with itself only for two calls in one block)");
    if (std::string H = blocksHeader(Bk.Loop->Header, Types); !H.empty())
      return Fail("the header of the loop around the calls (" + where(Bk.Loop->Pos) + ") " + H);
    for (size_t J = 0; J < I; ++J) {
      std::string Why;
      const FlowStatement *Call = nullptr;
      if (holdsSecond(Stmts[J], FnB, Why, Flushes, Call)) {
        if (!Why.empty())
          return Fail(Why);
        if (std::string W = walkBetween(Stmts, I + 1, Stmts.size(), Flushes); !W.empty())
          return Fail(W);
        if (std::string W = walkBetween(Stmts, 0, J, Flushes); !W.empty())
          return Fail(W);
        return record(L, Stmts[I], *Bk.Loop, Bk.Loop, *Call, FnB, Flushes, KA, KB, C, Share,
                      Fail);
      }
    }
    return Fail("'" + L.Name + "' calls '" + FnB.Name + "' nowhere after the first function");
  }

  template <class FailFn>
  bool record(const FunctionSummary &L, const FlowStatement &Open, const FlowStatement &Close,
              const FlowStatement *Loop, const FlowStatement &Second,
              const FunctionSummary &FnB, const std::vector<const FlowStatement *> &Flushes,
              const KernelModel &KA, const KernelModel &KB, const ProfileChain &C,
              double Share, FailFn Fail) {
    auto FileOfL = FileIndex.find(L.File);
    if (FileOfL == FileIndex.end())
      return Fail("'" + L.Name + "' is in " + llvm::sys::path::filename(L.File).str() +
                  ", which is not among the files given");
    // The reference parameters of the two functions, as these calls bind
    // them.
    const FunctionSummary &FnA = *LaunchAt.at(KA.Id.str()).first;
    if (std::string Why =
            aroundLaunches(KA, KB, FnA, FnB, boundBy(FnA, Open), boundBy(FnB, Second));
        !Why.empty())
      return Fail(Why);
    const FlowStatement &First = Loop ? *Loop : Open;
    if (Ahead && Loop)
      return Fail("'" + L.Name + "' calls '" + FnB.Name + "' in the next iteration of its loop "
                  "(a reduction is computed ahead only for a call that follows in one block)");
    if (Ahead)
      for (size_t N = 0; N < KB.Policy.GlobalNames.size(); ++N) {
        const std::string &Decl = KB.Policy.GlobalFiles[N];
        const FileModel *Unit = unitOf(L.File);
        if (!Decl.empty() && Decl != L.File && !libraryFile(Decl) &&
            (!Unit || !llvm::is_contained(Unit->ProjectFiles, Decl)))
          return Fail("the policy of " + planner::name(KB) + ", replayed in '" + L.Name +
                      "', names '" + KB.Policy.GlobalNames[N] + "', declared in " +
                      llvm::sys::path::filename(Decl).str() + ", which " +
                      llvm::sys::path::filename(L.File).str() + " does not include");
      }
    if (Ahead && (!Second.ArgsExact || !Second.ArgsProblem.empty()))
      return Fail("the call of '" + FnB.Name + "' (" + where(Second.Pos) +
                  ") passes an argument of another type than its parameter's, or one whose "
                  "evaluation changes something, and the replay of its declarations computing " +
                  planner::name(KB) + " ahead would evaluate it once more");
    // A virtual call of the second function runs the pending kernel first
    // unless the object is exactly of the class whose method holds it.
    if (Second.Virtual) {
      const FileModel *Unit = unitOf(L.File);
      if (FnB.SpelledClass.empty() || Second.LineBegin == ~0u ||
          (FnB.ClassFile != L.File &&
           (FnB.ClassFileOnly || !Unit || !llvm::is_contained(Unit->ProjectFiles, FnB.ClassFile))))
        return Fail("the call of '" + FnB.Name + "' (" + where(Second.Pos) +
                    ") is virtual, and its class cannot be named there to check the object");
    }
    const FlowStatement *Crowded = First.LineBegin == ~0u   ? &First
                                   : Close.LineAfter == ~0u ? &Close
                                   : Open.LineBegin == ~0u || Open.LineAfter == ~0u ? &Open
                                                                                     : nullptr;
    if (Crowded)
      return Fail("the statement at " + where(Crowded->Pos) + " shares its line with other code");
    size_t F = FileOfL->second;
    // The lines go outside the code the file's own groups replace.
    auto Inside = [&](unsigned O) { return insideGroups(F, O); };
    if (Inside(First.LineBegin) || Inside(Close.LineAfter) ||
        llvm::any_of(Flushes, [&](const FlowStatement *S) {
          return Inside(S->ThenLineAfter != ~0u ? S->ThenLineAfter : S->LineBegin);
        }))
      return Fail("the calls are inside launches of '" + L.Name + "' that kfuse fuses");
    std::string Tag = KA.Id.Hash.substr(0, 8) + "_" + KB.Id.Hash.substr(0, 8);
    if (Placing == NotPlaced) {
      CrossChain New;
      New.First = ById[KA.Id.str()];
      New.Second = ById[KB.Id.str()];
      New.Key = "kfuse_chain_" + Tag;
      // The functor kept from one site for the other: the first kernel's, or
      // the second's when that is computed ahead.
      const KernelModel &Kept = Ahead ? KB : KA;
      std::string Base =
          identifierFrom(Kept.LabelKind == "literal" ? Kept.Label : Kept.Id.Function);
      New.PartName = "kfuse_part_" + (Base.empty() ? std::string("kernel") : Base) + "_" +
                     Kept.Id.Hash.substr(0, 8);
      New.Reverse = !Ahead && Reverse;
      New.Ahead = Ahead;
      New.Merged = Merged;
      New.OneView = OneView;
      New.Distinct = Distinct;
      New.Inlinable = oneBody(KA, KB, New.First, New.Second, Ahead);
      New.Count = C.Count;
      New.Share = Share;
      New.Across = Across.empty() ? "" : acrossName();
      Placing = Out.Chains.size();
      AsFirst[KA.Id.str()] = Placing;
      AsSecond[KB.Id.str()] = Placing;
      Out.Chains.push_back(std::move(New));
    }
    Consumed.insert(&Second);
    // Another window of the chain may be open in the same function: each
    // has a variable of its own.
    CrossChain &Ch = Out.Chains[Placing];
    ChainWindow W;
    W.Caller = L.Name;
    W.Pos = First.Pos;
    W.BackEdge = Loop != nullptr;
    W.Variable = "kfuse_window_" + Tag +
                 (Ch.Windows.empty() ? "" : "_" + std::to_string(Ch.Windows.size() + 1));
    Ch.Lines.push_back({F, First.LineBegin, First.Indent,
                        "::kfuse::Window " + W.Variable + "(\"" + Ch.Key + "\");"});
    if (Ahead) {
      // The second kernel's captures, as its function builds them from the
      // call's arguments: built at the first kernel's launch.
      std::string In = First.Indent;
      auto Add = [&](const std::string &Code) {
        Ch.Lines.push_back({F, First.LineBegin, In, Code});
      };
      Add("// '" + planner::codeName(KB) +
          "' is computed ahead, with the first kernel: its captures as '" + FnB.Name +
          (planner::thisFunctor(KB) ? "' assigns its members." : "' declares them."));
      Add(W.Variable + ".ahead([&] {");
      In += "  ";
      Add("return [](" + AheadParams + ") {");
      In += "  ";
      for (const std::string &S : AheadLines)
        Add(S);
      Add("return ::kfuse::ahead_captures(::kfuse::bounds_of(" + KB.Policy.Text + "), " +
          AheadCaptures + ");");
      In.resize(In.size() - 2);
      Add("}(" + llvm::join(Second.Args, ", ") + ");");
      In.resize(In.size() - 2);
      Add("});");
    }
    // Only this call of the first function may defer its kernel.
    Ch.Lines.push_back({F, Open.LineBegin, Open.Indent, W.Variable + ".arm();"});
    Ch.Lines.push_back({F, Open.LineAfter, Open.Indent, W.Variable + ".disarm();"});
    for (const FlowStatement *S : Flushes) {
      W.Flushes.push_back({S->Pos, ""});
      if (S->ThenLineAfter != ~0u)
        Ch.Lines.push_back({F, S->ThenLineAfter, S->ThenIndent, W.Variable + ".flush();"});
      else
        Ch.Lines.push_back({F, S->LineBegin, S->Indent,
                            "if (" + S->CondText + ") " + W.Variable + ".flush();"});
    }
    // In a function called between, after its early returns: by the
    // chain's name (the window is the caller's). Once per place.
    for (const CalleeFlush &CF : CalleeFlushes) {
      size_t In = CF.File;
      const FlowStatement *S = CF.At;
      W.Flushes.push_back({S->Pos, CF.Callee});
      std::string Code = "::kfuse::flush(\"" + Ch.Key + "\");";
      if (llvm::none_of(Ch.Lines, [&](const InsertedLine &X) {
            return X.File == In && X.Offset == S->LineBegin && X.Code == Code;
          }))
        Ch.Lines.push_back({In, S->LineBegin, S->Indent, Code});
    }
    if (Second.Virtual)
      Ch.Lines.push_back({F, Second.LineBegin, Second.Indent,
                          "if (!::kfuse::is_exactly<" + FnB.SpelledClass + ">(" +
                              (Second.ObjectIsPointer ? Second.ObjectText
                                                      : "&(" + Second.ObjectText + ")") +
                              ")) " + W.Variable + ".flush();"});
    Ch.Lines.push_back({F, Close.LineAfter, First.Indent, W.Variable + ".close();", true});
    for (const std::string &H : Includes)
      if (Included.insert({IncludeFile, H}).second)
        Ch.Lines.push_back({IncludeFile, 0, "", "#include \"" + H + "\""});
    Ch.Windows.push_back(std::move(W));
    return true;
  }

  const std::vector<FileAnalysis> &All;
  FusionOptions Opts;
  Profile Bound;
  std::map<std::string, SiteRef> ById;
  std::map<std::string, size_t> FileIndex;
  std::set<std::pair<size_t, size_t>> Grouped;
  std::map<std::string, const FunctionSummary *> ByUsr;
  std::map<std::string, std::pair<const FunctionSummary *, size_t>> LaunchAt;
  /// Launches fused across functions, as the first or the second of a
  /// chain: the index of their chain in Out.Chains.
  std::map<std::string, size_t> AsFirst, AsSecond;
  /// The element types of the Views of the chain being placed.
  ChainTypes Types;
  /// Flushes inside functions called between the calls being placed
  /// (flushInCallee), for tryFrom's attempt.
  std::vector<CalleeFlush> CalleeFlushes;
  /// The chain being placed is launched from the first kernel's site.
  bool Reverse = false;
  /// The chain being judged is one launch after itself (CrossChain::self).
  bool Self = false;
  /// The calls whose launch takes the pending one in a window recorded for
  /// the chain being placed.
  std::set<const FlowStatement *> Consumed;
  /// The chain whose windows are being placed (placeInCallers): its index
  /// in Out.Chains once the first window is recorded.
  static constexpr size_t NotPlaced = ~size_t(0);
  size_t Placing = NotPlaced;
  /// The chain being placed computes its second kernel ahead: the
  /// parameters of the replay of its function's declarations (`auto &&sys`),
  /// those declarations, and the second kernel's captures.
  bool Ahead = false;
  /// How deep unseenCalls is in calls into other files.
  unsigned UnseenDepth = 0;
  /// The site of the kernel the profile saw between the chain's two (a
  /// chain of three; ""), and the chains of three seen as pairs.
  std::string Across;
  std::deque<ProfileChain> AcrossChains;
  /// Every unit's model of a site (a header's launch has one per unit
  /// including it), and the sites by where their launch call begins.
  std::map<std::string, std::vector<SiteRef>> EveryModel, AtPos;
  std::string AheadParams, AheadCaptures;
  std::vector<std::string> AheadLines;
  /// The file that gets the Includes (the one the other kernel's body is
  /// copied into).
  size_t IncludeFile = 0;
  /// Headers the copy of the first kernel's body needs in the second's
  /// file (kernelForm), and those already included there, per file.
  std::vector<std::string> Includes;
  std::set<std::pair<size_t, std::string>> Included;
  /// Its first kernel's View names merged with the second's.
  std::multimap<std::string, std::string> Merged;
  std::map<std::string, std::string> OneView;
  std::set<std::string> Distinct; ///< CrossChain::Distinct
  CrossFunctionPlan Out;
};

} // namespace

bool runsAsOneBody(const CrossFunctionPlan &Plan, const CrossChain &C, bool Restrict) {
  auto Same = [](SiteRef X, SiteRef Y) { return X.File == Y.File && X.Site == Y.Site; };
  bool InThree = llvm::any_of(Plan.Chains, [&](const CrossChain &O) {
    return &O != &C && (Same(O.Second, C.First) || Same(O.First, C.Second));
  });
  return Restrict && C.Inlinable && !InThree;
}

bool sameView(const std::multimap<std::string, std::string> &Merged, const std::string &First,
              const std::string &Second) {
  auto [Begin, End] = Merged.equal_range(First);
  return First == Second ||
         std::any_of(Begin, End, [&](const auto &P) { return P.second == Second; });
}

std::string callersOf(const CrossChain &C) {
  std::vector<std::string> Names;
  for (const ChainWindow &W : C.Windows)
    if (!llvm::is_contained(Names, "'" + W.Caller + "'"))
      Names.push_back("'" + W.Caller + "'");
  return llvm::join(Names, " or ");
}

CrossFunctionPlan planAcrossFunctions(std::vector<FileAnalysis> &All, const Profile &Prof,
                                      const FusionOptions &Opts) {
  for (FileAnalysis &A : All)
    llvm::erase_if(A.Plan.Refusals, [&](const Refusal &R) {
      return R.First != R.Second &&
             A.Model.Sites[R.First].Id.Function != A.Model.Sites[R.Second].Id.Function;
    });
  CrossFunctionPlan Plan = Planner(All, Prof, Opts).run();
  // A launch after itself that this plan fused or explained across calls of
  // its function: the file's planner's remark on it goes.
  auto Drop = [&](SiteRef R) {
    llvm::erase_if(All[R.File].Plan.Refusals, [&](const Refusal &F) {
      return F.First == R.Site && F.Second == R.Site;
    });
  };
  for (const CrossChain &C : Plan.Chains)
    if (C.self())
      Drop(C.First);
  for (const CrossRefusal &R : Plan.Refusals)
    if (R.FirstFound && R.SecondFound && R.First.File == R.Second.File &&
        R.First.Site == R.Second.Site)
      Drop(R.First);
  return Plan;
}

} // namespace kfuse
