//===- Report.cpp - Builds the data `kfuse report` shows -------------------===//
//
// Ranks sites, picks hot chains and maps the planner's groups and refusals of
// each analysed file onto the profile's pairs (the chain graph's edges).
//
//===----------------------------------------------------------------------===//

#include "kfuse/Report.h"
#include "kfuse/Diagnostics.h"
#include "llvm/Support/Path.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace kfuse {

StringRef verdictName(Verdict V) {
  switch (V) {
  case Verdict::Fused:
    return "fused";
  case Verdict::Refused:
    return "refused";
  case Verdict::Cold:
    return "cold";
  case Verdict::NotEvaluated:
    return "not evaluated";
  }
  llvm_unreachable("unknown verdict");
}

std::string ReportSite::where() const {
  if (File.empty())
    return "";
  return File + ":" + std::to_string(Line);
}

namespace {

/// A kernel without a label, as a person finds it: its function and place,
/// `KinE::compute (property_kine.cpp:49)`, not its hashed id.
std::string unlabelledName(const ProfileSite &S) {
  StringRef Id = S.Id;
  StringRef Function = Id.split(':').second.split('#').first;
  if (Function.empty() || S.File.empty())
    return S.Id;
  return (Function + " (" + llvm::sys::path::filename(S.File) + ":" + Twine(S.Line) + ")").str();
}

} // namespace

namespace {

constexpr size_t NoSite = ~size_t(0);

double shareOf(uint64_t Ns, uint64_t Total) {
  return Total ? double(Ns) / double(Total) : 0;
}

/// Maps the sites of one analysed file onto the report's sites.
class SiteMatcher {
public:
  SiteMatcher(const Profile &Prof) : Connector(Prof.Source == "kokkos-tools") {
    for (size_t I = 0; I < Prof.Sites.size(); ++I) {
      ById[Prof.Sites[I].Id] = I;
      // The connector names sites by kernel name; a label seen at two sites
      // identifies neither.
      auto [It, New] = ByLabel.try_emplace(Prof.Sites[I].Label, I);
      if (!New)
        It->second = NoSite;
    }
  }

  /// The report site of \p M, or NoSite.
  size_t find(const KernelModel &M) const {
    auto It = ById.find(M.Id.str());
    if (It != ById.end())
      return It->second;
    if (Connector && M.LabelKind == "literal") {
      auto L = ByLabel.find(M.Label);
      if (L != ByLabel.end())
        return L->second;
    }
    return NoSite;
  }

private:
  bool Connector;
  StringMap<size_t> ById;
  StringMap<size_t> ByLabel;
};

/// Runs count and time of the chain of \p Ids as the planner judges it: the
/// whole chain if it repeated, else its weakest pair.
std::pair<uint64_t, uint64_t> chainEvidence(const Profile &Prof,
                                            ArrayRef<std::string> Ids) {
  if (const ProfileChain *C = Prof.findChain(Ids))
    return {C->Count, C->TotalNs};
  uint64_t Count = UINT64_MAX, Ns = 0;
  for (size_t K = 0; K + 1 < Ids.size(); ++K) {
    const ProfileChain *P = Prof.findPair(Ids[K], Ids[K + 1]);
    if (!P)
      return {0, 0};
    Count = std::min(Count, P->Count);
    Ns = std::max(Ns, P->TotalNs);
  }
  return {Count == UINT64_MAX ? 0 : Count, Ns};
}

/// Adds the candidates of one analysed file and marks the edges they cover.
class VerdictCollector {
public:
  VerdictCollector(const Profile &Prof, Report &R, const SiteMatcher &Matcher)
      : Prof(Prof), R(R), Matcher(Matcher) {
    for (size_t E = 0; E < R.Edges.size(); ++E)
      EdgeOf[{R.Edges[E].From, R.Edges[E].To}] = E;
  }

  void add(const FileAnalysis &A) {
    const std::vector<KernelModel> &Sites = A.Model.Sites;
    // The planner walks launches in source order; a cold run is reported
    // by its ends, so the launches between them come from that order.
    std::vector<size_t> Order(Sites.size());
    for (size_t I = 0; I < Order.size(); ++I)
      Order[I] = I;
    std::stable_sort(Order.begin(), Order.end(), [&](size_t X, size_t Y) {
      return Sites[X].StmtRange.Offset < Sites[Y].StmtRange.Offset;
    });
    std::vector<size_t> Rank(Sites.size());
    for (size_t K = 0; K < Order.size(); ++K)
      Rank[Order[K]] = K;

    std::vector<std::pair<size_t, ReportCandidate>> Found; // source rank first
    for (const FusionGroup &G : A.Plan.Groups) {
      ReportCandidate C;
      C.Status = Verdict::Fused;
      C.Pos = Sites[G.Sites.front()].Pos;
      C.Count = G.Count;
      C.Share = G.Share;
      C.Check = "kfuse-fused";
      for (size_t S : G.Sites)
        C.Names.push_back(name(Sites[S]));
      mark(Sites, G.Sites, Verdict::Fused, "", "");
      Found.emplace_back(Rank[G.Sites.front()], std::move(C));
    }
    for (const Refusal &Ref : A.Plan.Refusals) {
      ReportCandidate C;
      C.Pos = Ref.Pos;
      C.Reason = Ref.Reason;
      C.Check = Ref.Check;
      C.Status = Ref.Check == "kfuse-cold-chain" ? Verdict::Cold : Verdict::Refused;
      std::vector<size_t> Run = {Ref.First, Ref.Second};
      if (C.Status == Verdict::Cold && Rank[Ref.First] < Rank[Ref.Second]) {
        Run.clear();
        for (size_t K = Rank[Ref.First]; K <= Rank[Ref.Second]; ++K)
          Run.push_back(Order[K]);
      }
      std::vector<std::string> Ids;
      for (size_t S : Run) {
        C.Names.push_back(name(Sites[S]));
        Ids.push_back(profileId(Sites[S]));
      }
      auto [Count, Ns] = chainEvidence(Prof, Ids);
      C.Count = Count;
      C.Share = shareOf(Ns, Prof.TotalKernelNs);
      mark(Sites, Run, C.Status, Ref.Reason, Ref.Check);
      Found.emplace_back(Rank[Ref.First], std::move(C));
    }
    std::stable_sort(Found.begin(), Found.end(),
                     [](const auto &X, const auto &Y) { return X.first < Y.first; });
    for (auto &F : Found)
      R.Candidates.push_back(std::move(F.second));

    // As fuse and check say it (Diagnostics.cpp): a file that did not run
    // is not profiled, not a mismatch.
    for (const Diagnostic &D : profileDiagnostics(A))
      R.Warnings.push_back(D.Pos.File + ":" + std::to_string(D.Pos.Line) + ":" +
                           std::to_string(D.Pos.Column) + ": " + D.Message + " [" + D.Check +
                           "]");
  }

  /// Adds the chains across functions of \p Cross (fused or refused) over
  /// the analyses \p Files.
  void addCross(const CrossFunctionPlan &Cross, ArrayRef<FileAnalysis> Files) {
    auto Site = [&](SiteRef S) -> const KernelModel & {
      return Files[S.File].Model.Sites[S.Site];
    };
    auto Add = [&](ReportCandidate C, const KernelModel &A, const KernelModel &B,
                   Verdict V) {
      C.Names = {name(A), name(B)};
      markEdge(A, B, V, C.Reason, C.Check);
      R.Candidates.push_back(std::move(C));
    };
    for (const CrossChain &Ch : Cross.Chains) {
      ReportCandidate C;
      C.Status = Verdict::Fused;
      C.Pos = Site(Ch.Second).Pos;
      C.Count = Ch.Count;
      C.Share = Ch.Share;
      C.Check = "kfuse-fused";
      Add(std::move(C), Site(Ch.First), Site(Ch.Second), Verdict::Fused);
    }
    for (const CrossRefusal &Ref : Cross.Refusals) {
      if (!Ref.FirstFound || !Ref.SecondFound)
        continue;
      ReportCandidate C;
      C.Status = Verdict::Refused;
      C.Pos = Ref.Pos;
      C.Count = Ref.Count;
      C.Share = Ref.Share;
      C.Reason = Ref.Reason;
      C.Check = Ref.Check;
      Add(std::move(C), Site(Ref.First), Site(Ref.Second), Verdict::Refused);
    }
  }

private:
  /// The launch's label as the user wrote it, else what the profile calls it.
  std::string name(const KernelModel &M) const {
    if (M.LabelKind == "literal")
      return M.Label;
    size_t S = Matcher.find(M);
    if (S != NoSite && !R.Sites[S].Label.empty())
      return R.Sites[S].Label;
    return M.Id.str();
  }

  /// The id the profile knows \p M by.
  std::string profileId(const KernelModel &M) const {
    size_t S = Matcher.find(M);
    return S == NoSite ? M.Id.str() : R.Sites[S].Id;
  }

  /// Gives the edges between consecutive launches of \p Run the verdict \p V
  /// (a fused edge stays fused).
  void mark(const std::vector<KernelModel> &Sites, ArrayRef<size_t> Run,
            Verdict V, StringRef Reason, StringRef Check) {
    for (size_t K = 0; K + 1 < Run.size(); ++K)
      markEdge(Sites[Run[K]], Sites[Run[K + 1]], V, Reason, Check);
  }

  /// Gives the edge from \p A to \p B the verdict \p V (a fused edge
  /// stays fused).
  void markEdge(const KernelModel &A, const KernelModel &B, Verdict V, StringRef Reason,
                StringRef Check) {
    size_t From = Matcher.find(A), To = Matcher.find(B);
    auto It = EdgeOf.find({From, To});
    if (From == NoSite || To == NoSite || It == EdgeOf.end())
      return;
    ReportEdge &E = R.Edges[It->second];
    if (E.Status == Verdict::Fused)
      return;
    E.Status = V;
    E.Reason = Reason.str();
    E.Check = Check.str();
  }

  const Profile &Prof;
  Report &R;
  const SiteMatcher &Matcher;
  std::map<std::pair<size_t, size_t>, size_t> EdgeOf;
};

} // namespace

Report buildReport(const Profile &Prof, ArrayRef<FileAnalysis> Files,
                   const ReportOptions &Opts, const CrossFunctionPlan *Cross) {
  Report R;
  R.ProfilePath = Opts.ProfilePath;
  R.Source = Prof.Source;
  R.Program = Prof.Program;
  R.KokkosVersion = Prof.KokkosVersion;
  R.Backend = Prof.Backend;
  R.Time = Prof.Time;
  R.TotalLaunches = Prof.TotalLaunches;
  R.TotalKernelNs = Prof.TotalKernelNs;
  R.CoverageKnown = Prof.CoverageKnown;
  R.UninstrumentedLaunches = Prof.UninstrumentedLaunches;
  R.UninstrumentedNs = Prof.UninstrumentedNs;
  R.EventCount = Prof.Events.size();
  R.MinShare = Opts.MinShare;

  StringMap<size_t> Index;
  for (const ProfileSite &S : Prof.Sites) {
    Index[S.Id] = R.Sites.size();
    ReportSite RS;
    RS.Id = S.Id;
    RS.Label = S.Label.empty() ? unlabelledName(S) : S.Label;
    RS.File = S.File;
    RS.Line = S.Line;
    RS.Column = S.Column;
    RS.Kind = S.Kind;
    RS.Launches = S.Launches;
    RS.TotalNs = S.TotalNs;
    RS.MedianNs = S.MedianNs;
    RS.Share = shareOf(S.TotalNs, Prof.TotalKernelNs);
    R.Sites.push_back(std::move(RS));
  }
  R.ByTime.resize(R.Sites.size());
  for (size_t I = 0; I < R.ByTime.size(); ++I)
    R.ByTime[I] = I;
  std::stable_sort(R.ByTime.begin(), R.ByTime.end(), [&](size_t X, size_t Y) {
    return R.Sites[X].TotalNs > R.Sites[Y].TotalNs;
  });

  for (const ProfileChain &C : Prof.Chains) {
    // readProfile checked that every chain names known sites.
    ReportChain RC;
    for (const std::string &Id : C.Sites)
      RC.Sites.push_back(Index.lookup(Id));
    RC.Count = C.Count;
    RC.EqualRanges = C.EqualRanges;
    RC.TotalNs = C.TotalNs;
    RC.Share = shareOf(C.TotalNs, Prof.TotalKernelNs);
    if (RC.Sites.size() == 2)
      R.Edges.push_back({RC.Sites[0], RC.Sites[1], C.Count, C.TotalNs,
                         Verdict::NotEvaluated, "", ""});
    if (RC.Count >= 2 && RC.Share + 1e-12 >= Opts.MinShare)
      R.HotChains.push_back(std::move(RC));
    else
      ++R.OtherChains;
  }
  std::stable_sort(R.HotChains.begin(), R.HotChains.end(),
                   [](const ReportChain &X, const ReportChain &Y) {
                     return X.TotalNs > Y.TotalNs;
                   });

  R.Evaluated = !Files.empty();
  SiteMatcher Matcher(Prof);
  VerdictCollector Collector(Prof, R, Matcher);
  for (const FileAnalysis &A : Files) {
    R.Files.push_back(A.Path);
    Collector.add(A);
  }
  if (Cross)
    Collector.addCross(*Cross, Files);
  return R;
}

} // namespace kfuse
