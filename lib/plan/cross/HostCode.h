//===- HostCode.h - what the code around the launches may observe ===//
//
// Part of the cross-function planner (lib/plan/CrossFunctionPlanner.cpp),
// split by responsibility into layers, each using the ones below it:
// State (the project's index and the chain being judged), Forms (where
// fused code can be written), HostCode (what the code around the launches
// may observe), Windows (the callers' windows), Ahead (a reduction computed
// ahead), and the Planner (which chains, and their legality).
#pragma once

#include "plan/cross/Forms.h"

namespace kfuse {
namespace cross {

/// True if an element of a View of one of \p Elements may hold a value of
/// type \p T (planner::mayHold).
bool mayHoldAny(const std::set<std::string> &Elements, const std::string &T);

/// True if the only memory \p E may touch that kfuse cannot name is
/// numbers read through pointers, of types no View the first kernel
/// writes may hold (C++'s aliasing rules keep such a read from seeing the
/// first kernel's stores), and numbers read or written through pointer
/// members that only ever hold allocations of their own.
bool onlyForeignReads(const HostStatement &E, const ChainTypes &Types);

/// Why what host code reads or writes through a pointer member (\p Field)
/// may be an element of a View of theirs, or "" when no View of theirs may
/// hold a number of its type, or the member only ever holds an allocation
/// of its own (ChainTypes::PointerFields).
std::string fieldProblem(const HostStatement::FieldUse &Field, const ChainTypes &Types);

/// What in \p E may observe a pending kernel (or a kernel computed ahead)
/// whose Views have the element types \p Types, or "".
std::string blocksHeader(const HostStatement &E, const ChainTypes &Types);

/// Why running \p S while the first kernel (its Views of the element types
/// \p Types) is pending could observe it, or "" when it provably
/// cannot: it touches no View data (copying handles aside), calls nothing
/// kfuse cannot see and launches nothing.
std::string blocks(const FlowStatement &S, bool ReturnAllowed, const ChainTypes &Types);

/// Whether the code that runs between two launches (after the first in its
/// function, before the second in its own, and in the functions called
/// there) may observe the first kernel while it is pending.
class HostCodeJudge : public FormJudge {
public:
  using FormJudge::FormJudge;

  /// Why the kernel launched at \p P (the site \p Id, when known) between
  /// a reduction and the one computed ahead with it may change what that
  /// one reads, judged on every unit's model of it; "" when it stores only
  /// into its locals.
  std::string launchBetween(const SourcePos &P, const std::string &Id) const;

  /// Why the calls \p E makes of functions whose bodies its unit lacks
  /// (or virtual ones) may observe the kernels: judged on their bodies in
  /// the other units (every overrider of a virtual one, when every unit of
  /// the compilation database is given), or "".
  std::string unseenCalls(const HostStatement &E);

  /// Why a statement of \p Body (a function called between) may observe
  /// the kernels, as `blocks` says it, with where; or "".
  std::string bodyBlocks(const std::vector<FlowStatement> &Body);

  /// A statement list's statements from \p From to \p To (exclusive):
  /// each is pure, or an `if` (no else) with a pure condition whose
  /// then-block can begin with a flush. Returns why not, or "".
  std::string walkBetween(const std::vector<FlowStatement> &Stmts, size_t From, size_t To,
                          std::vector<const FlowStatement *> &Flushes);

  /// Where the function \p S calls may run the pending kernel later than
  /// before the call: before the first statement of its body that may
  /// observe it (those before it change nothing kfuse cannot name, and may
  /// return: `if (step % every) return;`). \p S is the call (not virtual,
  /// its arguments naming variables) or an `if` (no else) with a pure
  /// condition around it alone. The callee's body must be in a file given,
  /// outside the code its own groups replace. None when not.
  std::optional<CalleeFlush> flushInCallee(const FlowStatement &S) const;

  /// Where \p Stmts[J] holds the call of \p FnB: the call itself, or an
  /// `if` (no else) with a pure condition whose then-block calls it after
  /// code that can run with the first kernel pending. Returns true when it
  /// does; \p Why says what is wrong when it holds the call but fails.
  bool holdsSecond(const FlowStatement &S, const FunctionSummary &FnB, std::string &Why,
                   std::vector<const FlowStatement *> &Flushes, const FlowStatement *&Call);

  /// Types, with the reference parameters of the functions not judged (the
  /// call binding them is not known yet).
  ChainTypes unbound() const;

  /// Types, for the statements of \p Fn called by \p Call: its reference
  /// parameters bound to locals of the caller refer to no View's element.
  ChainTypes boundBy(const FunctionSummary &Fn, const FlowStatement &Call) const;

  /// Why the code after the launch of \p KA in \p FnA, or before that of
  /// \p KB in \p FnB, judged with \p TA and \p TB, may observe KA pending
  /// (or see KB computed early), or "".
  std::string aroundLaunches(const KernelModel &KA, const KernelModel &KB,
                             const FunctionSummary &FnA, const FunctionSummary &FnB,
                             const ChainTypes &TA, const ChainTypes &TB) const;
};

} // namespace cross
} // namespace kfuse
