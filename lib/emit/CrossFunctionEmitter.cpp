//===- CrossFunctionEmitter.cpp - Code for chains across functions -------===//

#include "kfuse/CrossFunctionEmitter.h"
#include "emit/InlinedPairEmitter.h"
#include "plan/PlannerSupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <functional>
#include <map>
#include <optional>

namespace kfuse {
namespace {

/// The statement a site's code replaces: the launch statement itself, in
/// its block or as the branch of an `if` (`else parallel_for(...);`), which
/// the site's one statement replaces as well. Never the `if` around a launch
/// it guards alone (KernelModel::StmtRange then): the plan placed the launch
/// in that `if`'s branch, and the site's code runs where the launch did.
TextRange siteRange(const KernelModel &M) {
  return M.WholeStmt.valid() ? M.WholeStmt : M.StmtRange;
}


std::string indentAt(llvm::StringRef Text, unsigned Offset) {
  size_t LineStart = Text.take_front(Offset).rfind('\n');
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  std::string Indent;
  for (char C : Text.slice(LineStart, Offset))
    Indent += llvm::isSpace(C) ? C : ' ';
  return Indent;
}

/// The launch statement \p M as written, for the fallback and `revert`
/// (its first line indented like the others; revert drops that).
std::string originalSection(llvm::StringRef Text, const KernelModel &M,
                            const std::string &Indent) {
  return "\n" + std::string(Markers::OriginalBegin) + Indent +
         Text.substr(siteRange(M).Offset, siteRange(M).Length).str() + Markers::OriginalEnd;
}

std::string quoted(const KernelModel &M) { return planner::codeName(M); }

std::string place(const KernelModel &M) {
  return M.Id.RelFile + ":" + std::to_string(M.Pos.Line);
}

/// The members of the first kernel's functor: its captured Views, then its
/// scalars, in the order of the model.
struct Member {
  std::string Name, Type;
  bool Object = false; ///< an object holding Views, captured whole
};
std::vector<Member> membersOf(const KernelModel &A) {
  std::vector<Member> Out;
  for (const ViewUse &V : A.Views) {
    if (V.Local)
      continue;
    if (V.Root.empty())
      Out.push_back({V.Name, V.PortableType});
    else if (llvm::none_of(Out, [&](const Member &M) { return M.Name == V.Root; }))
      Out.push_back({V.Root, V.RootClass, true}); // the captured object, whole
  }
  for (const ScalarUse &S : A.Scalars)
    Out.push_back({S.Name, S.PortableType});
  return Out;
}

/// `template <class T_a, ...> struct Name {` and a member per capture.
std::string functorHead(const std::string &Name, const std::vector<Member> &Members) {
  std::vector<std::string> Params;
  for (const Member &M : Members)
    Params.push_back("class T_" + M.Name);
  std::string Out = (Params.empty() ? std::string("template <class...>") // never: a kernel names data
                                    : "template <" + llvm::join(Params, ", ") + ">") +
                    " struct " + Name + " {\n";
  for (const Member &M : Members)
    Out += "  T_" + M.Name + " " + M.Name + ";\n";
  return Out;
}

/// The value type of the reduction \p K, as any scope can name it.
std::string aheadValue(const KernelModel &K) {
  const ReductionModel &R = *K.Reduction;
  if (R.ClassVariable && !R.AccumulatorQualified.empty())
    return R.AccumulatorQualified;
  return R.AccumulatorPortable.empty() ? planner::withoutConstRef(R.AccumulatorType)
                                       : R.AccumulatorPortable;
}

/// How ReduceBoth combines the partial results of \p K: as its value type
/// (a sum: += from a value-initialised value), or through its reducer.
std::string aheadCombine(const KernelModel &K) {
  const ReductionModel &R = *K.Reduction;
  return R.Reducer == "Sum" ? aheadValue(K) : "::kfuse::Reduced<" + R.ReducerType + ">";
}

/// The functor of \p B, a reduction computed ahead with \p A: its
/// captures as members, its body verbatim (in A's file, whose site launches
/// both).
std::string aheadPart(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                      llvm::StringRef TextB) {
  std::vector<Member> Members = membersOf(B);
  std::string Out = std::string(Markers::FunctorBegin) + " " + C.PartName + "\n";
  Out += "// '" + quoted(B) + "' (" + place(B) + ") as a functor: computed ahead, in one\n"
         "// kernel with '" + quoted(A) + "' (" + place(A) + "), when " + callersOf(C) +
         " calls their functions in turn.\n";
  Out += functorHead(C.PartName, Members);
  // An operator() (of `*this`) may be written in a header: its own text.
  std::string Body = B.Functor.Kind == FunctorModel::Form::Object
                         ? B.Functor.BodyText
                         : TextB.substr(B.Functor.BodyRange.Offset, B.Functor.BodyRange.Length).str();
  Out += "  KOKKOS_INLINE_FUNCTION void operator()(" + B.Functor.IndexType + " " +
         B.Functor.IndexParams.front() + ", " + aheadValue(B) + " &" + " " +
         B.Reduction->AccumulatorParam + ") const " + Body + "\n};\n";
  Out += Markers::FunctorEnd;
  return Out;
}

/// The name of the copy of the second kernel's functor (CopySecond).
std::string copyName(const CrossChain &C) {
  return "kfuse_second" + C.Key.substr(std::string("kfuse_chain").size());
}

/// The functor of \p B copied into the file of \p A, whose site launches
/// both (CrossChain::CopySecond): the data members its body names, its
/// body as written.
std::string copiedPart(const CrossChain &C, const KernelModel &A, const KernelModel &B) {
  std::string Name = copyName(C);
  std::string Out = std::string(Markers::FunctorBegin) + " " + Name + "\n";
  Out += "// '" + quoted(B) + "' (" + place(B) + ") as a functor: its " +
         (C.SecondMembers ? "class is declared\n// where this file cannot name it (its site hands "
                            "over its members)"
                          : "operator() is defined\n// where this file cannot call it") +
         "; it runs fused with '" + quoted(A) + "' (" + place(A) + ")\n// when " + callersOf(C) +
         " calls their functions in turn.\n";
  Out += functorHead(Name, membersOf(B));
  // The body one level deeper than written (at the top of its file).
  std::string Body;
  for (llvm::StringRef Rest = B.Functor.BodyText; !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    Body += (Body.empty() || Line.empty() ? "" : "  ") + Line.str() + (Next.empty() ? "" : "\n");
    Rest = Next;
  }
  Out += "  KOKKOS_INLINE_FUNCTION void operator()(" + B.Functor.IndexType + " " +
         B.Functor.IndexParams.front() + ") const " + Body + "\n};\n";
  Out += Markers::FunctorEnd;
  return Out;
}

/// \p B's data members (membersOf) read from \p Object: as its members, or
/// (\p Tuple) as the elements of the tuple they were handed over in.
std::string memberArgs(const KernelModel &B, const std::string &Object, bool Tuple) {
  std::vector<std::string> Args;
  std::vector<Member> Members = membersOf(B);
  for (size_t I = 0; I < Members.size(); ++I)
    Args.push_back(Tuple ? "std::get<" + std::to_string(I) + ">(" + Object + ")"
                         : Object + "." + Members[I].Name);
  return llvm::join(Args, ", ");
}

/// The copy of \p B's functor built from \p Object, its functor object,
/// or (CrossChain::SecondMembers) from the tuple of its members.
std::string copyOf(const CrossChain &C, const KernelModel &B, const std::string &Object) {
  return "::kfuse::make_fused<" + copyName(C) + ">(" + memberArgs(B, Object, C.SecondMembers) +
         ")";
}

/// The tuple of \p B's data members that its site hands to the first's
/// (CrossChain::SecondMembers): types both files name.
std::string membersTuple(const KernelModel &B) {
  std::vector<std::string> Types;
  for (const Member &M : membersOf(B))
    Types.push_back(planner::withoutConstRef(M.Type));
  return "std::tuple<" + llvm::join(Types, ", ") + ">";
}

/// The types of \p B's captures, in the order of its functor's members:
/// the tuple the caller builds them into (an object holding Views with
/// its address).
std::string capturesTuple(const KernelModel &B) {
  std::vector<std::string> Types;
  for (const Member &M : membersOf(B))
    Types.push_back(M.Object ? "::kfuse::Held<" + planner::withoutConstRef(M.Type) + ">"
                             : planner::withoutConstRef(M.Type));
  return "std::tuple<" + llvm::join(Types, ", ") + ">";
}

/// The site of \p A, a reduction whose function needs its result at once:
/// when the caller's window holds the captures of \p B, the two run as
/// one and B's result is kept for its site.
std::string aheadSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                      llvm::StringRef TextA, const EmitOptions &Opts) {
  std::string Indent = indentAt(TextA, siteRange(A).Offset);
  std::string Label = quoted(A) + "+" + quoted(B);
  // What this kernel writes, against the second's Views (by their captures).
  std::vector<std::string> Checks;
  std::vector<Member> Members = membersOf(B);
  for (const ViewUse &VA : A.Views) {
    if (VA.Local || !planner::writes(VA.Mode))
      continue;
    for (size_t K = 0; K < Members.size(); ++K) {
      if (llvm::none_of(B.Views, [&](const ViewUse &V) { return V.Name == Members[K].Name; }))
        continue;
      std::string Theirs = "std::get<" + std::to_string(K) + ">(*kfuse_second)";
      Checks.push_back(VA.Name == Members[K].Name
                           ? "::kfuse::same_or_apart(" + VA.Name + ", " + Theirs + ")"
                           : "::kfuse::apart(" + VA.Name + ", true, " + Theirs + ", false)");
    }
  }
  std::string Out = std::string(Markers::Begin) + " ahead(\"" + quoted(A) + "\") with \"" +
                    quoted(B) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // '" + quoted(B) + "' (" + place(B) + ") may be computed here too, in one kernel");
  Emit("  // with this one, when " + callersOf(C) + " is about to call its function.");
  Emit("  const auto kfuse_policy = " + A.Policy.Text + ";");
  Emit("  auto *kfuse_second = ::kfuse::ahead<" + capturesTuple(B) + ">(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  Emit("  if (kfuse_second && ::kfuse::use_fused(\"" + Label + "\", " +
       (Checks.empty() ? std::string("true") : llvm::join(Checks, " &&\n" + Indent + "      ")) +
       ")) {");
  Emit("    ::kfuse::BothValues<" + aheadValue(A) + ", " + aheadValue(B) + "> kfuse_values;");
  Emit("    Kokkos::parallel_reduce(\"" + Label + "\", kfuse_policy,");
  Emit("        ::kfuse::reduce_both<" + planner::withoutConstRef(A.Functor.IndexType) + ", " +
       aheadCombine(A) + ", " + aheadCombine(B) + ">(");
  Emit("            " + TextA.substr(A.Functor.Range.Offset, A.Functor.Range.Length).str() + ",");
  Emit("            ::kfuse::make_from_tuple<" + C.PartName + ">(*kfuse_second)),");
  Emit("        kfuse_values);");
  Emit("    " + A.Reduction->ResultText + " = kfuse_values.First;");
  Emit("    ::kfuse::computed_ahead(\"" + C.Key + "\", kfuse_values.Second);");
  Emit("  } else {");
  Out += originalSection(TextA, A, Indent + "    ");
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

/// The site of \p B, computed ahead with \p A: takes that result when it
/// was computed over this range from these Views and values.
std::string aheadResultSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                            llvm::StringRef TextB, const EmitOptions &Opts) {
  std::string Indent = indentAt(TextB, siteRange(B).Offset);
  std::string AccB = aheadValue(B);
  std::vector<std::string> Same;
  std::vector<Member> Members = membersOf(B);
  for (size_t K = 0; K < Members.size(); ++K) {
    std::string Theirs = "std::get<" + std::to_string(K) + ">(*kfuse_captures)";
    bool View = llvm::any_of(B.Views, [&](const ViewUse &V) { return V.Name == Members[K].Name; });
    Same.push_back(Members[K].Object ? "::kfuse::same_object(" + Theirs + ", " + Members[K].Name + ")"
                   : View            ? "::kfuse::same_view(" + Theirs + ", " + Members[K].Name + ")"
                                     : Theirs + " == " + Members[K].Name);
  }
  std::string Out = std::string(Markers::Begin) + " ahead-result(\"" + quoted(B) +
                    "\") after \"" + quoted(A) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // Computed ahead with '" + quoted(A) + "' (" + place(A) + ") when this range, these");
  Emit(llvm::any_of(Members, [](const Member &M) { return M.Object; })
           ? "  // Views, objects and values were the ones it was computed from."
           : "  // Views and these values were the ones it was computed from.");
  Emit("  const auto kfuse_policy = " + B.Policy.Text + ";");
  Emit("  " + capturesTuple(B) + " *kfuse_captures = nullptr;");
  Emit("  const " + AccB + " *kfuse_ahead = ::kfuse::ahead_result<" + capturesTuple(B) + ", " +
       AccB + ">(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy), kfuse_captures);");
  Emit("  if (kfuse_ahead && " + llvm::join(Same, " &&\n" + Indent + "      ") + ") {");
  Emit("    " + B.Reduction->ResultText + " = *kfuse_ahead;");
  Emit("    ::kfuse::discard(\"" + C.Key + "\");");
  Emit("  } else {");
  Emit("    ::kfuse::discard(\"" + C.Key + "\");");
  Out += originalSection(TextB, B, Indent + "    ");
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

std::string partFunctor(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                        llvm::StringRef TextA) {
  std::vector<Member> Members = membersOf(A);
  std::string Out = std::string(Markers::FunctorBegin) + " " + C.PartName + "\n";
  if (C.self())
    Out += "// '" + quoted(A) + "' (" + place(A) + ") as a functor: deferred, it runs fused\n"
           "// with itself when " + callersOf(C) + " calls its function twice in a row.\n";
  else
    Out += "// '" + quoted(A) + "' (" + place(A) + ") as a functor: deferred, it runs fused\n"
           "// with '" + quoted(B) + "' (" + place(B) + ") when " + callersOf(C) +
           " calls their functions in turn.\n";
  Out += functorHead(C.PartName, Members);
  std::string Body = TextA.substr(A.Functor.BodyRange.Offset, A.Functor.BodyRange.Length).str();
  std::vector<std::string> Index;
  for (const std::string &P : A.Functor.IndexParams)
    Index.push_back(A.Functor.IndexType + " " + P);
  Out += "  KOKKOS_INLINE_FUNCTION void operator()(" + llvm::join(Index, ", ") + ") const " +
         Body + "\n};\n";
  Out += Markers::FunctorEnd;
  return Out;
}

std::string partType(const CrossChain &C, const KernelModel &A) {
  if (A.Functor.Kind == FunctorModel::Form::Object)
    return A.Functor.SpelledClass;
  std::vector<std::string> Types;
  for (const Member &M : membersOf(A))
    Types.push_back(M.Type);
  return C.PartName + "<" + llvm::join(Types, ", ") + ">";
}

/// \p Expr, a functor of \p M's, as a fused functor calls it: through
/// \p M's work tag where its policy has one.
std::string taggedPart(const KernelModel &M, const std::string &Expr) {
  return M.Policy.WorkTag.empty() ? Expr
                                  : "::kfuse::tagged<" + M.Policy.WorkTagClass + ">(" + Expr + ")";
}

/// The type of taggedPart(\p M, a \p Type).
std::string taggedType(const KernelModel &M, const std::string &Type) {
  return M.Policy.WorkTag.empty() ? Type
                                  : "::kfuse::Tagged<" + M.Policy.WorkTagClass + ", " + Type + ">";
}

std::string labelArgument(const KernelModel &M) {
  if (M.LabelKind == "none" || M.Label.empty())
    return "";
  return (M.LabelKind == "literal" ? "\"" + M.Label + "\"" : M.Label) + ", ";
}

/// The launch of \p I's one body, written by \p LaunchOf for a way to build
/// its functor: where both kernels read numbers of one name, one launch
/// for when they hold the same bits (the body reads one value for both)
/// and one for when not. \p Indent is the launch's.
std::string inlinedLaunch(const InlinedPair &I,
                          const std::function<std::string(const std::string &)> &LaunchOf,
                          const std::string &Indent) {
  if (I.SameValues.empty())
    return LaunchOf(I.Make);
  return "if (" + I.SameValues + ")\n" + Indent + "  " + LaunchOf(I.MakeSame) + "\n" + Indent +
         "else\n" + Indent + "  " + LaunchOf(I.Make);
}

/// The guard: each View of the first kernel against each of the second,
/// where one writes: one name is one View or apart; other names apart.
/// \p First and \p Second prefix the names (`kfuse_first->`).
std::string guardOf(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                    const std::string &First, const std::string &Second,
                    const std::string &Indent) {
  std::vector<std::string> Checks;
  for (const ViewUse &VA : A.Views) {
    if (VA.Local)
      continue;
    for (const ViewUse &VB : B.Views) {
      if (VB.Local)
        continue;
      bool WA = planner::writes(VA.Mode), WB = planner::writes(VB.Mode);
      if (!WA && !WB)
        continue;
      // Read through an accessor the guard cannot name: the planner proved
      // that no View written may hold its elements.
      if (!planner::guardNames(VA) || !planner::guardNames(VB))
        continue;
      // A bound functor object's View is read through its member.
      auto Through = [](const std::string &Prefix, const ViewUse &V) {
        return Prefix + (V.Member.empty() ? V.Name : V.Member);
      };
      std::string NA = Through(First, VA), NB = Through(Second, VB);
      if (VA.Pointer || VB.Pointer) {
        // By the elements each reaches over the second's range (the first's
        // is equal: the site checks it).
        std::string BA = planner::guardBytes(A, VA, NA, WA, &B.Policy),
                    BB = planner::guardBytes(B, VB, NB, WB, &B.Policy);
        Checks.push_back(sameView(C.Merged, VA.Name, VB.Name)
                             ? "::kfuse::same_or_apart_bytes(" + BA + ", " + BB + ")"
                             : "::kfuse::apart_bytes(" + BA + ", " + BB + ")");
        continue;
      }
      if (sameView(C.Merged, VA.Name, VB.Name) &&
          !(VA.Name == VB.Name && C.Distinct.count(VA.Name)))
        Checks.push_back("::kfuse::same_or_apart(" + NA + ", " + NB + ")");
      else
        Checks.push_back("::kfuse::apart(" + NA + ", " + (WA ? "true" : "false") + ", " + NB +
                         ", " + (WB ? "true" : "false") + ")");
    }
  }
  return Checks.empty() ? "true" : llvm::join(Checks, " &&\n" + Indent);
}

/// `::kfuse::defer(...)` keeping \p Part, \p A's functor, pending for \p C,
/// launched as \p A's launch where nothing runs it fused; \p In is the
/// indent of the call inside the site.
void deferPart(const CrossChain &C, const KernelModel &A, const std::string &Part,
               const std::string &In, const std::function<void(const std::string &)> &Emit) {
  Emit(In + "::kfuse::defer(\"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy),");
  Emit(In + "               " + Part + ",");
  Emit(In + "               [=](const auto &kfuse_part) {");
  Emit(In + "                 Kokkos::parallel_for(" + labelArgument(A) +
       "kfuse_policy, kfuse_part);");
  Emit(In + "               });");
}

/// \p A's functor as a part: its functor object, or its lambda's captures
/// in C's part functor.
std::string partOf(const CrossChain &C, const KernelModel &A) {
  if (A.Functor.Kind == FunctorModel::Form::Object)
    return A.Functor.Text;
  std::vector<std::string> Args;
  for (const Member &M : membersOf(A))
    Args.push_back(M.Name);
  return "::kfuse::make_fused<" + C.PartName + ">(" + llvm::join(Args, ", ") + ")";
}

/// The site of \p A, the first kernel of \p C: deferred when the window is
/// armed. When \p C is reversed, this site launches both (through
/// \p Inlined's one body, when given, else the two functors in turn).
std::string deferredSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                         llvm::StringRef TextA, const EmitOptions &Opts,
                         const InlinedPair *Inlined) {
  std::string Indent = indentAt(TextA, siteRange(A).Offset);
  std::string Out = std::string(Markers::Begin) + " deferred(\"" + quoted(A) + "\") until \"" +
                    quoted(B) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("if (::kfuse::deferring(\"" + C.Key + "\")) {");
  Emit("  // Runs later: fused with '" + quoted(B) + "' (" + place(B) + "), or on its own.");
  Emit("  const auto kfuse_policy = " + A.Policy.Text + ";");
  if (C.Reverse) {
    // The second's site cannot name this functor's class: this site
    // launches both when the second asks.
    // Or, where it cannot name the second's either, the second's site
    // hands over its members, which a copy of its body runs on.
    std::string Second = C.SecondMembers ? membersTuple(B) : B.Functor.SpelledClass;
    Emit("  ::kfuse::defer_fusable<" + Second + ">(\"" + C.Key +
         "\", ::kfuse::bounds_of(kfuse_policy),");
    Emit("      " + A.Functor.Text + ",");
    Emit("      [=](const auto &kfuse_part) {");
    Emit("        Kokkos::parallel_for(" + labelArgument(A) + "kfuse_policy, kfuse_part);");
    Emit("      },");
    Emit("      [=](const auto &kfuse_first, const " + Second + " &kfuse_" +
         (C.SecondMembers ? "members" : "second") + ") {");
    if (C.SecondMembers)
      Emit("        const auto kfuse_second = " + copyOf(C, B, "kfuse_members") + ";");
    Emit("        if (!::kfuse::use_fused(\"" + quoted(A) + "+" + quoted(B) + "\", " +
         (Inlined ? Inlined->Guard
                  : guardOf(C, A, B, "kfuse_first.", "kfuse_second.", Indent + "              ")) +
         "))");
    Emit("          return false;");
    bool Chunked = !Inlined && chunkablePolicy(A.Policy); // launched over A's policy
    auto LaunchOf = [&](const std::string &Make) {
      return "Kokkos::parallel_for(\"" + quoted(A) + "+" + quoted(B) + "\", " +
             (Inlined   ? Inlined->Policy
              : Chunked ? std::string("::kfuse::chunked(kfuse_policy)")
                        : std::string("kfuse_policy")) +
             ", " + Make + ");";
    };
    Emit("        " +
         (Inlined ? inlinedLaunch(*Inlined, LaunchOf, Indent + "        ")
                  : LaunchOf("::kfuse::compose" + std::string(Chunked ? "_chunks<" : "<") +
                             planner::withoutConstRef(A.Functor.IndexType) + ">(" +
                             (Chunked ? "::kfuse::chunks_of(kfuse_policy), " : "") +
                             taggedPart(A, "kfuse_first") + ", " +
                             (C.SecondMembers ? std::string("kfuse_second")
                              : C.CopySecond  ? copyOf(C, B, "kfuse_second")
                                              : taggedPart(B, "kfuse_second")) +
                             ")")));
    Emit("        return true;");
    Emit("      });");
    Emit("} else {");
    Emit("  ::kfuse::flush(\"" + C.Key + "\"); // one pending from an outer call runs first");
    Out += originalSection(TextA, A, Indent + "  ");
    Out += "\n" + Indent + "}\n" + Indent + Markers::End;
    return Out;
  }
  deferPart(C, A, partOf(C, A), "  ", Emit);
  Emit("} else {");
  Emit("  ::kfuse::flush(\"" + C.Key + "\"); // one pending from an outer call runs first");
  Out += originalSection(TextA, A, Indent + "  ");
  Out += "\n" + Indent + "}\n" + Indent + Markers::End;
  return Out;
}


/// The launch of \p B composed with the pending kernel \p First (an
/// expression, called with its work tag), labelled \p Label.
std::string composedLaunch(const KernelModel &B, llvm::StringRef TextB, const std::string &First,
                           const std::string &Label) {
  std::string Index = planner::withoutConstRef(B.Functor.IndexType);
  std::string Second = B.Functor.Kind == FunctorModel::Form::Object
                           ? taggedPart(B, "kfuse_second")
                           : TextB.substr(B.Functor.Range.Offset, B.Functor.Range.Length).str();
  // Over a 1-D range each call runs a chunk of indices (ComposedChunks).
  // A reduction's chunks only where they keep its order of combining.
  bool Chunked = chunkablePolicy(B.Policy);
  std::string Of = B.Kind == LaunchKind::Reduce ? "reduction_" : "";
  std::string Policy = Chunked ? "::kfuse::" + Of + "chunked(kfuse_policy)" : "kfuse_policy";
  std::string Chunks = Chunked ? "::kfuse::" + Of + "chunks_of(kfuse_policy), " : "";
  if (B.Kind == LaunchKind::Reduce)
    return "Kokkos::parallel_reduce(\"" + Label + "\", " + Policy + ", ::kfuse::compose_reduce" +
           (Chunked ? "_chunks<" : "<") + Index + ", " +
           planner::withoutConstRef(B.Reduction->AccumulatorType) + ">(" + Chunks + First + ", " +
           Second + "), " + B.Reduction->ResultArgText + ");";
  return "Kokkos::parallel_for(\"" + Label + "\", " + Policy + ", ::kfuse::compose" +
         (Chunked ? "_chunks<" : "<") + Index + ">(" + Chunks + First + ", " + Second + "));";
}

/// The site of \p M, the second kernel of \p P (X -> M) and the first of
/// \p C (M -> Y): M runs fused with X when X is pending, and the two (or
/// M alone) are deferred again until Y.
std::string middleSite(const CrossChain &P, const CrossChain &C, const KernelModel &X,
                       const KernelModel &M, const KernelModel &Y, llvm::StringRef TextM,
                       const EmitOptions &Opts) {
  std::string Indent = indentAt(TextM, siteRange(M).Offset);
  std::string Part = partOf(C, M); // (a lambda's: chains of three are of lambdas)
  std::string Label = quoted(X) + "+" + quoted(M);
  std::string Launcher = "[=](const auto &kfuse_part) { Kokkos::parallel_for(";
  std::string Out = std::string(Markers::Begin) + " fused-across(\"" + quoted(X) + "\", \"" +
                    quoted(M) + "\") deferred until \"" + quoted(Y) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // '" + quoted(X) + "' (" + place(X) + ") may be pending: then both run as one, later:");
  Emit("  // with '" + quoted(Y) + "' (" + place(Y) + "), or on their own.");
  Emit("  const auto kfuse_policy = " + M.Policy.Text + ";");
  Emit("  auto *kfuse_first = ::kfuse::pending<" + partType(P, X) + ">(");
  Emit("      \"" + P.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  Emit("  if (kfuse_first && ::kfuse::use_fused(\"" + Label + "\", " +
       guardOf(P, X, M, "kfuse_first->", "", Indent + "        ") + ")) {");
  Emit("    const auto kfuse_both = ::kfuse::compose<" +
       planner::withoutConstRef(M.Functor.IndexType) + ">(" + taggedPart(X, "*kfuse_first") + ", " +
       taggedPart(M, Part) + ");");
  Emit("    ::kfuse::discard(\"" + P.Key + "\");");
  Emit("    if (::kfuse::deferring(\"" + C.Key + "\"))");
  Emit("      ::kfuse::defer(\"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy), kfuse_both,");
  Emit("                     " + Launcher + "\"" + Label + "\", kfuse_policy, kfuse_part); });");
  Emit("    else");
  Emit("      Kokkos::parallel_for(\"" + Label + "\", kfuse_policy, kfuse_both);");
  Emit("  } else {");
  Emit("    ::kfuse::flush(\"" + P.Key + "\");");
  Emit("    if (::kfuse::deferring(\"" + C.Key + "\")) {");
  Emit("      ::kfuse::defer(\"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy), " + Part + ",");
  Emit("                     " + Launcher + labelArgument(M) + "kfuse_policy, kfuse_part); });");
  Emit("    } else {");
  Emit("      ::kfuse::flush(\"" + C.Key + "\"); // one pending from an outer call runs first");
  Out += originalSection(TextM, M, Indent + "      ");
  Emit("    }");
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

/// The site of \p Y, the second kernel of \p C (M -> Y), whose first is
/// the second of \p P (X -> M): X and M may be pending as one, or M alone.
std::string lastSite(const CrossChain &P, const CrossChain &C, const KernelModel &X,
                     const KernelModel &M, const KernelModel &Y, llvm::StringRef TextY,
                     const EmitOptions &Opts) {
  std::string Indent = indentAt(TextY, siteRange(Y).Offset);
  bool SecondObject = Y.Functor.Kind == FunctorModel::Form::Object;
  std::string Second = SecondObject ? "kfuse_second." : "";
  std::string Index = planner::withoutConstRef(M.Functor.IndexType);
  CrossChain Apart; // X and Y: no names merged
  std::string Out = std::string(Markers::Begin) + " fused-across(\"" + quoted(M) + "\", \"" +
                    quoted(Y) + "\") after \"" + quoted(X) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // '" + quoted(M) + "' (" + place(M) + ") may be pending, alone or run as one with");
  Emit("  // '" + quoted(X) + "' (" + place(X) + "): then they run here as one with this kernel.");
  Emit("  const auto kfuse_policy = " + Y.Policy.Text + ";");
  if (SecondObject)
    Emit("  const auto kfuse_second = " + Y.Functor.Text + ";");
  Emit("  auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<" + Index + ", " +
       taggedType(X, partType(P, X)) + ", " + taggedType(M, partType(C, M)) + ">>(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  Emit("  auto *kfuse_first = ::kfuse::pending<" + partType(C, M) + ">(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  Emit("  if (kfuse_both && ::kfuse::use_fused(\"" + quoted(X) + "+" + quoted(M) + "+" +
       quoted(Y) + "\", " + guardOf(Apart, X, Y, "kfuse_both->A.", Second, Indent + "        ") +
       " &&");
  Emit("        " + guardOf(C, M, Y, "kfuse_both->B.", Second, Indent + "        ") + ")) {");
  Emit("    " + composedLaunch(Y, TextY, "*kfuse_both",
                               quoted(X) + "+" + quoted(M) + "+" + quoted(Y)));
  Emit("    ::kfuse::discard(\"" + C.Key + "\");");
  Emit("  } else if (kfuse_first && ::kfuse::use_fused(\"" + quoted(M) + "+" + quoted(Y) + "\", " +
       guardOf(C, M, Y, "kfuse_first->", Second, Indent + "        ") + ")) {");
  Emit("    " +
       composedLaunch(Y, TextY, taggedPart(M, "*kfuse_first"), quoted(M) + "+" + quoted(Y)));
  Emit("    ::kfuse::discard(\"" + C.Key + "\");");
  Emit("  } else {");
  Emit("    ::kfuse::flush(\"" + C.Key + "\");");
  Out += originalSection(TextY, Y, Indent + "    ");
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

/// The opening of a site that takes \p A, the first kernel of \p C, when it
/// is pending over \p B's range, and runs \p Launch (labelled \p Label)
/// where \p Guard holds; the site writes what runs otherwise (`} else`).
void takePending(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                 const std::string &Label, const std::string &Guard, const std::string &Launch,
                 const std::function<void(const std::string &)> &Emit) {
  Emit("  const auto kfuse_policy = " + B.Policy.Text + ";");
  if (B.Functor.Kind == FunctorModel::Form::Object)
    Emit("  const auto kfuse_second = " + B.Functor.Text + ";");
  Emit("  auto *kfuse_first = ::kfuse::pending<" + partType(C, A) + ">(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  Emit("  if (kfuse_first && ::kfuse::use_fused(\"" + Label + "\", " + Guard + ")) {");
  Emit("    " + Launch);
  Emit("    ::kfuse::discard(\"" + C.Key + "\");");
}

/// The site of \p B, the second kernel of \p C: runs \p A and \p B as one when
/// A is pending and the guard holds (through \p Inlined's one body, when
/// given, else by calling the two functors in turn).
std::string fusedSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                      llvm::StringRef TextB, const EmitOptions &Opts,
                      const InlinedPair *Inlined) {
  std::string Indent = indentAt(TextB, siteRange(B).Offset);
  std::string Label = quoted(A) + "+" + quoted(B);
  // A functor object is built once, for the guard to read its Views.
  bool SecondObject = B.Functor.Kind == FunctorModel::Form::Object;
  std::string Guard =
      Inlined ? Inlined->Guard
              : guardOf(C, A, B, "kfuse_first->", SecondObject ? "kfuse_second." : "",
                        Indent + "        ");
  auto LaunchOf = [&](const std::string &Make) {
    return B.Kind == LaunchKind::Reduce
               ? "Kokkos::parallel_reduce(\"" + Label + "\", " + Inlined->Policy + ", " + Make +
                     ", " + B.Reduction->ResultArgText + ");"
               : "Kokkos::parallel_for(\"" + Label + "\", " + Inlined->Policy + ", " + Make +
                     ");";
  };
  std::string Launch = !Inlined ? composedLaunch(B, TextB, taggedPart(A, "*kfuse_first"), Label)
                                : inlinedLaunch(*Inlined, LaunchOf, Indent + "    ");
  std::string Out = std::string(Markers::Begin) + " fused-across(\"" + quoted(A) + "\", \"" +
                    quoted(B) + "\")" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  if (C.Reverse) {
    Emit("{");
    Emit("  // '" + quoted(A) + "' (" + place(A) + ") may be pending: then its site launches");
    Emit("  // both as one.");
    Emit("  const auto kfuse_policy = " + B.Policy.Text + ";");
    Emit("  const auto kfuse_second = " + B.Functor.Text + ";");
    // Its members where the first's site cannot name its class.
    std::string Handed = C.SecondMembers ? membersTuple(B) + "(" +
                                               memberArgs(B, "kfuse_second", false) + ")"
                                         : "kfuse_second";
    if (C.SecondMembers) {
      Emit("  if (!::kfuse::fuse_pending(\"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy),");
      Emit("                             " + Handed + ")) {");
    } else {
      Emit("  if (!::kfuse::fuse_pending(\"" + C.Key +
           "\", ::kfuse::bounds_of(kfuse_policy), kfuse_second)) {");
    }
    Emit("    ::kfuse::flush(\"" + C.Key + "\");");
    Out += originalSection(TextB, B, Indent + "    ");
    Emit("  }");
    Emit("}");
    Emit(Markers::End);
    return Out;
  }
  Emit("{");
  Emit("  // '" + quoted(A) + "' (" + place(A) + ") may be pending: then both run here as one.");
  takePending(C, A, B, Label, Guard, Launch, Emit);
  Emit("  } else {");
  Emit("    ::kfuse::flush(\"" + C.Key + "\");");
  Out += originalSection(TextB, B, Indent + "    ");
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

/// The site of \p A, a launch fused with itself across two calls of its
/// function (CrossChain::self): where the call before left it pending and
/// the guard holds, both run here as one; else, in the first call of a
/// window, it is deferred; else it runs as written.
std::string selfSite(const CrossChain &C, const KernelModel &A, llvm::StringRef TextA,
                     const EmitOptions &Opts, const InlinedPair *Inlined) {
  std::string Indent = indentAt(TextA, siteRange(A).Offset);
  std::string Label = quoted(A) + "+" + quoted(A);
  bool Object = A.Functor.Kind == FunctorModel::Form::Object;
  // (A functor object is built once, as kfuse_second, for the guard.)
  std::string Part = Object ? "kfuse_second" : partOf(C, A);
  std::string Guard = Inlined ? Inlined->Guard
                              : guardOf(C, A, A, "kfuse_first->", Object ? "kfuse_second." : "",
                                        Indent + "        ");
  auto LaunchOf = [&](const std::string &Make) {
    return "Kokkos::parallel_for(\"" + Label + "\", " + Inlined->Policy + ", " + Make + ");";
  };
  std::string Launch = !Inlined ? composedLaunch(A, TextA, taggedPart(A, "*kfuse_first"), Label)
                                : inlinedLaunch(*Inlined, LaunchOf, Indent + "    ");
  std::string Out = std::string(Markers::Begin) + " fused-across(\"" + quoted(A) + "\", \"" +
                    quoted(A) + "\")" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // This launch may be pending from the call before: then both run here as one.");
  Emit("  // Else, in the first of two calls in a row, it runs later: fused with the next.");
  takePending(C, A, A, Label, Guard, Launch, Emit);
  Emit("  } else if (::kfuse::deferring(\"" + C.Key + "\")) {");
  deferPart(C, A, Part, "    ", Emit);
  Emit("  } else {");
  Emit("    ::kfuse::flush(\"" + C.Key + "\");");
  Out += originalSection(TextA, A, Indent + "    ");
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

} // namespace

std::vector<std::vector<TextEdit>>
emitAcrossFunctions(const CrossFunctionPlan &Plan, const std::vector<FileAnalysis> &All,
                    const EmitOptions &Opts) {
  std::vector<std::vector<TextEdit>> Out(All.size());
  // Chains of three: the second of one chain is the first of the next.
  std::map<std::pair<size_t, size_t>, const CrossChain *> ByFirst, BySecond;
  for (const CrossChain &C : Plan.Chains) {
    ByFirst[{C.First.File, C.First.Site}] = &C;
    BySecond[{C.Second.File, C.Second.Site}] = &C;
  }
  auto Find = [](const auto &Map, SiteRef R) -> const CrossChain * {
    auto It = Map.find({R.File, R.Site});
    return It == Map.end() ? nullptr : It->second;
  };
  auto SiteOf = [&](SiteRef R) -> const KernelModel & {
    return All[R.File].Model.Sites[R.Site];
  };
  // Each part functor once per unit, in every file whose code names it: the
  // files of its sites, less those whose unit includes another of them
  // (a header), where it goes once.
  auto Includes = [&](size_t Unit, const std::string &File) {
    return llvm::is_contained(All[Unit].Model.ProjectFiles, File);
  };
  for (const CrossChain &C : Plan.Chains) {
    const KernelModel &A = SiteOf(C.First);
    if (C.Ahead) {
      // The second's functor, in the first's file (its site launches both).
      Out[C.First.File].push_back({A.TopDeclOffset, 0,
                                   aheadPart(C, A, SiteOf(C.Second), All[C.Second.File].Text)});
      continue;
    }
    if (A.Functor.Kind == FunctorModel::Form::Object)
      continue; // a functor object keeps its class
    std::map<size_t, std::pair<unsigned, std::string>> Where; // file -> offset, path
    auto Need = [&](SiteRef R) {
      unsigned At = SiteOf(R).TopDeclOffset;
      auto [It, New] = Where.emplace(R.File, std::make_pair(At, SiteOf(R).File));
      if (!New)
        It->second.first = std::min(It->second.first, At);
    };
    Need(C.First);
    Need(C.Second);
    if (const CrossChain *N = Find(ByFirst, C.Second))
      Need(N->Second);
    std::string Part = partFunctor(C, A, SiteOf(C.Second), All[C.First.File].Text);
    for (const auto &[File, At] : Where) {
      bool Elsewhere = llvm::any_of(Where, [&, File = File](const auto &Other) {
        return Other.first != File && Includes(File, Other.second.second);
      });
      if (!Elsewhere)
        Out[File].push_back({At.first, 0, Part});
    }
  }
  // Lines closing windows first: edits at one offset keep their order, and
  // a window closes before another opens on the same line.
  auto AddLine = [&](const InsertedLine &L) {
    Out[L.File].push_back({L.Offset, 0, markedLine(L.Indent + L.Code)});
  };
  for (const CrossChain &C : Plan.Chains)
    for (const InsertedLine &L : C.Lines)
      if (L.Closes)
        AddLine(L);
  for (const CrossChain &C : Plan.Chains) {
    const KernelModel &A = SiteOf(C.First), &B = SiteOf(C.Second);
    llvm::StringRef TextA = All[C.First.File].Text, TextB = All[C.Second.File].Text;
    const CrossChain *P = Find(BySecond, C.First), *N = Find(ByFirst, C.Second);
    if (C.Ahead) {
      Out[C.First.File].push_back(
          {siteRange(A).Offset, siteRange(A).Length, aheadSite(C, A, B, TextA, Opts)});
      Out[C.Second.File].push_back(
          {siteRange(B).Offset, siteRange(B).Length, aheadResultSite(C, A, B, TextB, Opts)});
      for (const InsertedLine &L : C.Lines)
        if (!L.Closes)
          AddLine(L);
      continue;
    }
    // One body for a pair (not part of a chain of three), in the file of
    // the site that launches it.
    std::optional<InlinedPair> Inlined;
    if (runsAsOneBody(Plan, C, Opts.Restrict)) {
      const KernelModel &Launcher = C.Reverse ? A : B;
      size_t File = C.Reverse ? C.First.File : C.Second.File;
      Inlined = inlinedPair(C, A, TextA, B, TextB,
                            "kfuse_fused" + C.Key.substr(std::string("kfuse_chain").size()),
                            indentAt(All[File].Text, siteRange(Launcher).Offset) +
                                (C.Reverse ? "              " : "        "));
      Out[File].push_back({Launcher.TopDeclOffset, 0, Inlined->Functor});
    } else if (C.CopySecond) {
      Out[C.First.File].push_back({A.TopDeclOffset, 0, copiedPart(C, A, B)});
    }
    const InlinedPair *I = Inlined ? &*Inlined : nullptr;
    if (C.self()) {
      Out[C.First.File].push_back(
          {siteRange(A).Offset, siteRange(A).Length, selfSite(C, A, TextA, Opts, I)});
      for (const InsertedLine &L : C.Lines)
        if (!L.Closes)
          AddLine(L);
      continue;
    }
    if (P)
      Out[C.First.File].push_back({siteRange(A).Offset, siteRange(A).Length,
                                   middleSite(*P, C, SiteOf(P->First), A, B, TextA, Opts)});
    else
      Out[C.First.File].push_back(
          {siteRange(A).Offset, siteRange(A).Length, deferredSite(C, A, B, TextA, Opts, I)});
    if (N) {
      // The middle site, written with the next chain.
    } else if (P) {
      Out[C.Second.File].push_back({siteRange(B).Offset, siteRange(B).Length,
                                    lastSite(*P, C, SiteOf(P->First), A, B, TextB, Opts)});
    } else {
      Out[C.Second.File].push_back(
          {siteRange(B).Offset, siteRange(B).Length, fusedSite(C, A, B, TextB, Opts, I)});
    }
    for (const InsertedLine &L : C.Lines)
      if (!L.Closes)
        AddLine(L);
  }
  return Out;
}

} // namespace kfuse
