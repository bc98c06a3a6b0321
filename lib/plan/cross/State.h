//===- State.h - what the cross-function planner knows ===//
//
// Part of the cross-function planner (lib/plan/CrossFunctionPlanner.cpp),
// split by responsibility into layers, each using the ones below it:
// State (the project's index and the chain being judged), Forms (where
// fused code can be written), HostCode (what the code around the launches
// may observe), Windows (the callers' windows), Ahead (a reduction computed
// ahead), and the Planner (which chains, and their legality).
#pragma once

#include "kfuse/CrossFunctionPlan.h"
#include "plan/PlannerSupport.h"
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kfuse {
namespace cross {

/// `file.cpp:12`, as remarks name a place.
std::string where(const SourcePos &P);

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
  /// The pointer data members of the project by qualified name: "" where
  /// every unit keeps the member's memory its own, known over the whole
  /// program or of a member no other unit can use (pointerFieldVerdicts).
  const std::map<std::string, std::string> *PointerFields = nullptr;
};

/// Where a launch is in its function: the blocks from the function's body
/// down to it (a branch of an `if`, a `{ ... }`; never a loop's body), each
/// with the index of the statement on the way in it. The last is the
/// launch's own block.
struct LaunchPlace {
  const FunctionSummary *Fn = nullptr;
  std::vector<std::pair<const std::vector<FlowStatement> *, size_t>> Path;
  /// The launch is a statement of the function's body itself.
  bool top() const { return Path.size() == 1; }
  size_t index() const { return Path.back().second; }
};

/// Adds to \p Out the place of every launch in \p Stmts (the path \p Path
/// leads there) and in the branches and blocks under them.
void placeLaunches(const FunctionSummary &Fn, const std::vector<FlowStatement> &Stmts,
                   LaunchPlace &Path, std::map<std::string, LaunchPlace> &Out);

/// A flush inside a function called between (flushInCallee).
struct CalleeFlush {
  size_t File;             ///< the analysis of the callee's file
  const FlowStatement *At; ///< the statement it goes before
  std::string Callee;      ///< the callee's name
  /// No statement before it may return: every call runs the flush.
  bool EveryCall = false;
  std::string Why; ///< why that statement may observe the kernel
};

/// The project as the cross-function planner reads it (its sites, its
/// functions, where each launch is in its function) and the state of the
/// chain being judged, which every layer reads and the planner writes.
class CrossState {
public:
  CrossState(const std::vector<FileAnalysis> &All, const Profile &Prof, const FusionOptions &Opts);

  const KernelModel &site(SiteRef R) const;

  /// Every unit's model of the site \p Id (a header's launch has one per
  /// unit including it: FileModel::OtherUnits).
  std::vector<const KernelModel *> everyModel(const std::string &Id) const;

  /// The kernel between the chain's two (Across), as messages name it.
  std::string acrossName() const;

  std::string described(const std::string &Id) const;

  /// Why the profile's site \p Id is no launch of the files given: the
  /// launches whose label a Kokkos Tools profile's kernel name matches
  /// (where several have it, it cannot tell which ran).
  std::string notFound(const std::string &Id) const;

  /// The file holding \p M's body: a lambda's launch's, an operator's own.
  static const std::string &bodyFile(const KernelModel &M);

  /// True if \p F is no project file of any unit given: a library's header
  /// (Kokkos' through `-I` rather than `-isystem`), which the user's files
  /// reach through their own includes. kfuse never includes one by a path
  /// of this machine; where a file does not reach it, the rewrite does not
  /// compile and is dropped (EmissionCheck).
  bool libraryFile(const std::string &F) const;

  const FileModel *unitOf(const std::string &File) const;

  /// True if \p Offset of the file \p F is inside the code its own groups
  /// replace.
  bool insideGroups(size_t F, unsigned Offset) const;

  /// True if \p S calls \p Fn: directly, or virtually a method \p Fn
  /// overrides.
  static bool calls(const FlowStatement &S, const FunctionSummary &Fn);

  // What every layer reads and writes.
  const std::vector<FileAnalysis> &All;
  FusionOptions Opts;
  Profile Bound;
  std::map<std::string, SiteRef> ById;
  std::map<std::string, size_t> FileIndex;
  std::set<std::pair<size_t, size_t>> Grouped;
  std::map<std::string, const FunctionSummary *> ByUsr;
  std::map<std::string, LaunchPlace> LaunchAt;
  /// ChainTypes::PointerFields, over every unit.
  std::map<std::string, std::string> PointerFields;
  /// Where the first kernel's function is called on the way up to the
  /// caller being searched (innermost first): per function that calls the
  /// one before, the place of every such call (never in a loop). The code
  /// after each call runs with the kernel pending; the window opens around
  /// a call of the last one's function.
  std::vector<std::vector<LaunchPlace>> Outer;
  /// The same for the second kernel's function (innermost first): a call
  /// of the one before at the top of each function's body; the window
  /// closes after a call of the last one's function.
  std::vector<LaunchPlace> OuterB;
  /// The first kernel is launched by the function opening the window
  /// itself (placeDirect): nothing of a function of its runs after it.
  bool ADirect = false;
  /// The planner's second pass, where a caller may launch one of the
  /// kernels itself.
  bool DirectPass = false;
  /// The second kernel is launched by the function opening the window
  /// itself (placeDirect), the site SecondSite.
  bool BDirect = false;
  std::string SecondSite;
  /// placeThroughCalls' attempts for the chain being placed (bounded).
  unsigned Attempts = 0;
  /// The reason kept for a chain no caller places says only that a caller
  /// does not call the second function after the first (tryFrom).
  bool GenericProblem = false;
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
  /// CrossChain::CopySecond for the chain being placed.
  bool CopySecond = false;
  /// CrossChain::SecondMembers for the chain being placed.
  bool SecondMembers = false;
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
  /// The other units' models of a header's launches, by site.
  std::map<std::string, std::vector<const KernelModel *>> OtherModels;
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
  std::vector<std::pair<std::string, std::string>> Within[2]; ///< CrossChain::Within
  std::set<std::string> Distinct; ///< CrossChain::Distinct
  CrossFunctionPlan Out;
};

} // namespace cross
} // namespace kfuse
