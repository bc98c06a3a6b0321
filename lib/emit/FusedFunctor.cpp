//===- FusedFunctor.cpp - The functor of one fused group ------------------===//

#include "emit/FusedFunctor.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

namespace kfuse {
namespace emit {

using planner::identifier;
using planner::withoutConstRef;

std::string FusedFunctor::indexParams() {
  std::vector<std::string> P;
  for (unsigned D = 0; D < Sites[Group.Sites.front()].Policy.Rank; ++D)
    P.push_back("const " + indexType() + " kfuse_i" + std::to_string(D));
  return llvm::join(P, ", ");
}

std::string FusedFunctor::indexArgs() {
  std::vector<std::string> P;
  for (unsigned D = 0; D < Sites[Group.Sites.front()].Policy.Rank; ++D)
    P.push_back("kfuse_i" + std::to_string(D));
  return llvm::join(P, ", ");
}

std::string FusedFunctor::accumulatorType() {
  return withoutConstRef(Reduce->Reduction->AccumulatorType);
}

bool FusedFunctor::chunked() const {
  const PolicyModel &P = Sites[Group.Sites.front()].Policy;
  return Opts.Restrict && !composition() && !Reduce && !combinedReductions() &&
         chunkablePolicy(P);
}

bool FusedFunctor::composedChunks() const {
  return composition() && chunkablePolicy(Sites[Group.Sites.front()].Policy);
}

std::string FusedFunctor::chunkHelper() const {
  return Reduce || combinedReductions() ? "::kfuse::reduction_" : "::kfuse::";
}

bool FusedFunctor::self(const KernelModel &M) {
  return M.Functor.Kind == FunctorModel::Form::Object &&
         planner::squeeze(M.Functor.Text) == "*this";
}

bool FusedFunctor::selfComposition() const {
  return composition() && self(Sites[Group.Sites.front()]);
}

std::string FusedFunctor::partMember(size_t K) { return "kfuse_part" + std::to_string(K + 1); }

std::vector<FusedFunctor::Part> FusedFunctor::compositionParts() const {
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

std::string FusedFunctor::tagMember(size_t K) { return "kfuse_tag" + std::to_string(K + 1); }

std::vector<KernelModel::TemplateParam> FusedFunctor::templateParams() const {
  std::vector<KernelModel::TemplateParam> Out;
  for (size_t S : Group.Sites)
    for (const KernelModel::TemplateParam &P : Sites[S].TemplateParams)
      if (!llvm::is_contained(Out, P))
        Out.push_back(P);
  return Out;
}

std::string FusedFunctor::templateParamMember(const KernelModel::TemplateParam &P) {
  return "kfuse_tp_" + P.Name;
}

std::vector<std::string> FusedFunctor::memberArgs() {
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

std::vector<std::string> FusedFunctor::composedFunctor(const std::string &Name) {
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

std::vector<std::string> FusedFunctor::memberNames() {
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

std::vector<std::string> FusedFunctor::functor(const std::string &Name) {
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
  // Chunked, a repeated group's host loop goes around the chunk's index
  // loop (repeatHeader).
  bool RepeatOutside = Group.Repeats && Opts.Restrict && chunked();
  std::vector<std::string> Bodies = bodies(!RepeatOutside);

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
      // (Each element's iterations stay in order, and touch no other
      // element's data: the planner's condition for taking the loop in.)
      std::string In = RepeatOutside ? "  " : "";
      if (RepeatOutside)
        L.push_back("    " + repeatHeader() + " {");
      L.push_back(In + "    for (" + I + " kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {");
      for (const std::string &B : Bodies)
        L.push_back(In + "  " + B);
      L.push_back(In + "    }");
      if (RepeatOutside)
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
} // namespace emit
} // namespace kfuse
