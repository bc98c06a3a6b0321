//===- ReportWriters.cpp - `kfuse report` as text and as a trace -----------===//
//
// The text report and the Chrome/Perfetto trace; the HTML page is in
// HtmlReportWriter.cpp.
//
//===----------------------------------------------------------------------===//

#include "kfuse/ReportWriters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace kfuse {

std::string formatDuration(uint64_t Ns) {
  if (Ns < 1000)
    return formatv("{0} ns", Ns).str();
  if (Ns < 1000000)
    return formatv("{0:f1} us", double(Ns) / 1e3).str();
  if (Ns < 1000000000)
    return formatv("{0:f2} ms", double(Ns) / 1e6).str();
  return formatv("{0:f2} s", double(Ns) / 1e9).str();
}

std::string escapeHtml(StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

namespace {

std::string percent(double Share) { return formatv("{0:f1}%", Share * 100).str(); }

/// Columns padded to their widest cell; \p RightAligned marks numeric ones.
class TextTable {
public:
  TextTable(std::vector<std::string> Header, std::vector<bool> RightAligned)
      : RightAligned(std::move(RightAligned)) {
    Rows.push_back(std::move(Header));
  }
  void add(std::vector<std::string> Row, std::string Below = "") {
    Rows.push_back(std::move(Row));
    Notes.resize(Rows.size());
    Notes.back() = std::move(Below);
  }
  void print(raw_ostream &OS) const {
    std::vector<size_t> Width(Rows.front().size(), 0);
    for (const auto &Row : Rows)
      for (size_t C = 0; C < Row.size(); ++C)
        Width[C] = std::max(Width[C], Row[C].size());
    for (size_t R = 0; R < Rows.size(); ++R) {
      std::string Line = " ";
      for (size_t C = 0; C < Rows[R].size(); ++C) {
        size_t Pad = Width[C] - Rows[R][C].size();
        Line += "  ";
        if (RightAligned[C])
          Line += std::string(Pad, ' ') + Rows[R][C];
        else
          Line += Rows[R][C] + (C + 1 < Rows[R].size() ? std::string(Pad, ' ') : "");
      }
      OS << StringRef(Line).rtrim() << "\n";
      if (R < Notes.size() && !Notes[R].empty())
        OS << "     " << Notes[R] << "\n";
    }
  }

private:
  std::vector<bool> RightAligned;
  std::vector<std::vector<std::string>> Rows;
  std::vector<std::string> Notes; // a line under a row (a refusal's reason)
};

std::string chainText(const Report &R, ArrayRef<size_t> Sites) {
  std::vector<std::string> Names;
  for (size_t S : Sites)
    Names.push_back(R.Sites[S].name());
  return join(Names, " -> ");
}

/// \p S as valid UTF-8 (json::Value asserts on anything else).
std::string utf8(StringRef S) { return json::isUTF8(S) ? S.str() : json::fixUTF8(S); }

std::string position(const SourcePos &P) {
  return P.File + ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
}

} // namespace

void writeTextReport(const Report &R, raw_ostream &OS) {
  OS << "kfuse report of " << (R.ProfilePath.empty() ? "a profile" : R.ProfilePath)
     << "\n";
  OS << "  program " << (R.Program.empty() ? "(unknown)" : R.Program) << ", "
     << (R.Source == "kokkos-tools" ? "Kokkos Tools connector" : "instrumented build");
  if (!R.KokkosVersion.empty() || !R.Backend.empty())
    OS << ", Kokkos " << R.KokkosVersion << " " << R.Backend;
  if (!R.Time.empty())
    OS << ", " << R.Time;
  OS << "\n  " << R.TotalLaunches << " launches, "
     << formatDuration(R.TotalKernelNs) << " of kernel time, " << R.Sites.size()
     << " sites, " << R.HotChains.size() + R.OtherChains << " chains";
  if (R.EventCount)
    OS << ", " << R.EventCount << " raw events";
  OS << "\n  coverage: ";
  if (R.Source == "kokkos-tools") {
    OS << "every kernel (Kokkos Tools connector)";
  } else if (!R.CoverageKnown) {
    OS << "unknown (no Kokkos tool callbacks in this profile)";
  } else {
    uint64_t All = R.TotalKernelNs + R.UninstrumentedNs;
    OS << percent(All ? double(R.TotalKernelNs) / double(All) : 1.0)
       << " of kernel time is in instrumented launches";
    if (R.UninstrumentedLaunches)
      OS << " (" << R.UninstrumentedLaunches << " other launches, "
         << formatDuration(R.UninstrumentedNs) << ")";
  }
  OS << "\n\nSites by time\n";
  TextTable Sites({"#", "label", "where", "kind", "launches", "total", "median", "share"},
                  {true, false, false, false, true, true, true, true});
  for (size_t K = 0; K < R.ByTime.size(); ++K) {
    const ReportSite &S = R.Sites[R.ByTime[K]];
    Sites.add({std::to_string(K + 1), S.name(), S.where().empty() ? "-" : S.where(),
               S.Kind, std::to_string(S.Launches), formatDuration(S.TotalNs),
               formatDuration(S.MedianNs), percent(S.Share)});
  }
  Sites.print(OS);

  OS << "\nHot chains (ran back to back at least twice, at least "
     << percent(R.MinShare) << " of kernel time)\n";
  if (R.HotChains.empty()) {
    OS << "  none\n";
  } else {
    TextTable Chains({"#", "chain", "runs", "total", "share"},
                     {true, false, true, true, true});
    for (size_t K = 0; K < R.HotChains.size(); ++K) {
      const ReportChain &C = R.HotChains[K];
      Chains.add({std::to_string(K + 1), chainText(R, C.Sites), std::to_string(C.Count),
                  formatDuration(C.TotalNs), percent(C.Share)});
    }
    Chains.print(OS);
    if (any_of(R.HotChains, [](const ReportChain &C) { return C.Share > 1; }))
      OS << "  (a chain's time counts every run, and runs of a long chain overlap, "
            "so its share can exceed 100%)\n";
  }
  if (R.OtherChains)
    OS << "  " << R.OtherChains << " other chain" << (R.OtherChains == 1 ? "" : "s")
       << " (ran once or colder) not shown\n";

  OS << "\nFusion candidates";
  if (!R.Evaluated) {
    OS << ": not evaluated (give the sources: kfuse report PROFILE -p BUILD "
          "FILES...)\n";
  } else {
    OS << " (planner, --min-share " << percent(R.MinShare) << ")\n";
    if (R.Candidates.empty()) {
      OS << "  none in " << join(R.Files, ", ") << "\n";
    } else {
      TextTable Cands({"verdict", "launches", "runs", "share", "where"},
                      {false, false, true, true, false});
      for (const ReportCandidate &C : R.Candidates)
        Cands.add({verdictName(C.Status).str(), join(C.Names, " -> "),
                   std::to_string(C.Count), percent(C.Share), position(C.Pos)},
                  C.Status == Verdict::Fused ? ""
                                             : C.Reason + " [" + C.Check + "]");
      Cands.print(OS);
    }
  }
  if (!R.Warnings.empty()) {
    OS << "\nWarnings\n";
    for (const std::string &W : R.Warnings)
      OS << "  " << W << "\n";
  }
}

Error writeChromeTrace(const Profile &Prof, raw_ostream &OS) {
  if (Prof.Events.empty())
    return createStringError(
        inconvertibleErrorCode(),
        "the profile holds no raw events; rerun the program with "
        "KFUSE_PROFILE_EVENTS=N to record its first N launches");
  StringMap<const ProfileSite *> Sites;
  for (const ProfileSite &S : Prof.Sites)
    Sites[S.Id] = &S;
  auto Ints = [](json::OStream &J, StringRef Key, ArrayRef<int64_t> Values) {
    J.attributeArray(Key, [&] {
      for (int64_t V : Values)
        J.value(V);
    });
  };
  json::OStream J(OS);
  J.object([&] {
    J.attributeArray("traceEvents", [&] {
      J.object([&] {
        J.attribute("name", "process_name");
        J.attribute("ph", "M");
        J.attribute("pid", 1);
        J.attribute("tid", 1);
        J.attributeObject("args", [&] {
          J.attribute("name", Prof.Program.empty() ? "kokkos program" : utf8(Prof.Program));
        });
      });
      for (const ProfileEvent &E : Prof.Events) {
        const ProfileSite *S = Sites.lookup(E.Site);
        J.object([&] {
          J.attribute("name", utf8(E.Label.empty() ? E.Site : E.Label));
          J.attribute("cat", S ? utf8(S->Kind) : "kernel");
          J.attribute("ph", "X");
          // The trace format counts microseconds.
          J.attribute("ts", double(E.StartNs) / 1e3);
          J.attribute("dur", double(E.DurationNs) / 1e3);
          J.attribute("pid", 1);
          J.attribute("tid", 1);
          J.attributeObject("args", [&] {
            J.attribute("site", utf8(E.Site));
            if (S && !S->File.empty())
              J.attribute("source", utf8(S->File + ":" + std::to_string(S->Line)));
            Ints(J, "begin", E.Begin);
            Ints(J, "end", E.End);
            J.attributeArray("views", [&] {
              for (const ProfileEventView &V : E.Views)
                J.object([&] {
                  J.attribute("name", utf8(V.Name));
                  J.attribute("access", accessName(V.Access));
                  J.attribute("label", utf8(V.Label));
                  J.attribute("data", "0x" + utohexstr(V.Data, /*LowerCase=*/true));
                  J.attribute("span", int64_t(V.Span));
                  Ints(J, "extents", V.Extents);
                  Ints(J, "strides", V.Strides);
                  J.attribute("layout", utf8(V.Layout));
                });
            });
          });
        });
      }
    });
    J.attribute("displayTimeUnit", "ns");
    J.attributeObject("otherData", [&] {
      J.attribute("source", utf8(Prof.Source));
      J.attribute("program", utf8(Prof.Program));
      J.attribute("kokkos_version", utf8(Prof.KokkosVersion));
      J.attribute("backend", utf8(Prof.Backend));
      J.attribute("time", utf8(Prof.Time));
    });
  });
  OS << "\n";
  return Error::success();
}

} // namespace kfuse
