//===- HtmlReportWriter.cpp - `kfuse report --html`: one self-contained page ===//
//
// writeHtmlReport (ReportWriters.h): inline CSS and SVG charts written here,
// no scripts and nothing fetched, so the page opens anywhere (a CI artifact,
// a mail attachment). Every string from the profile or the sources goes
// through escapeHtml: labels come from user programs.
//
//===----------------------------------------------------------------------===//

#include "kfuse/ReportWriters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace llvm;

namespace kfuse {
namespace {

std::string percent(double Share) { return formatv("{0:f1}%", Share * 100).str(); }

/// formatDuration with a real micro sign.
std::string duration(uint64_t Ns) {
  std::string D = formatDuration(Ns);
  if (StringRef(D).ends_with(" us"))
    D = D.substr(0, D.size() - 3) + " \u00b5s";
  return D;
}

/// \p Text cut to \p Max characters (bytes of a UTF-8 sequence kept whole)
/// with an ellipsis, for chart labels; tables show the whole text.
std::string shorten(StringRef Text, size_t Max) {
  if (Text.size() <= Max)
    return Text.str();
  size_t Cut = Max - 1;
  while (Cut > 0 && (static_cast<unsigned char>(Text[Cut]) & 0xC0) == 0x80)
    --Cut;
  return Text.take_front(Cut).str() + "\u2026";
}

/// "file.cpp:32" for chart labels (the tables give the whole path).
std::string shortWhere(const ReportSite &S) {
  if (S.File.empty())
    return "";
  return sys::path::filename(S.File).str() + ":" + std::to_string(S.Line);
}

struct EdgeStyle {
  const char *Colour;
  const char *Dash; // "" for a solid line
};

EdgeStyle styleOf(Verdict V) {
  switch (V) {
  case Verdict::Fused:
    return {"#2e7d32", ""};
  case Verdict::Refused:
    return {"#c62828", ""};
  case Verdict::Cold:
    return {"#ef6c00", "2 4"};
  case Verdict::NotEvaluated:
    return {"#9e9e9e", "7 5"};
  }
  llvm_unreachable("unknown verdict");
}

const Verdict AllVerdicts[] = {Verdict::Fused, Verdict::Refused, Verdict::Cold,
                               Verdict::NotEvaluated};

std::string markerId(Verdict V) {
  std::string Id = "arrow-" + verdictName(V).str();
  std::replace(Id.begin(), Id.end(), ' ', '-');
  return Id;
}

constexpr int ChartWidth = 1100;

/// Horizontal bars of total time per site, most first.
void writeTimeChart(const Report &R, raw_ostream &OS) {
  const int LabelRight = 330, BarLeft = 340, BarMax = 520, Row = 28, Top = 8;
  uint64_t Max = 1;
  for (const ReportSite &S : R.Sites)
    Max = std::max(Max, S.TotalNs);
  int Height = Top * 2 + Row * int(R.ByTime.size());
  OS << formatv("<svg class=\"chart\" id=\"time-chart\" viewBox=\"0 0 {0} {1}\" "
                "width=\"{0}\" height=\"{1}\" role=\"img\" "
                "aria-label=\"total kernel time per site\">\n",
                ChartWidth, Height);
  OS << formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#555\"/>\n",
                BarLeft, Top - 2, Height - Top + 2);
  for (size_t K = 0; K < R.ByTime.size(); ++K) {
    const ReportSite &S = R.Sites[R.ByTime[K]];
    int Y = Top + Row * int(K);
    int Width = std::max(1, int(double(S.TotalNs) / double(Max) * BarMax + 0.5));
    OS << "<g><title>"
       << escapeHtml(S.name() + (S.where().empty() ? "" : " (" + S.where() + ")") +
                     ": " + std::to_string(S.Launches) + " launches, total " +
                     duration(S.TotalNs) + ", median " + duration(S.MedianNs) +
                     ", " + percent(S.Share) + " of kernel time; site " + S.Id)
       << "</title>";
    OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\" class=\"bar-label\">",
                  LabelRight, Y + 18)
       << escapeHtml(shorten(S.name(), 30));
    if (!S.File.empty())
      OS << " <tspan class=\"where\">" << escapeHtml(shorten(shortWhere(S), 24))
         << "</tspan>";
    OS << "</text>";
    OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"18\" rx=\"2\" "
                  "class=\"bar\"/>",
                  BarLeft, Y + 5, Width);
    OS << formatv("<text x=\"{0}\" y=\"{1}\" class=\"bar-value\">", BarLeft + Width + 6,
                  Y + 18)
       << escapeHtml(duration(S.TotalNs)) << " \u00b7 " << percent(S.Share) << " \u00b7 "
       << S.Launches << (S.Launches == 1 ? " launch" : " launches") << "</text></g>\n";
  }
  OS << "</svg>\n";
}

/// Sites as boxes in first-launch order, top to bottom; each pair of the
/// profile an arrow weighted by its count: between neighbours a straight
/// arrow, forward jumps as arcs on the right, backward ones (a loop's back
/// edge) on the left.
void writeChainGraph(const Report &R, raw_ostream &OS) {
  const int CentreX = ChartWidth / 2, BoxW = 250, BoxH = 42, Step = 76, Top = 64;
  const int LeftX = CentreX - BoxW / 2, RightX = CentreX + BoxW / 2;
  auto MidY = [&](size_t I) { return Top + Step * int(I) + BoxH / 2; };
  int Height = Top + Step * int(std::max<size_t>(R.Sites.size(), 1)) + 10;
  uint64_t MaxCount = 1;
  for (const ReportEdge &E : R.Edges)
    MaxCount = std::max(MaxCount, E.Count);
  double MaxShare = 0;
  for (const ReportSite &S : R.Sites)
    MaxShare = std::max(MaxShare, S.Share);

  OS << formatv("<svg class=\"chart\" id=\"chain-graph\" viewBox=\"0 0 {0} {1}\" "
                "width=\"{0}\" height=\"{1}\" role=\"img\" aria-label=\"chain graph: "
                "sites and the launches that ran back to back\">\n",
                ChartWidth, Height);
  OS << "<defs>";
  for (Verdict V : AllVerdicts)
    OS << formatv("<marker id=\"{0}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
                  "markerWidth=\"11\" markerHeight=\"11\" markerUnits=\"userSpaceOnUse\" "
                  "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{1}\"/></marker>",
                  markerId(V), styleOf(V).Colour);
  OS << "</defs>\n";

  // Legend.
  int LegendX = 20;
  for (Verdict V : AllVerdicts) {
    EdgeStyle St = styleOf(V);
    OS << formatv("<line x1=\"{0}\" y1=\"18\" x2=\"{1}\" y2=\"18\" stroke=\"{2}\" "
                  "stroke-width=\"4\" stroke-dasharray=\"{3}\"/>"
                  "<text x=\"{4}\" y=\"23\" class=\"legend\">{5}</text>\n",
                  LegendX, LegendX + 34, St.Colour, *St.Dash ? St.Dash : "none",
                  LegendX + 42, verdictName(V));
    LegendX += 60 + 9 * int(verdictName(V).size());
  }
  OS << formatv("<text x=\"{0}\" y=\"23\" class=\"legend where\">{1}</text>\n",
                LegendX + 10,
                R.Evaluated ? "arrow width: times the pair ran back to back"
                            : "no sources analysed: run kfuse report with -p BUILD "
                              "FILES for verdicts");

  // Edges under the boxes.
  for (const ReportEdge &E : R.Edges) {
    EdgeStyle St = styleOf(E.Status);
    double Width = 1.5 + 4.5 * double(E.Count) / double(MaxCount);
    int Y1 = MidY(E.From), Y2 = MidY(E.To);
    std::string Path;
    int LabelX;
    int LabelY = (Y1 + Y2) / 2 + 4;
    const char *Anchor = "start";
    if (E.From == E.To) {
      Path = formatv("M{0},{1} C{2},{3} {2},{4} {0},{5}", RightX, Y1 - 10,
                     RightX + 70, Y1 - 40, Y1 + 40, Y1 + 10);
      LabelX = RightX + 62;
    } else if (E.To == E.From + 1) {
      Path = formatv("M{0},{1} L{0},{2}", CentreX, Y1 + BoxH / 2, Y2 - BoxH / 2);
      LabelX = CentreX + 10;
    } else {
      int Span = int(E.To > E.From ? E.To - E.From : E.From - E.To);
      int Bend = std::min(70 + 34 * (Span - 1), 400);
      bool Forward = E.To > E.From;
      int X = Forward ? RightX : LeftX;
      int C = Forward ? X + Bend : X - Bend;
      int Off = Forward ? 6 : -6; // leave and enter a box off its centre line
      Path = formatv("M{0},{1} C{2},{1} {2},{3} {0},{3}", X, Y1 + Off, C, Y2 - Off);
      LabelX = Forward ? X + Bend * 3 / 4 + 6 : X - Bend * 3 / 4 - 6;
      Anchor = Forward ? "start" : "end";
    }
    std::string Tip = R.Sites[E.From].name() + " \u2192 " + R.Sites[E.To].name() +
                      ": ran back to back " + std::to_string(E.Count) + " times (" +
                      duration(E.TotalNs) + "); " + verdictName(E.Status).str();
    if (!E.Reason.empty())
      Tip += ": " + E.Reason + " [" + E.Check + "]";
    OS << "<g class=\"edge " << markerId(E.Status) << "\"><title>" << escapeHtml(Tip)
       << "</title>";
    OS << formatv("<path d=\"{0}\" fill=\"none\" stroke=\"{1}\" stroke-width=\"{2:f1}\" "
                  "stroke-dasharray=\"{3}\" marker-end=\"url(#{4})\"/>",
                  Path, St.Colour, Width, *St.Dash ? St.Dash : "none",
                  markerId(E.Status));
    OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"{2}\" class=\"edge-label\" "
                  "fill=\"{3}\">\u00d7{4}</text></g>\n",
                  LabelX, LabelY, Anchor, St.Colour, E.Count);
  }

  // Boxes: the darker, the larger the site's share of kernel time.
  for (size_t I = 0; I < R.Sites.size(); ++I) {
    const ReportSite &S = R.Sites[I];
    int Y = Top + Step * int(I);
    int Light = 96 - int(26 * (MaxShare > 0 ? S.Share / MaxShare : 0));
    OS << "<g class=\"site\"><title>"
       << escapeHtml(S.name() + (S.where().empty() ? "" : " (" + S.where() + ")") +
                     ", " + S.Kind + ": " + percent(S.Share) + " of kernel time; site " +
                     S.Id)
       << "</title>";
    OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" rx=\"6\" "
                  "fill=\"hsl(210,70%,{4}%)\" stroke=\"#1565c0\"/>",
                  LeftX, Y, BoxW, BoxH, Light);
    OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\" class=\"site-name\">",
                  CentreX, Y + 18)
       << escapeHtml(shorten(S.name(), 32)) << "</text>";
    std::string Sub = shortWhere(S);
    Sub += (Sub.empty() ? "" : " \u00b7 ") + duration(S.TotalNs) + " \u00b7 " +
           percent(S.Share);
    OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\" class=\"where\">",
                  CentreX, Y + 34)
       << escapeHtml(shorten(Sub, 44)) << "</text></g>\n";
  }
  OS << "</svg>\n";
}

const char *const Style = R"(
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #222;
       margin: 24px auto; max-width: 1120px; padding: 0 12px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 3px; }
.meta { color: #555; margin: 0; }
code { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; vertical-align: top; }
th { background: #f4f6f8; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.chart { max-width: 100%; height: auto; display: block; }
.chart text { font: 13px system-ui, sans-serif; }
.chart .where { fill: #666; font-size: 12px; }
.chart .site-name { font-weight: 600; }
.chart .edge-label { font-size: 12px; font-weight: 600; }
.bar { fill: #1976d2; }
.bar-value { fill: #333; }
.verdict { font-weight: 600; white-space: nowrap; }
.verdict-fused { color: #2e7d32; } .verdict-refused { color: #c62828; }
.verdict-cold { color: #ef6c00; }
.reason { color: #444; font-size: 13px; }
.note { color: #666; font-size: 13px; }
)";

void cell(raw_ostream &OS, StringRef Text, bool Number = false) {
  OS << (Number ? "<td class=\"num\">" : "<td>") << escapeHtml(Text) << "</td>";
}

std::string chainHtml(const Report &R, ArrayRef<size_t> Sites) {
  std::vector<std::string> Names;
  for (size_t S : Sites)
    Names.push_back(escapeHtml(R.Sites[S].name()));
  return join(Names, " \u2192 ");
}

} // namespace

void writeHtmlReport(const Report &R, raw_ostream &OS) {
  std::string Title = "kfuse report" + (R.ProfilePath.empty()
                                            ? std::string()
                                            : ": " + R.ProfilePath);
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
     << "<title>" << escapeHtml(Title) << "</title>\n<style>" << Style
     << "</style>\n</head>\n<body>\n";
  OS << "<h1>" << escapeHtml(Title) << "</h1>\n<p class=\"meta\">program <code>"
     << escapeHtml(R.Program.empty() ? "(unknown)" : R.Program) << "</code> \u00b7 "
     << (R.Source == "kokkos-tools" ? "Kokkos Tools connector" : "instrumented build");
  if (!R.KokkosVersion.empty() || !R.Backend.empty())
    OS << " \u00b7 Kokkos " << escapeHtml(R.KokkosVersion) << " "
       << escapeHtml(R.Backend);
  if (!R.Time.empty())
    OS << " \u00b7 " << escapeHtml(R.Time);
  OS << "</p>\n<p class=\"meta\">" << R.TotalLaunches << " launches \u00b7 "
     << duration(R.TotalKernelNs) << " of kernel time \u00b7 " << R.Sites.size()
     << " sites \u00b7 " << R.HotChains.size() + R.OtherChains << " chains";
  if (R.EventCount)
    OS << " \u00b7 " << R.EventCount << " raw events (<code>--chrome-trace</code>)";
  OS << "</p>\n";

  OS << "<h2>Time per site</h2>\n";
  writeTimeChart(R, OS);
  OS << "<h2>Chain graph</h2>\n<p class=\"note\">Sites in the order they first ran; "
        "an arrow for every two launches that ran back to back, labelled with how "
        "often. Hover an arrow for the planner's reason.</p>\n";
  writeChainGraph(R, OS);
  OS << "<h2>Fusion candidates</h2>\n";
  if (!R.Evaluated) {
    OS << "<p class=\"note\">Not evaluated: give the sources "
          "(<code>kfuse report PROFILE -p BUILD FILES...</code>).</p>\n";
  } else if (R.Candidates.empty()) {
    OS << "<p class=\"note\">No candidates in "
       << escapeHtml(join(R.Files, ", ")) << ".</p>\n";
  } else {
    OS << "<p class=\"note\">What <code>kfuse fuse</code> would do with --min-share "
       << percent(R.MinShare) << ".</p>\n";
    OS << "<table id=\"candidates\">\n<tr><th>verdict</th><th>launches</th>"
          "<th>runs</th><th>share</th><th>where</th><th>reason</th></tr>\n";
    for (const ReportCandidate &C : R.Candidates) {
      std::string Class = "verdict verdict-" + verdictName(C.Status).str();
      OS << "<tr><td class=\"" << Class << "\">" << verdictName(C.Status) << "</td>";
      cell(OS, join(C.Names, " \u2192 "));
      cell(OS, std::to_string(C.Count), true);
      cell(OS, percent(C.Share), true);
      cell(OS, C.Pos.File + ":" + std::to_string(C.Pos.Line) + ":" +
                   std::to_string(C.Pos.Column));
      OS << "<td class=\"reason\">";
      if (C.Status != Verdict::Fused)
        OS << escapeHtml(C.Reason) << " <code>[" << escapeHtml(C.Check) << "]</code>";
      OS << "</td></tr>\n";
    }
    OS << "</table>\n";
  }

  OS << "<h2>Sites by time</h2>\n<table id=\"sites\">\n<tr><th>#</th><th>label</th>"
        "<th>where</th><th>kind</th><th>launches</th><th>total</th><th>median</th>"
        "<th>share</th></tr>\n";
  for (size_t K = 0; K < R.ByTime.size(); ++K) {
    const ReportSite &S = R.Sites[R.ByTime[K]];
    OS << "<tr>";
    cell(OS, std::to_string(K + 1), true);
    OS << "<td title=\"" << escapeHtml(S.Id) << "\">" << escapeHtml(S.name()) << "</td>";
    cell(OS, S.where().empty() ? "-" : S.where());
    cell(OS, S.Kind);
    cell(OS, std::to_string(S.Launches), true);
    cell(OS, duration(S.TotalNs), true);
    cell(OS, duration(S.MedianNs), true);
    cell(OS, percent(S.Share), true);
    OS << "</tr>\n";
  }
  OS << "</table>\n";

  OS << "<h2>Hot chains</h2>\n<p class=\"note\">Runs of launches that happened back "
        "to back at least twice and take at least "
     << percent(R.MinShare) << " of kernel time";
  if (R.OtherChains)
    OS << " (" << R.OtherChains << " other chain" << (R.OtherChains == 1 ? "" : "s")
       << " not shown)";
  OS << ". A chain's time counts every run, and runs of a long chain overlap, so "
        "its share can exceed 100%.</p>\n";
  if (!R.HotChains.empty()) {
    OS << "<table id=\"chains\">\n<tr><th>#</th><th>chain</th><th>runs</th>"
          "<th>equal ranges</th><th>total</th><th>share</th></tr>\n";
    for (size_t K = 0; K < R.HotChains.size(); ++K) {
      const ReportChain &C = R.HotChains[K];
      OS << "<tr>";
      cell(OS, std::to_string(K + 1), true);
      OS << "<td>" << chainHtml(R, C.Sites) << "</td>";
      cell(OS, std::to_string(C.Count), true);
      cell(OS, std::to_string(C.EqualRanges), true);
      cell(OS, duration(C.TotalNs), true);
      cell(OS, percent(C.Share), true);
      OS << "</tr>\n";
    }
    OS << "</table>\n";
  }

  if (!R.Warnings.empty()) {
    OS << "<h2>Warnings</h2>\n<ul>\n";
    for (const std::string &W : R.Warnings)
      OS << "<li><code>" << escapeHtml(W) << "</code></li>\n";
    OS << "</ul>\n";
  }
  OS << "<p class=\"note\">Written by kfuse report.</p>\n</body>\n</html>\n";
}

} // namespace kfuse
