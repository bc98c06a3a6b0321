//===- Ahead.h - a reduction computed ahead with the one before ===//
//
// Part of the cross-function planner (lib/plan/CrossFunctionPlanner.cpp),
// split by responsibility into layers, each using the ones below it:
// State (the project's index and the chain being judged), Forms (where
// fused code can be written), HostCode (what the code around the launches
// may observe), Windows (the callers' windows), Ahead (a reduction computed
// ahead), and the Planner (which chains, and their legality).
#pragma once

#include "plan/cross/Windows.h"

namespace kfuse {
namespace cross {

/// A chain whose first kernel is a reduction its function needs at once:
/// the second, a reduction too, is computed ahead with it from its
/// function's declarations replayed in the caller.
class AheadJudge : public WindowPlacer {
public:
  using WindowPlacer::WindowPlacer;

  /// The chain \p A -> \p B whose first kernel is a reduction its function
  /// needs at once: the second, a reduction that writes nothing, is computed
  /// ahead with it (CrossChain::Ahead). Why not ("" when it is: added to
  /// Out).
  std::string evaluateAhead(SiteRef A, SiteRef B, const ProfileChain &C, double Share,
                            std::string &Check, const std::string &Files);

private:
  /// Where a caller passes what the call of \p FnA sets (its value, kept in
  /// a variable) to the call of \p FnB, or the code between reads it: the
  /// second kernel's function runs on the first's result, so it cannot be
  /// computed ahead ("" where no caller does).
  std::string resultFlows(const FunctionSummary &FnA, const FunctionSummary &FnB) const;
};

} // namespace cross
} // namespace kfuse
