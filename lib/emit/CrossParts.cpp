//===- CrossParts.cpp - Pieces of the code for chains across functions ----===//

#include "emit/CrossParts.h"
#include "plan/SharedLoads.h"
#include "emit/PrivateMembers.h"
#include "plan/PlannerSupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <map>
#include <optional>

namespace kfuse {
namespace crossparts {

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

std::string originalSection(llvm::StringRef Text, const KernelModel &M,
                            const std::string &Indent) {
  return "\n" + std::string(Markers::OriginalBegin) + Indent +
         Text.substr(siteRange(M).Offset, siteRange(M).Length).str() + Markers::OriginalEnd;
}

std::string quoted(const KernelModel &M) { return planner::codeName(M); }

std::string place(const KernelModel &M) {
  return M.Id.RelFile + ":" + std::to_string(M.Pos.Line);
}

std::vector<Member> membersOf(const KernelModel &A) {
  std::vector<Member> Out;
  for (const ViewUse &V : A.Views) {
    if (V.Local)
      continue;
    if (V.Root.empty()) // (a bound functor's member as its body names it)
      Out.push_back({V.Member.empty() ? V.Name : V.Member, V.PortableType});
    else if (llvm::none_of(Out, [&](const Member &M) { return M.Name == V.Root; }))
      Out.push_back({V.Root, V.RootClass, true}); // the captured object, whole
  }
  for (const ScalarUse &S : A.Scalars)
    Out.push_back({S.Name, S.PortableType});
  // (A functor object's body is called, not copied, where it names them.)
  for (const KernelModel::TemplateParam &P : A.TemplateParams) {
    if (A.Functor.Kind != FunctorModel::Form::Lambda)
      break;
    Member M;
    M.Name = "kfuse_tp_" + P.Name;
    if (P.IsType) {
      M.Type = "::kfuse::type_is<" + P.Spelled + ">";
      M.Arg = "::kfuse::type_is<" + P.Name + ">()";
      M.Alias = "using " + P.Name + " = typename T_" + M.Name + "::type;";
    } else {
      M.Type = "::kfuse::value_is<" + P.ValueType + ", " + P.Spelled + ">";
      M.Arg = "::kfuse::value_is<decltype(" + P.Name + "), " + P.Name + ">()";
      M.Alias = "static constexpr auto " + P.Name + " = T_" + M.Name + "::value;";
    }
    Out.push_back(M);
  }
  return Out;
}

std::string functorHead(const std::string &Name, const std::vector<Member> &Members) {
  std::vector<std::string> Params;
  for (const Member &M : Members)
    Params.push_back("class T_" + M.Name);
  std::string Out = (Params.empty() ? std::string("template <class...>") // never: a kernel names data
                                    : "template <" + llvm::join(Params, ", ") + ">") +
                    " struct " + Name + " {\n";
  for (const Member &M : Members)
    Out += "  T_" + M.Name + " " + M.Name + ";\n";
  for (const Member &M : Members)
    if (!M.Alias.empty())
      Out += "  " + M.Alias + " // as the launch site has it\n";
  return Out;
}

std::string aheadValue(const KernelModel &K) {
  const ReductionModel &R = *K.Reduction;
  if (R.ClassVariable && !R.AccumulatorQualified.empty())
    return R.AccumulatorQualified;
  return R.AccumulatorPortable.empty() ? planner::withoutConstRef(R.AccumulatorType)
                                       : R.AccumulatorPortable;
}

std::string aheadCombine(const KernelModel &K) {
  const ReductionModel &R = *K.Reduction;
  return R.Reducer == "Sum" ? aheadValue(K) : "::kfuse::Reduced<" + R.ReducerType + ">";
}

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

std::string copyName(const CrossChain &C) {
  return "kfuse_second" + C.Key.substr(std::string("kfuse_chain").size());
}

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

std::string memberArgs(const KernelModel &B, const std::string &Object, bool Tuple) {
  std::vector<std::string> Args;
  std::vector<Member> Members = membersOf(B);
  for (size_t I = 0; I < Members.size(); ++I)
    Args.push_back(Tuple ? "std::get<" + std::to_string(I) + ">(" + Object + ")"
                         : Object + "." + Members[I].Name);
  return llvm::join(Args, ", ");
}

std::string copyOf(const CrossChain &C, const KernelModel &B, const std::string &Object) {
  return "::kfuse::make_fused<" + copyName(C) + ">(" + memberArgs(B, Object, C.SecondMembers) +
         ")";
}

std::string membersTuple(const KernelModel &B) {
  std::vector<std::string> Types;
  for (const Member &M : membersOf(B))
    Types.push_back(planner::withoutConstRef(M.Type));
  return "std::tuple<" + llvm::join(Types, ", ") + ">";
}

std::string capturesTuple(const KernelModel &B) {
  std::vector<std::string> Types;
  for (const Member &M : membersOf(B))
    Types.push_back(M.Object ? "::kfuse::Held<" + planner::withoutConstRef(M.Type) + ">"
                             : planner::withoutConstRef(M.Type));
  return "std::tuple<" + llvm::join(Types, ", ") + ">";
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

std::string taggedPart(const KernelModel &M, const std::string &Expr) {
  return M.Policy.WorkTag.empty() ? Expr
                                  : "::kfuse::tagged<" + M.Policy.WorkTagClass + ">(" + Expr + ")";
}

std::string taggedType(const KernelModel &M, const std::string &Type) {
  return M.Policy.WorkTag.empty() ? Type
                                  : "::kfuse::Tagged<" + M.Policy.WorkTagClass + ", " + Type + ">";
}

std::string labelArgument(const KernelModel &M) {
  if (M.LabelKind == "none" || M.Label.empty())
    return "";
  return (M.LabelKind == "literal" ? "\"" + M.Label + "\"" : M.Label) + ", ";
}

std::string inlinedLaunch(const InlinedPair &I,
                          const std::function<std::string(const std::string &)> &LaunchOf,
                          const std::string &Indent) {
  if (I.SameValues.empty())
    return LaunchOf(I.Make);
  return "if (" + I.SameValues + ")\n" + Indent + "  " + LaunchOf(I.MakeSame) + "\n" + Indent +
         "else\n" + Indent + "  " + LaunchOf(I.Make);
}

namespace {
const ViewUse *viewNamed(const KernelModel &M, const std::string &Name) {
  for (const ViewUse &V : M.Views)
    if (V.Name == Name && !V.Local)
      return &V;
  return nullptr; // never: the planner found it
}
} // namespace

std::string guardOf(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                    const std::string &First, const std::string &Second,
                    const std::string &Indent) {
  std::vector<std::string> Checks;
  // A bound functor object's View is read through its member.
  auto Through = [](const std::string &Prefix, const ViewUse &V) {
    return Prefix + (V.Member.empty() ? V.Name : V.Member);
  };
  // Pointers both load alike (planner::sharedLoads): one pointer, indexed
  // by one value of the same Views and numbers; no footprint.
  planner::SharedLoads Alike = planner::sharedLoads(A, B);
  for (const auto &[PA, PB] : Alike.Pointers)
    Checks.push_back("::kfuse::same_pointer(" + First + PA + ", " + Second + PB + ")");
  for (const auto &[NA, NB] : Alike.Views) {
    emit::PrivateMembers Private(PrivatePrefix);
    const ViewUse *VA = viewNamed(A, NA), *VB = viewNamed(B, NB);
    Checks.push_back("::kfuse::same_view(" + Private.name(*VA, Through(First, *VA)) + ", " +
                     Private.name(*VB, Through(Second, *VB)) + ")");
  }
  for (const auto &[NA, NB] : Alike.Numbers)
    Checks.push_back("(" + First + NA + " == " + Second + NB + ")");
  for (const ViewUse &VA : A.Views) {
    if (VA.Local || Alike.loaded(VA.Name, /*First=*/true))
      continue;
    for (const ViewUse &VB : B.Views) {
      if (VB.Local || Alike.loaded(VB.Name, /*First=*/false))
        continue;
      bool WA = planner::writes(VA.Mode), WB = planner::writes(VB.Mode);
      if (!WA && !WB)
        continue;
      // Read through an accessor the guard cannot name: the planner proved
      // that no View written may hold its elements.
      if (!planner::guardNames(VA) || !planner::guardNames(VB))
        continue;
      // Behind private members: through pointers to them (the file's
      // declarations, privateDeclarations).
      emit::PrivateMembers Private(PrivatePrefix);
      std::string NA = Private.name(VA, Through(First, VA)),
                  NB = Private.name(VB, Through(Second, VB));
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

std::string shadowOf(const std::vector<std::pair<const KernelModel *, std::string>> &Kernels,
                     const std::string &Label) {
  std::vector<std::string> Names, Args;
  auto Add = [&](const std::string &Name, const std::string &Arg) {
    if (llvm::is_contained(Args, Arg))
      return;
    Names.push_back(Name);
    Args.push_back(Arg);
  };
  emit::PrivateMembers Private(PrivatePrefix);
  const KernelModel &Last = *Kernels.back().first;
  for (const auto &[K, Prefix] : Kernels)
    for (const ViewUse &V : K->Views) {
      if (V.Local || !planner::guardNames(V))
        continue;
      std::string Named = Private.name(V, Prefix + (V.Member.empty() ? V.Name : V.Member));
      if (!V.Pointer)
        Add(V.Name, Named);
      else if (planner::writes(V.Mode)) // the bytes it reaches over the range
        Add(V.Name, planner::guardBytes(*K, V, Named, true, &Last.Policy));
    }
  for (const auto &[K, Prefix] : Kernels)
    if (Prefix.empty() && K->Functor.Kind == FunctorModel::Form::Lambda)
      for (const KernelModel::HeldView &H : K->Held)
        Add(H.Text, H.Text);
  if (const std::optional<ReductionModel> &R = Last.Reduction;
      R && (R->ResultIsView || R->ScalarVariable))
    Add(R->ResultText, "::kfuse::result_of(" + R->ResultText + ")");
  return "::kfuse::shadow_of(\"" + Label + "\", \"" + llvm::join(Names, ",") +
         "\", [&] { return ::kfuse::shadow_items(" + llvm::join(Args, ", ") + "); })";
}

std::string privateDeclarations(const std::vector<const KernelModel *> &Kernels) {
  // The names guardOf writes: of each pair of the chain's kernels, in
  // order, the Views one of the two writes.
  emit::PrivateMembers Private(PrivatePrefix);
  for (size_t I = 0; I < Kernels.size(); ++I)
    for (size_t J = I + 1; J < Kernels.size(); ++J)
      for (const auto &[NA, NB] : planner::sharedLoads(*Kernels[I], *Kernels[J]).Views) {
        Private.name(*viewNamed(*Kernels[I], NA), NA);
        Private.name(*viewNamed(*Kernels[J], NB), NB);
      }
  for (size_t I = 0; I < Kernels.size(); ++I)
    for (size_t J = I + 1; J < Kernels.size(); ++J)
      for (const ViewUse &VA : Kernels[I]->Views)
        for (const ViewUse &VB : Kernels[J]->Views)
          if (!VA.Local && !VB.Local && planner::guardNames(VA) && planner::guardNames(VB) &&
              (planner::writes(VA.Mode) || planner::writes(VB.Mode))) {
            Private.name(VA, VA.Name);
            Private.name(VB, VB.Name);
          }
  if (Private.empty())
    return "";
  return std::string(Markers::FunctorBegin) + " " + PrivatePrefix + "\n" +
         planner::formatted(Private.declarations()) + Markers::FunctorEnd;
}

void deferPart(const CrossChain &C, const KernelModel &A, const std::string &Part,
               const std::string &In, const std::function<void(const std::string &)> &Emit) {
  Emit(In + "::kfuse::defer(\"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy),");
  Emit(In + "               " + Part + ",");
  Emit(In + "               [=](const auto &kfuse_part) {");
  Emit(In + "                 Kokkos::parallel_for(" + labelArgument(A) +
       "kfuse_policy, kfuse_part);");
  Emit(In + "               });");
}

std::string partOf(const CrossChain &C, const KernelModel &A) {
  if (A.Functor.Kind == FunctorModel::Form::Object)
    return A.Functor.Text;
  std::vector<std::string> Args;
  for (const Member &M : membersOf(A))
    Args.push_back(M.Arg.empty() ? M.Name : M.Arg);
  return "::kfuse::make_fused<" + C.PartName + ">(" + llvm::join(Args, ", ") + ")";
}

} // namespace crossparts
} // namespace kfuse
