//===- ReportTest.cpp - The report builder and its writers -----------------===//
//
// A small hand-written profile, and plans written by hand in place of the
// planner's, so each test states exactly what the report must make of them.

#include "kfuse/Profile.h"
#include "kfuse/Report.h"
#include "kfuse/ReportWriters.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

using namespace kfuse;

namespace {

// Three sites: a (1 us), the evil one (3 us), c (2 us) of 8 us kernel time;
// a -> evil -> c repeats, c -> a is the loop's back edge, evil -> a ran once.
const char *const ProfileText = R"({"kfuse_profile": 1,
 "source": "instrumented", "program": "/bin/app", "kokkos_version": "3.4.1",
 "backend": "Serial", "time": "2026-01-01T00:00:00Z",
 "total_launches": 30, "total_kernel_ns": 8000,
 "sites": [
  {"id": "s.cpp:main#0:aa", "file": "src/s.cpp", "line": 10, "column": 3, "label": "a",
   "kind": "parallel_for", "space": "Serial", "launches": 10, "total_ns": 1000, "median_ns": 100,
   "range": {"begin": [0], "end": [100], "constant": true}, "views": []},
  {"id": "s.cpp:main#1:bb", "file": "src/s.cpp", "line": 12, "column": 3,
   "label": "<script>alert('x')</script>",
   "kind": "parallel_for", "space": "Serial", "launches": 10, "total_ns": 3000, "median_ns": 300,
   "range": {"begin": [0], "end": [100], "constant": true}, "views": []},
  {"id": "s.cpp:main#2:cc", "file": "src/s.cpp", "line": 14, "column": 3, "label": "c",
   "kind": "parallel_reduce", "space": "Serial", "launches": 10, "total_ns": 2000, "median_ns": 200,
   "range": {"begin": [0], "end": [100], "constant": true}, "views": []}
 ],
 "chains": [
  {"sites": ["s.cpp:main#0:aa", "s.cpp:main#1:bb"], "count": 10, "equal_ranges": 10,
   "total_ns": 4000, "same_allocation": [], "overlaps": []},
  {"sites": ["s.cpp:main#1:bb", "s.cpp:main#2:cc"], "count": 10, "equal_ranges": 10,
   "total_ns": 5000, "same_allocation": [], "overlaps": []},
  {"sites": ["s.cpp:main#2:cc", "s.cpp:main#0:aa"], "count": 9, "equal_ranges": 9,
   "total_ns": 2700, "same_allocation": [], "overlaps": []},
  {"sites": ["s.cpp:main#1:bb", "s.cpp:main#0:aa"], "count": 1, "equal_ranges": 1,
   "total_ns": 400, "same_allocation": [], "overlaps": []},
  {"sites": ["s.cpp:main#0:aa", "s.cpp:main#1:bb", "s.cpp:main#2:cc"], "count": 10,
   "equal_ranges": 10, "total_ns": 6000, "same_allocation": [], "overlaps": []}
 ],
 "events": [
  {"site": "s.cpp:main#0:aa", "label": "a", "begin": [0], "end": [100], "start_ns": 1500,
   "duration_ns": 250, "views": [{"name": "x", "access": "write", "data": "0x7f00aa",
   "span": 800, "extents": [100], "strides": [1], "layout": "LayoutRight", "label": "x"}]},
  {"site": "s.cpp:main#1:bb", "label": "<script>alert('x')</script>", "begin": [0],
   "end": [100], "start_ns": 2000, "duration_ns": 300, "views": []}
 ]
})";

constexpr size_t A = 0, Evil = 1, C = 2;

Profile profile() {
  llvm::Expected<Profile> P = parseProfile(ProfileText);
  EXPECT_TRUE(bool(P)) << llvm::toString(P.takeError());
  return P ? std::move(*P) : Profile();
}

/// The analysis of src/s.cpp: the three launches in source order.
FileAnalysis analysis() {
  FileAnalysis F;
  F.Path = "src/s.cpp";
  const char *Labels[] = {"a", "<script>alert('x')</script>", "c"};
  const char *Hashes[] = {"aa", "bb", "cc"};
  for (unsigned I = 0; I < 3; ++I) {
    KernelModel M;
    M.Id = {"s.cpp", "main", I, Hashes[I]};
    M.LabelKind = "literal";
    M.Label = Labels[I];
    M.Pos = {"src/s.cpp", 10 + 2 * I, 3};
    M.StmtRange = {100 * I, 50};
    F.Model.Sites.push_back(M);
  }
  F.ProfileMatches = true;
  return F;
}

ReportOptions options() {
  ReportOptions O;
  O.ProfilePath = "profiles/s.json";
  return O;
}

const ReportEdge *edge(const Report &R, size_t From, size_t To) {
  for (const ReportEdge &E : R.Edges)
    if (E.From == From && E.To == To)
      return &E;
  return nullptr;
}

std::string text(const Report &R) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeTextReport(R, OS);
  return S;
}

std::string html(const Report &R) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeHtmlReport(R, OS);
  return S;
}

TEST(ReportTest, RanksSitesByTotalTimeWithShares) {
  Report R = buildReport(profile(), {}, options());
  ASSERT_EQ(R.Sites.size(), 3u);
  EXPECT_EQ(R.ByTime, (std::vector<size_t>{Evil, C, A}));
  EXPECT_DOUBLE_EQ(R.Sites[Evil].Share, 3000.0 / 8000);
  EXPECT_DOUBLE_EQ(R.Sites[A].Share, 1000.0 / 8000);
  EXPECT_EQ(R.Sites[C].where(), "src/s.cpp:14");
  EXPECT_FALSE(R.Evaluated);
  EXPECT_EQ(R.EventCount, 2u);
}

TEST(ReportTest, HotChainsRepeatedAndSortedByTime) {
  Report R = buildReport(profile(), {}, options());
  ASSERT_EQ(R.HotChains.size(), 4u);
  EXPECT_EQ(R.HotChains[0].Sites, (std::vector<size_t>{A, Evil, C}));
  EXPECT_EQ(R.HotChains[1].Sites, (std::vector<size_t>{Evil, C}));
  EXPECT_EQ(R.HotChains[2].Sites, (std::vector<size_t>{A, Evil}));
  EXPECT_EQ(R.HotChains[3].Sites, (std::vector<size_t>{C, A}));
  EXPECT_DOUBLE_EQ(R.HotChains[0].Share, 6000.0 / 8000);
  EXPECT_EQ(R.OtherChains, 1u); // evil -> a ran once
}

TEST(ReportTest, MinShareLeavesColdChainsOut) {
  ReportOptions O = options();
  O.MinShare = 0.6;
  Report R = buildReport(profile(), {}, O);
  ASSERT_EQ(R.HotChains.size(), 2u); // 6000 and 5000 of 8000
  EXPECT_EQ(R.OtherChains, 3u);
}

TEST(ReportTest, EveryPairIsAnEdgeNotEvaluatedWithoutSources) {
  Report R = buildReport(profile(), {}, options());
  ASSERT_EQ(R.Edges.size(), 4u);
  for (const ReportEdge &E : R.Edges)
    EXPECT_EQ(E.Status, Verdict::NotEvaluated);
  ASSERT_NE(edge(R, C, A), nullptr);
  EXPECT_EQ(edge(R, C, A)->Count, 9u);
}

TEST(ReportTest, PlanGivesEdgesAndCandidatesTheirVerdicts) {
  FileAnalysis F = analysis();
  FusionGroup G;
  G.Sites = {0, 1};
  G.Count = 10;
  G.Share = 0.5;
  F.Plan.Groups.push_back(G);
  F.Plan.Refusals.push_back({1, 2, "not fusing 'x' with 'c': a fused kernel holds at most one reduction",
                             "kfuse-not-fusable", {"src/s.cpp", 14, 3}});
  Report R = buildReport(profile(), {F}, options());
  EXPECT_TRUE(R.Evaluated);
  EXPECT_EQ(edge(R, A, Evil)->Status, Verdict::Fused);
  EXPECT_EQ(edge(R, Evil, C)->Status, Verdict::Refused);
  EXPECT_EQ(edge(R, Evil, C)->Check, "kfuse-not-fusable");
  EXPECT_EQ(edge(R, C, A)->Status, Verdict::NotEvaluated);

  ASSERT_EQ(R.Candidates.size(), 2u);
  const ReportCandidate &Fused = R.Candidates[0];
  EXPECT_EQ(Fused.Status, Verdict::Fused);
  EXPECT_EQ(Fused.Names, (std::vector<std::string>{"a", "<script>alert('x')</script>"}));
  EXPECT_EQ(Fused.Count, 10u);
  EXPECT_EQ(Fused.Pos.Line, 10u);
  const ReportCandidate &Refused = R.Candidates[1];
  EXPECT_EQ(Refused.Status, Verdict::Refused);
  EXPECT_EQ(Refused.Count, 10u);
  EXPECT_DOUBLE_EQ(Refused.Share, 5000.0 / 8000); // the pair's time
  EXPECT_EQ(Refused.Check, "kfuse-not-fusable");
}

TEST(ReportTest, ChainsAcrossFunctionsAreCandidatesToo) {
  FileAnalysis F = analysis();
  CrossFunctionPlan Cross;
  CrossChain Fused;
  Fused.First = {0, A};
  Fused.Second = {0, Evil};
  Fused.Count = 10;
  Fused.Share = 0.5;
  Cross.Chains.push_back(Fused);
  CrossRefusal Refused;
  Refused.First = {0, C};
  Refused.Second = {0, A};
  Refused.Count = 9;
  Refused.Reason = "their launches are in different functions, and 'c' is a reduction";
  Refused.Check = "kfuse-not-fusable";
  Refused.Pos = {"src/s.cpp", 10, 3};
  Cross.Refusals.push_back(Refused);
  Report R = buildReport(profile(), {F}, options(), &Cross);
  EXPECT_EQ(edge(R, A, Evil)->Status, Verdict::Fused);
  EXPECT_EQ(edge(R, C, A)->Status, Verdict::Refused);
  EXPECT_EQ(edge(R, C, A)->Check, "kfuse-not-fusable");
  ASSERT_EQ(R.Candidates.size(), 2u);
  EXPECT_EQ(R.Candidates[0].Status, Verdict::Fused);
  EXPECT_EQ(R.Candidates[0].Names, (std::vector<std::string>{"a", "<script>alert('x')</script>"}));
  EXPECT_EQ(R.Candidates[1].Status, Verdict::Refused);
  EXPECT_NE(text(R).find("'c' is a reduction"), std::string::npos);
}

TEST(ReportTest, ColdRunMarksEveryEdgeBetweenItsEnds) {
  FileAnalysis F = analysis();
  F.Plan.Refusals.push_back({0, 2, "chain takes 75.00% of kernel time, below the --min-share of 90.00%",
                             "kfuse-cold-chain", {"src/s.cpp", 10, 3}});
  Report R = buildReport(profile(), {F}, options());
  EXPECT_EQ(edge(R, A, Evil)->Status, Verdict::Cold);
  EXPECT_EQ(edge(R, Evil, C)->Status, Verdict::Cold);
  ASSERT_EQ(R.Candidates.size(), 1u);
  EXPECT_EQ(R.Candidates[0].Status, Verdict::Cold);
  EXPECT_EQ(R.Candidates[0].Names.size(), 3u);
  EXPECT_DOUBLE_EQ(R.Candidates[0].Share, 6000.0 / 8000); // the whole chain
}

TEST(ReportTest, StaleSitesAndUnprofiledFilesAreWarnings) {
  FileAnalysis F = analysis();
  F.Plan.Stale.push_back({2, "s.cpp:main#2:00"});
  FileAnalysis Other;
  Other.Path = "src/other.cpp";
  KernelModel M;
  M.Id = {"other.cpp", "f", 0, "ff"};
  M.Pos = {"src/other.cpp", 3, 1};
  Other.Model.Sites.push_back(M);
  Report R = buildReport(profile(), {F, Other}, options());
  ASSERT_EQ(R.Warnings.size(), 2u);
  EXPECT_NE(R.Warnings[0].find("src/s.cpp:14:3: the profile's entry 's.cpp:main#2:00' is stale"),
            std::string::npos)
      << R.Warnings[0];
  // (A file none of whose launches ran is not profiled, as check says; not
  // a mismatch.)
  EXPECT_NE(R.Warnings[1].find("src/other.cpp:3:1: no launch of this file ran in the profiled "
                               "run [kfuse-not-profiled]"),
            std::string::npos)
      << R.Warnings[1];
}

TEST(ReportWritersTest, TextListsRankedSitesChainsAndVerdicts) {
  FileAnalysis F = analysis();
  F.Plan.Refusals.push_back({1, 2, "not fusing 'x' with 'c': because", "kfuse-not-fusable",
                             {"src/s.cpp", 14, 3}});
  std::string T = text(buildReport(profile(), {F}, options()));
  size_t Sites = T.find("Sites by time");
  ASSERT_NE(Sites, std::string::npos) << T;
  // Ranked: the 3 us site first, with its share and median.
  size_t First = T.find("1  <script>alert('x')</script>  src/s.cpp:12", Sites);
  EXPECT_NE(First, std::string::npos) << T;
  EXPECT_NE(T.find("37.5%", First), std::string::npos) << T;
  EXPECT_NE(T.find("3.0 us"), std::string::npos) << T;
  EXPECT_NE(T.find("a -> <script>alert('x')</script> -> c"), std::string::npos) << T;
  EXPECT_NE(T.find("refused  <script>alert('x')</script> -> c"), std::string::npos) << T;
  EXPECT_NE(T.find("not fusing 'x' with 'c': because [kfuse-not-fusable]"), std::string::npos)
      << T;
}

TEST(ReportWritersTest, TextSaysVerdictsNeedSources) {
  std::string T = text(buildReport(profile(), {}, options()));
  EXPECT_NE(T.find("Fusion candidates: not evaluated"), std::string::npos) << T;
}

TEST(ReportWritersTest, HtmlEscapesLabelsAndHasBothCharts) {
  std::string H = html(buildReport(profile(), {}, options()));
  EXPECT_EQ(H.find("<script"), std::string::npos) << "an unescaped label";
  EXPECT_NE(H.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(H.find("<svg class=\"chart\" id=\"time-chart\""), std::string::npos);
  EXPECT_NE(H.find("<svg class=\"chart\" id=\"chain-graph\""), std::string::npos);
  // One bar per site, one arrow per pair, a legend entry per verdict.
  size_t Bars = 0, Arrows = 0;
  for (size_t P = H.find("class=\"bar\""); P != std::string::npos;
       P = H.find("class=\"bar\"", P + 1))
    ++Bars;
  for (size_t P = H.find("<g class=\"edge"); P != std::string::npos;
       P = H.find("<g class=\"edge", P + 1))
    ++Arrows;
  EXPECT_EQ(Bars, 3u);
  EXPECT_EQ(Arrows, 4u);
  for (const char *V : {">fused<", ">refused<", ">cold<", ">not evaluated<"})
    EXPECT_NE(H.find(V), std::string::npos) << V;
  // Self-contained: nothing fetched.
  EXPECT_EQ(H.find("http"), std::string::npos);
  EXPECT_EQ(H.find("src="), std::string::npos);
}

TEST(ReportWritersTest, HtmlColoursEdgesByVerdict) {
  FileAnalysis F = analysis();
  FusionGroup G;
  G.Sites = {0, 1};
  G.Count = 10;
  G.Share = 0.5;
  F.Plan.Groups.push_back(G);
  F.Plan.Refusals.push_back({1, 2, "not fusing: because", "kfuse-not-fusable",
                             {"src/s.cpp", 14, 3}});
  std::string H = html(buildReport(profile(), {F}, options()));
  EXPECT_NE(H.find("<g class=\"edge arrow-fused\">"), std::string::npos);
  EXPECT_NE(H.find("<g class=\"edge arrow-refused\"><title>&lt;script&gt;"),
            std::string::npos);
  EXPECT_NE(H.find("not fusing: because [kfuse-not-fusable]"), std::string::npos);
  EXPECT_NE(H.find("<table id=\"candidates\">"), std::string::npos);
}

TEST(ReportWritersTest, ChromeTraceHasOneCompleteEventPerLaunchInMicroseconds) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  ASSERT_FALSE(bool(writeChromeTrace(profile(), OS)));
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(S);
  ASSERT_TRUE(bool(Doc)) << llvm::toString(Doc.takeError());
  const llvm::json::Array *Events = Doc->getAsObject()->getArray("traceEvents");
  ASSERT_NE(Events, nullptr);
  std::vector<const llvm::json::Object *> Complete;
  for (const llvm::json::Value &E : *Events)
    if (E.getAsObject()->getString("ph") == "X")
      Complete.push_back(E.getAsObject());
  ASSERT_EQ(Complete.size(), 2u);
  const llvm::json::Object &First = *Complete[0];
  EXPECT_EQ(First.getString("name"), "a");
  EXPECT_EQ(First.getString("cat"), "parallel_for");
  EXPECT_EQ(First.getNumber("ts"), 1.5);   // 1500 ns
  EXPECT_EQ(First.getNumber("dur"), 0.25); // 250 ns
  EXPECT_EQ(First.getInteger("pid"), 1);
  EXPECT_EQ(First.getInteger("tid"), 1);
  const llvm::json::Object *Args = First.getObject("args");
  ASSERT_NE(Args, nullptr);
  EXPECT_EQ(Args->getString("site"), "s.cpp:main#0:aa");
  EXPECT_EQ(Args->getString("source"), "src/s.cpp:10");
  const llvm::json::Array *Views = Args->getArray("views");
  ASSERT_NE(Views, nullptr);
  ASSERT_EQ(Views->size(), 1u);
  const llvm::json::Object &X = *(*Views)[0].getAsObject();
  EXPECT_EQ(X.getString("name"), "x");
  EXPECT_EQ(X.getString("access"), "write");
  EXPECT_EQ(X.getString("data"), "0x7f00aa");
  EXPECT_EQ(X.getInteger("span"), 800);
  EXPECT_EQ(Complete[1]->getString("name"), "<script>alert('x')</script>");
}

TEST(ReportWritersTest, ChromeTraceOfProfileWithoutEventsSaysHowToRecordThem) {
  Profile P = profile();
  P.Events.clear();
  std::string S;
  llvm::raw_string_ostream OS(S);
  llvm::Error E = writeChromeTrace(P, OS);
  ASSERT_TRUE(bool(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("KFUSE_PROFILE_EVENTS=N"), std::string::npos);
  EXPECT_TRUE(S.empty());
}

TEST(ReportWritersTest, DurationsPickTheirUnit) {
  EXPECT_EQ(formatDuration(231), "231 ns");
  EXPECT_EQ(formatDuration(194889), "194.9 us");
  EXPECT_EQ(formatDuration(4115444), "4.12 ms");
  EXPECT_EQ(formatDuration(1250000000), "1.25 s");
}

} // namespace
