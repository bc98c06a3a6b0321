//===- FusedKernelEmitter.cpp - Code for one fused group ------------------===//

#include "kfuse/FusedKernelEmitter.h"
#include "emit/PrivateMembers.h"
#include "emit/FusedFunctor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace kfuse {

namespace {

using emit::FusedView;
using planner::identifier;
using planner::withoutConstRef;

/// The guard of the fused functor (emit::FusedFunctor) and the code that
/// launches it in place of the group.
struct Emitter : emit::FusedFunctor {
  using FusedFunctor::FusedFunctor;
  /// Views behind private members the guard names (their declarations
  /// go before the functor).
  emit::PrivateMembers Private;

  /// A View of the group as the guard names it (the object's members
  /// through `this`, past any local of the same name).
  std::string guarded(const std::string &View) {
    std::string Written = selfComposition() ? "this->" + View : View;
    // Behind private members: through pointers to them.
    for (size_t S : Group.Sites)
      for (const ViewUse &V : Sites[S].Views)
        if (V.Name == View && !V.Steps.empty() && V.Named)
          return Private.name(V, Written);
    return Written;
  }

  /// The policy of the fused launch: the first launch's without its work
  /// tag; with horizontal fusion, to the largest end of the group's.
  std::string untaggedPolicy() const {
    const PolicyModel &P = Sites[Group.Sites.front()].Policy;
    std::string End = P.End.empty() ? "" : P.End.front();
    std::vector<std::string> Begins = P.Begin, Ends = P.End;
    if (Group.BoundsAtRunTime) {
      // The first's begins (the guard checked all are equal), the largest
      // ends.
      Begins.clear();
      Ends.clear();
      std::string First = boundsName(Sites[Group.Sites.front()]);
      for (unsigned D = 0; D < P.Rank; ++D) {
        std::vector<std::string> Of;
        for (size_t S : Group.Sites)
          Of.push_back(endNames(Sites[S])[D]);
        Begins.push_back("static_cast<" + indexType() + ">(" + First + ".Begin[" +
                         std::to_string(D) + "])");
        Ends.push_back("std::max({" + llvm::join(Of, ", ") + "})");
      }
      End = Ends.front();
      if (P.Kind == PolicyKind::Count)
        return End;
    } else if (Group.Horizontal) {
      std::vector<std::string> Ends;
      for (size_t S : Group.Sites)
        Ends.push_back(endName(Sites[S]));
      End = "std::max({" + llvm::join(Ends, ", ") + "})";
      if (P.Kind == PolicyKind::Count)
        return End;
    } else if (P.Kind == PolicyKind::Count || P.WorkTag.empty()) {
      return P.Text;
    }
    std::vector<std::string> Args;
    if (P.Kind == PolicyKind::MDRange)
      Args.push_back("Kokkos::Rank<" + std::to_string(P.Rank) + ">");
    for (const std::string *A : {&P.ExecSpace, &P.Schedule, &P.IndexType})
      if (!A->empty())
        Args.push_back(*A);
    if (P.Kind == PolicyKind::MDRange)
      return "Kokkos::MDRangePolicy<" + llvm::join(Args, ", ") + ">({" +
             llvm::join(Begins, ", ") + "}, {" + llvm::join(Ends, ", ") + "})";
    return "Kokkos::RangePolicy<" + llvm::join(Args, ", ") + ">(" + Begins.front() + ", " + End +
           ")";
  }

  /// The bytes the kernels reach through the raw pointer \p N: each
  /// kernel's range shifted by the smallest and largest offset of its
  /// accesses (the planner allowed only `p[i + k]` over a 1-D range).
  std::string footprint(const std::string &N, const std::string &Written) {
    std::vector<std::string> Lo, Hi;
    for (size_t S : Group.Sites) {
      const KernelModel &M = Sites[S];
      for (const ViewUse &V : M.Views) {
        if (Group.canonical(V.Name) != N || V.Accesses.empty())
          continue;
        std::string Why;
        std::optional<std::pair<std::string, std::string>> F =
            planner::pointerFootprint(M, V, Why); // the planner saw it bounded
        if (!F)
          continue;
        if (!llvm::is_contained(Lo, F->first))
          Lo.push_back(F->first);
        if (!llvm::is_contained(Hi, F->second))
          Hi.push_back(F->second);
      }
    }
    return "::kfuse::pointer_bytes(" + guarded(N) + ", {" + llvm::join(Lo, ", ") + "}, {" +
           llvm::join(Hi, ", ") + "}, " + Written + ")";
  }

  /// True if the raw pointer \p N has a footprint in no kernel.
  bool unbounded(const std::string &N) {
    for (size_t S : Group.Sites)
      for (const ViewUse &V : Sites[S].Views)
        if (std::string Why; Group.canonical(V.Name) == N && V.Pointer && !V.Accesses.empty() &&
                             planner::pointerFootprint(Sites[S], V, Why))
          return false;
    return true;
  }

  /// What the plan relied on: written Views overlap nothing else, merged
  /// names are one View, assumed-equal ranges are equal.
  std::string guard() {
    std::vector<std::string> Bytes;
    for (auto &[N, V] : Views) {
      std::string Written =
          V.Written || llvm::is_contained(Group.HostViews, N) ? "true" : "false";
      if (V.Use->Pointer) {
        // Loaded alike where no kernel bounds it (the planner's rule:
        // nothing the group writes reaches what they load).
        if (!unbounded(N))
          Bytes.push_back(footprint(N, Written));
      }
      else if (V.Use->Accessor.empty() || V.Use->Named) // the planner proved those apart
        Bytes.push_back("::kfuse::bytes_of(" + guarded(N) + ", " + Written + ")");
    }
    // Views the code between the launches may write: other names of none.
    for (const std::string &H : Group.HostViews)
      if (llvm::none_of(Views, [&](const auto &NV) { return NV.first == H; }))
        Bytes.push_back("::kfuse::bytes_of(" + H + ", true)");
    std::string G = "::kfuse::no_overlap({" + llvm::join(Bytes, ", ") + "})";
    // Every merged name, also a member of a captured object (`fs.y`).
    // Two names of a raw pointer: one pointer. A raw pointer merged into
    // a View: its data.
    for (auto &[Alias, Kept] : Group.Merged) {
      if (!view(Kept).Use->Pointer && pointerNamed(Alias)) {
        G += " && ::kfuse::data_of(" + guarded(Alias) + ", " + guarded(Kept) + ")";
        continue;
      }
      G += std::string(view(Kept).Use->Pointer ? " && ::kfuse::same_pointer("
                                               : " && ::kfuse::same_view(") +
           guarded(Kept) + ", " + guarded(Alias) + ")";
    }
    for (const std::string &C : Group.RangeChecks)
      G += " && " + C;
    // A functor object built before its launch still holds the Views it
    // was bound to. One declared after the group's first launch cannot be
    // named here, where the guard runs; it holds them by construction (its
    // constructor copies them, and nothing changes it before its launch).
    for (size_t S : Group.Sites)
      if (Sites[S].Functor.BoundVariable &&
          Sites[S].Functor.VariableOffset < Sites[Group.Sites.front()].CallRange.Offset)
        for (const ViewUse &V : Sites[S].Views)
          if (!V.Member.empty())
            G += " && ::kfuse::same_view(" + Sites[S].Functor.Text + "." + V.Member + ", " +
                 V.Name + ")";
    return "::kfuse::use_fused(\"" + labels("+") + "\", " + G + ")";
  }

  /// The shadow check's handle on the group (Shadow.hpp): every View its
  /// kernels hold, as the guard names them, and every number its
  /// reductions write, where code at \p At (the group's start) can name
  /// them. \p WithResults: the results too (where no code between the
  /// launches may declare them).
  std::string shadow(unsigned At, bool WithResults) {
    std::vector<std::string> Names, Args;
    auto Add = [&](const std::string &Name, const std::string &Arg) {
      if (llvm::is_contained(Names, Name) || llvm::is_contained(Args, Arg))
        return;
      Names.push_back(Name);
      Args.push_back(Arg);
    };
    // (Not the Views the code between the launches writes: it runs once,
    // its results stay.)
    for (auto &[N, V] : Views) {
      if (llvm::is_contained(Group.HostViews, N))
        continue;
      if (V.Use->Pointer && V.Written && !unbounded(N))
        Add(N, footprint(N, "true")); // the bytes it reaches
      else if (!V.Use->Pointer && (V.Use->Accessor.empty() || V.Use->Named))
        Add(N, guarded(N));
    }
    // Other names of one View, which may be the one the kernels write
    // through where the kept name is of const elements.
    for (auto &[Alias, Kept] : Group.Merged)
      if (llvm::any_of(Views, [&, &Kept = Kept](const auto &NV) {
            return NV.first == Kept && !NV.second.Use->Pointer;
          }) &&
          !llvm::is_contained(Group.HostViews, Alias) && !pointerNamed(Alias))
        Add(Alias, guarded(Alias));
    // Every View the kernels hold, used or not, that code here can name.
    for (size_t S : Group.Sites)
      for (const KernelModel::HeldView &H : Sites[S].Held)
        if (H.DeclOffset < At && !llvm::is_contained(Group.HostViews, H.Text))
          Add(llvm::StringRef(H.Text).starts_with("this->") ? H.Text.substr(6) : H.Text, H.Text);
    if (WithResults)
      for (size_t S : Group.Sites)
        if (const std::optional<ReductionModel> &R = Sites[S].Reduction;
            R && (R->ResultIsView || R->ScalarVariable))
          Add(R->ResultText, "::kfuse::result_of(" + R->ResultText + ")");
    return "::kfuse::shadow_of(\"" + labels("+") + "\", \"" + llvm::join(Names, ",") +
           "\", [&] { return ::kfuse::shadow_items(" + llvm::join(Args, ", ") + "); })";
  }

  std::string labels(const char *Sep) {
    std::vector<std::string> L;
    // An unlabelled launch by its place ("main.cpp:41"): the label names
    // the fused kernel in KFUSE_VERBOSE messages and Kokkos Tools profiles,
    // so it must not repeat across the project's files.
    for (size_t S : Group.Sites)
      L.push_back(Sites[S].LabelKind == "literal"
                      ? Sites[S].Label
                      : llvm::sys::path::filename(Sites[S].Pos.File).str() + ":" +
                            std::to_string(Sites[S].Pos.Line));
    return llvm::join(L, Sep) + (Group.Repeats ? "(repeated)" : "");
  }

  FusedKernelEmitter::FusedCode emit(const std::string &Name) {
    collect();
    findRepeatedReductions();
    const KernelModel &First = Sites[Group.Sites.front()];
    const KernelModel &Last = Sites[Group.Sites.back()];
    unsigned Begin = First.StmtRange.Offset;
    unsigned End = Last.StmtRange.Offset + Last.StmtRange.Length;
    if (Group.Repeats) {
      Begin = First.Repeat->Range.Offset;
      End = Begin + First.Repeat->Range.Length;
    }
    size_t LineStart = Text.take_front(Begin).rfind('\n');
    LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
    std::string Indent;
    for (char C : Text.slice(LineStart, Begin))
      Indent += llvm::isSpace(C) ? C : ' ';

    FusedKernelEmitter::FusedCode Code;
    std::vector<std::string> Lines = functor(Name);
    // Names of this block's own (a file may have several in one namespace),
    // short enough for the guard to stay readable.
    std::string Tag;
    llvm::raw_string_ostream(Tag) << llvm::format_hex_no_prefix(
        llvm::xxh3_64bits(Name) & 0xffffffu, 6);
    Private = emit::PrivateMembers("kfuse_private_" + Tag);
    const std::string Guard = guard();
    Code.Functor = std::string(Markers::FunctorBegin) + " " + Name + "\n" + Private.declarations();
    for (const std::string &Line : Lines)
      Code.Functor += Line + "\n";
    Code.Functor += Markers::FunctorEnd;
    Code.Functor = planner::formatted(Code.Functor);

    std::vector<std::string> Quoted;
    for (size_t S : Group.Sites)
      Quoted.push_back("\"" + (Sites[S].LabelKind == "literal"
                                   ? Sites[S].Label
                                   : Sites[S].Id.str()) +
                       "\"");
    std::string Call = Reduce ? "Kokkos::parallel_reduce" : "Kokkos::parallel_for";
    // Chunked, over `kfuse_policy`, declared in the prelude below.
    std::string Policy = untaggedPolicy();
    std::vector<std::string> Args = memberArgs();
    if (chunked() || composedChunks()) {
      Policy = chunkHelper() + "chunked(kfuse_policy)";
      Args.push_back(chunkHelper() + "chunks_of(kfuse_policy)");
    }
    std::string Launch = Call + "(\"" + labels("+") + "\", " + Policy + ", ::kfuse::make_fused<" +
                         Name + ">(" + llvm::join(Args, ", ") + ")";
    // Conditions of kernels under an `if`, evaluated once where the fused
    // launch runs (the planner checked nothing between changes them).
    std::string Prelude;
    for (size_t K = 0; K < Group.Sites.size(); ++K) {
      const KernelModel &M = Sites[Group.Sites[K]];
      if (const std::optional<LaunchCondition> &C = M.Condition)
        Prelude += "const bool " + conditionName(M) + " = (" + C->Text + ");\n" + Indent + "  ";
      if (Group.BoundsAtRunTime) {
        Prelude += "const ::kfuse::Bounds " + boundsName(M) + " = ::kfuse::bounds_of(" +
                   M.Policy.Text + ");\n" + Indent + "  ";
        std::vector<std::string> Ends = endNames(M);
        for (size_t D = 0; D < Ends.size(); ++D)
          Prelude += "const " + indexType() + " " + Ends[D] + " = static_cast<" + indexType() +
                     ">(" + boundsName(M) + ".End[" + std::to_string(D) + "]);\n" + Indent +
                     "  ";
      } else if (Group.Horizontal) {
        Prelude += "const " + indexType() + " " + endName(M) + " = (" + M.Policy.End.front() +
                   ");\n" + Indent + "  ";
      }
    }

    if (chunked() || composedChunks()) {
      // A count becomes the range Kokkos runs it as (its default execution
      // space), so that the chunks know their space.
      std::string Range = untaggedPolicy();
      if (Sites[Group.Sites.front()].Policy.Kind == PolicyKind::Count)
        Range = "Kokkos::RangePolicy<>(0, " + Range + ")";
      Prelude += "const auto kfuse_policy = " + Range + ";\n" + Indent + "  ";
    }
    if (combinedReductions()) {
      // One value for every result, copied to each after the launch.
      std::string Result = "kfuse_results"; // in a block of its own
      Launch = Name + "_values " + Result + ";\n" + Indent + "  " + Launch + ", " + Result +
               ");";
      // A reduction under an `if` keeps its result where it did not run.
      for (size_t K = 0; K < Reductions.size(); ++K)
        Launch += "\n" + Indent + "  " +
                  (Reductions[K]->Condition ? "if (" + conditionName(*Reductions[K]) + ") "
                                            : std::string()) +
                  Reductions[K]->Reduction->ResultText + " = " + Result + "." +
                  resultMember(K) + ";";
    } else if (Reduce && Reduce->Condition) {
      // Into a variable of its own, copied to the result where it ran (the
      // planner allowed a variable, or a reducer over one).
      const ReductionModel &R = *Reduce->Reduction;
      std::string Arg = R.ResultArgText == R.ResultText
                            ? "kfuse_result"
                            : R.ResultArgText.substr(0, R.ResultArgText.size() -
                                                            R.ResultText.size() - 1) +
                                  "kfuse_result)";
      Launch = "std::decay_t<decltype(" + R.ResultText + ")> kfuse_result{};\n" + Indent +
               "  " + Launch + ", " + Arg + ");\n" + Indent + "  if (" + conditionName(*Reduce) +
               ") " + R.ResultText + " = kfuse_result;";
    } else {
      if (Reduce)
        Launch += ", " + Reduce->Reduction->ResultArgText;
      Launch += ");";
    }
    // Every kernel under an `if` of its own: when none holds, the original
    // launched nothing, and neither does the fused code.
    if (llvm::all_of(Group.Sites, [&](size_t S) { return Sites[S].Condition.has_value(); })) {
      std::vector<std::string> Names;
      for (size_t S : Group.Sites)
        Names.push_back(conditionName(Sites[S]));
      llvm::SmallVector<llvm::StringRef, 4> Lines;
      llvm::StringRef(Launch).split(Lines, "\n" + Indent + "  ");
      std::string Inner = llvm::join(Lines, "\n" + Indent + "    ");
      Launch = "if (" + llvm::join(Names, " || ") + ") {\n" + Indent + "    " + Inner + "\n" +
               Indent + "  }";
    }
    Launch = Prelude + Launch;

    // The launches in runs separated by code they move past.
    // (Temporal fusion replaces the host loop around its launch: one run.)
    std::vector<std::pair<unsigned, unsigned>> Runs;
    if (Group.Repeats)
      Runs.push_back({Begin, End});
    else
      for (size_t K = 0; K < Group.Sites.size(); ++K) {
        const TextRange &R = Sites[Group.Sites[K]].StmtRange;
        if (K > 0 && planner::onlyTrivia(Text, Runs.back().second, R.Offset))
          Runs.back().second = R.Offset + R.Length;
        else
          Runs.push_back({R.Offset, R.Offset + R.Length});
      }
    auto Original = [&](unsigned From, unsigned To, const char *More = "") {
      // Byte for byte, for the fallback and `revert`. (The first line is
      // indented like the others; revert drops that.)
      return "\n" + std::string(Markers::OriginalBegin) + Indent + "  " + More +
             Text.slice(From, To).str() + Markers::OriginalEnd;
    };
    std::string &Out = Code.Replacement;
    Out = std::string(Markers::Begin) + " fused(" + llvm::join(Quoted, ", ") + ")" +
          (Group.Repeats ? " repeated" : "") +
          (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
    auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
    if (Runs.size() == 1) {
      // Twice where the shadow check runs (KFUSE_SHADOW=1): the original
      // launches, then the fused one on the same inputs.
      Emit("for (auto kfuse_shadow = " + shadow(Begin, true) + "; kfuse_shadow.next();) {");
      Emit("  if (kfuse_shadow.run_fused(" + Guard + ")) {");
      Emit("    " + planner::deeper(Launch, "  "));
      Emit("  } else {");
      Out += Original(Begin, End, "  ");
      Out += "\n" + Indent + "  }";
      Out += "\n" + Indent + "}\n" + Indent + Markers::End;
      return Code;
    }
    // Code between the launches stays in place, outside any new scope (it
    // may declare names used later), and runs once either way. The fused
    // launch runs where run LaunchRun of the original launches ran; where
    // the shadow check runs, the original launches run, and the fused one
    // after them, on the same inputs.
    std::string On = Name + "_on", Shadow = Name + "_shadow";
    Emit("auto " + Shadow + " = " + shadow(Begin, false) + ";");
    Emit("const bool " + On + " = " + Shadow + ".run_fused(" + Guard + ");");
    for (size_t K = 0; K < Runs.size(); ++K) {
      if (K > 0)
        Out += "\n" + Indent + Markers::KeptBegin +
               Text.slice(Runs[K - 1].second, Runs[K].first).str() +
               Markers::KeptEnd;
      if (K == Group.LaunchRun) {
        Emit("if (" + On + ") {");
        Emit("  " + Launch);
        Emit("} else {");
      } else {
        Emit("if (!" + On + ") {");
      }
      Out += Original(Runs[K].first, Runs[K].second);
      Out += "\n" + Indent + "}";
    }
    Emit("if (" + Shadow + ".replay()) {");
    Emit("  " + Launch);
    Emit("  " + Shadow + ".compare();");
    Emit("}");
    Out += "\n" + Indent + Markers::End;
    return Code;
  }
};

} // namespace

std::string FusedKernelEmitter::functorName(const FusionGroup &Group,
                                            const std::vector<KernelModel> &Sites) {
  std::string Name = "kfuse_fused";
  for (size_t S : Group.Sites)
    Name += "_" + identifier(Sites[S].LabelKind == "literal"
                                 ? Sites[S].Label
                                 : "site" + std::to_string(S));
  return Group.Repeats ? Name + "_repeated" : Name;
}

FusedKernelEmitter::FusedCode
FusedKernelEmitter::emit(const FusionGroup &Group,
                         const std::vector<KernelModel> &Sites,
                         llvm::StringRef FileText, const EmitOptions &Opts,
                         const std::string &Name) {
  // Views reached through accessors have no name for a restrict pointer:
  // the bodies read them as written.
  EmitOptions Own = Opts;
  Own.Restrict &= planner::restrictable(Group.Sites, Sites);
  Emitter E{Group, Sites, FileText, Own};
  return E.emit(Name);
}

} // namespace kfuse
