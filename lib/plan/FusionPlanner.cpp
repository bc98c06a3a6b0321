//===- FusionPlanner.cpp - Which launches to fuse, and why not ------------===//

#include "kfuse/FusionPlan.h"
#include "plan/PlannerSupport.h"
#include "plan/StatementSchedule.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace kfuse {

using namespace planner;

namespace {

/// A reduction that can share a fused kernel with others: its partial
/// results combine member by member in one value.
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

/// The result of a reduction among \p Group that the condition of \p M reads.
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

/// A launch of the enclosing object, `parallel_for(policy, *this)`: fused
/// by composition, the object's operators called in turn.
bool composable(const KernelModel &M) {
  return M.Functor.Kind == FunctorModel::Form::Object && squeeze(M.Functor.Text) == "*this";
}

/// A functor object other than `*this` whose Views are bound to variables
/// (FunctorModel::Bound): fused by composition too, with lambdas as parts.
bool boundObject(const KernelModel &M) {
  return M.Functor.Kind == FunctorModel::Form::Object && M.Functor.Bound;
}

/// What the planner supports of one kernel, or "" when all of it.
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
             "through a Kokkos reducer) when its class defines no value_type, init or join";
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
  // A raw pointer's footprint, which the guard checks, comes from its
  // indices and the range: `p[i + k]` over a range whose ends kfuse reads.
  for (const ViewUse &V : M.Views)
    if (std::string Why; V.Pointer && !planner::pointerFootprint(M, V, Why))
      return Why;
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

/// A store of \p M to an element chosen by data (`t(idx(i)) ^= v`), in no
/// dimension pinned to the launch index, or null. Such a kernel costs its
/// random accesses; fusing it gains nothing and was measured slower
/// (examples/gups, gups_atomic: 0.8x fused and hand-fused alike).
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

/// A load of \p M, inside an inner loop, from an element chosen by data
/// (`x(j, 0)` with `j` read from a neighbour list) in no dimension pinned to
/// the launch index, or null. Such a gather loop costs its random loads and
/// keeps registers busy: fused with the kernels around it, it was measured
/// slower on host backends (examples/md: force_compute with the integrate
/// and energy kernels 0.91-0.95x fused, 0.95x hand-fused).
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

/// Ranges as (begin, end) texts per dimension; a count is [0, N).
std::vector<std::pair<std::string, std::string>> rangeOf(const KernelModel &M) {
  std::vector<std::pair<std::string, std::string>> R;
  if (M.Policy.OpaqueBounds) // one policy expression, compared whole
    return {{"", squeeze(M.Policy.Text)}};
  for (size_t D = 0; D < M.Policy.End.size(); ++D)
    R.emplace_back(squeeze(D < M.Policy.Begin.size() ? M.Policy.Begin[D] : "0"),
                   squeeze(M.Policy.End[D]));
  return R;
}

/// The kernels of \p G, then \p M.
std::vector<const KernelModel *> kernelsWith(const FusionGroup &G,
                                             const std::vector<KernelModel> &Sites,
                                             const KernelModel &M) {
  std::vector<const KernelModel *> All;
  for (size_t S : G.Sites)
    All.push_back(&Sites[S]);
  All.push_back(&M);
  return All;
}

/// True if kernels \p All, run over the union of their ranges, read their
/// bounds at run time (FusionGroup::BoundsAtRunTime).
bool boundsAtRunTime(const std::vector<const KernelModel *> &All) {
  return llvm::any_of(All, [](const KernelModel *K) {
    return K->Policy.OpaqueBounds || K->Policy.Rank > 1;
  });
}

/// Why the kernels of \p G and \p M, whose ranges differ, cannot run as
/// one launch over the union of their ranges, each below its own end; ""
/// when they can.
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

/// Why a View that the kernels of \p G and \p M reach through an accessor,
/// which the guard cannot name, might share memory with a View another of
/// them writes; "" when none can: such Views are only read, and every View
/// the other kernels write is allocated in the launches' function
/// (ViewUse::Fresh) or of an element type that cannot hold theirs, nor
/// theirs its (C++'s aliasing rules). A View the reading kernel writes
/// itself is no obstacle: fusing keeps each kernel's accesses in their
/// order (and a race-free kernel writes what it reads through another name
/// only at the index reading it); the bodies read such Views as written,
/// without restrict (planner::restrictable). In a template whose
/// instantiations hold other element types, the types are the first's:
/// any two may share.
std::string accessorAliasing(const FusionGroup &G, const std::vector<KernelModel> &Sites,
                             const KernelModel &M) {
  std::vector<const KernelModel *> All = kernelsWith(G, Sites, M);
  std::vector<std::pair<const ViewUse *, const KernelModel *>> Hidden;
  for (const KernelModel *K : All)
    for (const ViewUse &V : K->Views)
      if (!V.Accessor.empty() && (!V.Named || V.Mode != AccessMode::Read)) {
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

/// The policy family two launches must share.
std::string policyFamily(const KernelModel &M) {
  if (M.Policy.Kind == PolicyKind::MDRange)
    return "md" + std::to_string(M.Policy.Rank) + M.Policy.ExecSpace +
           M.Policy.IndexType;
  return "range" + M.Policy.ExecSpace;
}

} // namespace

bool insideFusedRegion(llvm::StringRef FileText, unsigned Offset) {
  llvm::StringRef Before = FileText.take_front(Offset);
  size_t Begin = Before.rfind("// kfuse-begin");
  if (Begin == llvm::StringRef::npos)
    return false;
  size_t End = Before.rfind("// kfuse-end");
  return End == llvm::StringRef::npos || End < Begin;
}


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

/// Argument fusion beyond names: Views of \p M and of the group that the
/// profile saw as one allocation in every run of \p Pair, with the same
/// element type and rank (two Views, or two raw pointers), are merged into
/// the name used first.
void mergeSameAllocations(FusionGroup &G, const ProfileChain &Pair,
                          const std::vector<KernelModel> &Sites,
                          const std::vector<size_t> &Group,
                          const KernelModel &M) {
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
  for (const IdentityFact &F : Pair.SameAllocation) {
    if (F.Count != Pair.Count || F.A.Name == F.B.Name)
      continue;
    const ViewUse *UA = UseOf(F.A.Name), *UB = UseOf(F.B.Name);
    if (!UA || !UB || UA->Rank != UB->Rank || Element(*UA) != Element(*UB) ||
        UA->Layout != UB->Layout || UA->Pointer != UB->Pointer)
      continue;
    mergeNames(G, G.canonical(F.A.Name), G.canonical(F.B.Name));
  }
}

/// A raw pointer that its function initialised with a View's data()
/// (ViewUse::DataOf), used in the group beside that View, one-dimensional
/// with the same element type: one name of the View's elements (`p[i]` is
/// `a(i)`), merged into the View. The guard checks the pointer is the View's
/// data and its elements lie one after the other (::kfuse::data_of).
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

/// Two names of the pair, at least one written by the group, that the
/// profile saw overlapping in memory without being one View: the guard's
/// restrict and order check would fail in those runs, so fusing them gains
/// nothing there and, without the guard, would be wrong. Empty when none.
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

} // namespace

namespace {

/// Host code between two launches of a group, and how many of the group's
/// launches come before it.
struct GroupGap {
  const HostGap *Host = nullptr; ///< null: the code was not analysed
  size_t KernelsBefore = 0;
};

/// Chooses where the fused launch of \p G (with \p M appended) runs: at the
/// first launch run whose preceding gaps the earlier kernels may move down
/// past and whose following gaps the later kernels may move up past. Sets
/// G.LaunchRun and G.HostViews; returns why there is no such place, or "".
std::string placeLaunch(FusionGroup &G, const std::vector<GroupGap> &Gaps,
                        const std::vector<KernelModel> &Sites, const KernelModel &M) {
  std::vector<const KernelModel *> Kernels;
  for (size_t S : G.Sites)
    Kernels.push_back(&Sites[S]);
  Kernels.push_back(&M);
  std::set<std::string> Declared;
  for (const GroupGap &Gap : Gaps)
    if (Gap.Host)
      for (const HostStatement &S : Gap.Host->Statements)
        Declared.insert(S.Declares.begin(), S.Declares.end());
  std::vector<std::string> UpWhy(Gaps.size()), DownWhy(Gaps.size());
  std::vector<std::vector<std::string>> UpViews(Gaps.size()), DownViews(Gaps.size());
  for (size_t K = 0; K < Gaps.size(); ++K) {
    const GroupGap &Gap = Gaps[K];
    if (!Gap.Host) {
      UpWhy[K] = DownWhy[K] = "the code between the launches is not one list of statements "
                              "of their block";
      continue;
    }
    std::vector<const KernelModel *> Before(Kernels.begin(),
                                            Kernels.begin() + Gap.KernelsBefore),
        After(Kernels.begin() + Gap.KernelsBefore, Kernels.end());
    UpWhy[K] = FusionPlanner::hostCodeBlocks(*Gap.Host, After, true, G, UpViews[K]);
    DownWhy[K] = FusionPlanner::hostCodeBlocks(*Gap.Host, Before, false, G, DownViews[K]);
    // The guard runs before the first launch: it may not need a name this
    // code declares.
    for (const KernelModel *L : After) {
      if (!DownWhy[K].empty())
        break;
      std::set<std::string> Guarded;
      for (const ViewUse &V : L->Views)
        Guarded.insert(V.Root.empty() ? V.Name : V.Root);
      if (!G.RangeChecks.empty()) // they name the launches' bounds
        for (const std::string &N : L->HostNames)
          if (!L->Reduction || N != L->Reduction->ResultText)
            Guarded.insert(N);
      for (const HostStatement &S : Gap.Host->Statements)
        for (const std::string &D : S.Declares)
          if (Guarded.count(D) && DownWhy[K].empty())
            DownWhy[K] = "the code between the launches declares '" + D +
                         "', which the guard of the fused launch reads before the first launch";
    }
  }
  for (size_t P = 0; P <= Gaps.size(); ++P) {
    bool OK = true;
    for (size_t K = 0; K < Gaps.size() && OK; ++K)
      OK = K < P ? DownWhy[K].empty() : UpWhy[K].empty();
    if (!OK)
      continue;
    G.LaunchRun = P;
    G.HostViews.clear();
    for (size_t K = 0; K < Gaps.size(); ++K)
      for (const std::string &V : K < P ? DownViews[K] : UpViews[K])
        if (!Declared.count(V) && !llvm::is_contained(G.HostViews, V))
          G.HostViews.push_back(V);
    return "";
  }
  // Why the later launches cannot move up past one gap, and the earlier
  // ones down past another (or the same).
  auto Both = [](const std::string &Up, const std::string &Down) {
    if (Down.empty() || Up == Down)
      return Up;
    llvm::StringRef Second = Down;
    Second.consume_front("the code between the launches ");
    return Up + ", and " + Second.str();
  };
  // A gap neither side may pass is the obstacle itself.
  for (size_t K = 0; K < Gaps.size(); ++K)
    if (!UpWhy[K].empty() && !DownWhy[K].empty())
      return Both(UpWhy[K], DownWhy[K]);
  // The first gap the later launches cannot move up past, and why the
  // earlier ones cannot move down past it or an earlier gap either.
  size_t Up = 0;
  while (Up < Gaps.size() && UpWhy[Up].empty())
    ++Up;
  // (Where they may move down past that gap, a later one stops them, or
  // nothing does and the later launches' gap alone is why.)
  size_t Down = 0;
  while (Down < Gaps.size() && DownWhy[Down].empty())
    ++Down;
  return Both(UpWhy[Up], Down < Gaps.size() ? DownWhy[Down] : std::string());
}

/// Two names of kernels of the group (with \p M appended) that the profile
/// saw as one allocation or overlapping, in any chain that ran the group's
/// launches in a row, one of them written, and that are not merged (facts of
/// adjacent pairs are merged before): the fused kernel would read what the
/// other name wrote in the wrong order, or the guard would refuse it every
/// time. Empty when none.
std::string aliasingInGroup(const FusionGroup &G, const Profile &Prof,
                            const std::vector<KernelModel> &Sites, const KernelModel &M) {
  std::vector<std::string> Ids;
  for (size_t S : G.Sites)
    Ids.push_back(Sites[S].Id.str());
  Ids.push_back(M.Id.str());
  auto Written = [&](const std::string &Name) { return writtenInGroup(G, Sites, M, Name); };
  auto Label = [&](size_t Pos) {
    return Pos + 1 < Ids.size() ? name(Sites[G.Sites[Pos]]) : name(M);
  };
  for (const ProfileChain &C : Prof.Chains)
    for (size_t O = 0; O + Ids.size() <= C.Sites.size(); ++O) {
      if (!std::equal(Ids.begin(), Ids.end(), C.Sites.begin() + O))
        continue;
      for (const auto *Facts : {&C.SameAllocation, &C.Overlaps})
        for (const IdentityFact &F : *Facts) {
          if (F.Count == 0 || F.A.Position < O || F.B.Position < O ||
              F.A.Position >= O + Ids.size() || F.B.Position >= O + Ids.size())
            continue;
          std::string A = G.canonical(F.A.Name), B = G.canonical(F.B.Name);
          if (A == B || (!Written(A) && !Written(B)))
            continue;
          return "the profile saw '" + F.A.Name + "' (in " + Label(F.A.Position - O) +
                 ") and '" + F.B.Name + "' (in " + Label(F.B.Position - O) + ") " +
                 (Facts == &C.SameAllocation ? "as one View" : "overlap in memory") + " (" +
                 std::to_string(F.Count) + " runs), and one of them is written: the fused "
                 "kernel's guard would refuse those runs";
        }
    }
  return "";
}

/// Kernels shorter than this (median) gain from fusion by the launch saved,
/// whatever data they share. On a host backend a launch costs next to
/// nothing: two long kernels sharing no element were measured no faster
/// fused (mvt, 0.95-0.98x, before its loops merged). On a GPU a launch and
/// its synchronisation cost 5-10 us, so kernels up to ten times longer
/// still gain from one launch less.
/// True if \p Site (or the profile) ran on a GPU-like backend.
/// The execution space a plan is for: --backend or the compile commands',
/// else where \p Site ran, else the profile's backend.
llvm::StringRef planSpace(const Profile &Prof, const ProfileSite *Site) {
  return !Prof.PlanSpace.empty()            ? llvm::StringRef(Prof.PlanSpace)
         : Site && !Site->Space.empty() ? llvm::StringRef(Site->Space)
                                        : llvm::StringRef(Prof.Backend);
}

bool onDevice(const Profile &Prof, const ProfileSite *Site) {
  llvm::StringRef Space = planSpace(Prof, Site);
  return Space.contains("Cuda") || Space.contains("HIP") || Space.contains("SYCL") ||
         Space.contains("OpenMPTarget") || Space.contains("OpenACC");
}

uint64_t launchBoundNs(const Profile &Prof, const ProfileSite *Site) {
  return onDevice(Prof, Site) ? 200000 : 20000;
}

/// A loop in \p M's body (at any depth) as long as \p M's own range: its
/// bound is the range's end (`j < N` over `[0, N)`), or the launch index
/// (`j <= i`, a triangle). The kernel's work is then at least quadratic in
/// its index count.
const InnerLoop *rangeSizedLoop(const KernelModel &M) {
  if (M.Policy.End.size() != 1 || M.Policy.OpaqueBounds)
    return nullptr;
  const std::string RangeEnd = squeeze(M.Policy.End[0]);
  for (const InnerLoop &L : M.Loops) {
    const std::string End = squeeze(L.End);
    if (End == RangeEnd)
      return &L;
    const std::set<std::string> Names = identifiersOf(End);
    for (const std::string &Index : M.Functor.IndexParams)
      if (!Index.empty() && Names.count(Index))
        return &L;
  }
  return nullptr;
}

/// On a GPU each index is a thread. Two kernels that each run, per index, a
/// loop as long as their range (work quadratic in the thread count: a
/// matrix-vector product, a triangular update) gain from fusion only where
/// their loops merge and the merged loop reuses an element
/// (\p ReuseInMergedLoop: layout_mix, 1.74x fused on an NVIDIA H200).
/// Otherwise fusion saves one launch against a thread body twice as long,
/// and was measured slower on the H200 (CUDA 13, Kokkos 4.6.01): mvt 0.82x
/// (loops merged, no element shared), syr2k 0.95x, syrk 1.00x. Loops over
/// another extent gain: dsmc 1.31x (a loop over a few processes per
/// particle), gnb 1.12x (32 features, each a loop over the samples),
/// covariance 1.02x. See docs/cuda.md. "" where the plan is for a host
/// backend, or either kernel has no such loop.
std::string loopsOnDevice(const KernelModel &A, const KernelModel &B, const Profile &Prof,
                          bool ReuseInMergedLoop, SourcePos &Pos) {
  if (ReuseInMergedLoop || !onDevice(Prof, Prof.findSite(B.Id.str())))
    return "";
  const InnerLoop *LA = rangeSizedLoop(A), *LB = rangeSizedLoop(B);
  if (!LA || !LB)
    return "";
  Pos = B.Pos;
  return name(A) + " and " + name(B) + " each run per index a loop as long as their range ('" +
         LA->Var + " < " + LA->End + "', '" + LB->Var + " < " + LB->End +
         "') and no merged loop reuses an element: on a GPU fusing such kernels saves one "
         "launch against a thread body twice as long, and was measured slower";
}

} // namespace

bool chunkablePolicy(const PolicyModel &P) {
  return P.Rank == 1 && (P.Kind == PolicyKind::Range || P.Kind == PolicyKind::Count);
}

std::string FusionPlanner::composedReduction(const KernelModel &Last, const Profile &Prof) {
  const ProfileSite *Site = Prof.findSite(Last.Id.str());
  llvm::StringRef Space = planSpace(Prof, Site);
  bool ParallelHost = !onDevice(Prof, Site) &&
                      (Space.contains("OpenMP") || Space.contains("Threads") ||
                       Space.contains("HPX"));
  if (!ParallelHost)
    return "";
  return "composed with a reduction (a functor object's operator is called, not copied): on " +
         Space.str() +
         " the fused kernel runs one index per call, so that the partial sums are grouped as the "
         "reduction's own are, and that was measured slower than the launches (0.83x, a CG step "
         "on OpenMP with 2 threads; see docs/composition.md)";
}

std::string FusionPlanner::profitability(const KernelModel &A, const KernelModel &B,
                                         const Profile &Prof, SourcePos &Pos) {
  for (const KernelModel *K : {&A, &B})
    if (const ViewAccess *S = randomScatter(*K)) {
      Pos = S->Pos;
      return name(*K) + " stores to elements chosen by data ('" + S->Indices.front().Text +
             "'); fusing such a scatter gains nothing and was measured slower";
    }
  const ProfileSite *SA = Prof.findSite(A.Id.str()), *SB = Prof.findSite(B.Id.str());
  if (std::string Why = loopsOnDevice(A, B, Prof, /*ReuseInMergedLoop=*/false, Pos);
      !Why.empty())
    return Why;
  if (!onDevice(Prof, SB))
    for (const KernelModel *K : {&A, &B})
      if (const ViewAccess *G = gatherLoop(*K)) {
        Pos = G->Pos;
        return name(*K) + " loads elements chosen by data in an inner loop; on a host "
                          "backend fusing such a gather loop was measured slower";
      }
  // Two kernels sharing no element at the same index gain only the launch.
  bool Shares = false;
  for (const ViewUse &VA : A.Views)
    for (const ViewUse &VB : B.Views)
      if (VA.Name == VB.Name)
        for (const ViewAccess &AA : VA.Accesses)
          for (const ViewAccess &AB : VB.Accesses) {
            LaunchIndexSig GA, GB;
            Shares |= signatureOf(A, AA, GA).empty() && signatureOf(B, AB, GB).empty() &&
                      GA == GB;
          }
  uint64_t Shortest = std::min(SA ? SA->MedianNs : 0, SB ? SB->MedianNs : 0);
  if (!Shares && Shortest >= launchBoundNs(Prof, SA ? SA : SB)) {
    Pos = B.Pos;
    return name(B) + " touches no element that " + name(A) +
           " touches in the same iteration, and each takes " + std::to_string(Shortest / 1000) +
           " us or more: fusing saves neither memory traffic nor launch time";
  }
  return "";
}

namespace {

/// A remark for every hot pair of launches of the file that the profile saw
/// back to back but that are not consecutive statements of one block (a
/// loop's back edge, a launch running again, different blocks), so no
/// candidate the profile suggests goes unexplained.
void explainOtherPairs(const std::vector<KernelModel> &Sites,
                       const std::vector<bool> &Usable,
                       const std::set<std::pair<size_t, size_t>> &Evaluated,
                       const Profile &Prof, const FusionOptions &Opts,
                       FusionPlan &Plan) {
  std::map<std::string, size_t> ById;
  for (size_t I = 0; I < Sites.size(); ++I)
    if (Usable[I])
      ById[Sites[I].Id.str()] = I;
  for (const ProfileChain &C : Prof.Chains) {
    if (C.Sites.size() != 2 || !ById.count(C.Sites[0]) || !ById.count(C.Sites[1]))
      continue;
    size_t A = ById[C.Sites[0]], B = ById[C.Sites[1]];
    double Share = Prof.TotalKernelNs ? double(C.TotalNs) / double(Prof.TotalKernelNs) : 0;
    // A pair that ran once is no hot path.
    if (Evaluated.count({A, B}) || C.Count < 2 || Share + 1e-12 < Opts.MinShare)
      continue;
    std::string Why;
    if (A == B) {
      // One launch after itself: the next iteration of a loop around it, or
      // the next call of its function (consecutive calls, a caller's loop).
      const KernelModel &M = Sites[A];
      Why = "not fusing: " + name(M) + " ran back to back with itself " +
            std::to_string(C.Count) + " times, " +
            (M.Repeat ? std::string("launched again by the next iteration of its loop")
                      : "launched again by a loop around it or by the next call of '" +
                            M.Id.Function + "'") +
            ": kfuse fuses a launch with itself only when it is alone in a host 'for' "
            "loop of its own function whose iterations it may run inside the kernel "
            "(temporal fusion)";
    } else {
      Why = "not fusing: " + name(Sites[A]) + " and " + name(Sites[B]) + " ran back to back " +
            std::to_string(C.Count) +
            " times, but kfuse fuses only consecutive statements of one "
            "block (not across a loop's iterations or between blocks)";
    }
    Plan.Refusals.push_back({A, B, Why, "kfuse-not-adjacent", Sites[B].Pos});
  }
}

} // namespace

FusionPlan FusionPlanner::plan(const std::vector<KernelModel> &Sites,
                               llvm::StringRef FileText, const Profile &Prof,
                               const FusionOptions &Opts) {
  FusionPlan Plan;
  std::vector<size_t> Order(Sites.size());
  for (size_t I = 0; I < Sites.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t X, size_t Y) {
    return Sites[X].StmtRange.Offset < Sites[Y].StmtRange.Offset;
  });

  // Stale evidence: a profiled site at the same place whose text changed.
  std::map<std::string, std::string> ProfiledByPlace;
  for (const ProfileSite &S : Prof.Sites) {
    size_t Colon = S.Id.rfind(':');
    if (Colon != std::string::npos)
      ProfiledByPlace[S.Id.substr(0, Colon)] = S.Id;
  }
  std::vector<bool> Usable(Sites.size(), true);
  for (size_t I = 0; I < Sites.size(); ++I) {
    const KernelModel &M = Sites[I];
    if (insideFusedRegion(FileText, M.CallRange.Offset)) {
      Usable[I] = false;
      continue;
    }
    std::string Id = M.Id.str();
    if (Prof.findSite(Id))
      continue;
    Usable[I] = false;
    auto It = ProfiledByPlace.find(Id.substr(0, Id.rfind(':')));
    if (It != ProfiledByPlace.end())
      Plan.Stale.push_back({I, It->second});
  }

  auto Refuse = [&](size_t A, size_t B, std::string Reason, const char *Check,
                    SourcePos Pos) {
    Plan.Refusals.push_back({A, B, std::move(Reason), Check, std::move(Pos)});
  };

  FusionGroup Current;
  // Whether M uses an element some launch of the group uses in the same
  // iteration (the same View, the same function of the launch index): what
  // fusion saves memory traffic on.
  auto reusesData = [&](const FusionGroup &Group, const KernelModel &M) {
    for (size_t S : Group.Sites)
      for (const ViewUse &VA : Sites[S].Views)
        for (const ViewUse &VB : M.Views) {
          if (Group.canonical(VA.Name) != Group.canonical(VB.Name))
            continue;
          for (const ViewAccess &AA : VA.Accesses)
            for (const ViewAccess &AB : VB.Accesses) {
              LaunchIndexSig SA, SB;
              if (signatureOf(Sites[S], AA, SA).empty() &&
                  signatureOf(M, AB, SB).empty() && SA == SB)
                return true;
            }
        }
    return false;
  };
  std::vector<GroupGap> Gaps; // code the group moves past
  std::set<std::pair<size_t, size_t>> Evaluated;   // adjacent pairs judged above
  // Temporal fusion of a loop's whole body: a group of every launch of a
  // host loop's body, the last of which the profile saw back to back with
  // the first (the next iteration), takes the loop into its kernel where
  // each element is one launch index's (repeatLegality).
  auto WithLoop = [&](FusionGroup G) {
    const KernelModel &First = Sites[G.Sites.front()], &Last = Sites[G.Sites.back()];
    if (G.Sites.size() < 2 || !First.Repeat || First.Repeat->BodySize != G.Sites.size() ||
        G.Horizontal)
      return G;
    for (size_t S : G.Sites)
      if (!Sites[S].Repeat || Sites[S].Repeat->Range.Offset != First.Repeat->Range.Offset)
        return G;
    if (!Prof.findPair(Last.Id.str(), First.Id.str()))
      return G;
    Evaluated.insert({G.Sites.back(), G.Sites.front()});
    std::vector<const KernelModel *> Body;
    for (size_t S : G.Sites)
      Body.push_back(&Sites[S]);
    SourcePos Pos = First.Repeat->Pos;
    std::string Check = "kfuse-not-fusable";
    std::string Why;
    // As for a launch alone: a composed group calls the objects' operators,
    // with no place for the loop.
    for (const KernelModel *M : Body)
      if (Why.empty() && M->Functor.Kind == FunctorModel::Form::Object)
        Why = "the loop around a functor object's launch stays on the host";
    if (Why.empty())
      Why = repeatLegality(Body, Pos, Check, &G);
    if (!Why.empty()) {
      Refuse(G.Sites.back(), G.Sites.front(),
             "not moving the loop around " + name(First) + " through " + name(Last) +
                 " into their fused kernel: " + Why,
             Check.c_str(), Pos);
      return G;
    }
    G.Repeats = true;
    return G;
  };
  auto Close = [&]() {
    if (Current.Sites.size() >= 2) {
      // Loop fusion: a kernel's loop (with declarations before it and
      // statements after) joins the run of loops before it when it may be
      // merged with each of them.
      Current.JoinsPreviousLoop.assign(Current.Sites.size(), false);
      // Several reductions each keep their block: their accumulators are
      // bound there.
      size_t Reductions = llvm::count_if(Current.Sites, [&](size_t S) {
        return Sites[S].Reduction.has_value();
      });
      auto Reduces = [&](size_t K) { return Sites[Current.Sites[K]].Reduction.has_value(); };
      // A kernel under an `if` keeps its block too: the condition guards it.
      auto Guarded = [&](size_t K) { return Sites[Current.Sites[K]].Condition.has_value(); };
      size_t RunStart = 0;
      for (size_t K = 1; K < Current.Sites.size(); ++K) {
        bool Join = (Reductions < 2 || (!Reduces(K) && !Reduces(K - 1))) && !Guarded(K) &&
                    !Guarded(K - 1) &&
                    Sites[Current.Sites[K]].Functor.Kind == FunctorModel::Form::Lambda &&
                    Sites[Current.Sites[K - 1]].Functor.Kind == FunctorModel::Form::Lambda &&
                    !Current.Horizontal;
        for (size_t J = RunStart; J < K && Join; ++J)
          Join = loopFusionBetween(Sites[Current.Sites[J]], Sites[Current.Sites[K]],
                                   FileText, Current).empty();
        Current.JoinsPreviousLoop[K] = Join;
        if (!Join)
          RunStart = K;
      }
      std::vector<std::string> Ids;
      for (size_t S : Current.Sites)
        Ids.push_back(Sites[S].Id.str());
      uint64_t Ns = 0;
      if (const ProfileChain *C = Prof.findChain(Ids)) {
        Current.Count = C->Count;
        Ns = C->TotalNs;
      } else {
        // The whole run never repeated: judge it by its weakest pair.
        Current.Count = UINT64_MAX;
        for (size_t K = 0; K + 1 < Ids.size(); ++K)
          if (const ProfileChain *P = Prof.findPair(Ids[K], Ids[K + 1])) {
            Current.Count = std::min(Current.Count, P->Count);
            Ns = std::max(Ns, P->TotalNs);
          }
      }
      Current.Share =
          Prof.TotalKernelNs ? double(Ns) / double(Prof.TotalKernelNs) : 0;
      if (Current.Share + 1e-12 < Opts.MinShare)
        Refuse(Current.Sites.front(), Current.Sites.back(),
               llvm::formatv("chain takes {0:P} of kernel time, below the "
                             "--min-share of {1:P}",
                             Current.Share, Opts.MinShare),
               "kfuse-cold-chain", Sites[Current.Sites.front()].Pos);
      else
        Plan.Groups.push_back(WithLoop(Current));
    }
    Current = FusionGroup();
    Gaps.clear();
  };

  for (size_t K = 0; K < Order.size(); ++K) {
    size_t I = Order[K];
    const KernelModel &M = Sites[I];
    if (!Usable[I]) {
      Close();
      continue;
    }
    if (Current.Sites.empty()) {
      Current.Sites.push_back(I);
      continue;
    }
    size_t P = Current.Sites.back();
    const KernelModel &Prev = Sites[P];
    std::string Why;
    const char *Check = "kfuse-not-fusable";
    SourcePos Pos = M.Pos;
    if (Prev.BlockOffset != M.BlockOffset || !Prev.StmtRange.valid() ||
        !M.StmtRange.valid()) {
      Close();
      Current.Sites.push_back(I);
      continue;
    }
    Evaluated.insert({P, I});
    const ProfileChain *Pair = Prof.findPair(Prev.Id.str(), M.Id.str());
    unsigned GapBegin = Prev.StmtRange.Offset + Prev.StmtRange.Length;
    bool Trivia = onlyTrivia(FileText, GapBegin, M.StmtRange.Offset);
    FusionGroup Trial = Current;
    std::vector<GroupGap> TrialGaps;
    size_t Culprit = P; // the launch of the group the reason is about
    if (!Pair && !Trivia) {
      // Neither adjacent nor back to back: not a candidate at all.
      Close();
      Current.Sites.push_back(I);
      continue;
    }
    if (!Pair) {
      Why = "the profile never saw them run back to back";
      Check = "kfuse-not-consecutive";
    } else if (std::string U = unsupported(Prev); !U.empty()) {
      Why = U + " in " + name(Prev);
      Pos = Prev.Pos;
    } else if (std::string U = unsupported(M); !U.empty()) {
      Why = U + " in " + name(M);
    } else if (const KernelModel *K = !Prev.Unknown.empty() ? &Prev
                                      : !M.Unknown.empty()  ? &M
                                                            : nullptr) {
      Why = unknownAccess(*K);
      Check = "kfuse-unknown-access";
      Pos = K->Unknown.front().Pos;
    } else if (composable(Prev) != composable(M)) {
      Why = "a launch of the enclosing object ('*this') and another functor are not fused "
            "together yet";

    } else if (policyFamily(Prev) != policyFamily(M)) {
      Why = "different policies or execution spaces";
    } else if (const KernelModel *K = randomScatter(Prev) ? &Prev
                                      : randomScatter(M)  ? &M
                                                          : nullptr) {
      const ViewAccess *S = randomScatter(*K);
      Why = name(*K) + " stores to elements chosen by data ('" +
            S->Indices.front().Text + "'); fusing such a scatter gains nothing "
            "and was measured slower";
      Check = "kfuse-not-profitable";
      Pos = S->Pos;
    } else if (M.Reduction &&
               llvm::any_of(Current.Sites, [&](size_t S) {
                 return Sites[S].Reduction.has_value();
               }) &&
               (!combinable(*M.Reduction) ||
                llvm::any_of(Current.Sites, [&](size_t S) {
                  return Sites[S].Reduction && !combinable(*Sites[S].Reduction);
                }))) {
      Why = "a fused kernel combines several reductions only when each is a Sum, Prod, Min or "
            "Max into a variable, a Kokkos reducer (MinLoc, MaxLoc, ...) of a variable, or a "
            "variable of a class joined with +=";
    } else if (const std::string *R = conditionReadsResult(M, Current.Sites, Sites)) {
      Why = "the condition of " + name(M) + " reads '" + *R +
            "', the result of a reduction before it, known only after the fused kernel";
      Check = "kfuse-unsafe-dependence";
    } else {
      mergeSameAllocations(Trial, *Pair, Sites, Current.Sites, M);
      mergePointersIntoViews(Trial, Sites, Current.Sites, M);
      Why = overlapSeen(Trial, *Pair, Sites, M);
      if (Why.empty())
        Why = aliasingInGroup(Trial, Prof, Sites, M);
      if (Why.empty())
        Why = accessorAliasing(Trial, Sites, M);
      if (!Why.empty())
        Check = "kfuse-aliasing";
      TrialGaps = Gaps;
      if (!Trivia) {
        const std::optional<HostGap> &B = M.Before;
        TrialGaps.push_back({B && B->From == GapBegin && B->To == M.StmtRange.Offset
                                 ? &*B
                                 : nullptr,
                             Trial.Sites.size()});
      }
      // Nearest launch first: the report names the closest conflict.
      for (size_t S : llvm::reverse(Current.Sites)) {
        if (!Why.empty())
          break;
        Why = dependenceBetween(Sites[S], M, Pos, &Trial);
        if (!Why.empty()) {
          Check = "kfuse-unsafe-dependence";
          Culprit = S;
        }
      }
      if (Why.empty() && onDevice(Prof, Prof.findSite(M.Id.str()))) {
        Why = loopsOnDevice(Prev, M, Prof,
                            reusesData(Trial, M) &&
                                loopFusionBetween(Prev, M, FileText, Trial).empty(),
                            Pos);
        if (!Why.empty())
          Check = "kfuse-not-profitable";
      }
      // A gather loop keeps its own launch on host backends (measured).
      if (const KernelModel *K =
              Why.empty() && !onDevice(Prof, Prof.findSite(M.Id.str()))
                  ? (gatherLoop(Prev) ? &Prev : gatherLoop(M) ? &M : nullptr)
                  : nullptr) {
        const ViewAccess *G = gatherLoop(*K);
        const ViewUse *V = nullptr;
        for (const ViewUse &U : K->Views)
          for (const ViewAccess &A : U.Accesses)
            if (&A == G)
              V = &U;
        Why = name(*K) + " loads elements chosen by data in its inner loop ('" +
              accessText(*V, *G) + "'); on a host backend fusing such a gather loop was "
              "measured slower";
        Check = "kfuse-not-profitable";
        Pos = G->Pos;
      }
      // Composed with a reduction on a parallel host backend (measured).
      if (Why.empty()) {
        bool Objects = composable(M) || boundObject(M), Reduces = M.Reduction.has_value();
        for (size_t S : Current.Sites) {
          Objects |= composable(Sites[S]) || boundObject(Sites[S]);
          Reduces |= Sites[S].Reduction.has_value();
        }
        if (Objects && Reduces) {
          Why = composedReduction(M, Prof);
          if (!Why.empty()) {
            Check = "kfuse-not-profitable";
            Pos = M.Pos;
          }
        }
      }
      // Kernels sharing no element still gain when their loops merge: one
      // pass, and the loop bodies' latencies overlap.
      if (Why.empty() && !reusesData(Trial, M) &&
          !loopFusionBetween(Prev, M, FileText, Trial).empty()) {
        const ProfileSite *SP = Prof.findSite(Prev.Id.str()), *SM = Prof.findSite(M.Id.str());
        uint64_t Shortest = std::min(SP ? SP->MedianNs : 0, SM ? SM->MedianNs : 0);
        if (Shortest >= launchBoundNs(Prof, SP ? SP : SM)) {
          Why = name(M) + " touches no element that the kernels before it touch in the same "
                "iteration, and each kernel takes " +
                std::to_string(Shortest / 1000) +
                " us or more: fusing saves neither memory traffic nor launch time";
          Check = "kfuse-not-profitable";
        }
      }
      if (Why.empty() && rangeOf(Prev) != rangeOf(M)) {
        if (Pair->EqualRanges == Pair->Count && !Trial.Horizontal) {
          auto RA = rangeOf(Sites[Current.Sites.front()]), RB = rangeOf(M);
          const PolicyModel &First = Sites[Current.Sites.front()].Policy;
          if (First.OpaqueBounds || M.Policy.OpaqueBounds) {
            // Bounds kfuse does not read: the runtime compares them.
            Trial.RangeChecks.push_back("::kfuse::bounds_of(" + M.Policy.Text +
                                        ") == ::kfuse::bounds_of(" + First.Text + ")");
            RA.clear();
          }
          for (size_t D = 0; D < RA.size() && D < RB.size(); ++D) {
            if (RA[D].first != RB[D].first)
              Trial.RangeChecks.push_back("(" + M.Policy.Begin[D] + ") == (" +
                                          Sites[Current.Sites.front()].Policy.Begin[D] + ")");
            if (RA[D].second != RB[D].second)
              Trial.RangeChecks.push_back("(" + M.Policy.End[D] + ") == (" +
                                          Sites[Current.Sites.front()].Policy.End[D] + ")");
          }
        } else if (std::string H = horizontalBlocked(Trial, Sites, M); H.empty()) {
          // Related ranges: one launch to the largest end, each part below
          // its own (the dependences are point-wise where both run).
          Trial.Horizontal = true;
          Trial.RangeChecks.clear();
          std::vector<const KernelModel *> All = kernelsWith(Trial, Sites, M);
          Trial.BoundsAtRunTime = boundsAtRunTime(All);
          if (Trial.BoundsAtRunTime)
            for (const KernelModel *K : llvm::ArrayRef(All).drop_front())
              Trial.RangeChecks.push_back("::kfuse::related(::kfuse::bounds_of(" +
                                          K->Policy.Text + "), ::kfuse::bounds_of(" +
                                          All.front()->Policy.Text + "))");
        } else {
          Why = "different ranges (equal in " + std::to_string(Pair->EqualRanges) +
                " of " + std::to_string(Pair->Count) + " profiled runs), and " + H;
          Check = "kfuse-different-ranges";
        }
      }
      // Where the fused launch runs, past the code between the launches
      // (after the range checks, which the guard reads first).
      if (Why.empty() && !TrialGaps.empty()) {
        Why = placeLaunch(Trial, TrialGaps, Sites, M);
        // The guard compares the Views the code between writes with the
        // launches' Views, not with those it cannot name.
        for (const KernelModel *K : kernelsWith(Trial, Sites, M))
          for (const ViewUse &V : K->Views)
            if (Why.empty() && !V.Accessor.empty() && !V.Named && !Trial.HostViews.empty())
              Why = "the code between the launches writes '" + Trial.HostViews.front() +
                    "', which the guard cannot compare with '" + V.Name + "', read through the "
                    "accessor '" + V.Accessor + "' in " + name(*K);
        if (!Why.empty())
          Check = "kfuse-code-between";
      }
    }
    if (!Why.empty()) {
      Refuse(P, I, "not fusing " + name(Sites[Culprit]) + " with " + name(M) + ": " + Why,
             Check, Pos);
      Close();
    } else {
      Current = std::move(Trial);
      Current.MovesPastCode |= !Trivia;
      Gaps = std::move(TrialGaps);
    }
    Current.Sites.push_back(I);
  }
  Close();

  // Temporal fusion: a launch alone in a host loop, which the profile saw
  // running back to back with itself.
  for (size_t I = 0; I < Sites.size(); ++I) {
    const KernelModel &M = Sites[I];
    const ProfileChain *Self = Usable[I] && M.Repeat && M.Repeat->BodySize == 1
                                   ? Prof.findPair(M.Id.str(), M.Id.str())
                                   : nullptr;
    if (!Self)
      continue;
    Evaluated.insert({I, I});
    SourcePos Pos = M.Pos;
    std::string Check = "kfuse-not-fusable";
    std::string Why = unsupported(M);
    if (Why.empty() && (composable(M) || boundObject(M)))
      Why = "the loop around a functor object's launch stays on the host";
    FusionGroup G;
    G.Sites = {I};
    G.Repeats = true;
    // Two names of one allocation (a subview and its View) are one View.
    mergeSameAllocations(G, *Self, Sites, {}, M);
    if (Why.empty()) {
      Why = overlapSeen(G, *Self, Sites, M);
      if (!Why.empty())
        Check = "kfuse-aliasing";
    }
    if (Why.empty())
      Why = repeatLegality({&M}, Pos, Check, &G);
    // The launches of the site, not the overlapping pairs (a loop of T
    // iterations runs T launches and T - 1 pairs).
    const ProfileSite *Site = Prof.findSite(M.Id.str());
    G.Count = Site->Launches;
    G.Share = Prof.TotalKernelNs ? double(Site->TotalNs) / double(Prof.TotalKernelNs) : 0;
    if (Why.empty() && G.Share + 1e-12 < Opts.MinShare) {
      Why = llvm::formatv("it takes {0:P} of kernel time, below the --min-share of {1:P}",
                          G.Share, Opts.MinShare);
      Check = "kfuse-cold-chain";
    }
    if (!Why.empty())
      Refuse(I, I, "not moving the loop around " + name(M) + " into its kernel: " + Why,
             Check.c_str(), Pos);
    else
      Plan.Groups.push_back(std::move(G));
  }
  explainOtherPairs(Sites, Usable, Evaluated, Prof, Opts, Plan);
  // The order of each group's statements: where its kernels' bodies are
  // copied into one (a functor object's is called, never copied).
  for (FusionGroup &G : Plan.Groups)
    if (llvm::none_of(G.Sites, [&](size_t S) {
          return Sites[S].Functor.Kind == FunctorModel::Form::Object;
        }))
      G.Schedules = planner::statementSchedules(G, Sites, FileText);
  return Plan;
}

} // namespace kfuse
