//===- FusedKernelEmitter.cpp - Code for one fused group ------------------===//

#include "kfuse/FusedKernelEmitter.h"
#include "emit/PrivateMembers.h"
#include "emit/FusedBodies.h"
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

/// The fused functor around the bodies (emit::FusedBodies), its guard and
/// the code that launches it in place of the group.
struct Emitter : emit::FusedBodies {
  using FusedBodies::FusedBodies;
  /// Views behind private members the guard names (their declarations
  /// go before the functor).
  emit::PrivateMembers Private;

  std::string indexParams() {
    std::vector<std::string> P;
    for (unsigned D = 0; D < Sites[Group.Sites.front()].Policy.Rank; ++D)
      P.push_back("const " + indexType() + " kfuse_i" + std::to_string(D));
    return llvm::join(P, ", ");
  }

  std::string indexArgs() {
    std::vector<std::string> P;
    for (unsigned D = 0; D < Sites[Group.Sites.front()].Policy.Rank; ++D)
      P.push_back("kfuse_i" + std::to_string(D));
    return llvm::join(P, ", ");
  }

  std::string accumulatorType() {
    return withoutConstRef(Reduce->Reduction->AccumulatorType);
  }


  /// Each call of the restrict body runs a chunk of indices (on the host;
  /// one on a device): parallel_fors over a 1-D range, where the order of
  /// the indices is free (reductions keep Kokkos' order of combining).
  bool chunked() const {
    const PolicyModel &P = Sites[Group.Sites.front()].Policy;
    return Opts.Restrict && !composition() && !Reduce && !combinedReductions() &&
           chunkablePolicy(P);
  }

  /// A composed functor's call runs a chunk of indices (on the host; one
  /// on a device), each part's operator over the chunk in turn
  /// (::kfuse::compose_chunks): over a 1-D range. A reduction's chunks
  /// are more than one index only where they keep its order of combining
  /// (::kfuse::reduction_chunk_size).
  bool composedChunks() const {
    return composition() && chunkablePolicy(Sites[Group.Sites.front()].Policy);
  }

  /// The prefix of the chunk helpers for this group's launch.
  std::string chunkHelper() const {
    return Reduce || combinedReductions() ? "::kfuse::reduction_" : "::kfuse::";
  }

  static bool self(const KernelModel &M) {
    return M.Functor.Kind == FunctorModel::Form::Object &&
           planner::squeeze(M.Functor.Text) == "*this";
  }

  /// The enclosing object's launches: its Views are its members.
  bool selfComposition() const {
    return composition() && self(Sites[Group.Sites.front()]);
  }

  /// The member of the composed functor holding kernel \p K's functor.
  static std::string partMember(size_t K) { return "kfuse_part" + std::to_string(K + 1); }

  /// A member of the composed functor: its type parameter, its name, and
  /// the argument of make_fused that initialises it.
  struct Part {
    std::string Member, Arg;
  };

  /// The members of the composed functor, in order: the enclosing object
  /// (once) or each kernel's functor as written, each kernel's work tag,
  /// then the conditions.
  std::vector<Part> compositionParts() const {
    std::vector<Part> Out;
    bool Self = false;
    for (size_t K = 0; K < Group.Sites.size(); ++K) {
      const KernelModel &M = Sites[Group.Sites[K]];
      if (!self(M))
        Out.push_back({partMember(K),
                       Text.substr(M.Functor.Range.Offset, M.Functor.Range.Length).str()});
      else if (!Self)
        Out.push_back({"self", "*this"});
      Self |= self(M);
      if (!M.Policy.WorkTag.empty())
        Out.push_back({tagMember(K), M.Policy.WorkTag + "()"});
    }
    for (const ScalarUse &C : Conditions)
      Out.push_back({C.Name, C.Name});
    return Out;
  }

  /// The member of the composed functor holding kernel \p K's work tag.
  static std::string tagMember(size_t K) { return "kfuse_tag" + std::to_string(K + 1); }

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

  /// The template parameters the copied bodies name (of the templates
  /// around the launches), in first-use order.
  std::vector<KernelModel::TemplateParam> templateParams() const {
    std::vector<KernelModel::TemplateParam> Out;
    for (size_t S : Group.Sites)
      for (const KernelModel::TemplateParam &P : Sites[S].TemplateParams)
        if (!llvm::is_contained(Out, P))
          Out.push_back(P);
    return Out;
  }
  static std::string templateParamMember(const KernelModel::TemplateParam &P) {
    return "kfuse_tp_" + P.Name;
  }

  /// Arguments of make_fused, in the order of the functor's members.
  std::vector<std::string> memberArgs() {
    if (!composition()) {
      std::vector<std::string> Out = memberNames();
      // Each template parameter as an empty value whose type carries it.
      for (const KernelModel::TemplateParam &P : templateParams())
        Out.push_back(P.IsType ? "::kfuse::type_is<" + P.Name + ">()"
                               : "::kfuse::value_is<decltype(" + P.Name + "), " + P.Name + ">()");
      return Out;
    }
    std::vector<std::string> Out;
    for (const Part &P : compositionParts())
      Out.push_back(P.Arg);
    return Out;
  }

  /// The composed functor: a copy of the object, the work tags, the
  /// conditions; its operator calls the object's operators in turn.
  std::vector<std::string> composedFunctor(const std::string &Name) {
    std::vector<std::string> Params, Members, Calls;
    for (const Part &P : compositionParts()) {
      Params.push_back("class T_" + P.Member);
      Members.push_back("  T_" + P.Member + " " + P.Member + ";");
    }
    // Reductions: one value, or the combined value of several.
    std::string Acc;
    std::vector<std::string> Reducing;
    if (combinedReductions()) {
      Reducing = combinedValue(Name + "_values");
      Acc = ", value_type &kfuse_v";
    } else if (Reduce) {
      Reducing.push_back("  using value_type = " + valueType(*Reduce->Reduction) + ";");
      Acc = ", value_type &kfuse_v";
    }
    for (size_t K = 0; K < Group.Sites.size(); ++K) {
      const KernelModel &M = Sites[Group.Sites[K]];
      std::string Call = (self(M) ? std::string("self") : partMember(K)) + "(";
      if (!M.Policy.WorkTag.empty())
        Call += tagMember(K) + ", ";
      Call += indexArgs();
      if (M.Reduction)
        Call += combinedReductions()
                    ? ", kfuse_v.r" + std::to_string(llvm::find(Reductions, &M) - Reductions.begin())
                    : std::string(", kfuse_v");
      Call += ");";
      // Under its `if`, below its own ends (horizontal fusion).
      std::string When = partGuard(M);
      std::string Guarded = (When.empty() ? std::string() : "if (" + When + ") ") + Call;
      if (composedChunks())
        Calls.push_back("    for (" + indexType() + " kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; "
                        "++kfuse_i0)\n      " + Guarded);
      else
        Calls.push_back("    " + Guarded);
    }
    std::string Index = indexParams();
    if (composedChunks()) {
      Params.push_back("class T_kfuse_chunks");
      Members.push_back("  // The indices each call runs (one on a device, a chunk on the host).\n"
                        "  T_kfuse_chunks kfuse_chunks;");
      Index = "const " + indexType() + " kfuse_chunk";
      Calls.insert(Calls.begin(), "    const " + indexType() +
                                      " kfuse_begin = kfuse_chunks.begin(kfuse_chunk), "
                                      "kfuse_end = kfuse_chunks.end(kfuse_chunk);");
    }
    std::vector<std::string> L;
    std::vector<std::string> Labels;
    for (size_t S : Group.Sites)
      Labels.push_back("'" + Sites[S].Label + "'");
    L.push_back("// " + llvm::join(Labels, ", ") + " (" + Sites[Group.Sites.front()].Id.RelFile +
                ":" + std::to_string(Sites[Group.Sites.front()].Pos.Line) +
                "), fused: " +
                (selfComposition() ? "the object's operators" : "the functors") +
                (composedChunks() ? " called in turn over each chunk of indices."
                                  : " called in turn for each index."));
    if (combinedReductions())
      combinedStruct(Name, L);
    L.push_back("template <" + llvm::join(Params, ", ") + "> struct " + Name + " {");
    L.insert(L.end(), Members.begin(), Members.end());
    L.insert(L.end(), Reducing.begin(), Reducing.end());
    L.push_back("  KOKKOS_INLINE_FUNCTION void operator()(" + Index + Acc + ") const {");
    L.insert(L.end(), Calls.begin(), Calls.end());
    L.push_back("  }");
    L.push_back("};");
    return L;
  }

  std::vector<std::string> memberNames() {
    std::vector<std::string> Out;
    if (Opts.Restrict) {
      for (auto &[N, V] : Views)
        if (!llvm::is_contained(Out, memberOf(*V.Use)))
          Out.push_back(memberOf(*V.Use));
    } else {
      Out = Members;
    }
    for (const ScalarUse *S : Scalars)
      if (!llvm::is_contained(Out, S->Name))
        Out.push_back(S->Name);
    return Out;
  }


  /// The fused functor: a class template over its members' types, defined
  /// at namespace scope (CUDA cannot launch a type local to a function).
  std::vector<std::string> functor(const std::string &Name) {
    if (composition())
      return composedFunctor(Name);
    std::vector<std::string> Params, L;
    for (const std::string &N : memberNames())
      Params.push_back("class T_" + N);
    for (const KernelModel::TemplateParam &P : templateParams())
      Params.push_back("class T_" + templateParamMember(P));
    if (chunked())
      Params.push_back("class T_kfuse_chunks");
    std::vector<std::string> Labels;
    for (size_t S : Group.Sites)
      Labels.push_back(Sites[S].LabelKind == "literal" ? "'" + Sites[S].Label + "'"
                                                       : Sites[S].Id.str());
    const SourcePos &At = Sites[Group.Sites.front()].Pos;
    L.push_back("// " + llvm::join(Labels, ", ") + " (" + Sites[Group.Sites.front()].Id.RelFile +
                ":" + std::to_string(At.Line) + "), fused" +
                (Group.Repeats ? std::string(Group.Sites.size() == 1 ? " with the host loop around it"
                                                                     : " with the host loop around them") +
                                     " (line " +
                                     std::to_string(Sites[Group.Sites.front()].Repeat->Pos.Line) +
                                     ")."
                               : "."));
    if (combinedReductions())
      combinedStruct(Name, L);
    L.push_back("template <" + llvm::join(Params, ", ") + ">");
    L.push_back("struct " + Name + " {");
    for (const std::string &N : memberNames())
      L.push_back("  T_" + N + " " + N + ";");
    if (!templateParams().empty())
      L.push_back("  // The template parameters the bodies name, as the launch site has them.");
    for (const KernelModel::TemplateParam &P : templateParams()) {
      std::string M = templateParamMember(P);
      L.push_back("  T_" + M + " " + M + ";");
      L.push_back(P.IsType ? "  using " + P.Name + " = typename T_" + M + "::type;"
                           : "  static constexpr auto " + P.Name + " = T_" + M + "::value;");
    }
    if (chunked()) {
      L.push_back("  // The indices each call runs (one on a device, a chunk on the host).");
      L.push_back("  T_kfuse_chunks kfuse_chunks;");
    }
    std::string Acc, AccArg, BodyAcc;
    if (combinedReductions()) {
      std::vector<std::string> Lines = combinedValue(Name + "_values");
      L.insert(L.end(), Lines.begin(), Lines.end());
      Acc = ", value_type &kfuse_v";
      for (size_t K = 0; K < Reductions.size(); ++K) {
        BodyAcc += ", " + valueType(*Reductions[K]->Reduction) + " &" + partial(K);
        AccArg += ", kfuse_v.r" + std::to_string(K);
      }
    } else if (Reduce) {
      L.push_back("  using value_type = " + accumulatorType() + ";");
      Acc = ", " + accumulatorType() + " &" + Reduce->Reduction->AccumulatorParam;
      BodyAcc = Acc;
      AccArg = ", " + Reduce->Reduction->AccumulatorParam;
    }
    std::vector<std::string> Bodies = bodies();

    if (Opts.Restrict) {
      std::vector<std::string> Params, Args, Objects;
      for (auto &[N, V] : Views) {
        if (!V.Use->Accessor.empty()) {
          // Read through an accessor of its object, which the body calls
          // (passed once; by value where the body also reads it as a scalar).
          const std::string &O = memberOf(*V.Use);
          bool Scalar = llvm::any_of(Scalars, [&](const ScalarUse *S) { return S->Name == O; });
          if (!Scalar && !llvm::is_contained(Objects, O)) {
            Objects.push_back(O);
            Params.push_back("const T_" + O + " &" + O);
            Args.push_back(O);
          }
          continue;
        }
        // The functor holds the View under the name of its first use (a
        // member of memberNames); the body names it by the group's
        // canonical name N, which differs where two names were merged.
        const std::string &Held = V.Use->Name;
        Params.push_back(elementType(Held, V) + " *KOKKOS_RESTRICT " + identifier(N) + "_");
        Args.push_back(V.Use->Pointer ? Held : Held + ".data()");
        if (V.Strided)
          for (unsigned D = 0; D < V.Use->Rank; ++D) {
            Params.push_back("const ::kfuse::stride_t<" + viewType(Held) + ", " +
                             std::to_string(D) + ", " + std::to_string(V.Use->Rank) + "> " +
                             identifier(N) + "_s" + std::to_string(D));
            Args.push_back(Held + ".stride(" + std::to_string(D) + ")");
          }
      }
      for (const ScalarUse *S : Scalars) {
        Params.push_back("const T_" + S->Name + " " + S->Name);
        Args.push_back(S->Name);
      }
      L.push_back("  // Raw pointers as parameters: compilers honour restrict there, "
                  "not on members.");
      if (chunked()) {
        // The loop inside the scope where the pointers are restrict.
        std::string I = indexType();
        L.push_back("  KOKKOS_INLINE_FUNCTION static void body(const " + I + " kfuse_begin, const " +
                    I + " kfuse_end, " + llvm::join(Params, ", ") + ") {");
        L.push_back("    for (" + I + " kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {");
        for (const std::string &B : Bodies)
          L.push_back("  " + B);
        L.push_back("    }");
        L.push_back("  }");
        L.push_back("  KOKKOS_INLINE_FUNCTION void operator()(const " + I +
                    " kfuse_chunk) const {");
        L.push_back("    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), " +
                    llvm::join(Args, ", ") + ");");
        L.push_back("  }");
      } else {
        L.push_back("  KOKKOS_INLINE_FUNCTION static void body(" + indexParams() + ", " +
                    llvm::join(Params, ", ") + BodyAcc + ") {");
        L.insert(L.end(), Bodies.begin(), Bodies.end());
        L.push_back("  }");
        L.push_back("  KOKKOS_INLINE_FUNCTION void operator()(" + indexParams() + Acc +
                    ") const {");
        L.push_back("    body(" + indexArgs() + ", " + llvm::join(Args, ", ") + AccArg + ");");
        L.push_back("  }");
      }
    } else {
      L.push_back("  KOKKOS_INLINE_FUNCTION void operator()(" + indexParams() +
                  Acc + ") const {");
      L.insert(L.end(), Bodies.begin(), Bodies.end());
      L.push_back("  }");
    }
    L.push_back("};");
    return L;
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

  /// What the plan relied on: written Views overlap nothing else, merged
  /// names are one View, assumed-equal ranges are equal.
  std::string guard() {
    std::vector<std::string> Bytes;
    for (auto &[N, V] : Views) {
      std::string Written =
          V.Written || llvm::is_contained(Group.HostViews, N) ? "true" : "false";
      if (V.Use->Pointer)
        Bytes.push_back(footprint(N, Written));
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
    auto Original = [&](unsigned From, unsigned To) {
      // Byte for byte, for the fallback and `revert`. (The first line is
      // indented like the others; revert drops that.)
      return "\n" + std::string(Markers::OriginalBegin) + Indent + "  " +
             Text.slice(From, To).str() + Markers::OriginalEnd;
    };
    std::string &Out = Code.Replacement;
    Out = std::string(Markers::Begin) + " fused(" + llvm::join(Quoted, ", ") + ")" +
          (Group.Repeats ? " repeated" : "") +
          (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
    auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
    if (Runs.size() == 1) {
      Emit("if (" + Guard + ") {");
      Emit("  " + Launch);
      Emit("} else {");
      Out += Original(Begin, End);
      Out += "\n" + Indent + "}\n" + Indent + Markers::End;
      return Code;
    }
    // Code between the launches stays in place, outside any new scope (it
    // may declare names used later), and runs once either way. The fused
    // launch runs where run LaunchRun of the original launches ran.
    std::string On = Name + "_on";
    Emit("const bool " + On + " = " + Guard + ";");
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
