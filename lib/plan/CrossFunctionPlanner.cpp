//===- CrossFunctionPlanner.cpp - Chains whose launches are in different functions ===//
//
// Which chains the profile shows are fused across functions, and whether
// they are legal; the layers under plan/cross/ say where fused code can be
// written, what the code around the launches may observe, and where the
// callers' windows go.

#include "kfuse/CrossFunctionPlan.h"
#include "kfuse/FusionPlan.h"
#include "kfuse/SiteIdentity.h"
#include "plan/PlannerSupport.h"
#include "plan/SharedLoads.h"
#include "plan/cross/Ahead.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <functional>
#include <map>
#include <set>

namespace kfuse {
namespace {

using namespace cross;

/// Which chains of the profile run fused across functions: the pairs (and
/// the reductions computed ahead across a kernel) by their share of kernel
/// time, each judged for legality on the kernels' effects and placed in
/// the callers, or refused with the reason.
class Planner : public AheadJudge {

public:
  using AheadJudge::AheadJudge;

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
    // Two passes: chains whose caller calls both kernels' functions first,
    // then, for launches still free, those where the caller launches one
    // of them itself (placeDirect, placeDirectSecond), which would
    // otherwise take launches from chains of the functions' own.
    for (bool Direct : {false, true}) {
      DirectPass = Direct;
      for (const std::vector<Pair> *List : {&Pairs, &AcrossOne})
        for (const Pair &P : *List) {
          Across = P.Across;
          consider(*P.C, P.Share);
        }
    }
    Across.clear();
    return std::move(Out);
  }

  void consider(const ProfileChain &C, double Share) {
    auto A = ById.find(C.Sites[0]), B = ById.find(C.Sites[1]);
    if ((A == ById.end() && B == ById.end()) ||
        (DirectPass && (A == ById.end() || B == ById.end())))
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
      R.Reason = notFound(R.FirstFound ? C.Sites[1] : C.Sites[0]);
      R.Check = "kfuse-not-adjacent";
      Out.Refusals.push_back(std::move(R));
      return;
    }
    const KernelModel &KA = site(A->second), &KB = site(B->second);
    auto FA = LaunchAt.find(KA.Id.str()), FB = LaunchAt.find(KB.Id.str());
    bool SameFunction = FA != LaunchAt.end() && FB != LaunchAt.end()
                            ? FA->second.Fn == FB->second.Fn
                            : KA.File == KB.File && KA.Id.Function == KB.Id.Function;
    // One launch after itself: two calls of its function in a row, where
    // the launch is a statement of the function's body; else (under an `if`
    // or a loop) the file's planner explains it, as it explains one function.
    bool Itself = A->second.File == B->second.File && A->second.Site == B->second.Site;
    if (Itself && (FA == LaunchAt.end() || !FA->second.top() || KA.Repeat))
      return;
    if (SameFunction && !Itself)
      return;
    // The second pass judges again the pairs the first refused.
    auto Same = [](SiteRef X, SiteRef Y) { return X.File == Y.File && X.Site == Y.Site; };
    auto Earlier = llvm::find_if(Out.Refusals, [&](const CrossRefusal &E) {
      return E.FirstFound && E.SecondFound && Same(E.First, A->second) &&
             Same(E.Second, B->second) && E.Across == R.Across;
    });
    if (DirectPass && Earlier == Out.Refusals.end())
      return; // fused in the first pass
    std::string Check = "kfuse-not-adjacent";
    std::string Why = evaluate(A->second, B->second, C, Share, Check);
    if (DirectPass) {
      // Fused now, or refused where the first pass found no place at all:
      // the new verdict; else the first pass's reason stands (launches
      // taken since by colder chains do not make it.)
      if (!Why.empty() && Earlier->Check != "kfuse-not-adjacent")
        return;
      Out.Refusals.erase(Earlier);
    }
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
    // (Known over the whole program, or of members no other unit can use.)
    Types.PointerFields = &PointerFields;
    for (const KernelModel *K : {&KA, &KB}) {
      // Instantiations whose Views hold other element types: any type.
      if (K->TemplateTypesVary) {
        Types.Used.insert("?");
        if (K == &KA)
          Types.Written.insert("?");
      }
      for (const ViewUse &V : K->Views) {
        Types.Used.insert(planner::elementType(V));
        if (K == &KA && planner::writes(V.Mode))
          Types.Written.insert(planner::elementType(V));
        Types.HiddenViews |= !V.Local && (!planner::guardNames(V) || planner::throughObject(V));
      }
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
    // A policy no fused code runs over (a team's, whose nested loops the
    // body analysis does not follow) first, then memory kfuse cannot
    // attribute: legality cannot be judged.
    Check = "kfuse-not-fusable";
    for (const KernelModel *K : {&KA, &KB})
      if (const PolicyModel &P = K->Policy; P.Kind != PolicyKind::Count &&
                                            P.Kind != PolicyKind::Range &&
                                            P.Kind != PolicyKind::MDRange)
        return "their launches are " + Files + ", and " + planner::name(*K) + " runs over a " +
               (P.TypeName.empty() ? "policy" : P.TypeName) +
               " (only ranges and boxes are fused across functions)";
    for (const KernelModel *K : {&KA, &KB})
      if (!K->Unknown.empty())
        return "their launches are " + Files + ", and " + planner::unknownAccess(*K);
    // Two names the profile saw as one View in a run are compared as one:
    // what is legal for one View is legal for two apart, and the guard checks
    // they are one or apart (each kernel keeps its own captures), so the
    // runs that bind other Views fuse too.
    Merged.clear();
    for (const IdentityFact &F : C.SameAllocation)
      if (F.Count > 0 && F.A.Position != F.B.Position && F.A.Name != F.B.Name) {
        const ChainArgument &InA = F.A.Position == 0 ? F.A : F.B;
        const ChainArgument &InB = F.A.Position == 0 ? F.B : F.A;
        if (!sameView(Merged, InA.Name, InB.Name))
          Merged.emplace(InA.Name, InB.Name);
      }
    OneView.clear();
    for (const IdentityFact &F : C.SameAllocation)
      if (F.Count == C.Count && F.A.Position != F.B.Position)
        OneView.emplace((F.A.Position == 0 ? F.A : F.B).Name, (F.A.Position == 0 ? F.B : F.A).Name);
    for (auto &W : Within)
      W.clear();
    for (const IdentityFact &F : C.SameAllocation)
      // (Across a kernel between, the second is the chain's last.)
      if (F.Count == C.Count && F.A.Position == F.B.Position && F.A.Name != F.B.Name &&
          (F.A.Position == 0 || F.A.Position + 1 == C.Sites.size()))
        Within[F.A.Position == 0 ? 0 : 1].emplace_back(F.A.Name, F.B.Name);
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
    if (std::string Why = hiddenAliasing(KA, KB); !Why.empty())
      return "their launches are " + Files + ", and " + Why;
    // One model stands for every instantiation of a launch in a template
    // only where they agree: else what each launch touches is not known.
    Check = "kfuse-not-fusable";
    for (const KernelModel *K : {&KA, &KB})
      if (!K->TemplateWhy.empty() && !K->TemplateInHeader)
        return "their launches are " + Files + ", and " + planner::name(*K) +
               " is written in a template, and " + K->TemplateWhy +
               ": kfuse does not know what each of its launches touches";
    Check = "kfuse-unsafe-dependence";
    SourcePos Pos;
    if (std::string Why = FusionPlanner::dependenceBetween(Renamed, RenamedB, Pos); !Why.empty()) {
      // Judged by the second's name: say which Views of theirs that is.
      for (const auto &[Mine, Theirs] : Merged)
        if (Mine != Theirs && llvm::StringRef(Why).contains("'" + Theirs + "'"))
          for (const IdentityFact &F : C.SameAllocation)
            if (F.Count > 0 && F.A.Position != F.B.Position &&
                (F.A.Position == 0 ? F.A : F.B).Name == Mine &&
                (F.A.Position == 0 ? F.B : F.A).Name == Theirs) {
              Why += " ('" + Mine + "' in " + planner::name(KA) + " and '" + Theirs + "' in " +
                     planner::name(KB) + " were one View in " + std::to_string(F.Count) +
                     " of the " + std::to_string(C.Count) + " runs)";
              break;
            }
      return Why;
    }
    // Legal: where the fused code can be written (functors, policies, what
    // the bodies name) decides next.
    Check = "kfuse-not-fusable";
    if (std::string Why = kernelForm(KA, KB); !Why.empty())
      return "their launches are " + Files + "; nothing they access conflicts, but " + Why;
    if (Self && Reverse)
      return "their launches are " + Files + ", and the functor class '" +
             KA.Functor.SpelledClass + "' of " + planner::name(KA) +
             " is not declared where it is launched";
    IncludeFile = Reverse ? A.File : B.File;
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
      // Raw pointers: each pair's guard checks their footprints over the
      // second's range (the three ranges are equal where they run fused);
      // a pointer with none must be loaded alike by the first and the last
      // too (the other two pairs are judged as pairs).
      {
        std::string NotAlike;
        planner::SharedLoads XY = planner::sharedLoads(X, Y, &NotAlike);
        for (const KernelModel *K : {&X, &Y})
          for (const ViewUse &V : K->Views)
            if (std::string Why; V.Pointer && !V.Local && !XY.loaded(V.Name, K == &X) &&
                                 !planner::pointerFootprint(*K, V, Why, &Y.Policy))
              return Three + ", and " + planner::name(*K) + ": " + Why + ", and " +
                     planner::name(X) + " and " + planner::name(Y) + " do not load it alike" +
                     (NotAlike.empty() ? "" : ": " + NotAlike);
      }
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
      if (Before && X.TemplateTypesVary)
        Types.Used.insert("?"), Types.Written.insert("?");
      if (Before)
        for (const ViewUse &V : X.Views) {
          Types.Used.insert(planner::elementType(V));
          if (planner::writes(V.Mode))
            Types.Written.insert(planner::elementType(V));
          Types.HiddenViews |= !V.Local && (!planner::guardNames(V) || planner::throughObject(V));
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
    std::string FirstProblem;
    GenericProblem = false;
    // The function launching B calls FnA before it (B in any block of it).
    if (FA != LaunchAt.end() && !Ahead && !Self && DirectPass) {
      // (record() judges the code after A in FnA.)
      Check = "kfuse-code-between";
      if (placeDirectSecond(*FA->second.Fn, KA, KB, C, Share, FirstProblem))
        return "";
      Check = "kfuse-not-adjacent";
    }
    if (!FirstProblem.empty() && !GenericProblem && (FB == LaunchAt.end() || !FB->second.top())) {
      Check = "kfuse-code-between";
      return FirstProblem;
    }
    if (FB == LaunchAt.end() || !FB->second.top())
      return "their launches are " + Files + ", and " + planner::name(KB) +
             " is not a statement at the top of its function's body (it is in a block, "
             "an `if` or a loop): kfuse runs a pending kernel fused only with such a launch";
    const FunctionSummary &FnB = *FB->second.Fn;
    // The function launching A calls FnB after it (A in any block of it,
    // a loop's body too).
    Check = "kfuse-code-between";
    if (!Ahead && !Self && DirectPass && placeDirect(FnB, KA, KB, C, Share, FirstProblem))
      return "";
    if (FA == LaunchAt.end()) {
      if (!FirstProblem.empty() && !GenericProblem)
        return FirstProblem;
      Check = "kfuse-not-adjacent";
      return "their launches are " + Files + ", and " + planner::name(KA) +
             " is in a loop of its function (or in no statement of a function's body kfuse "
             "read), which does not call the second's function after it: kfuse defers only "
             "a launch that runs once per call of its function";
    }
    const FunctionSummary &FnA = *FA->second.Fn;
    // Their reference parameters are judged at the calls (record()).
    if (std::string Why = aroundLaunches(KA, KB, FnA, FnB, unbound(), unbound()); !Why.empty())
      return Why;

    // A caller calling FnA and then FnB.
    if (placeInCallers(FnA, FnB, KA, KB, C, Share, FirstProblem))
      return "";
    // A caller of functions calling FnA (its kernel pending on the way up)
    // or FnB.
    Attempts = 0;
    if (!Ahead && !Self &&
        placeThroughCalls(FnA, FnB, KA, KB, C, Share, FirstProblem, /*Depth=*/3))
      return "";
    // (That the first's own function does not call the second's after it
    // says less than that no function calls the two in turn.)
    Check = FirstProblem.empty() || GenericProblem ? "kfuse-not-adjacent" : "kfuse-code-between";
    if (!FirstProblem.empty() && !GenericProblem)
      return FirstProblem;
    return "their launches are " + Files + ", and no function of the files given calls '" +
           FnA.Name + "' and then '" + FnB.Name +
           "' in one block (or at the end and the start of one loop's body)";
  }

  /// Why a View that \p A or \p B reads through an accessor the guard
  /// cannot name (no path of public members: planner::guardNames) might
  /// share memory with a View the other writes, or "": none where no View
  /// written may hold its elements, nor it theirs (C++'s aliasing rules), as
  /// in one function (FusionPlanner's accessorAliasing; a View the reading
  /// kernel writes itself keeps its order with the read). One launch run
  /// twice (\p A is \p B) meets its own writes in the second run.
  static std::string hiddenAliasing(const KernelModel &A, const KernelModel &B) {
    for (auto [K, W] : {std::pair(&A, &B), std::pair(&B, &A)})
      for (const ViewUse &V : K->Views) {
        if (V.Accessor.empty() || V.Mode != AccessMode::Read || planner::guardNames(V))
          continue;
        for (const ViewUse &U : W->Views)
          if (planner::writes(U.Mode) &&
              (planner::mayShareElements(U, V) || A.TemplateTypesVary || B.TemplateTypesVary))
            return planner::name(*K) + " reads View '" + V.Name + "' through the accessor '" +
                   V.Accessor + "', which the guard cannot name, and '" + U.Name +
                   "', written by " + planner::name(*W) + ", may hold its elements";
      }
    return "";
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
};


} // namespace

bool runsAsOneBody(const CrossFunctionPlan &Plan, const CrossChain &C, bool Restrict) {
  auto Same = [](SiteRef X, SiteRef Y) { return X.File == Y.File && X.Site == Y.Site; };
  bool InThree = llvm::any_of(Plan.Chains, [&](const CrossChain &O) {
    return &O != &C && (Same(O.Second, C.First) || Same(O.First, C.Second));
  });
  // Two names one View in some runs and two in others: each kernel keeps
  // its own Views (two restrict pointers could be one memory).
  auto Classes = oneViewClasses(C);
  auto Rep = [&](int K, const std::string &N) {
    auto It = Classes.find({K, N});
    return It == Classes.end() ? std::make_pair(K, N) : It->second;
  };
  bool Mixed = llvm::any_of(C.Merged, [&](const auto &P) {
    return Rep(0, P.first) != Rep(1, P.second);
  });
  return Restrict && C.Inlinable && !InThree && !Mixed;
}

std::map<std::pair<int, std::string>, std::pair<int, std::string>>
oneViewClasses(const CrossChain &C) {
  using Node = std::pair<int, std::string>;
  std::map<Node, Node> Parent;
  std::function<Node(const Node &)> Find = [&](const Node &N) -> Node {
    auto It = Parent.find(N);
    if (It == Parent.end() || It->second == N)
      return N;
    return It->second = Find(It->second);
  };
  auto Join = [&](const Node &A, const Node &B) {
    Node RA = Find(A), RB = Find(B);
    Parent.emplace(A, A);
    Parent.emplace(B, B);
    if (RA == RB)
      return;
    // The second kernel's name stands for a class where it has one.
    if (RA.first < RB.first || (RA.first == RB.first && RB.second < RA.second))
      std::swap(RA, RB);
    Parent[RB] = RA;
  };
  for (const auto &[First, Second] : C.OneView)
    Join({0, First}, {1, Second});
  for (int K : {0, 1})
    for (const auto &[X, Y] : C.Within[K])
      Join({K, X}, {K, Y});
  std::map<Node, Node> Out;
  for (const auto &[N, P] : Parent)
    Out[N] = Find(N);
  return Out;
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
