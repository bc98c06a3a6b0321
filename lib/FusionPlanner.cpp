//===- FusionPlanner.cpp - Which launches to fuse, and why not ------------===//

#include "kfuse/FusionPlan.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <map>
#include <set>

namespace kfuse {

namespace {

std::string name(const KernelModel &M) {
  if (M.LabelKind == "literal")
    return "'" + M.Label + "'";
  return "the launch at line " + std::to_string(M.Pos.Line);
}

std::string squeeze(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    if (!llvm::isSpace(C))
      Out += C;
  return Out;
}

/// True if only whitespace and comments separate [From, To) in \p Text.
bool onlyTrivia(llvm::StringRef Text, unsigned From, unsigned To) {
  if (To < From || To > Text.size())
    return false;
  llvm::StringRef S = Text.slice(From, To);
  while (!S.empty()) {
    S = S.ltrim();
    if (S.consume_front("//")) {
      size_t NL = S.find('\n');
      S = NL == llvm::StringRef::npos ? "" : S.drop_front(NL);
    } else if (S.consume_front("/*")) {
      size_t End = S.find("*/");
      if (End == llvm::StringRef::npos)
        return false;
      S = S.drop_front(End + 2);
    } else if (!S.empty()) {
      return false;
    }
  }
  return true;
}

/// What the planner supports of one kernel, or "" when all of it.
std::string unsupported(const KernelModel &M) {
  if (M.Kind == LaunchKind::Scan)
    return "parallel_scan is not fused";
  if (M.Functor.Kind != FunctorModel::Form::Lambda)
    return "functor classes are not fused yet";
  if (!M.Functor.BodyVisible || !M.Functor.BodyRange.valid())
    return "kernel body not visible";
  if (M.FromMacro)
    return "launch written through a macro";
  if (M.InTemplate)
    return "launch inside a template";
  if (!M.StmtRange.valid())
    return "launch is not a statement of a block";
  if (M.EarlyExit)
    return "kernel body returns early";
  if (M.Policy.Kind != PolicyKind::Count && M.Policy.Kind != PolicyKind::Range &&
      M.Policy.Kind != PolicyKind::MDRange)
    return std::string(toString(M.Policy.Kind)) + " policies are not fused";
  if (M.Policy.Kind == PolicyKind::MDRange &&
      (M.Policy.Rank < 2 || M.Policy.Rank > 3))
    return "MDRangePolicy of rank " + std::to_string(M.Policy.Rank);
  if (!M.Policy.WorkTag.empty())
    return "policy has a work tag";
  if (M.Policy.End.empty())
    return "range not recognised";
  if (M.Functor.IndexParams.size() != M.Policy.Rank)
    return "kernel takes " + std::to_string(M.Functor.IndexParams.size()) +
           " indices for a rank-" + std::to_string(M.Policy.Rank) + " range";
  for (const ViewUse &V : M.Views) {
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

/// Ranges as (begin, end) texts per dimension; a count is [0, N).
std::vector<std::pair<std::string, std::string>> rangeOf(const KernelModel &M) {
  std::vector<std::pair<std::string, std::string>> R;
  for (size_t D = 0; D < M.Policy.End.size(); ++D)
    R.emplace_back(squeeze(D < M.Policy.Begin.size() ? M.Policy.Begin[D] : "0"),
                   squeeze(M.Policy.End[D]));
  return R;
}

/// The policy family two launches must share.
std::string policyFamily(const KernelModel &M) {
  if (M.Policy.Kind == PolicyKind::MDRange)
    return "md" + std::to_string(M.Policy.Rank) + M.Policy.ExecSpace +
           M.Policy.IndexType;
  return "range" + M.Policy.ExecSpace;
}

/// The part of an index that depends on the launch: (dimension, index
/// parameter position, offset) for each launch-index dimension.
using LaunchIndexSig = std::set<std::tuple<size_t, size_t, int64_t>>;

/// Signature of \p A in \p M, or a reason it is not a provably injective
/// function of the launch index.
std::string signatureOf(const KernelModel &M, const ViewAccess &A,
                        LaunchIndexSig &Sig) {
  for (size_t D = 0; D < A.Indices.size(); ++D) {
    const IndexExpr &I = A.Indices[D];
    switch (I.Form) {
    case IndexForm::LaunchIndex: {
      auto It = llvm::find(M.Functor.IndexParams, I.Var);
      Sig.insert({D, size_t(It - M.Functor.IndexParams.begin()), I.Offset});
      break;
    }
    case IndexForm::Constant:
    case IndexForm::LoopVar:
      break;
    case IndexForm::Indirect:
      return "indirect index '" + I.Text + "'";
    case IndexForm::Other:
      if (!I.Var.empty())
        return "index '" + I.Text + "'";
      break;
    }
  }
  if (Sig.empty())
    return "index '" + (A.Indices.empty() ? std::string("") : A.Indices[0].Text) +
           "' does not depend on the launch index";
  return "";
}

std::string accessText(const ViewUse &V, const ViewAccess &A) {
  std::vector<std::string> Parts;
  for (const IndexExpr &I : A.Indices)
    Parts.push_back(I.Text);
  return V.Name + "(" + llvm::join(Parts, ", ") + ")";
}

bool writes(AccessMode M) { return M != AccessMode::Read; }

} // namespace

bool insideFusedRegion(llvm::StringRef FileText, unsigned Offset) {
  llvm::StringRef Before = FileText.take_front(Offset);
  size_t Begin = Before.rfind("// kfuse-begin");
  if (Begin == llvm::StringRef::npos)
    return false;
  size_t End = Before.rfind("// kfuse-end");
  return End == llvm::StringRef::npos || End < Begin;
}

std::string FusionPlanner::dependenceBetween(const KernelModel &A,
                                             const KernelModel &B,
                                             SourcePos &Pos) {
  for (const ViewUse &VA : A.Views) {
    const ViewUse *VB = nullptr;
    for (const ViewUse &V : B.Views)
      if (V.Name == VA.Name)
        VB = &V;
    if (!VB || (!writes(VA.Mode) && !writes(VB->Mode)))
      continue;
    const char *Kind = writes(VA.Mode) && writes(VB->Mode) ? "write-after-write"
                       : writes(VA.Mode)                  ? "read-after-write"
                                                           : "write-after-read";
    // Escapes and atomics first: they defeat any index reasoning.
    for (auto [K, V] : {std::pair{&A, &VA}, std::pair{&B, VB}})
      for (const ViewAccess &Acc : V->Accesses)
        if (Acc.Mode == AccessMode::PassedToCall) {
          Pos = Acc.Pos;
          return "'" + V->Name + "' is passed to '" + Acc.Callee + "' in " +
                 name(*K) + " at line " + std::to_string(Acc.Pos.Line);
        }
    bool AtomicA = VA.Mode == AccessMode::Atomic,
         AtomicB = VB->Mode == AccessMode::Atomic;
    if (AtomicA && AtomicB)
      continue; // atomic updates in both kernels commute
    if (AtomicA || AtomicB) {
      const KernelModel &K = AtomicA ? A : B;
      Pos = (AtomicA ? VA : *VB).Accesses.front().Pos;
      return "'" + VA.Name + "' is updated atomically in " + name(K) +
             " and accessed plainly in " + name(AtomicA ? B : A);
    }
    // Every access in both kernels must touch the same element of the
    // launch dimensions: the same injective function of the launch index.
    std::optional<LaunchIndexSig> Common;
    const ViewAccess *First = nullptr;
    const KernelModel *FirstK = nullptr;
    for (auto [K, V] : {std::pair{&A, &VA}, std::pair{&B, VB}})
      for (const ViewAccess &Acc : V->Accesses) {
        LaunchIndexSig Sig;
        std::string Why = signatureOf(*K, Acc, Sig);
        if (!Why.empty()) {
          Pos = Acc.Pos;
          return std::string(Kind) + " on '" + V->Name + "': " +
                 accessText(*V, Acc) + " in " + name(*K) + " has " + Why;
        }
        if (!Common) {
          Common = Sig;
          First = &Acc;
          FirstK = K;
        } else if (*Common != Sig) {
          Pos = Acc.Pos;
          return std::string(Kind) + " on '" + V->Name + "': " +
                 accessText(VA, *First) + " in " + name(*FirstK) + " and " +
                 accessText(*V, Acc) + " in " + name(*K) +
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
  auto Close = [&]() {
    if (Current.Sites.size() >= 2) {
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
        Plan.Groups.push_back(Current);
    }
    Current = FusionGroup();
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
    const ProfileChain *Pair = Prof.findPair(Prev.Id.str(), M.Id.str());
    if (!onlyTrivia(FileText, Prev.StmtRange.Offset + Prev.StmtRange.Length,
                    M.StmtRange.Offset)) {
      Why = "code between the launches";
    } else if (!Pair) {
      Why = "the profile never saw them run back to back";
      Check = "kfuse-not-consecutive";
    } else if (std::string U = unsupported(Prev); !U.empty()) {
      Why = U + " in " + name(Prev);
      Pos = Prev.Pos;
    } else if (std::string U = unsupported(M); !U.empty()) {
      Why = U + " in " + name(M);
    } else if (policyFamily(Prev) != policyFamily(M)) {
      Why = "different policies or execution spaces";
    } else if (M.Reduction &&
               llvm::any_of(Current.Sites, [&](size_t S) {
                 return Sites[S].Reduction.has_value();
               })) {
      Why = "a fused kernel holds at most one reduction";
    } else {
      for (size_t S : Current.Sites) {
        Why = dependenceBetween(Sites[S], M, Pos);
        if (!Why.empty()) {
          Check = "kfuse-unsafe-dependence";
          break;
        }
      }
      if (Why.empty() && rangeOf(Prev) != rangeOf(M)) {
        if (Pair->EqualRanges == Pair->Count) {
          auto RA = rangeOf(Sites[Current.Sites.front()]), RB = rangeOf(M);
          for (size_t D = 0; D < RA.size() && D < RB.size(); ++D) {
            if (RA[D].first != RB[D].first)
              Current.RangeChecks.push_back("(" + M.Policy.Begin[D] + ") == (" +
                                            Sites[Current.Sites.front()].Policy.Begin[D] + ")");
            if (RA[D].second != RB[D].second)
              Current.RangeChecks.push_back("(" + M.Policy.End[D] + ") == (" +
                                            Sites[Current.Sites.front()].Policy.End[D] + ")");
          }
        } else {
          Why = "different ranges (equal in " + std::to_string(Pair->EqualRanges) +
                " of " + std::to_string(Pair->Count) + " profiled runs)";
          Check = "kfuse-different-ranges";
        }
      }
    }
    if (!Why.empty()) {
      Refuse(P, I, "not fusing " + name(Prev) + " with " + name(M) + ": " + Why,
             Check, Pos);
      Close();
    }
    Current.Sites.push_back(I);
  }
  Close();
  return Plan;
}

} // namespace kfuse
