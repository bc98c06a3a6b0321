//===- Profitability.cpp - Whether fusing a legal pair pays --------------===//

#include "kfuse/FusionPlan.h"
#include "plan/GroupRules.h"
#include "plan/PlannerSupport.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <set>

namespace kfuse {
namespace planner {

namespace {

/// The execution space a plan is for: --backend or the compile commands',
/// else where \p Site ran, else the profile's backend.
llvm::StringRef planSpace(const Profile &Prof, const ProfileSite *Site) {
  return !Prof.PlanSpace.empty()            ? llvm::StringRef(Prof.PlanSpace)
         : Site && !Site->Space.empty() ? llvm::StringRef(Site->Space)
                                        : llvm::StringRef(Prof.Backend);
}

} // namespace

bool onDevice(const Profile &Prof, const ProfileSite *Site) {
  llvm::StringRef Space = planSpace(Prof, Site);
  return Space.contains("Cuda") || Space.contains("HIP") || Space.contains("SYCL") ||
         Space.contains("OpenMPTarget") || Space.contains("OpenACC");
}

uint64_t launchBoundNs(const Profile &Prof, const ProfileSite *Site) {
  return onDevice(Prof, Site) ? 200000 : 20000;
}

namespace {

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

} // namespace

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

} // namespace planner

using namespace planner;

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
        return name(*K) + " loads " + gatherText(*G) +
               " in an inner loop; on a host backend fusing such a gather loop was measured "
               "slower";
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


} // namespace kfuse
