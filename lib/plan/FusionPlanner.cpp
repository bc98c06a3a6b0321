//===- FusionPlanner.cpp - Which launches to fuse, and why not ------------===//

#include "kfuse/FusionPlan.h"
#include "plan/GroupRules.h"
#include "plan/PlannerSupport.h"
#include "plan/SharedLoads.h"
#include "plan/StatementSchedule.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace kfuse {

using namespace planner;

bool insideFusedRegion(llvm::StringRef FileText, unsigned Offset) {
  llvm::StringRef Before = FileText.take_front(Offset);
  size_t Begin = Before.rfind("// kfuse-begin");
  if (Begin == llvm::StringRef::npos)
    return false;
  size_t End = Before.rfind("// kfuse-end");
  return End == llvm::StringRef::npos || End < Begin;
}


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
                        const std::vector<KernelModel> &Sites, const KernelModel &M,
                        const FusionOptions &Opts) {
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
    UpWhy[K] = FusionPlanner::hostCodeBlocks(*Gap.Host, After, true, G, UpViews[K],
                                             Opts.PointerFields);
    DownWhy[K] = FusionPlanner::hostCodeBlocks(*Gap.Host, Before, false, G, DownViews[K],
                                               Opts.PointerFields);
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

} // namespace

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
            ": kfuse fuses a launch with itself when it is alone in a host 'for' loop of "
            "its own function whose iterations it may run inside the kernel (temporal "
            "fusion), or across two calls of its function when it is a statement of the "
            "function's body itself, not under an 'if' or in a block";
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
      {
        std::vector<std::string> Names;
        for (size_t S : Current.Sites)
          Names.push_back(name(Sites[S]));
        Refuse(Current.Sites.front(), Current.Sites.back(),
               llvm::formatv("not fusing {0}: the chain takes {1:P} of kernel time, below the "
                             "--min-share of {2:P}",
                             llvm::join(Names, ", "), Current.Share, Opts.MinShare),
               "kfuse-cold-chain", Sites[Current.Sites.front()].Pos);
      }
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
      mergeSameAllocations(Trial, *Pair, Sites, Current.Sites, M, &Prof);
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
      // Legal, but a scatter: not worth it (measured). After the
      // dependences, so that an illegal pair is refused as illegal.
      if (const KernelModel *K = !Why.empty()         ? nullptr
                                 : randomScatter(Prev) ? &Prev
                                 : randomScatter(M)    ? &M
                                                       : nullptr) {
        const ViewAccess *S = randomScatter(*K);
        Why = name(*K) + " stores to elements chosen by data ('" + S->Indices.front().Text +
              "'); fusing such a scatter gains nothing and was measured slower";
        Check = "kfuse-not-profitable";
        Pos = S->Pos;
      }
      // Raw pointers whose footprint the guard cannot bound: loaded alike.
      if (Why.empty()) {
        Why = loadsAlikeInBlock(kernelsWith(Trial, Sites, M));
        if (!Why.empty())
          Check = "kfuse-not-fusable";
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
        Why = name(*K) + " loads " + gatherText(*G) + " in its inner loop ('" +
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
        Why = placeLaunch(Trial, TrialGaps, Sites, M, Opts);
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
    for (const ViewUse &V : M.Views)
      if (Why.empty() && V.Pointer)
        pointerFootprint(M, V, Why);
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
  // (Not where pointers are loaded alike: the guard did not check them
  // apart from what the group writes, and a statement may not move past
  // another of its iteration.)
  for (FusionGroup &G : Plan.Groups)
    if (llvm::none_of(G.Sites, [&](size_t S) {
          return Sites[S].Functor.Kind == FunctorModel::Form::Object;
        }) &&
        unboundedPointers([&] {
          std::vector<const KernelModel *> Kernels;
          for (size_t S : G.Sites)
            Kernels.push_back(&Sites[S]);
          return Kernels;
        }()).empty())
      G.Schedules = planner::statementSchedules(G, Sites, FileText);
  return Plan;
}

} // namespace kfuse
