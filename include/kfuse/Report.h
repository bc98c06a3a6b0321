//===- Report.h - What `kfuse report` shows, as plain data ------*- C++ -*-===//
//
// A report ranks a profile's sites by time, lists its hot chains and, when
// source files were analysed, what the planner decided for each fusion
// candidate. Built from a Profile and FileAnalysis results; the writers in
// ReportWriters.h turn it into text, HTML or a trace without analysing
// anything.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_REPORT_H
#define KFUSE_REPORT_H

#include "kfuse/CrossFunctionPlan.h"
#include "kfuse/FileAnalysis.h"
#include "kfuse/LaunchModel.h"
#include "kfuse/Profile.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace kfuse {

/// What the planner decided about launches that ran back to back.
enum class Verdict {
  Fused,       ///< in one fusion group
  Refused,     ///< not fusable, for the reason given
  Cold,        ///< fusable but below --min-share
  NotEvaluated ///< no source analysed for it (or not a candidate there)
};

/// "fused", "refused", "cold" or "not evaluated".
llvm::StringRef verdictName(Verdict V);

/// A profiled site.
struct ReportSite {
  std::string Id;
  std::string Label; ///< may be empty (computed labels the runtime never saw)
  std::string File;  ///< "" for connector profiles
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Kind;
  uint64_t Launches = 0;
  uint64_t TotalNs = 0;
  uint64_t MedianNs = 0;
  double Share = 0; ///< of the profile's total kernel time

  /// The label, or the id when there is none.
  const std::string &name() const { return Label.empty() ? Id : Label; }
  /// "file:line", or "" when the profile has no position.
  std::string where() const;
};

/// A run of launches that repeated.
struct ReportChain {
  std::vector<size_t> Sites; ///< indices into Report::Sites, in launch order
  uint64_t Count = 0;
  uint64_t EqualRanges = 0;
  uint64_t TotalNs = 0;
  /// TotalNs over the profile's kernel time; overlapping runs of one chain
  /// each count, so long chains may exceed 1.
  double Share = 0;
};

/// Two sites that ran back to back (a pair of the profile): an edge of the
/// chain graph.
struct ReportEdge {
  size_t From = 0, To = 0; ///< indices into Report::Sites
  uint64_t Count = 0;
  uint64_t TotalNs = 0;
  Verdict Status = Verdict::NotEvaluated;
  std::string Reason; ///< for refused and cold edges
  std::string Check;
};

/// One fusion candidate of an analysed file: a group the planner fuses, or
/// a pair (or a cold run) it refuses.
struct ReportCandidate {
  Verdict Status = Verdict::Refused;
  SourcePos Pos;                  ///< the first launch, or what the reason is about
  std::vector<std::string> Names; ///< the launches' labels, in order
  uint64_t Count = 0;             ///< runs in the profile (0 if never back to back)
  double Share = 0;               ///< of profiled kernel time
  std::string Reason;             ///< why not (refused and cold)
  std::string Check;              ///< the diagnostic name, e.g. kfuse-unsafe-dependence
};

/// Everything `kfuse report` shows.
struct Report {
  std::string ProfilePath;
  std::string Source; ///< "instrumented" or "kokkos-tools"
  std::string Program;
  std::string KokkosVersion;
  std::string Backend;
  std::string Time;
  uint64_t TotalLaunches = 0;
  uint64_t TotalKernelNs = 0;
  /// The profile's coverage of kernel time (Profile::CoverageKnown).
  bool CoverageKnown = false;
  uint64_t UninstrumentedLaunches = 0, UninstrumentedNs = 0;
  size_t EventCount = 0;
  double MinShare = 0.01;

  std::vector<ReportSite> Sites; ///< in first-launch order (the profile's)
  std::vector<size_t> ByTime;    ///< indices into Sites, most time first
  /// Chains that repeated (count >= 2) and reach MinShare, most time first.
  std::vector<ReportChain> HotChains;
  size_t OtherChains = 0;        ///< chains of the profile not in HotChains
  std::vector<ReportEdge> Edges; ///< every pair of the profile

  bool Evaluated = false; ///< source files were analysed
  std::vector<std::string> Files; ///< the analysed files
  std::vector<ReportCandidate> Candidates; ///< in file, then source order
  /// Diagnostics in compiler form: stale profile entries, files none of whose
  /// launches the profile saw.
  std::vector<std::string> Warnings;
};

/// Options of the report.
struct ReportOptions {
  std::string ProfilePath;
  /// Chains below this share of kernel time are not hot (and the planner
  /// was run with the same threshold).
  double MinShare = 0.01;
};

/// Builds the report of \p Prof; \p Files (may be empty) are analyses of
/// source files against it, planned with the same MinShare, that give the
/// verdicts.
/// \p Cross, when given, is the plan of the chains across functions of
/// \p Files: its chains and refusals are candidates too.
Report buildReport(const Profile &Prof, llvm::ArrayRef<FileAnalysis> Files,
                   const ReportOptions &Opts, const CrossFunctionPlan *Cross = nullptr);

} // namespace kfuse

#endif // KFUSE_REPORT_H
