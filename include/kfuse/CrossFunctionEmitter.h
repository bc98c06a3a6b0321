//===- CrossFunctionEmitter.h - Code for chains across functions -*- C++ -*-===//
//
// Turns a CrossFunctionPlan into text edits: the first kernel becomes a
// functor template (defined in both kernels' files, identically), its
// launch is deferred when its chain's window is open, the second launch
// runs both kernels in one when it finds the first pending and the guard
// holds, and the caller opens and closes the window (whole lines, marked).
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_CROSSFUNCTIONEMITTER_H
#define KFUSE_CROSSFUNCTIONEMITTER_H

#include "kfuse/CrossFunctionPlan.h"
#include "kfuse/FusedKernelEmitter.h"
#include "kfuse/Rewriter.h"
#include <vector>

namespace kfuse {

/// The edits of each analysis's text (indexed like \p All).
std::vector<std::vector<TextEdit>>
emitAcrossFunctions(const CrossFunctionPlan &Plan, const std::vector<FileAnalysis> &All,
                    const EmitOptions &Opts);

} // namespace kfuse

#endif // KFUSE_CROSSFUNCTIONEMITTER_H
