//===- Diagnostics.cpp - What kfuse tells the user about a file -----------===//

#include "kfuse/Diagnostics.h"
#include "plan/PlannerSupport.h"
#include "plan/StatementSchedule.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include <map>
#include <set>

namespace kfuse {

namespace {

std::string siteName(const KernelModel &M) {
  if (M.LabelKind == "literal")
    return "'" + M.Label + "'";
  return "'" + M.Id.Function + "' (" + llvm::sys::path::filename(M.Id.RelFile).str() + ":" +
         std::to_string(M.Pos.Line) + ")";
}

/// "'a', 'b' and 'c'"
std::string names(const FusionGroup &G, const std::vector<KernelModel> &Sites) {
  std::vector<std::string> N;
  for (size_t S : G.Sites)
    N.push_back(siteName(Sites[S]));
  std::string Last = N.back();
  N.pop_back();
  return N.empty() ? Last : llvm::join(N, ", ") + " and " + Last;
}

/// What the emitter does to \p G, for the remark.
std::string transformations(const FusionGroup &G,
                            const std::vector<KernelModel> &Sites,
                            llvm::StringRef Text, bool Restrict) {
  std::vector<std::string> T;
  auto Object = [&](size_t S) { return Sites[S].Functor.Kind == FunctorModel::Form::Object; };
  if (llvm::any_of(G.Sites, Object)) {
    bool Self = planner::squeeze(Sites[G.Sites.front()].Functor.Text) == "*this";
    // Over a 1-D range, each over a chunk of indices (FusedKernelEmitter).
    bool Chunks = chunkablePolicy(Sites[G.Sites.front()].Policy);
    T.push_back(std::string("composition (") +
                (Self ? "the object's operators" : "the functors, each kept whole,") +
                (Chunks ? " called in turn over each chunk of indices)"
                        : " called in turn for each index)"));
    if (G.MovesPastCode)
      T.push_back("launches moved past the code between them");
    T.push_back("guarded fallback");
    return llvm::join(T, ", ");
  }
  size_t Conditions = llvm::count_if(G.Sites, [&](size_t S) {
    return Sites[S].Condition.has_value();
  });
  size_t Reductions = llvm::count_if(G.Sites, [&](size_t S) {
    return Sites[S].Reduction.has_value();
  });
  if (G.Repeats)
    T.push_back("temporal fusion (the loop at line " +
                std::to_string(Sites[G.Sites.front()].Repeat->Pos.Line) +
                " runs inside the kernel)");
  std::map<std::string, unsigned> Uses;
  for (size_t S : G.Sites) {
    std::set<std::string> InKernel;
    for (const ViewUse &V : Sites[S].Views)
      InKernel.insert(G.canonical(V.Name));
    for (const std::string &N : InKernel)
      ++Uses[N];
  }
  unsigned Shared = llvm::count_if(Uses, [](auto &KV) { return KV.second > 1; });
  if (Shared || !G.Merged.empty()) {
    std::string A = "argument fusion (" + std::to_string(Uses.size()) +
                    " Views for " + std::to_string(G.Sites.size()) + " kernels";
    for (auto &[Alias, Kept] : G.Merged)
      A += ", '" + Alias + "' is '" + Kept + "'";
    T.push_back(A + ")");
  }
  if (llvm::is_contained(G.JoinsPreviousLoop, true))
    T.push_back("loop fusion");
  unsigned Merged = 0;
  for (const StatementSchedule &S : G.Schedules)
    Merged += S.MergedLoops;
  if (Merged)
    T.push_back("statements reordered, " + std::to_string(Merged) +
                (Merged > 1 ? " inner loops" : " inner loop") +
                " merged into an earlier one over the same iterations that reads the same "
                "elements");
  if (G.MovesPastCode)
    T.push_back("launches moved past the code between them");
  // The emitter keeps recurrences of kernels whose loops stay their own in
  // registers (with restrict, which makes it legal).
  std::vector<std::string> Carried;
  for (size_t K = 0; K < G.Sites.size() && Restrict; ++K)
    if (!G.inMergedLoop(K))
      for (const planner::Recurrence &R : planner::recurrencesOf(Sites[G.Sites[K]], Text))
        Carried.push_back("'" + G.canonical(R.View->Name) + "'");
  if (!Carried.empty())
    T.push_back("scalar replacement (" + llvm::join(Carried, ", ") +
                " kept in registers from one loop iteration to the next)");
  if (G.Horizontal)
    T.push_back("horizontal fusion (one launch over the union of the ranges, each part below "
                "its own end)");
  if (Reductions > 1)
    T.push_back(std::to_string(Reductions) + " reductions combined");
  if (Conditions)
    T.push_back(std::to_string(Conditions) + (Conditions > 1 ? " conditions" : " condition") +
                " evaluated once on the host");
  if (Restrict)
    T.push_back("restrict");
  T.push_back("guarded fallback");
  return llvm::join(T, ", ");
}

Diagnostic make(Severity L, const SourcePos &Pos, std::string Message,
                std::string Check) {
  Diagnostic D;
  D.Level = L;
  D.Pos = Pos;
  D.Message = std::move(Message);
  D.Check = std::move(Check);
  return D;
}

/// The warnings both modes give about the profile itself.
void profileWarnings(const FileAnalysis &A, std::vector<Diagnostic> &Out) {
  const std::vector<KernelModel> &Sites = A.Model.Sites;
  if (!Sites.empty() && !A.ProfileMatches) {
    if (!A.ProfiledAs.empty())
      Out.push_back(make(Severity::Warning, Sites.front().Pos,
                         "the profile names this file '" + A.ProfiledAs +
                             "', not '" + Sites.front().Id.RelFile +
                             "': profiled with another --project-root (or "
                             "KFUSE_PROJECT_ROOT when compiling with kfuse instrument)",
                         "kfuse-profile-mismatch"));
    else if (A.MatchedByLabel)
      Out.push_back(make(Severity::Warning, Sites.front().Pos,
                         "no kernel of the profile has the label of a launch of this file: a "
                         "Kokkos Tools profile names kernels by label, so unlabelled launches "
                         "and labels built at run time cannot be matched (profile with "
                         "'kfuse instrument' for those)",
                         "kfuse-profile-mismatch"));
    else if (A.ProfiledOtherVersion)
      Out.push_back(make(Severity::Warning, Sites.front().Pos,
                         "launches of this file ran in the profiled run, but none "
                         "matches a launch written in it now: profiled from another "
                         "version of the file",
                         "kfuse-profile-mismatch"));
    else
      Out.push_back(make(Severity::Remark, Sites.front().Pos,
                         "no launch of this file ran in the profiled run",
                         "kfuse-not-profiled"));
  }
  for (const StaleSite &S : A.Plan.Stale)
    Out.push_back(make(Severity::Warning, Sites[S.Site].Pos,
                       "the profile's entry '" + S.ProfiledId +
                           "' is stale: the launch changed since profiling; "
                           "not fused",
                       "kfuse-stale-profile"));
}

const char *severityName(Severity L) {
  switch (L) {
  case Severity::Note:
    return "note";
  case Severity::Remark:
    return "remark";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "remark";
}

} // namespace

std::vector<Diagnostic> profileDiagnostics(const FileAnalysis &A) {
  std::vector<Diagnostic> Out;
  profileWarnings(A, Out);
  return Out;
}

std::vector<Diagnostic> fuseDiagnostics(const FileAnalysis &A, bool Restrict) {
  std::vector<Diagnostic> Out;
  profileWarnings(A, Out);
  const std::vector<KernelModel> &Sites = A.Model.Sites;
  for (const Refusal &R : A.Plan.Refusals)
    Out.push_back(make(Severity::Remark, R.Pos, R.Reason, R.Check));
  for (const FusionGroup &G : A.Plan.Groups) {
    std::vector<std::string> N;
    for (size_t S : G.Sites)
      N.push_back(siteName(Sites[S]));
    Out.push_back(make(
        Severity::Remark, Sites[G.Sites.front()].Pos,
        llvm::formatv("fused {0} ({1:P} of kernel time, {2} runs): {3}",
                      llvm::join(N, ", "), G.Share, G.Count,
                      transformations(G, Sites, A.Text,
                                      Restrict && planner::restrictable(G.Sites, Sites)))
            .str(),
        "kfuse-fused"));
  }
  return Out;
}

std::vector<Diagnostic> checkDiagnostics(const FileAnalysis &A, bool Verbose) {
  std::vector<Diagnostic> Out;
  profileWarnings(A, Out);
  const std::vector<KernelModel> &Sites = A.Model.Sites;
  for (const FusionGroup &G : A.Plan.Groups) {
    Diagnostic D = make(
        Severity::Warning, Sites[G.Sites.front()].Pos,
        G.Repeats && G.Sites.size() == 1
            ? llvm::formatv("{0} runs back to back with itself {1} times ({2:P} of "
                            "kernel time) and the loop at line {3} can move into it",
                            names(G, Sites), G.Count, G.Share,
                            Sites[G.Sites.front()].Repeat->Pos.Line)
                  .str()
        : G.Repeats
            ? llvm::formatv("{0} run back to back {1} times ({2:P} of kernel time): they "
                            "can be fused, and the loop at line {3} can move into the "
                            "fused kernel",
                            names(G, Sites), G.Count, G.Share,
                            Sites[G.Sites.front()].Repeat->Pos.Line)
                  .str()
            : llvm::formatv("{0} run back to back {1} times ({2:P} of kernel time) "
                            "and can be fused",
                            names(G, Sites), G.Count, G.Share)
                  .str(),
        "kfuse-unfused-hot-path");
    for (size_t K = 1; K < G.Sites.size(); ++K)
      D.Notes.push_back(make(Severity::Note, Sites[G.Sites[K]].Pos,
                             siteName(Sites[G.Sites[K]]) + " is launched here",
                             ""));
    Out.push_back(std::move(D));
  }
  if (Verbose)
    for (const Refusal &R : A.Plan.Refusals)
      Out.push_back(make(Severity::Remark, R.Pos, R.Reason, R.Check));
  return Out;
}

std::vector<Diagnostic> crossFunctionDiagnostics(const CrossFunctionPlan &Plan,
                                                 const std::vector<FileAnalysis> &All,
                                                 bool Check, bool Verbose, bool Restrict) {
  std::vector<Diagnostic> Out;
  auto Site = [&](SiteRef R) -> const KernelModel & {
    return All[R.File].Model.Sites[R.Site];
  };
  for (const CrossChain &C : Plan.Chains) {
    const KernelModel &A = Site(C.First), &B = Site(C.Second);
    // Every call of the two functions in turn that has a window.
    auto At = [](const ChainWindow &W) {
      return llvm::sys::path::filename(W.Pos.File).str() + ":" + std::to_string(W.Pos.Line);
    };
    std::string Path, Where;
    std::string Calls = C.self() ? "calls its function twice in a row" : "calls their functions in turn";
    // A caller reaching the first kernel's function through others.
    auto Through = [](const ChainWindow &W) -> std::string {
      std::vector<std::string> Ways;
      if (!W.Through.empty())
        Ways.push_back("the first through '" + llvm::join(W.Through, "', then '") + "'");
      if (!W.ThroughSecond.empty())
        Ways.push_back("the second through '" + llvm::join(W.ThroughSecond, "', then '") + "'");
      return Ways.empty() ? "" : " (" + llvm::join(Ways, ", ") + ")";
    };
    if (C.Windows.size() == 1 && (C.Windows[0].LaunchesFirst || C.Windows[0].LaunchesSecond)) {
      Path = "'" + C.Windows[0].Caller + "' " +
             (C.Windows[0].LaunchesFirst
                  ? "launches the first and then calls the second's function"
                  : "calls the first's function and then launches the second") +
             Through(C.Windows[0]) +
             (C.Windows[0].BackEdge ? ", in its loop's next iteration" : "");
      Where = "a window opened at " + At(C.Windows[0]);
    } else if (C.Windows.size() == 1) {
      Path = "'" + C.Windows[0].Caller + "' " + Calls + Through(C.Windows[0]) +
             (C.Windows[0].BackEdge ? ", the second in its loop's next iteration" : "");
      Where = "a window opened at " + At(C.Windows[0]);
    } else {
      std::vector<std::string> Callers;
      for (const ChainWindow &W : C.Windows)
        Callers.push_back("'" + W.Caller + "'" + Through(W) + " (" +
                          (W.BackEdge ? "the second in its loop's next iteration, " : "") +
                          At(W) + ")");
      std::string Last = Callers.back();
      Callers.pop_back();
      Path = llvm::join(Callers, ", ") + " and " + Last +
             (C.self() ? " call its function twice in a row" : " call their functions in turn");
      Where = "a window opened at each of these calls";
    }
    std::string Elsewhere =
        C.Elsewhere.empty() ? "" : "; elsewhere they run as written: " + C.Elsewhere;
    // A chain of three computed ahead across the kernel in its middle.
    std::string Ran = C.Across.empty() ? "back to back" : "with " + C.Across + " between them";
    if (!C.Across.empty())
      Path += "; " + C.Across + ", which runs between them, stores nothing but its own locals";
    // Where a pending kernel runs on its own first.
    std::vector<std::string> Flushes;
    for (const ChainWindow &W : C.Windows)
      for (const FlushPoint &F : W.Flushes) {
        std::string Place = llvm::sys::path::filename(F.Pos.File).str() + ":" +
                            std::to_string(F.Pos.Line);
        std::string Text = F.Callee.empty() ? "at " + Place + " (in '" + W.Caller + "')"
                                            : "in '" + F.Callee + "' (" + Place + ")";
        if (!llvm::is_contained(Flushes, Text))
          Flushes.push_back(Text);
      }
    std::string Flushed =
        Flushes.empty() ? ""
                        : "; where the code between may use its Views it runs first, on its "
                          "own: " +
                              llvm::join(Flushes, ", ");
    if (Check) {
      Diagnostic D = make(
          Severity::Warning, B.Pos,
          llvm::formatv("{0} and {1} run {5} {2} times ({3:P} of kernel time) "
                        "and can be fused across functions: {4}",
                        siteName(A), siteName(B), C.Count, C.Share, Path, Ran)
              .str(),
          "kfuse-unfused-hot-path");
      D.Notes.push_back(make(Severity::Note, A.Pos, siteName(A) + " is launched here", ""));
      for (const ChainWindow &W : C.Windows) {
        D.Notes.push_back(make(Severity::Note, W.Pos, "the window would open here", ""));
        for (const FlushPoint &F : W.Flushes)
          D.Notes.push_back(make(Severity::Note, F.Pos,
                                 siteName(A) + ", when pending, would run here on its own",
                                 ""));
      }
      Out.push_back(std::move(D));
      continue;
    }
    if (C.Ahead) {
      // An object holding Views, captured whole, is held by its address.
      bool Held = llvm::any_of(B.Views, planner::throughObject);
      Out.push_back(make(
          Severity::Remark, A.Pos,
          llvm::formatv("fused {0} and {1} across functions ({2:P} of kernel time, {3} runs): "
                        "{4}; the function of {0} needs its result at once, so {1} is "
                        "computed ahead, in one kernel with {0}, from the {7} "
                        "its function {9}, replayed in {5}; the "
                        "site of {1} takes that result when its range, {8} are "
                        "the same{6}",
                        siteName(A), siteName(B), C.Share, C.Count, Path, Where,
                        Elsewhere,
                        Held ? "objects, Views and values" : "Views and values",
                        Held ? "objects (by their address), Views and values" : "Views and values",
                        planner::thisFunctor(B)
                            ? "assigns to its object's members"
                            : "declares")
              .str(),
          "kfuse-fused"));
      continue;
    }
    Out.push_back(make(
        Severity::Remark, B.Pos,
        llvm::formatv(C.self()
                          ? "fused {0} with itself across two calls of its function ({2:P} "
                            "of kernel time, {3} runs): {4}; the first call's launch is "
                            "deferred in {5} and runs fused here with the second's when the "
                            "guard holds, {6}{7}"
                          : "fused {0} and {1} across functions ({2:P} of kernel time, {3} "
                            "runs): {4}; {0} is deferred in {5} and runs fused "
                            "here when it is pending and the guard holds, {6}{7}",
                      siteName(A), siteName(B), C.Share, C.Count, Path, Where,
                      runsAsOneBody(Plan, C, Restrict)
                          ? "both bodies in one function over restrict pointers"
                      : chunkablePolicy((C.Reverse ? A : B).Policy)
                          ? "the two kernels' bodies in turn over each chunk of indices"
                          : "the two kernels called in turn for each index",
                      Flushed + Elsewhere)
            .str(),
        "kfuse-fused"));
  }
  if (!Check || Verbose)
    for (const CrossRefusal &R : Plan.Refusals)
      Out.push_back(make(Severity::Remark, R.Pos,
                         llvm::formatv("not fusing: {0} and {1} ran {5} {2} times "
                                       "({3:P} of kernel time), but {4}",
                                       R.FirstName, R.SecondName, R.Count, R.Share, R.Reason,
                                       R.Across.empty() ? "back to back"
                                                        : "with " + R.Across + " between them")
                             .str(),
                         R.Check));
  return Out;
}

void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D) {
  OS << D.Pos.File << ":" << D.Pos.Line << ":" << D.Pos.Column << ": "
     << severityName(D.Level) << ": " << D.Message;
  if (!D.Check.empty())
    OS << " [" << D.Check << "]";
  OS << "\n";
  for (const Diagnostic &N : D.Notes)
    printDiagnostic(OS, N);
}

void writeSarif(llvm::raw_ostream &OS, const std::vector<Diagnostic> &Diags,
                llvm::StringRef ToolVersion) {
  using llvm::json::Array;
  using llvm::json::Object;
  using llvm::json::Value;
  auto Location = [](const Diagnostic &D, const std::string &Message) {
    llvm::SmallString<256> Uri(D.Pos.File);
    llvm::sys::path::native(Uri, llvm::sys::path::Style::posix);
    Object Physical{
        {"artifactLocation", Object{{"uri", llvm::sys::path::is_absolute(Uri)
                                                ? "file://" + std::string(Uri)
                                                : std::string(Uri)}}},
        {"region", Object{{"startLine", int64_t(std::max(1u, D.Pos.Line))},
                          {"startColumn", int64_t(std::max(1u, D.Pos.Column))}}}};
    Object L{{"physicalLocation", std::move(Physical)}};
    if (!Message.empty())
      L["message"] = Object{{"text", Message}};
    return L;
  };
  auto Level = [](Severity S) {
    return S == Severity::Error     ? "error"
           : S == Severity::Warning ? "warning"
                                    : "note";
  };
  std::vector<std::string> RuleIds;
  Array Results;
  for (const Diagnostic &D : Diags) {
    std::string Rule = D.Check.empty() ? "kfuse" : D.Check;
    auto It = llvm::find(RuleIds, Rule);
    size_t RuleIndex = It - RuleIds.begin();
    if (It == RuleIds.end())
      RuleIds.push_back(Rule);
    Array Related;
    for (const Diagnostic &N : D.Notes)
      Related.push_back(Location(N, N.Message));
    Object R{{"ruleId", Rule},
             {"ruleIndex", int64_t(RuleIndex)},
             {"level", Level(D.Level)},
             {"message", Object{{"text", D.Message}}},
             {"locations", Array{Location(D, "")}}};
    if (!Related.empty())
      R["relatedLocations"] = std::move(Related);
    Results.push_back(std::move(R));
  }
  static const std::map<std::string, std::string> Descriptions = {
      {"kfuse-unfused-hot-path",
       "Kernels that run back to back on a hot path and can be fused"},
      {"kfuse-unsafe-dependence",
       "A dependence between the kernels makes fusing them unsafe"},
      {"kfuse-not-fusable", "A kernel has a form kfuse does not fuse"},
      {"kfuse-not-consecutive", "The profile never saw the kernels run back to back"},
      {"kfuse-not-adjacent",
       "Kernels that ran back to back are not consecutive statements of one block"},
      {"kfuse-different-ranges", "The kernels run over different ranges"},
      {"kfuse-code-between", "Code between the launches uses their data"},
      {"kfuse-cold-chain", "The chain takes too little of the kernel time"},
      {"kfuse-not-profitable", "Fusing these kernels would not make them faster"},
      {"kfuse-stale-profile", "The launch changed since it was profiled"},
      {"kfuse-profile-mismatch", "No launch of the file is in the profile"}};
  Array Rules;
  for (const std::string &Id : RuleIds) {
    Object Rule{{"id", Id}, {"name", Id}};
    auto It = Descriptions.find(Id);
    if (It != Descriptions.end())
      Rule["shortDescription"] = Object{{"text", It->second}};
    Rules.push_back(std::move(Rule));
  }
  Object Driver{{"name", "kfuse"},
                {"version", ToolVersion.str()},
                {"rules", std::move(Rules)}};
  Object Log{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", Array{Object{{"tool", Object{{"driver", std::move(Driver)}}},
                            {"results", std::move(Results)}}}}};
  OS << llvm::formatv("{0:2}", Value(std::move(Log))) << "\n";
}

} // namespace kfuse
