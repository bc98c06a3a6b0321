//===- Instrumenter.h - Make every Kokkos launch record itself --*- C++ -*-===//
//
// Turns the text of a translation unit and its launch model into the text of
// an instrumented unit: each launch statement is wrapped in a call to the
// header-only profiling runtime (include/kfuse/runtime/Profiler.hpp) that
// records the site, its range, its time and the identity of every View it
// uses. Lines are preserved (all inserted code goes on existing lines, and a
// #line directive names the original file), so compiler errors and debuggers
// point at the user's file and line.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_INSTRUMENTER_H
#define KFUSE_INSTRUMENTER_H

#include "kfuse/LaunchModel.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace kfuse {

/// A launch left as it is, and why.
struct SkippedSite {
  SourcePos Pos;
  std::string Reason;
};

/// The instrumented text of one file.
struct InstrumentedFile {
  std::string Text;
  std::vector<SkippedSite> Skipped;
  unsigned Instrumented = 0;
};

/// Builds instrumented translation units from their launch models.
class Instrumenter {
public:
  /// Instruments \p Sites (the model of \p Original, whose path for #line is
  /// \p OriginalPath).
  static InstrumentedFile instrument(llvm::StringRef Original,
                                     llvm::StringRef OriginalPath,
                                     const std::vector<KernelModel> &Sites);
};

} // namespace kfuse

#endif // KFUSE_INSTRUMENTER_H
