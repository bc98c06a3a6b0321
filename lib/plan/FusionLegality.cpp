//===- FusionLegality.cpp - May these launches run as one kernel? ---------===//
//
// The planner's checks between two launches: dependences through Views
// (per index expression), whether two inner loops may merge, and whether a
// launch may move up past the host code before it.
//
//===----------------------------------------------------------------------===//

#include "plan/PlannerSupport.h"
#include "kfuse/FusionPlan.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

namespace kfuse {

using namespace planner;

namespace {

/// The names a kernel's data go by: its Views (and their merged names) and
/// the scalars it captures.
std::set<std::string> namesOf(const KernelModel &M, const FusionGroup &G) {
  std::set<std::string> Out;
  for (const ViewUse &V : M.Views) {
    Out.insert(V.Name);
    if (!V.Root.empty()) // `field.density`: host code naming `field` may touch it
      Out.insert(V.Root);
    Out.insert(G.canonical(V.Name));
    for (auto &[Alias, Kept] : G.Merged)
      if (Kept == G.canonical(V.Name))
        Out.insert(Alias);
  }
  for (const ScalarUse &Sc : M.Scalars)
    Out.insert(Sc.Name);
  return Out;
}

/// Views of \p M accessed in [From, To), by their name in \p G, and whether
/// they are written there.
std::map<std::string, bool> viewsIn(const KernelModel &M, unsigned From, unsigned To,
                                    const FusionGroup &G) {
  std::map<std::string, bool> Out;
  for (const ViewUse &V : M.Views)
    for (const ViewAccess &A : V.Accesses)
      if (A.Range.Offset >= From && A.Range.Offset < To)
        Out[G.canonical(V.Name)] |= writes(A.Mode);
  return Out;
}

} // namespace

std::string FusionPlanner::dependenceBetween(const KernelModel &A,
                                             const KernelModel &B,
                                             SourcePos &Pos,
                                             const FusionGroup *Names) {
  // A test hook (KFUSE_PLANT_WRONG_FUSION=1): no dependence through Views
  // keeps launches apart, so that the shadow check's test sees a wrong
  // fusion reported.
  if (const char *Plant = std::getenv("KFUSE_PLANT_WRONG_FUSION"); Plant && *Plant == '1')
    return "";
  auto Canon = [&](const std::string &N) -> std::string {
    return Names ? Names->canonical(N) : N;
  };
  // The uses of one object (one canonical name) in a kernel.
  auto UsesOf = [&](const KernelModel &K, const std::string &C) {
    std::vector<const ViewUse *> Out;
    for (const ViewUse &V : K.Views)
      if (Canon(V.Name) == C)
        Out.push_back(&V);
    return Out;
  };
  std::set<std::string> Seen;
  for (const ViewUse &First : A.Views) {
    std::string C = Canon(First.Name);
    if (!Seen.insert(C).second)
      continue;
    std::vector<const ViewUse *> InA = UsesOf(A, C), InB = UsesOf(B, C);
    if (InB.empty())
      continue;
    bool WritesA = llvm::any_of(InA, [](auto *V) { return writes(V->Mode); });
    bool WritesB = llvm::any_of(InB, [](auto *V) { return writes(V->Mode); });
    if (!WritesA && !WritesB)
      continue;
    const char *Kind = WritesA && WritesB ? "write-after-write"
                       : WritesA          ? "read-after-write"
                                          : "write-after-read";
    std::vector<std::pair<const KernelModel *, const ViewUse *>> All;
    for (const ViewUse *V : InA)
      All.push_back({&A, V});
    for (const ViewUse *V : InB)
      All.push_back({&B, V});
    // Compare against a writing use first, so the report names the write.
    std::stable_partition(All.begin(), All.end(),
                          [](auto &KV) { return writes(KV.second->Mode); });
    // Escapes and atomics first: they defeat any index reasoning.
    for (auto [K, V] : All)
      for (const ViewAccess &Acc : V->Accesses)
        if (Acc.Mode == AccessMode::PassedToCall) {
          Pos = Acc.Pos;
          return "'" + V->Name + "' is passed to '" + Acc.Callee + "' in " +
                 name(*K) + " at line " + std::to_string(Acc.Pos.Line);
        }
    auto Atomic = [](const std::vector<const ViewUse *> &Vs) {
      return llvm::all_of(Vs, [](auto *V) { return V->Mode == AccessMode::Atomic; });
    };
    auto AnyAtomic = [](const std::vector<const ViewUse *> &Vs) {
      return llvm::any_of(Vs, [](auto *V) { return V->Mode == AccessMode::Atomic; });
    };
    // Atomic updates in both kernels commute where they are of one
    // operation (adds with adds): an add and a max on one element do not.
    if (Atomic(InA) && Atomic(InB)) {
      const ViewAccess *Other = nullptr;
      const KernelModel *OtherK = nullptr;
      std::string Family;
      for (auto [K, V] : All)
        for (const ViewAccess &Acc : V->Accesses) {
          std::string Op = atomicOperation(Acc);
          if (Op.empty() || (Other && Op != Family)) {
            Pos = Acc.Pos;
            if (!Other || Op.empty())
              return "'" + V->Name + "' is updated atomically in " + name(*K) + " by '" +
                     (Acc.Callee.empty() ? std::string("its atomic View") : Acc.Callee) +
                     "', which does not commute with the other kernel's updates";
            return "'" + V->Name + "' is updated atomically by '" + Other->Callee + "' in " +
                   name(*OtherK) + " and by '" + Acc.Callee + "' in " + name(*K) +
                   ": updates of two operations on one element do not commute";
          }
          if (!Other) {
            Other = &Acc;
            OtherK = K;
            Family = Op;
          }
        }
      continue;
    }
    if (AnyAtomic(InA) || AnyAtomic(InB)) {
      bool InFirst = AnyAtomic(InA);
      const ViewUse *V = *llvm::find_if(InFirst ? InA : InB, [](auto *X) {
        return X->Mode == AccessMode::Atomic;
      });
      Pos = V->Accesses.front().Pos;
      return "'" + V->Name + "' is updated atomically in " +
             name(InFirst ? A : B) + " and accessed plainly in " +
             name(InFirst ? B : A);
    }
    // Every access in both kernels must touch the same element of the
    // launch dimensions: the same injective function of the launch index.
    std::optional<LaunchIndexSig> Common;
    const ViewAccess *FirstAcc = nullptr;
    const ViewUse *FirstUse = nullptr;
    const KernelModel *FirstK = nullptr;
    for (auto [K, V] : All)
      for (const ViewAccess &Acc : V->Accesses) {
        LaunchIndexSig Sig;
        std::string Why = signatureOf(*K, Acc, Sig);
        if (!Why.empty() && !Acc.Through.empty()) {
          Pos = Acc.Pos;
          return std::string(Kind) + " on '" + V->Name + "': " + name(*K) +
                 " reads it through '" + Acc.Through + "', at elements its data choose";
        }
        if (!Why.empty()) {
          Pos = Acc.Pos;
          return std::string(Kind) + " on '" + V->Name + "': " +
                 accessText(*V, Acc) + " in " + name(*K) + " has " + Why;
        }
        if (!Common) {
          Common = Sig;
          FirstAcc = &Acc;
          FirstUse = V;
          FirstK = K;
        } else if (*Common != Sig) {
          Pos = Acc.Pos;
          return std::string(Kind) + " on '" + V->Name + "': " +
                 accessText(*FirstUse, *FirstAcc) + " in " + name(*FirstK) +
                 " and " + accessText(*V, Acc) + " in " + name(*K) +
                 " touch different elements in one iteration";
        }
      }
  }
  // A reduction's result is known only after every iteration.
  if (A.Reduction && !A.Reduction->ResultText.empty()) {
    std::string Result = squeeze(A.Reduction->ResultText);
    for (const ScalarUse &S : B.Scalars)
      if (S.Name == Result) {
        Pos = B.Pos;
        return "the result '" + Result + "' of reduction " + name(A) +
               " is used by " + name(B);
      }
    for (const ViewUse &V : B.Views)
      if (V.Name == Result) {
        Pos = B.Pos;
        return "the result '" + Result + "' of reduction " + name(A) +
               " is used by " + name(B);
      }
  }
  return "";
}

std::string FusionPlanner::repeatLegality(llvm::ArrayRef<const KernelModel *> Body,
                                          SourcePos &Pos, std::string &Check,
                                          const FusionGroup *Names) {
  auto Canonical = [&](const std::string &N) { return Names ? Names->canonical(N) : N; };
  std::set<std::string> Written;
  for (const KernelModel *M : Body)
    for (const ViewUse &V : M->Views)
      if (writes(V.Mode))
        Written.insert(Canonical(V.Name));
  const RepeatLoop &R = *Body.front()->Repeat;
  Pos = R.Pos;
  Check = "kfuse-not-fusable";
  if (!R.Unsupported.empty())
    return R.Unsupported;
  for (const KernelModel *M : Body) {
    if (M->Kind != LaunchKind::For)
      return name(*M) + " is a reduction, whose result each iteration delivers";
    if (!M->Unknown.empty()) {
      Pos = M->Unknown.front().Pos;
      Check = "kfuse-unknown-access";
      return unknownAccess(*M);
    }
    for (const RawToken &T : tokenize(M->Policy.Text))
      if (T.Identifier && llvm::is_contained(R.LoopVars, T.Text))
        return "the range of " + name(*M) + " depends on '" + T.Text + "'";
    for (const ScalarUse &S : M->Scalars)
      if (S.Written)
        return name(*M) + " assigns '" + S.Name + "'";
  }
  // Each element must see only its own earlier iterations: every access of
  // a written View, in every launch, goes through one map of the launch
  // indices that is one-to-one (each index once, in any order, plus a
  // constant: `b(j, i)`, `a(i + 1)`), so one launch index owns the element.
  // The map is compared by index positions (kernels may name them apart).
  using Map = std::vector<std::pair<size_t, int64_t>>; // per dimension: (index, offset)
  std::map<std::string, std::pair<Map, std::string>> Owner; // View -> map, first access
  for (const KernelModel *M : Body)
    for (const ViewUse &V : M->Views) {
      if (!Written.count(Canonical(V.Name)))
        continue;
      for (const ViewAccess &A : V.Accesses) {
        Pos = A.Pos;
        Check = "kfuse-unsafe-dependence";
        if (A.Mode == AccessMode::Atomic || A.Mode == AccessMode::PassedToCall)
          return "'" + V.Name + "' is " +
                 (A.Mode == AccessMode::Atomic ? "updated atomically" : "passed to a call") +
                 " in " + name(*M);
        Map Of;
        std::set<size_t> Seen;
        bool OneToOne = A.Indices.size() == M->Functor.IndexParams.size();
        for (size_t D = 0; OneToOne && D < A.Indices.size(); ++D) {
          const IndexExpr &I = A.Indices[D];
          auto It = llvm::find(M->Functor.IndexParams, I.Var);
          OneToOne = I.Form == IndexForm::LaunchIndex && It != M->Functor.IndexParams.end() &&
                     Seen.insert(size_t(It - M->Functor.IndexParams.begin())).second;
          if (OneToOne)
            Of.emplace_back(size_t(It - M->Functor.IndexParams.begin()), I.Offset);
        }
        if (!OneToOne)
          return name(*M) + " writes '" + V.Name + "' and uses '" + accessText(V, A) +
                 "', which does not map the launch indices one to one: the next iteration "
                 "would read what another index's iteration wrote";
        auto [It, New] = Owner.try_emplace(Canonical(V.Name), Of, accessText(V, A));
        if (!New && It->second.first != Of)
          return name(*M) + " uses '" + accessText(V, A) + "' and the loop also uses '" +
                 It->second.second + "', another element at the same launch index: the "
                 "next iteration would read what another index's iteration wrote";
      }
    }
  return "";
}

std::string FusionPlanner::hostCodeBlocks(const HostGap &Gap,
                                          const std::vector<const KernelModel *> &Moving,
                                          bool /*Up*/, const FusionGroup &Names,
                                          std::vector<std::string> &GuardViews,
                                          const std::map<std::string, std::string> *PointerFields) {
  if (Gap.Directive)
    return "a preprocessor directive between the launches";
  const std::string Prefix = "the code between the launches ";
  // The element types of the Views the moving kernels use and write.
  std::set<std::string> Used, Written;
  for (const KernelModel *K : Moving) {
    if (K->TemplateTypesVary) // any type: an element type kfuse cannot see through
      Used.insert("?"), Written.insert("?");
    for (const ViewUse &V : K->Views) {
      Used.insert(planner::elementType(V));
      if (V.Mode != AccessMode::Read)
        Written.insert(planner::elementType(V));
    }
  }
  for (const HostStatement &S : Gap.Statements) {
    if (!S.Opaque.empty() && !planner::onlyForeignPointerMemory(S, Written, Used, PointerFields)) {
      // Through a pointer member: why it may point into a View.
      if (!S.OpaqueOther)
        for (const HostStatement::FieldUse &F : S.FieldPointers)
          if (std::string Why = planner::fieldProblem(F, Written, Used, PointerFields);
              !Why.empty())
            return Prefix + S.Opaque + ", and " + Why;
      return Prefix + S.Opaque;
    }
    for (const KernelModel *K : Moving) {
      std::set<std::string> Names_ = namesOf(*K, Names);
      std::set<std::string> All = Names_;
      All.insert(K->HostNames.begin(), K->HostNames.end());
      auto Hit = [&](const std::vector<std::string> &Of,
                     const std::set<std::string> &In) -> const std::string * {
        for (const std::string &N : Of)
          if (In.count(N))
            return &N;
        return nullptr;
      };
      // A reference parameter may be bound to an element of the kernel's
      // Views (the caller's business): written, to one it uses; read, to
      // one it writes.
      for (const HostStatement::ReferenceUse &U : S.ThroughReferences)
        for (const ViewUse &V : K->Views)
          if ((planner::mayHold(planner::elementType(V), U.Type) || K->TemplateTypesVary) &&
              (U.Written || writes(V.Mode)))
            return Prefix + (U.Written ? "writes" : "reads") + " through the reference "
                   "parameter '" + U.Name + "' (a " + U.Type + "), which may be an element "
                   "of '" + V.Name + "', which " + name(*K) + (U.Written ? " uses" : " writes");
      // A declaration hides only a name the kernel itself spells (or the
      // one its merged Views go by); another name the profile saw as the
      // same View is no name of this kernel's.
      std::set<std::string> Spelled(K->HostNames.begin(), K->HostNames.end());
      for (const ViewUse &V : K->Views) {
        Spelled.insert(V.Name);
        Spelled.insert(Names.canonical(V.Name));
        if (!V.Root.empty())
          Spelled.insert(V.Root);
      }
      for (const ScalarUse &Sc : K->Scalars)
        Spelled.insert(Sc.Name);
      if (const std::string *N = Hit(S.Declares, Spelled))
        return Prefix + "declares '" + *N + "', which " + name(*K) + " uses";
      if (const std::string *N = Hit(S.Changes, All))
        return Prefix + "changes '" + *N + "', which " + name(*K) + " uses";
      // A View the statement only reads (a copy's source) blocks only a
      // kernel that writes it.
      std::vector<std::string> Touched;
      for (const std::string &N : S.TouchesViews)
        if (!llvm::is_contained(S.ReadOnlyViews, N) ||
            llvm::any_of(K->Views, [&](const ViewUse &V) {
              return planner::writes(V.Mode) && (V.Name == N || Names.canonical(V.Name) == N);
            }))
          Touched.push_back(N);
      if (const std::string *N = Hit(Touched, Names_))
        return Prefix + (llvm::is_contained(S.ReadOnlyViews, *N) ? "reads '" : "uses '") + *N +
               "', which " + name(*K) + (llvm::is_contained(S.ReadOnlyViews, *N) ? " writes" : " uses");
      if (const std::string *N = Hit(S.TouchesObjects, Names_))
        return Prefix + "uses '" + *N + "', whose Views " + name(*K) + " uses";
      // The result of a reduction is known only after it: code before it
      // may not see it early (the reduction moving up), code after it may
      // not see it late (moving down).
      if (K->Reduction && !K->Reduction->ResultText.empty()) {
        std::string R = K->Reduction->ResultText;
        if (llvm::is_contained(S.Reads, R) || llvm::is_contained(S.TouchesViews, R))
          return Prefix + "reads '" + R + "', the result of " + name(*K);
      }
    }
    for (const std::string &O : S.TouchesObjects)
      return Prefix + "uses '" + O + "', an object holding Views that kfuse cannot compare "
                                     "with the launches' Views at run time";
    for (const std::string &V : S.TouchesViews)
      if (!llvm::is_contained(GuardViews, V))
        GuardViews.push_back(V);
  }
  return "";
}

std::string FusionPlanner::loopFusionBetween(const KernelModel &A,
                                             const KernelModel &B,
                                             llvm::StringRef FileText,
                                             const FusionGroup &Names) {
  std::optional<LoopShape> SA = loopShape(A, FileText), SB = loopShape(B, FileText);
  if (!SA || !SB)
    return "a kernel body is not one loop with declarations before it";
  const InnerLoop *LA = SA->Loop, *LB = SB->Loop;
  if (LA->Var.empty() || LA->Var != LB->Var || squeeze(LA->Begin) != squeeze(LB->Begin) ||
      squeeze(LA->Cond) != squeeze(LB->Cond) || squeeze(LA->Step) != squeeze(LB->Step))
    return "the loops differ";
  if (A.Functor.IndexParams != B.Functor.IndexParams)
    return "the kernels name their indices differently";
  if (A.EarlyExit || B.EarlyExit)
    return "a kernel body returns early";
  if (A.FollowsCalls || B.FollowsCalls)
    return "a kernel passes Views to a function";
  if (A.PointsIntoViews || B.PointsIntoViews)
    return "a kernel reaches a View through a pointer into it";
  for (const KernelModel *K : {&A, &B})
    for (const ScalarUse &Sc : K->Scalars)
      if (Sc.Written)
        return "a kernel writes a scalar";
  for (const KernelModel *K : {&A, &B}) {
    const InnerLoop *L = K == &A ? LA : LB;
    for (const RawToken &T : tokenize(FileText.substr(L->BodyRange.Offset,
                                                      L->BodyRange.Length)))
      if (T.Text == "break" || T.Text == "continue" || T.Text == "goto")
        return "'" + T.Text + "' in a loop";
    for (const RawToken &T : tokenize(L->Cond))
      for (const ViewUse &V : K->Views)
        if (T.Text == V.Name)
          return "the loop bound reads a View";
  }
  // B's declarations run before A's loop, and A's statements after its loop
  // run after B's loop: neither may touch what the other writes.
  std::map<std::string, bool> BPrologue =
      viewsIn(B, SB->PrologueBegin, SB->PrologueEnd, Names);
  for (auto &[View, Written] : BPrologue) {
    if (Written)
      return "the declarations before the loop of " + name(B) + " write '" + View + "'";
    for (const ViewUse &V : A.Views)
      if (Names.canonical(V.Name) == View && writes(V.Mode))
        return "the declarations before the loop of " + name(B) + " read '" + View +
               "', which " + name(A) + " writes";
  }
  std::map<std::string, bool> AEpilogue =
      viewsIn(A, SA->EpilogueBegin, SA->EpilogueEnd, Names);
  for (auto &[View, Written] : AEpilogue)
    for (const ViewUse &V : B.Views)
      if (Names.canonical(V.Name) == View && (Written || writes(V.Mode)))
        return "'" + View + "' is " + (Written ? "written" : "read") + " after the loop of " +
               name(A) + " and " + (Written ? "used" : "written") + " by " + name(B);
  // Every View one of them writes and both use: each access touches element
  // e(launch index, loop variable), the same injective e everywhere.
  for (const ViewUse &VA : A.Views)
    for (const ViewUse &VB : B.Views) {
      if (Names.canonical(VA.Name) != Names.canonical(VB.Name) ||
          (!writes(VA.Mode) && !writes(VB.Mode)))
        continue;
      std::optional<std::vector<std::string>> Common;
      for (auto [K, V] : {std::pair{&A, &VA}, std::pair{&B, &VB}})
        for (const ViewAccess &Acc : V->Accesses) {
          std::vector<std::string> Sig;
          bool Launch = false, Loop = false;
          for (const IndexExpr &I : Acc.Indices) {
            if (I.Form == IndexForm::LaunchIndex) {
              Launch = true;
              Sig.push_back("p" + std::to_string(llvm::find(K->Functor.IndexParams, I.Var) -
                                                 K->Functor.IndexParams.begin()) +
                            "+" + std::to_string(I.Offset));
            } else if (I.Form == IndexForm::LoopVar && I.Var == LA->Var) {
              Loop = true;
              Sig.push_back("L+" + std::to_string(I.Offset));
            } else {
              return "'" + V->Name + "' is indexed by '" + I.Text + "'";
            }
          }
          if (!Launch || !Loop || Acc.Mode == AccessMode::PassedToCall ||
              Acc.Mode == AccessMode::Atomic)
            return "'" + V->Name + "' is not indexed by both the launch index "
                   "and the loop variable";
          if (!Common)
            Common = Sig;
          else if (*Common != Sig)
            return "'" + V->Name + "' is accessed at different elements";
        }
    }
  return "";
}

} // namespace kfuse
