//===- ReportWriters.h - `kfuse report` as text, HTML or a trace -*- C++ -*-===//
//
// Writers read a Report (or, for the trace, the profile's raw events) and
// analyse nothing.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_REPORTWRITERS_H
#define KFUSE_REPORTWRITERS_H

#include "kfuse/Profile.h"
#include "kfuse/Report.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <string>

namespace kfuse {

/// The report for a terminal: a summary line, sites ranked by time, hot
/// chains and, when sources were analysed, each candidate's verdict.
void writeTextReport(const Report &R, llvm::raw_ostream &OS);

/// One self-contained HTML page (inline CSS and SVG, no scripts, nothing
/// fetched): a bar chart of time per site, the chain graph with edges
/// coloured by verdict, and the tables of the text report. Every string
/// from the profile or the sources is escaped.
void writeHtmlReport(const Report &R, llvm::raw_ostream &OS);

/// The profile's raw events as a Chrome/Perfetto trace
/// (`{"traceEvents": [{"name", "ph": "X", "ts", "dur", "pid", "tid",
/// "args": {"site", "views", ...}}]}`, times in microseconds). Fails when
/// the profile holds no events.
llvm::Error writeChromeTrace(const Profile &Prof, llvm::raw_ostream &OS);

/// "231 ns", "194.9 us", "4.12 ms", "1.25 s".
std::string formatDuration(uint64_t Ns);

/// \p Text with &, <, >, " and ' replaced by character references.
std::string escapeHtml(llvm::StringRef Text);

} // namespace kfuse

#endif // KFUSE_REPORTWRITERS_H
