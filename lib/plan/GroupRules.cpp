//===- GroupRules.cpp - What a group of one block may take in ------------===//

#include "plan/GroupRules.h"
#include "plan/PlannerSupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace kfuse {
namespace planner {

namespace {

/// Makes \p Drop (and every name merged into it) a name of \p Keep in \p G;
/// nothing where they are one name already.
void mergeNames(FusionGroup &G, const std::string &Keep, const std::string &Drop) {
  if (Keep == Drop)
    return;
  for (auto &[Alias, Kept] : G.Merged)
    if (Kept == Drop)
      Kept = Keep;
  G.Merged[Drop] = Keep;
}

/// True if a kernel of \p G or \p M writes the View named \p Name in \p G.
bool writtenInGroup(const FusionGroup &G, const std::vector<KernelModel> &Sites,
                    const KernelModel &M, const std::string &Name) {
  auto Writes = [&](const KernelModel &K) {
    return llvm::any_of(K.Views, [&](const ViewUse &V) {
      return G.canonical(V.Name) == Name && V.Mode != AccessMode::Read;
    });
  };
  return Writes(M) || llvm::any_of(G.Sites, [&](size_t S) { return Writes(Sites[S]); });
}

/// Each run of the group's launches (the kernels of \p Group, then \p M) in
/// a chain of \p Prof: the chain, and where the group's first launch is in
/// it.
std::vector<std::pair<const ProfileChain *, size_t>>
groupRuns(const Profile &Prof, const std::vector<KernelModel> &Sites,
          const std::vector<size_t> &Group, const KernelModel &M) {
  std::vector<std::string> Ids;
  for (size_t S : Group)
    Ids.push_back(Sites[S].Id.str());
  Ids.push_back(M.Id.str());
  std::vector<std::pair<const ProfileChain *, size_t>> Out;
  for (const ProfileChain &C : Prof.Chains)
    for (size_t O = 0; O + Ids.size() <= C.Sites.size(); ++O)
      if (std::equal(Ids.begin(), Ids.end(), C.Sites.begin() + O))
        Out.emplace_back(&C, O);
  return Out;
}

/// True if both Views of \p F are arguments of the run of \p Size launches
/// from position \p O of its chain.
bool inRun(const IdentityFact &F, size_t O, size_t Size) {
  return F.A.Position >= O && F.B.Position >= O && F.A.Position < O + Size &&
         F.B.Position < O + Size;
}

} // namespace

bool combinable(const ReductionModel &R) {
  if (R.ResultIsView || R.AccumulatorParam.empty())
    return false;
  if (R.ScalarVariable && llvm::is_contained({"Sum", "Prod", "Min", "Max"}, R.Reducer))
    return true;
  // A value type of the program's own: its default constructor and +=.
  if (R.ClassVariable && R.Reducer == "Sum")
    return true;
  // Other Kokkos reducers into a variable: their own init and join.
  return R.ReducerVariable && llvm::is_contained({"MinLoc", "MaxLoc", "MinMax", "MinMaxLoc",
                                                   "LAnd", "LOr", "BAnd", "BOr"},
                                                  R.Reducer);
}

const std::string *conditionReadsResult(const KernelModel &M, const std::vector<size_t> &Group,
                                        const std::vector<KernelModel> &Sites) {
  if (!M.Condition)
    return nullptr;
  for (size_t S : Group)
    if (const std::optional<ReductionModel> &R = Sites[S].Reduction)
      if (llvm::is_contained(M.Condition->Effects.Reads, R->ResultText))
        return &R->ResultText;
  return nullptr;
}

bool composable(const KernelModel &M) {
  return M.Functor.Kind == FunctorModel::Form::Object && squeeze(M.Functor.Text) == "*this";
}

bool boundObject(const KernelModel &M) {
  return M.Functor.Kind == FunctorModel::Form::Object && M.Functor.Bound;
}

std::string unsupported(const KernelModel &M) {
  if (M.Kind == LaunchKind::Scan)
    return "parallel_scan is not fused";
  if (M.Functor.Kind == FunctorModel::Form::Object && !composable(M) && !M.Functor.Bound)
    return M.Functor.BindWhy.empty() ? "the functor object is not understood"
                                     : M.Functor.BindWhy;
  if (M.Functor.Kind != FunctorModel::Form::Lambda && !composable(M) && !boundObject(M))
    return "the functor is not known";
  if (composable(M) || boundObject(M)) {
    if (M.Kind == LaunchKind::Scan)
      return "scans of functor objects are not fused";
    if (M.Reduction && (M.Functor.ReductionMembers || M.Reduction->AccumulatorPortable.empty() ||
                        !combinable(*M.Reduction)))
      return "a reduction of a functor object is fused only into a variable (directly, or "
             "through a Kokkos reducer) when its class defines no init, join or final, nor a "
             "value_type other than the accumulator's number";
    if (M.Policy.Kind != PolicyKind::Count && M.Policy.Kind != PolicyKind::Range &&
        M.Policy.Kind != PolicyKind::MDRange)
      return std::string(toString(M.Policy.Kind)) + " policies of '*this' are not fused yet";
    if (M.Policy.OtherArgs)
      return "the policy takes more than its bounds (an execution space instance, a chunk "
             "size or a tiling), which the fused launch would lose";
  }
  if (M.FromMacro)
    return "the launch is written through the macro '" + M.MacroName +
           "', whose expansion kfuse does not rewrite";
  if (!M.Functor.BodyVisible || !M.Functor.BodyRange.valid())
    return "kernel body not visible";
  if (M.InTemplate) {
    if (M.TemplateInHeader)
      return "the launch is in a template in a header, and kfuse does not fuse launches of one "
             "block there yet (every unit including the header would have to fuse them "
             "alike; across functions it does, with every unit given)";
    if (!M.TemplateWhy.empty())
      return "the launch is in a template, and " + M.TemplateWhy;
    if (!M.Instantiations)
      return "the launch is in a template that this unit never instantiates";
    // Its value type spelled by the first instantiation would be wrong
    // for the others.
    if (M.Reduction && !M.Reduction->TemplateTyped.empty())
      return "the reduction's type '" + M.Reduction->TemplateTyped +
             "' is a template parameter's, which other instantiations replace";
  }
  if (!M.StmtRange.valid())
    return "launch is not a statement of a block";
  // (A raw pointer's footprint, which the guard checks, comes from its
  // indices and the range, `p[i + k]` over a range whose ends kfuse reads;
  // where it cannot, the kernels of a group must load it alike:
  // loadsAlikeInBlock, a rule of the group.)
  if (const std::optional<LaunchCondition> &C = M.Condition) {
    // Evaluated once on the host, where the fused launch runs: it may only
    // read numbers.
    // Its result is copied out only where the condition held (a variable,
    // directly or through a reducer).
    if (M.Reduction) {
      const ReductionModel &R = *M.Reduction;
      bool Variable = (R.ScalarVariable || R.ClassVariable) && !R.ResultIsView &&
                      (R.ResultArgText == R.ResultText ||
                       llvm::StringRef(R.ResultArgText).ends_with("(" + R.ResultText + ")"));
      if (!Variable)
        return "a reduction under an 'if' keeps its result when the condition is false, and "
               "kfuse copies a result only into a variable ('" + R.ResultArgText + "' is not one)";
    }
    if (!C->Effects.Opaque.empty())
      return "its condition '" + C->Text + "' " + C->Effects.Opaque;
    if (!C->Effects.Changes.empty())
      return "its condition '" + C->Text + "' changes '" + C->Effects.Changes.front() + "'";
    for (const auto *Names : {&C->Effects.TouchesViews, &C->Effects.TouchesObjects})
      if (!Names->empty())
        return "its condition '" + C->Text + "' reads the data of '" + Names->front() +
               "', which kernels may change";
  }
  // A functor object is composed: its body is called, never copied, so
  // what it names of its class or function needs no reach from outside
  // (the calls on its own object the analysis does not follow are unknown
  // accesses).
  if (!M.ScopedNames.empty() && !composable(M) && !boundObject(M))
    return "the body names '" + M.ScopedNames.front() +
           "', declared in the enclosing function or class, which the fused "
           "functor (at namespace scope) cannot reach";
  if (M.Policy.Kind != PolicyKind::Count && M.Policy.Kind != PolicyKind::Range &&
      M.Policy.Kind != PolicyKind::MDRange)
    return std::string(toString(M.Policy.Kind)) + " policies are not fused";
  if (M.Policy.Kind == PolicyKind::MDRange &&
      (M.Policy.Rank < 2 || M.Policy.Rank > 3))
    return "MDRangePolicy of rank " + std::to_string(M.Policy.Rank);
  if (!M.Policy.WorkTag.empty() && !composable(M) && !boundObject(M))
    return "policy has a work tag";
  if (M.Policy.End.empty() && !M.Policy.OpaqueBounds)
    return "range not recognised";
  if (M.Policy.OpaqueBounds && !M.Policy.WorkTag.empty())
    return "its policy '" + M.Policy.Text + "' has a work tag and bounds kfuse does not read";
  if (M.Functor.IndexParams.size() != M.Policy.Rank)
    return "kernel takes " + std::to_string(M.Functor.IndexParams.size()) +
           " indices for a rank-" + std::to_string(M.Policy.Rank) + " range";
  for (const ViewUse &V : M.Views) {
    if (V.Local)
      return "the body declares View '" + V.Name + "' (a subview or a View over scratch)";
    if (V.MetadataUsed)
      return "View '" + V.Name + "' metadata (extent, stride) used in the body";
    if (V.Rank == 0)
      return "View '" + V.Name + "' of rank 0";
    for (const ViewAccess &A : V.Accesses)
      if (!A.Range.valid() && A.Mode != AccessMode::PassedToCall)
        return "access to '" + V.Name + "' written through a macro";
  }
  return "";
}

const ViewAccess *randomScatter(const KernelModel &M) {
  for (const ViewUse &V : M.Views)
    for (const ViewAccess &A : V.Accesses) {
      if (A.Mode == AccessMode::Read || A.Mode == AccessMode::PassedToCall)
        continue;
      bool Launch = llvm::any_of(A.Indices, [](const IndexExpr &I) {
        return I.Form == IndexForm::LaunchIndex;
      });
      bool Data = llvm::any_of(A.Indices, [](const IndexExpr &I) {
        return I.Form == IndexForm::Indirect;
      });
      if (Data && !Launch)
        return &A;
    }
  return nullptr;
}

std::string gatherText(const ViewAccess &A) {
  bool Data = llvm::any_of(A.Indices, [](const IndexExpr &I) { return I.Form == IndexForm::Indirect; });
  if (!Data && !A.Through.empty())
    return "elements it cannot place, through a pointer ('" + A.Through + "'),";
  return "elements chosen by data";
}

const ViewAccess *gatherLoop(const KernelModel &M) {
  for (const ViewUse &V : M.Views)
    for (const ViewAccess &A : V.Accesses) {
      if (A.Mode != AccessMode::Read)
        continue;
      bool InLoop = A.InLoop || llvm::any_of(M.Loops, [&](const InnerLoop &L) {
                      return A.Range.Offset >= L.BodyRange.Offset &&
                             A.Range.Offset < L.BodyRange.Offset + L.BodyRange.Length;
                    });
      bool Launch = llvm::any_of(A.Indices, [](const IndexExpr &I) {
        return I.Form == IndexForm::LaunchIndex;
      });
      bool Data = llvm::any_of(A.Indices, [](const IndexExpr &I) {
        return I.Form == IndexForm::Indirect || (I.Form == IndexForm::Other && I.Var.empty());
      });
      if (InLoop && Data && !Launch)
        return &A;
    }
  return nullptr;
}

std::vector<std::pair<std::string, std::string>> rangeOf(const KernelModel &M) {
  std::vector<std::pair<std::string, std::string>> R;
  if (M.Policy.OpaqueBounds) // one policy expression, compared whole
    return {{"", squeeze(M.Policy.Text)}};
  for (size_t D = 0; D < M.Policy.End.size(); ++D)
    R.emplace_back(squeeze(D < M.Policy.Begin.size() ? M.Policy.Begin[D] : "0"),
                   squeeze(M.Policy.End[D]));
  return R;
}

std::vector<const KernelModel *> kernelsWith(const FusionGroup &G,
                                             const std::vector<KernelModel> &Sites,
                                             const KernelModel &M) {
  std::vector<const KernelModel *> All;
  for (size_t S : G.Sites)
    All.push_back(&Sites[S]);
  All.push_back(&M);
  return All;
}

bool boundsAtRunTime(const std::vector<const KernelModel *> &All) {
  return llvm::any_of(All, [](const KernelModel *K) {
    return K->Policy.OpaqueBounds || K->Policy.Rank > 1;
  });
}

std::string horizontalBlocked(const FusionGroup &G, const std::vector<KernelModel> &Sites,
                              const KernelModel &M) {
  std::vector<const KernelModel *> All = kernelsWith(G, Sites, M);
  for (const KernelModel *K : All) {
    if (K->Policy.Rank > 3)
      return "boxes of rank above 3 do not run as one launch over their union";
  }
  // Boxes and policies built by helpers: the guard compares their bounds.
  if (boundsAtRunTime(All))
    return "";
  for (const KernelModel *K : All) {
    if (K->Policy.End.size() != 1)
      return "the bounds of '" + K->Policy.Text + "' are not read";
    if (rangeOf(*K).front().first != rangeOf(*All.front()).front().first)
      return "their ranges begin at different places";
    // Related ranges only: the same end plus or minus a few (cells and
    // nodes), not ranges over different things.
    const PolicyModel &P = K->Policy, &F = All.front()->Policy;
    if (P.EndBase.empty() || squeeze(P.EndBase) != squeeze(F.EndBase) ||
        std::abs(P.EndOffset - F.EndOffset) > 16)
      return "their ends are not one bound plus or minus a few ('" + F.End.front() + "', '" +
             P.End.front() + "')";
  }
  return "";
}

std::string accessorAliasing(const FusionGroup &G, const std::vector<KernelModel> &Sites,
                             const KernelModel &M) {
  std::vector<const KernelModel *> All = kernelsWith(G, Sites, M);
  std::vector<std::pair<const ViewUse *, const KernelModel *>> Hidden;
  for (const KernelModel *K : All)
    for (const ViewUse &V : K->Views)
      if (!guardNames(V)) {
        if (V.Mode != AccessMode::Read)
          return "'" + V.Name + "' is written through the accessor '" + V.Accessor + "' in " +
                 name(*K) + ", and the guard cannot name it";
        Hidden.emplace_back(&V, K);
      }
  for (const auto &[H, Reader] : Hidden)
    for (const KernelModel *K : All)
      for (const ViewUse &V : K->Views)
        if (K != Reader && V.Accessor.empty() && !V.Local && V.Mode != AccessMode::Read &&
            !V.Fresh &&
            (mayShareElements(V, *H) || K->TemplateTypesVary || Reader->TemplateTypesVary))
          return "'" + H->Name + "' is read through the accessor '" + H->Accessor + "' in " +
                 name(*Reader) + ", which the guard cannot name, and '" + V.Name +
                 "', written in " + name(*K) +
                 ", is not allocated in this function and may hold its elements: they may "
                 "share memory";
  return "";
}

std::string policyFamily(const KernelModel &M) {
  if (M.Policy.Kind == PolicyKind::MDRange)
    return "md" + std::to_string(M.Policy.Rank) + M.Policy.ExecSpace +
           M.Policy.IndexType;
  return "range" + M.Policy.ExecSpace;
}

void mergeSameAllocations(FusionGroup &G, const ProfileChain &Pair,
                          const std::vector<KernelModel> &Sites,
                          const std::vector<size_t> &Group,
                          const KernelModel &M, const Profile *Prof) {
  auto UseOf = [&](const std::string &Name) -> const ViewUse * {
    for (const KernelModel *K : {&M})
      for (const ViewUse &V : K->Views)
        if (V.Name == Name)
          return &V;
    for (size_t S : Group)
      for (const ViewUse &V : Sites[S].Views)
        if (V.Name == Name)
          return &V;
    return nullptr;
  };
  auto Element = [](const ViewUse &V) {
    llvm::StringRef T = llvm::StringRef(V.ValueType).trim();
    T.consume_front("const ");
    return T.trim().str();
  };
  auto Merge = [&](const IdentityFact &F, uint64_t Runs) {
    if (F.Count != Runs || F.A.Name == F.B.Name)
      return;
    const ViewUse *UA = UseOf(F.A.Name), *UB = UseOf(F.B.Name);
    if (!UA || !UB || UA->Rank != UB->Rank || Element(*UA) != Element(*UB) ||
        UA->Layout != UB->Layout || UA->Pointer != UB->Pointer)
      return;
    mergeNames(G, G.canonical(F.A.Name), G.canonical(F.B.Name));
  };
  for (const IdentityFact &F : Pair.SameAllocation)
    Merge(F, Pair.Count);
  // Kernels of the group further apart (`fc` in the first, `f` in the
  // third): the facts of a run of the whole group, seen in each of its runs.
  if (!Prof || Group.empty())
    return;
  const auto Runs = groupRuns(*Prof, Sites, Group, M);
  if (Runs.empty())
    return;
  const auto [C, O] = Runs.front();
  for (const IdentityFact &F : C->SameAllocation)
    if (inRun(F, O, Group.size() + 1))
      Merge(F, C->Count);
}

void mergePointersIntoViews(FusionGroup &G, const std::vector<KernelModel> &Sites,
                            const std::vector<size_t> &Group, const KernelModel &M) {
  std::vector<const KernelModel *> All{&M};
  for (size_t S : Group)
    All.push_back(&Sites[S]);
  auto ViewNamed = [&](const std::string &Name) -> const ViewUse * {
    for (const KernelModel *K : All)
      for (const ViewUse &V : K->Views)
        if (V.Name == Name && !V.Pointer && !V.Local && V.Root.empty() && !V.IsMember &&
            V.Accessor.empty())
          return &V;
    return nullptr;
  };
  for (const KernelModel *K : All)
    for (const ViewUse &P : K->Views) {
      if (!P.Pointer || P.DataOf.empty())
        continue;
      const ViewUse *V = ViewNamed(P.DataOf);
      if (!V || V->Rank != 1 || V->ValueTypeCanonical != P.ValueTypeCanonical)
        continue;
      if (G.canonical(P.Name) == P.Name)
        mergeNames(G, G.canonical(V->Name), P.Name);
    }
}

std::string overlapSeen(const FusionGroup &G, const ProfileChain &Pair,
                        const std::vector<KernelModel> &Sites, const KernelModel &M) {
  auto Written = [&](const std::string &Name) { return writtenInGroup(G, Sites, M, Name); };
  for (const IdentityFact &F : Pair.Overlaps) {
    std::string A = G.canonical(F.A.Name), B = G.canonical(F.B.Name);
    if (F.Count == 0 || A == B)
      continue;
    bool WA = Written(A), WB = Written(B);
    if (!WA && !WB)
      continue; // reads may share memory
    return "the profile saw '" + F.A.Name + "' and '" + F.B.Name +
           "' overlap in memory without being one View (" + std::to_string(F.Count) +
           " of " + std::to_string(Pair.Count) + " runs), and '" + (WA ? A : B) +
           "' is written: the fused kernel's guard would refuse those runs";
  }
  return "";
}

std::string aliasingInGroup(const FusionGroup &G, const Profile &Prof,
                            const std::vector<KernelModel> &Sites, const KernelModel &M) {
  auto Written = [&](const std::string &Name) { return writtenInGroup(G, Sites, M, Name); };
  auto Label = [&](size_t Pos) {
    return Pos < G.Sites.size() ? name(Sites[G.Sites[Pos]]) : name(M);
  };
  for (const auto &[C, O] : groupRuns(Prof, Sites, G.Sites, M))
    for (const auto *Facts : {&C->SameAllocation, &C->Overlaps})
        for (const IdentityFact &F : *Facts) {
          if (F.Count == 0 || !inRun(F, O, G.Sites.size() + 1))
            continue;
          std::string A = G.canonical(F.A.Name), B = G.canonical(F.B.Name);
          if (A == B || (!Written(A) && !Written(B)))
            continue;
          return "the profile saw '" + F.A.Name + "' (in " + Label(F.A.Position - O) +
                 ") and '" + F.B.Name + "' (in " + Label(F.B.Position - O) + ") " +
                 (Facts == &C->SameAllocation ? "as one View" : "overlap in memory") + " (" +
                 std::to_string(F.Count) + " runs), and one of them is written: the fused "
                 "kernel's guard would refuse those runs";
        }
  return "";
}

} // namespace planner
} // namespace kfuse
