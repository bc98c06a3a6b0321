//===- FusionPlan.h - Which launches to fuse, and why not -------*- C++ -*-===//
//
// The planner reads the launch model of one file and the profile and decides
// which runs of consecutive launches are fused. Plain data: a plan can be
// printed and tested without rewriting anything.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_FUSIONPLAN_H
#define KFUSE_FUSIONPLAN_H

#include "kfuse/LaunchModel.h"
#include "kfuse/Profile.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <string>
#include <vector>

namespace kfuse {

/// Options of the planner.
struct FusionOptions {
  /// Fuse only chains whose share of profiled kernel time reaches this.
  double MinShare = 0.01;
  /// Every unit of the compilation database is analysed: the overriders
  /// of a virtual function the project declares are all among them.
  bool WholeProgram = false;
  /// The pointer data members of the project by qualified name: "" where
  /// every unit keeps the member's memory its own (pointerFieldVerdicts:
  /// over the whole program, or of a member no other unit can use).
  const std::map<std::string, std::string> *PointerFields = nullptr;
};

/// A run of launches to fuse into one.
/// A run of consecutive kernels of a fused group whose bodies run as one
/// list of statements, in an order that keeps every dependence between
/// them, with inner loops over the same iterations merged
/// (lib/plan/StatementSchedule.h decides it).
struct StatementSchedule {
  /// The run: the group's kernels [First, First + Size).
  size_t First = 0, Size = 0;
  /// A statement of the run's bodies, by (kernel in the run, statement of
  /// its KernelModel::Statements).
  using Piece = std::pair<size_t, size_t>;
  /// The statements in the order they run. An entry of several pieces is
  /// one loop: the loops of those statements (same iterations) merged, each
  /// body in turn per iteration, in the order the pieces are listed.
  std::vector<std::vector<Piece>> Order;
  /// Per kernel of the run: its local names renamed where they would clash
  /// in the one scope the bodies now share.
  std::vector<std::map<std::string, std::string>> Renames;
  /// Loops that run as part of an earlier loop.
  unsigned MergedLoops = 0;
};

struct FusionGroup {
  std::vector<size_t> Sites;      ///< indices into the file's sites, in order
  uint64_t Count = 0;             ///< times the chain ran in the profile
  double Share = 0;               ///< of profiled kernel time
  /// Range equalities the profile supports but the source does not prove
  /// ("N == M"), re-checked by the guard.
  std::vector<std::string> RangeChecks;
  /// Argument fusion of distinct names: a View name mapped to the name it is
  /// merged into, because the profile saw both as one allocation in every
  /// run (re-checked by the guard).
  std::map<std::string, std::string> Merged;
  /// Per site: its single inner loop joins the previous site's (loop fusion).
  std::vector<bool> JoinsPreviousLoop;
  /// Statements between the launches stay in place; launches move past
  /// them: the fused launch runs where the group's launch number
  /// \p LaunchRun ran (0: the first; the launches before it move down, those
  /// after it move up), counting runs of launches with code between them.
  bool MovesPastCode = false;
  size_t LaunchRun = 0;
  /// Views the code between the launches may touch that no kernel of the
  /// group names: the guard checks they overlap none of the group's Views.
  std::vector<std::string> HostViews;
  /// Horizontal fusion: the kernels' ranges share their begins and end a
  /// few apart; the fused launch runs to the largest ends, each kernel's
  /// part only below its own.
  bool Horizontal = false;
  /// With Horizontal: the ranges' bounds are read at run time
  /// (::kfuse::bounds_of of each policy): boxes, or policies built by
  /// helpers. The guard checks the ranges are related (same begins, ends
  /// at most 16 apart), and each part runs below its own ends.
  bool BoundsAtRunTime = false;
  /// Temporal fusion: the group is the launches of a host loop's body
  /// (KernelModel::Repeat), and the loop runs inside the fused kernel.
  bool Repeats = false;
  /// The runs of its kernels whose statements run in another order, loops
  /// merged (none where its kernels are composed); the emitter writes them,
  /// the remark counts the loops merged.
  std::vector<StatementSchedule> Schedules;

  /// True if the loop of the group's \p K-th kernel is merged with a
  /// neighbour's (loop fusion).
  bool inMergedLoop(size_t K) const {
    auto Joins = [&](size_t At) {
      return At < JoinsPreviousLoop.size() && JoinsPreviousLoop[At];
    };
    return Joins(K) || Joins(K + 1);
  }

  /// The name \p View is merged into (itself if none).
  const std::string &canonical(const std::string &View) const {
    auto It = Merged.find(View);
    return It == Merged.end() ? View : It->second;
  }
};

/// A candidate pair that is not fused, and why.
struct Refusal {
  size_t First = 0, Second = 0;  ///< indices into the file's sites
  std::string Reason;
  std::string Check;             ///< diagnostic name, e.g. kfuse-unsafe-dependence
  SourcePos Pos;                 ///< the access or launch the reason is about
};

/// A site whose profile entry no longer matches the source.
struct StaleSite {
  size_t Site = 0;
  std::string ProfiledId;
};

/// What to do with one file.
struct FusionPlan {
  std::vector<FusionGroup> Groups;
  std::vector<Refusal> Refusals;
  std::vector<StaleSite> Stale;
};

/// Groups consecutive launches and checks that fusing them is legal.
class FusionPlanner {
public:
  /// Plans the fusion of \p Sites (the model of the file whose text is
  /// \p FileText) with the evidence in \p Prof.
  static FusionPlan plan(const std::vector<KernelModel> &Sites,
                         llvm::StringRef FileText, const Profile &Prof,
                         const FusionOptions &Opts);

  /// Why \p B may not run fused after \p A (same iteration, one kernel), or
  /// "" when it may. \p Pos is set to the access the reason is about.
  /// Views are compared by their name in \p Names (argument fusion).
  static std::string dependenceBetween(const KernelModel &A,
                                       const KernelModel &B, SourcePos &Pos,
                                       const FusionGroup *Names = nullptr);

  /// Why the single inner loops of \p A and \p B (in one fused kernel, \p B
  /// after \p A) may not be merged into one loop, or "" when they may.
  static std::string loopFusionBetween(const KernelModel &A,
                                       const KernelModel &B,
                                       llvm::StringRef FileText,
                                       const FusionGroup &Names);

  /// Why the host loop around \p Body (the launches of its
  /// KernelModel::Repeat, in order; fusable as one group) may not run
  /// inside the fused kernel, each launch index taking every iteration in
  /// turn, or "" when it may: each element of a View they write must be
  /// touched by one launch index only, through one one-to-one map of the
  /// indices (`a(i)`, `b(j, i)`, `c(i + 1)`) in every access of every
  /// launch. \p Pos is set to what the reason is about, \p Check to its
  /// diagnostic name.
  /// Views are compared by their name in \p Names (one allocation under
  /// two names: what one name writes, the other reads).
  static std::string repeatLegality(llvm::ArrayRef<const KernelModel *> Body, SourcePos &Pos,
                                    std::string &Check,
                                    const FusionGroup *Names = nullptr);
  /// Why running \p B's body right after \p A's for each index (\p B's
  /// Views named as \p A's already, merged names applied) would not be
  /// faster than two launches, by the rules the one-function planner
  /// applies (measured on host backends: a scatter through data, a gather
  /// loop, two long kernels sharing no element), or "" when it may be.
  /// \p Pos is set to what the reason is about.
  static std::string profitability(const KernelModel &A, const KernelModel &B,
                                   const Profile &Prof, SourcePos &Pos);
  /// Why a composed launch (functor objects, whose operators are called)
  /// that reduces, \p Last one of its kernels, would not be faster: on a
  /// parallel host backend (OpenMP, Threads) each call runs one index, so
  /// that the partial sums are grouped as the kernel's own are, and that
  /// was measured slower than the launches. "" elsewhere (Serial, where a
  /// call runs a chunk; devices, where a thread runs an index either way).
  static std::string composedReduction(const KernelModel &Last, const Profile &Prof);

  /// Why the kernels \p Moving may not move past the host code \p Gap (up
  /// past it when \p Up, down past it otherwise), or "" when the code
  /// provably touches none of their data and changes nothing they name.
  /// Views the code may touch that none of them uses are added to
  /// \p GuardViews: they could still be other names of the kernels' Views,
  /// which the guard checks at run time.
  /// Numbers host code reads or writes through a pointer member that
  /// \p PointerFields (FusionOptions) says holds an allocation of its own
  /// touch none of their data.
  static std::string hostCodeBlocks(const HostGap &Gap,
                                    const std::vector<const KernelModel *> &Moving,
                                    bool Up, const FusionGroup &Names,
                                    std::vector<std::string> &GuardViews,
                                    const std::map<std::string, std::string> *PointerFields);
};

/// True if a fused launch over \p P can run a chunk of indices per call of
/// its functor (::kfuse::chunked, chunks_of): a 1-D range or a count.
bool chunkablePolicy(const PolicyModel &P);

/// True if \p Offset lies inside a region kfuse already rewrote.
bool insideFusedRegion(llvm::StringRef FileText, unsigned Offset);

} // namespace kfuse

#endif // KFUSE_FUSIONPLAN_H
