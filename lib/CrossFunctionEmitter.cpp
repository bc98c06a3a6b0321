//===- CrossFunctionEmitter.cpp - Code for chains across functions -------===//

#include "kfuse/CrossFunctionEmitter.h"
#include "PlannerSupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace kfuse {
namespace {

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
         Text.substr(M.StmtRange.Offset, M.StmtRange.Length).str() + Markers::OriginalEnd;
}

std::string quoted(const KernelModel &M) {
  return M.LabelKind == "literal" ? M.Label : planner::name(M);
}

std::string place(const KernelModel &M) {
  return M.Id.RelFile + ":" + std::to_string(M.Pos.Line);
}

/// The members of the first kernel's functor: its captured Views, then its
/// scalars, in the order of the model.
struct Member {
  std::string Name, Type;
};
std::vector<Member> membersOf(const KernelModel &A) {
  std::vector<Member> Out;
  for (const ViewUse &V : A.Views) {
    if (V.Local)
      continue;
    if (V.Root.empty())
      Out.push_back({V.Name, V.PortableType});
    else if (llvm::none_of(Out, [&](const Member &M) { return M.Name == V.Root; }))
      Out.push_back({V.Root, V.RootClass}); // the captured object, whole
  }
  for (const ScalarUse &S : A.Scalars)
    Out.push_back({S.Name, S.PortableType});
  return Out;
}

std::string partFunctor(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                        llvm::StringRef TextA) {
  std::vector<Member> Members = membersOf(A);
  std::string Out = std::string(Markers::FunctorBegin) + " " + C.PartName + "\n";
  Out += "// '" + quoted(A) + "' (" + place(A) + ") as a functor: deferred, it runs fused\n"
         "// with '" + quoted(B) + "' (" + place(B) + ") when '" + C.Caller +
         "' calls their functions in turn.\n";
  std::vector<std::string> Params;
  for (const Member &M : Members)
    Params.push_back("class T_" + M.Name);
  Out += (Params.empty() ? std::string("template <class...>") // never: a kernel names data
                         : "template <" + llvm::join(Params, ", ") + ">") +
         " struct " + C.PartName + " {\n";
  for (const Member &M : Members)
    Out += "  T_" + M.Name + " " + M.Name + ";\n";
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

std::string labelArgument(const KernelModel &M) {
  if (M.LabelKind == "none" || M.Label.empty())
    return "";
  return (M.LabelKind == "literal" ? "\"" + M.Label + "\"" : M.Label) + ", ";
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
      // A bound functor object's View is read through its member.
      auto Through = [](const std::string &Prefix, const ViewUse &V) {
        return Prefix + (V.Member.empty() ? V.Name : V.Member);
      };
      std::string NA = Through(First, VA), NB = Through(Second, VB);
      auto M = C.Merged.find(VA.Name);
      if (VA.Name == VB.Name || (M != C.Merged.end() && M->second == VB.Name))
        Checks.push_back("::kfuse::same_or_apart(" + NA + ", " + NB + ")");
      else
        Checks.push_back("::kfuse::apart(" + NA + ", " + (WA ? "true" : "false") + ", " + NB +
                         ", " + (WB ? "true" : "false") + ")");
    }
  }
  return Checks.empty() ? "true" : llvm::join(Checks, " &&\n" + Indent);
}

std::string strippedType(std::string T) {
  llvm::StringRef S(T);
  S = S.trim();
  if (S.ends_with("&"))
    S = S.drop_back().rtrim();
  if (S.starts_with("const "))
    S = S.drop_front(6);
  return S.str();
}

std::string deferredSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                         llvm::StringRef TextA, const EmitOptions &Opts) {
  std::string Indent = indentAt(TextA, A.StmtRange.Offset);
  std::vector<std::string> Args;
  for (const Member &M : membersOf(A))
    Args.push_back(M.Name);
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
    std::string Second = B.Functor.SpelledClass;
    std::string In = "                     ";
    Emit("  ::kfuse::defer_fusable<" + Second + ">(\"" + C.Key +
         "\", ::kfuse::bounds_of(kfuse_policy),");
    Emit("      " + A.Functor.Text + ",");
    Emit("      [=](const auto &kfuse_part) {");
    Emit("        Kokkos::parallel_for(" + labelArgument(A) + "kfuse_policy, kfuse_part);");
    Emit("      },");
    Emit("      [=](const auto &kfuse_first, const " + Second + " &kfuse_second) {");
    Emit("        if (!::kfuse::use_fused(\"" + quoted(A) + "+" + quoted(B) + "\", " +
         guardOf(C, A, B, "kfuse_first.", "kfuse_second.", Indent + "              ") + "))");
    Emit("          return false;");
    Emit("        Kokkos::parallel_for(\"" + quoted(A) + "+" + quoted(B) +
         "\", kfuse_policy, ::kfuse::compose<" + strippedType(A.Functor.IndexType) +
         ">(kfuse_first, kfuse_second));");
    Emit("        return true;");
    Emit("      });");
    Emit("} else {");
    Emit("  ::kfuse::flush(\"" + C.Key + "\"); // one pending from an outer call runs first");
    Out += originalSection(TextA, A, Indent + "  ");
    Out += "\n" + Indent + "}\n" + Indent + Markers::End;
    return Out;
  }
  Emit("  ::kfuse::defer(\"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy),");
  if (A.Functor.Kind == FunctorModel::Form::Object)
    Emit("                 " + A.Functor.Text + ",");
  else
    Emit("                 ::kfuse::make_fused<" + C.PartName + ">(" + llvm::join(Args, ", ") +
         "),");
  Emit("                 [=](const auto &kfuse_part) {");
  Emit("                   Kokkos::parallel_for(" + labelArgument(A) +
       "kfuse_policy, kfuse_part);");
  Emit("                 });");
  Emit("} else {");
  Emit("  ::kfuse::flush(\"" + C.Key + "\"); // one pending from an outer call runs first");
  Out += originalSection(TextA, A, Indent + "  ");
  Out += "\n" + Indent + "}\n" + Indent + Markers::End;
  return Out;
}


std::string fusedSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                      llvm::StringRef TextB, const EmitOptions &Opts) {
  std::string Indent = indentAt(TextB, B.StmtRange.Offset);
  std::string Label = quoted(A) + "+" + quoted(B);
  // A functor object is built once, for the guard to read its Views.
  bool SecondObject = B.Functor.Kind == FunctorModel::Form::Object;
  std::string Guard = guardOf(C, A, B, "kfuse_first->", SecondObject ? "kfuse_second." : "",
                              Indent + "        ");
  std::string Index = strippedType(B.Functor.IndexType);
  std::string Lambda = SecondObject ? std::string("kfuse_second")
                                    : TextB.substr(B.Functor.Range.Offset,
                                                   B.Functor.Range.Length).str();
  std::string Launch;
  if (B.Kind == LaunchKind::Reduce)
    Launch = "Kokkos::parallel_reduce(\"" + Label + "\", kfuse_policy, ::kfuse::compose_reduce<" +
             Index + ", " + strippedType(B.Reduction->AccumulatorType) + ">(*kfuse_first, " +
             Lambda + "), " + B.Reduction->ResultArgText + ");";
  else
    Launch = "Kokkos::parallel_for(\"" + Label + "\", kfuse_policy, ::kfuse::compose<" + Index +
             ">(*kfuse_first, " + Lambda + "));";
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
    Emit("  if (!::kfuse::fuse_pending(\"" + C.Key +
         "\", ::kfuse::bounds_of(kfuse_policy), kfuse_second)) {");
    Emit("    ::kfuse::flush(\"" + C.Key + "\");");
    Out += originalSection(TextB, B, Indent + "    ");
    Emit("  }");
    Emit("}");
    Emit(Markers::End);
    return Out;
  }
  Emit("{");
  Emit("  // '" + quoted(A) + "' (" + place(A) + ") may be pending: then both run here as one.");
  Emit("  const auto kfuse_policy = " + B.Policy.Text + ";");
  if (SecondObject)
    Emit("  const auto kfuse_second = " + B.Functor.Text + ";");
  Emit("  auto *kfuse_first = ::kfuse::pending<" + partType(C, A) + ">(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  Emit("  if (kfuse_first && ::kfuse::use_fused(\"" + Label + "\", " + Guard + ")) {");
  Emit("    " + Launch);
  Emit("    ::kfuse::discard(\"" + C.Key + "\");");
  Emit("  } else {");
  Emit("    ::kfuse::flush(\"" + C.Key + "\");");
  Out += originalSection(TextB, B, Indent + "    ");
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
  for (const CrossChain &C : Plan.Chains) {
    const KernelModel &A = All[C.First.File].Model.Sites[C.First.Site];
    const KernelModel &B = All[C.Second.File].Model.Sites[C.Second.Site];
    llvm::StringRef TextA = All[C.First.File].Text, TextB = All[C.Second.File].Text;
    // Defined once per unit: where one kernel's file includes the other's
    // (a header), only in that header. A functor object keeps its class.
    auto Includes = [&](size_t Unit, const std::string &File) {
      return llvm::is_contained(All[Unit].Model.ProjectFiles, File);
    };
    std::string Part = A.Functor.Kind == FunctorModel::Form::Object
                           ? std::string()
                           : partFunctor(C, A, B, TextA);
    if (Part.empty()) {
    } else if (C.First.File == C.Second.File) {
      Out[C.First.File].push_back(
          {std::min(A.TopDeclOffset, B.TopDeclOffset), 0, Part});
    } else if (Includes(C.Second.File, A.File)) {
      Out[C.First.File].push_back({A.TopDeclOffset, 0, Part});
    } else if (Includes(C.First.File, B.File)) {
      Out[C.Second.File].push_back({B.TopDeclOffset, 0, Part});
    } else {
      Out[C.First.File].push_back({A.TopDeclOffset, 0, Part});
      Out[C.Second.File].push_back({B.TopDeclOffset, 0, Part});
    }
    Out[C.First.File].push_back(
        {A.StmtRange.Offset, A.StmtRange.Length, deferredSite(C, A, B, TextA, Opts)});
    Out[C.Second.File].push_back(
        {B.StmtRange.Offset, B.StmtRange.Length, fusedSite(C, A, B, TextB, Opts)});
    for (const InsertedLine &L : C.Lines)
      Out[L.File].push_back({L.Offset, 0, L.Indent + L.Code + Markers::Line});
  }
  return Out;
}

} // namespace kfuse
