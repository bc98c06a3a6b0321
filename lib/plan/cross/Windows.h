//===- Windows.h - the windows callers open for a chain ===//
//
// Part of the cross-function planner (lib/plan/CrossFunctionPlanner.cpp),
// split by responsibility into layers, each using the ones below it:
// State (the project's index and the chain being judged), Forms (where
// fused code can be written), HostCode (what the code around the launches
// may observe), Windows (the callers' windows), Ahead (a reduction computed
// ahead), and the Planner (which chains, and their legality).
#pragma once

#include "plan/cross/HostCode.h"

namespace kfuse {
namespace cross {

/// One statement list of a function, with the loop it is the body of.
struct Block {
  const std::vector<FlowStatement> *Stmts = nullptr;
  const FlowStatement *Loop = nullptr; ///< the loop whose body it is
};

/// The windows callers open around their calls of a chain's two functions,
/// with the flushes on the way, recorded in the plan.
class WindowPlacer : public HostCodeJudge {
public:
  using HostCodeJudge::HostCodeJudge;

  /// Opens a window for the chain \p KA -> \p KB in every caller that
  /// calls \p FnA and then \p FnB where the code between allows it; true
  /// if there is one (the chain is recorded). The first reason another call
  /// of \p FnA runs the pair as written becomes the chain's Elsewhere, or,
  /// with no window, is left in \p FirstProblem.
  bool placeInCallers(const FunctionSummary &FnA, const FunctionSummary &FnB, const KernelModel &KA,
                      const KernelModel &KB, const ProfileChain &C, double Share,
                      std::string &FirstProblem);

  /// placeInCallers for the functions that call \p CalleeA (the first
  /// kernel's function, or one calling it) outside loops, where the code
  /// after the call may run with the kernel pending, or that call
  /// \p CalleeB (the second's) at the top of their bodies, up to \p Depth
  /// levels up: the first that places a window (Outer and OuterB hold the
  /// way while it is judged).
  bool placeThroughCalls(const FunctionSummary &CalleeA, const FunctionSummary &CalleeB,
                         const KernelModel &KA, const KernelModel &KB, const ProfileChain &C,
                         double Share, std::string &FirstProblem, unsigned Depth);

  /// Where the function launching \p KA itself calls \p FnB after it (in
  /// the launch's block, or at the start of the loop body it ends): a window
  /// around the launch and the call (ADirect while it is judged).
  bool placeDirect(const FunctionSummary &FnB, const KernelModel &KA, const KernelModel &KB,
                   const ProfileChain &C, double Share, std::string &FirstProblem);

  /// Where the function launching \p KB itself calls \p FnA before it (in
  /// one block, or across its loop's back edge): a window around the call
  /// and the launch (BDirect while it is judged).
  bool placeDirectSecond(const FunctionSummary &FnA, const KernelModel &KA,
                         const KernelModel &KB, const ProfileChain &C, double Share,
                         std::string &FirstProblem);

  /// Searches \p L for calls of \p FnA followed by one of \p FnB; records
  /// a window around each that passes and returns true if one did. Keeps
  /// the first specific reason a call does not in \p FirstProblem.
  bool searchCaller(const FunctionSummary &L, const FunctionSummary &FnA,
                    const FunctionSummary &FnB, const KernelModel &KA, const KernelModel &KB,
                    const ProfileChain &C, double Share, std::string &FirstProblem);

  bool tryFrom(const FunctionSummary &L, const Block &Bk, size_t I, const FunctionSummary &FnB,
               const KernelModel &KA, const KernelModel &KB, const ProfileChain &C, double Share,
               std::string &FirstProblem);

  template <class FailFn>
  bool record(const FunctionSummary &L, const FlowStatement &Open, const FlowStatement &Close,
              const FlowStatement *Loop, const FlowStatement &Second, const FunctionSummary &FnB,
              const std::vector<const FlowStatement *> &Flushes, const KernelModel &KA,
              const KernelModel &KB, const ProfileChain &C, double Share, FailFn Fail);
};

} // namespace cross
} // namespace kfuse
