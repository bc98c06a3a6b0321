//===- Diagnostics.h - What kfuse tells the user about a file ---*- C++ -*-===//
//
// Diagnostics are data (position, severity, message, check name, notes),
// built from a FileAnalysis by the mode that wants them, and printed in
// compiler form (`file:line:col: warning: ... [kfuse-name]`) or as SARIF.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_DIAGNOSTICS_H
#define KFUSE_DIAGNOSTICS_H

#include "kfuse/CrossFunctionPlan.h"
#include "kfuse/FileAnalysis.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace kfuse {

enum class Severity { Note, Remark, Warning, Error };

/// One diagnostic and the notes attached to it.
struct Diagnostic {
  Severity Level = Severity::Remark;
  SourcePos Pos;
  std::string Message;
  std::string Check; ///< kfuse-unfused-hot-path, kfuse-unsafe-dependence, ...
  std::vector<Diagnostic> Notes;
};

/// What `kfuse fuse` reports: a remark per fused group (with the
/// transformations applied) and per refused candidate, a warning per stale
/// site, and a warning when no launch of the file is in the profile.
std::vector<Diagnostic> fuseDiagnostics(const FileAnalysis &A, bool Restrict);

/// What every mode says of the profile against \p A's launches: a
/// mismatch (another project root, no label matched, another version of
/// the file) as a warning, a file none of whose launches ran as a remark
/// [kfuse-not-profiled]; stale sites as warnings.
std::vector<Diagnostic> profileDiagnostics(const FileAnalysis &A);

/// What `kfuse check` reports: a warning [kfuse-unfused-hot-path] for every
/// group that could be fused and is not, with a note at each of its other
/// launches; stale sites and a mismatched profile as warnings; with
/// \p Verbose, refused and cold candidates as remarks.
std::vector<Diagnostic> checkDiagnostics(const FileAnalysis &A, bool Verbose);

/// For every hot pair of the profile whose launches are in different
/// functions of \p All (or one of them in no file given): a remark saying
/// it is fused across functions [kfuse-fused], or, for `check` (\p Check),
/// a warning that it could be [kfuse-unfused-hot-path] with a note at the
/// caller; a remark saying why not otherwise (for `check` only when
/// \p Verbose). No candidate is passed over in silence. A fused chain's
/// remark says how it runs: as one body (with \p Restrict, where
/// runsAsOneBody) or its kernels called in turn.
std::vector<Diagnostic> crossFunctionDiagnostics(const CrossFunctionPlan &Plan,
                                                 const std::vector<FileAnalysis> &All,
                                                 bool Check, bool Verbose, bool Restrict = true);

/// `file:line:col: severity: message [check]`, then the notes.
void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D);

/// A SARIF 2.1.0 log of \p Diags (one run, tool "kfuse").
void writeSarif(llvm::raw_ostream &OS, const std::vector<Diagnostic> &Diags,
                llvm::StringRef ToolVersion);

} // namespace kfuse

#endif // KFUSE_DIAGNOSTICS_H
