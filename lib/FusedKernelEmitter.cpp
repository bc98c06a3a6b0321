//===- FusedKernelEmitter.cpp - Code for one fused group ------------------===//

#include "kfuse/FusedKernelEmitter.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <map>

namespace kfuse {

namespace {

/// A View of the fused kernel: one member per object (argument fusion).
struct FusedView {
  const ViewUse *Use = nullptr; ///< the first use, for its type
  bool Written = false;
  bool Strided = false; ///< indexed through its strides
};

std::string stripConstRef(std::string T) {
  llvm::StringRef S = llvm::StringRef(T).trim();
  S.consume_front("const ");
  S = S.rtrim("& ").rtrim();
  return S.str();
}

std::string identifier(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += llvm::isAlnum(C) ? C : '_';
  return Out;
}

struct Emitter {
  const FusionGroup &Group;
  const std::vector<KernelModel> &Sites;
  llvm::StringRef Text;
  const EmitOptions &Opts;
  std::vector<std::pair<std::string, FusedView>> Views; // in first-use order
  std::vector<const ScalarUse *> Scalars;
  const KernelModel *Reduce = nullptr;

  FusedView &view(const std::string &Name) {
    for (auto &[N, V] : Views)
      if (N == Name)
        return V;
    Views.emplace_back(Name, FusedView());
    return Views.back().second;
  }

  void collect() {
    for (size_t S : Group.Sites) {
      const KernelModel &M = Sites[S];
      if (M.Reduction)
        Reduce = &M;
      for (const ViewUse &V : M.Views) {
        FusedView &F = view(V.Name);
        if (!F.Use)
          F.Use = &V;
        F.Written |= V.Mode != AccessMode::Read;
        F.Strided |= V.Rank > 1 || V.Layout == "LayoutStride";
      }
      for (const ScalarUse &Sc : M.Scalars)
        if (llvm::none_of(Scalars, [&](const ScalarUse *X) {
              return X->Name == Sc.Name;
            }))
          Scalars.push_back(&Sc);
    }
  }

  /// The element access \p A of \p V through raw pointers and strides.
  std::string pointerAccess(const std::string &Name, const FusedView &V,
                            const ViewAccess &A,
                            const std::vector<const ViewAccess *> &All) {
    std::vector<std::string> Terms;
    for (size_t D = 0; D < A.Indices.size(); ++D) {
      std::string Index = rewrite(A.Indices[D].Range.Offset,
                                  A.Indices[D].Range.Offset +
                                      A.Indices[D].Range.Length,
                                  All);
      Terms.push_back(V.Strided ? "(" + Index + ") * " + Name + "_s" +
                                      std::to_string(D)
                                : Index);
    }
    return Name + "_[" + llvm::join(Terms, " + ") + "]";
  }

  /// [From, To) of the file with every View access in \p All rewritten.
  std::string rewrite(unsigned From, unsigned To,
                      const std::vector<const ViewAccess *> &All) {
    std::string Out;
    unsigned Pos = From;
    for (const ViewAccess *A : All) {
      if (A->Range.Offset < Pos || A->Range.Offset + A->Range.Length > To)
        continue;
      Out += Text.slice(Pos, A->Range.Offset).str();
      const std::string &Name = AccessOwner.at(A);
      Out += pointerAccess(Name, view(Name), *A, All);
      Pos = A->Range.Offset + A->Range.Length;
    }
    Out += Text.slice(Pos, To).str();
    return Out;
  }
  std::map<const ViewAccess *, std::string> AccessOwner;

  /// The body of kernel \p M, index parameters bound to the fused ones.
  std::string kernelBody(const KernelModel &M) {
    std::vector<const ViewAccess *> All;
    for (const ViewUse &V : M.Views)
      for (const ViewAccess &A : V.Accesses) {
        All.push_back(&A);
        AccessOwner[&A] = V.Name;
      }
    std::sort(All.begin(), All.end(), [](const ViewAccess *X, const ViewAccess *Y) {
      return X->Range.Offset < Y->Range.Offset;
    });
    unsigned B = M.Functor.BodyRange.Offset,
             E = B + M.Functor.BodyRange.Length;
    std::string Body = Opts.Restrict ? rewrite(B, E, All) : Text.slice(B, E).str();
    std::string Bind;
    for (size_t D = 0; D < M.Functor.IndexParams.size(); ++D)
      Bind += "const " + indexType() + " " + M.Functor.IndexParams[D] +
              " = kfuse_i" + std::to_string(D) + "; ";
    // The body keeps its braces: `{ bind; { body } }`.
    return "{ " + Bind + Body + " }";
  }

  std::string indexType() {
    std::string T = stripConstRef(Sites[Group.Sites.front()].Functor.IndexType);
    return T.empty() ? "int" : T;
  }

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
    return stripConstRef(Reduce->Reduction->AccumulatorType);
  }

  std::vector<std::string> functor(const std::string &Name) {
    std::vector<std::string> L;
    L.push_back("struct " + Name + " {");
    for (auto &[N, V] : Views)
      L.push_back("  " + stripConstRef(V.Use->Type) + " " + N + ";");
    for (const ScalarUse *S : Scalars)
      L.push_back("  " + stripConstRef(S->Type) + " " + S->Name + ";");
    if (Reduce)
      L.push_back("  using value_type = " + accumulatorType() + ";");
    std::string Acc = Reduce ? ", " + accumulatorType() + " &" +
                                   Reduce->Reduction->AccumulatorParam
                             : "";
    std::string AccArg = Reduce ? ", " + Reduce->Reduction->AccumulatorParam : "";
    std::vector<std::string> Bodies;
    for (size_t S : Group.Sites)
      Bodies.push_back("    " + kernelBody(Sites[S]));

    if (Opts.Restrict) {
      std::vector<std::string> Params, Args;
      for (auto &[N, V] : Views) {
        std::string Value = stripConstRef(V.Use->ValueType);
        Params.push_back((V.Written ? "" : "const ") + Value +
                         " *KOKKOS_RESTRICT " + N + "_");
        Args.push_back(N + ".data()");
        if (V.Strided)
          for (unsigned D = 0; D < V.Use->Rank; ++D) {
            Params.push_back("const long " + N + "_s" + std::to_string(D));
            Args.push_back(N + ".stride(" + std::to_string(D) + ")");
          }
      }
      for (const ScalarUse *S : Scalars) {
        Params.push_back("const " + stripConstRef(S->Type) + " " + S->Name);
        Args.push_back(S->Name);
      }
      L.push_back("  // Raw pointers as parameters: compilers honour restrict there, "
                  "not on members.");
      L.push_back("  KOKKOS_INLINE_FUNCTION static void body(" + indexParams() +
                  ", " + llvm::join(Params, ", ") + Acc + ") {");
      L.insert(L.end(), Bodies.begin(), Bodies.end());
      L.push_back("  }");
      L.push_back("  KOKKOS_INLINE_FUNCTION void operator()(" + indexParams() +
                  Acc + ") const {");
      L.push_back("    body(" + indexArgs() + ", " + llvm::join(Args, ", ") +
                  AccArg + ");");
      L.push_back("  }");
    } else {
      L.push_back("  KOKKOS_INLINE_FUNCTION void operator()(" + indexParams() +
                  Acc + ") const {");
      L.insert(L.end(), Bodies.begin(), Bodies.end());
      L.push_back("  }");
    }
    L.push_back("};");
    return L;
  }

  std::string guard() {
    std::vector<std::string> Bytes;
    for (auto &[N, V] : Views)
      Bytes.push_back("::kfuse::bytes_of(" + N + ", " +
                      (V.Written ? "true" : "false") + ")");
    std::string G = "::kfuse::fusion_enabled() && ::kfuse::no_overlap({" +
                    llvm::join(Bytes, ", ") + "})";
    for (const std::string &C : Group.RangeChecks)
      G += " && " + C;
    return G;
  }

  std::string labels(const char *Sep) {
    std::vector<std::string> L;
    for (size_t S : Group.Sites)
      L.push_back(Sites[S].LabelKind == "literal" ? Sites[S].Label
                                                  : "site" + std::to_string(S));
    return llvm::join(L, Sep);
  }

  std::string emit() {
    collect();
    const KernelModel &First = Sites[Group.Sites.front()];
    const KernelModel &Last = Sites[Group.Sites.back()];
    unsigned Begin = First.StmtRange.Offset;
    unsigned End = Last.StmtRange.Offset + Last.StmtRange.Length;
    size_t LineStart = Text.take_front(Begin).rfind('\n');
    LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
    std::string Indent;
    for (char C : Text.slice(LineStart, Begin))
      Indent += llvm::isSpace(C) ? C : ' ';

    std::string Name = FusedKernelEmitter::functorName(Group, Sites);
    std::vector<std::string> L;
    std::vector<std::string> Quoted;
    for (size_t S : Group.Sites)
      Quoted.push_back("\"" + (Sites[S].LabelKind == "literal"
                                   ? Sites[S].Label
                                   : Sites[S].Id.str()) +
                       "\"");
    L.push_back(std::string(Markers::Begin) + " fused(" +
                llvm::join(Quoted, ", ") + ")" +
                (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath));
    L.push_back("{");
    for (std::string &F : functor(Name))
      L.push_back("  " + F);
    L.push_back("  if (" + guard() + ") {");
    std::vector<std::string> Init;
    for (auto &[N, V] : Views)
      Init.push_back(N);
    for (const ScalarUse *S : Scalars)
      Init.push_back(S->Name);
    std::string Call = Reduce ? "Kokkos::parallel_reduce" : "Kokkos::parallel_for";
    std::string Launch = "    " + Call + "(\"" + labels("+") + "\", " +
                         First.Policy.Text + ", " + Name + "{" +
                         llvm::join(Init, ", ") + "}";
    if (Reduce)
      Launch += ", " + Reduce->Reduction->ResultArgText;
    L.push_back(Launch + ");");
    L.push_back("  } else {");
    std::string Out;
    for (const std::string &Line : L)
      Out += (Out.empty() ? "" : "\n" + Indent) + Line;
    // The original launches, byte for byte, for the fallback and `revert`.
    // (The first line is indented like the others; revert drops that.)
    Out += "\n" + std::string(Markers::OriginalBegin) + Indent + "    " +
           Text.slice(Begin, End).str() + Markers::OriginalEnd;
    Out += "\n" + Indent + "  }\n" + Indent + "}\n" + Indent + Markers::End;
    return Out;
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
  return Name;
}

std::string FusedKernelEmitter::emit(const FusionGroup &Group,
                                     const std::vector<KernelModel> &Sites,
                                     llvm::StringRef FileText,
                                     const EmitOptions &Opts) {
  Emitter E{Group, Sites, FileText, Opts, {}, {}, nullptr, {}};
  return E.emit();
}

} // namespace kfuse
