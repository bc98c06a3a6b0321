//===- StatementSchedule.h - Order of a fused body's statements -*- C++ -*-===//
//
// Internal to lib/: inside one fused kernel, the statements of the kernels'
// bodies may run in another order where no two that touch the same memory
// change places, and inner loops over the same iterations that read the same
// elements can then run as one loop (loop fusion across statements). The
// planner keeps the schedules in its groups (FusionGroup::Schedules), which
// the emitter writes and the remark counts.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_STATEMENTSCHEDULE_H
#define KFUSE_LIB_STATEMENTSCHEDULE_H

#include "kfuse/FusionPlan.h"
#include "kfuse/LaunchModel.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <string>
#include <vector>

namespace kfuse {
namespace planner {

using StatementSchedule = kfuse::StatementSchedule;

/// [begin, end) of statement \p S of \p M's body as a schedule writes it:
/// from the statement to the next one (the first from after the body's
/// `{`, the last to its `}`), so that its `;` and comments go with it.
std::pair<unsigned, unsigned> statementText(const KernelModel &M, size_t S);

/// The inner loop that statement \p S of \p M's body is, or null.
const InnerLoop *loopAt(const KernelModel &M, size_t S);

/// The runs of kernels of \p G whose statements are better run in another
/// order: where at least one inner loop merges with another over the same
/// iterations that reads an element it reads. Empty where none does.
/// The order keeps, for any two statements that touch one View (or local
/// variable) where either writes it, the order they had; the group's guard
/// has checked that Views of different names do not overlap.
std::vector<StatementSchedule> statementSchedules(const FusionGroup &G,
                                                  const std::vector<KernelModel> &Sites,
                                                  llvm::StringRef Text);

} // namespace planner
} // namespace kfuse

#endif // KFUSE_LIB_STATEMENTSCHEDULE_H
