//===- InlinedPairEmitter.cpp - One body for a chain across functions -----===//

#include "emit/InlinedPairEmitter.h"
#include "plan/PlannerSupport.h"
#include "kfuse/FusedKernelEmitter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace kfuse {
namespace {

using planner::identifier;
using planner::withoutConstRef;

/// One View object of the fused body: one restrict pointer (and its
/// strides), however many names the two kernels give it.
struct Object {
  std::string Param;   ///< the pointer is Param + "_", strides Param + "_s0"...
  std::string Type;    ///< the View's type inside the functor template
  std::string Arg;     ///< the View inside the functor (`kfuse_first.v`, `v`)
  std::string Guarded; ///< the View at the site (`kfuse_first->v`, `v`)
  const ViewUse *Use = nullptr;
  int Kernel = 0; ///< the kernel whose ViewUse Use is (0: the first)
  bool Written = false;
  bool Strided = false;
};

/// A value the fused body reads: a parameter of the body.
struct Value {
  std::string Param, Type, Arg;
};

class PairBody {
public:
  PairBody(const CrossChain &C, const KernelModel &A, llvm::StringRef TextA,
           const KernelModel &B, llvm::StringRef TextB)
      : C(C), K{&A, &B}, Text{TextA, TextB}, Reverse(C.Reverse) {}

  InlinedPair emit(const std::string &Name, const std::string &Indent) {
    collect();
    const KernelModel &B = *K[1];
    Chunked = B.Kind == LaunchKind::For && B.Functor.IndexParams.size() == 1 &&
              K[0]->Functor.IndexParams.size() == 1;
    InlinedPair Out;
    Out.Policy = Chunked ? "::kfuse::chunked(kfuse_policy)" : "kfuse_policy";
    Out.Functor = planner::formatted(functor(Name));
    // The pending part, or (the first's site launching both) the pair.
    std::vector<std::string> Make = {Reverse ? "kfuse_first" : "*kfuse_first"};
    for (const std::string &M : SecondMembers)
      Make.push_back(M);
    if (Chunked)
      Make.push_back("::kfuse::chunks_of(kfuse_policy)");
    if (Shared.empty()) {
      Out.Make = "::kfuse::make_fused<" + Name + ">(" + llvm::join(Make, ", ") + ")";
    } else {
      Out.Make = "::kfuse::make_fused<" + Name + ">(" + llvm::join(Make, ", ") +
                 ", std::false_type())";
      Out.MakeSame = "::kfuse::make_fused<" + Name + ">(" + llvm::join(Make, ", ") +
                     ", std::true_type())";
      std::vector<std::string> Checks;
      for (const SharedValue &V : Shared)
        Checks.push_back("::kfuse::same_bits(" + V.FirstAtSite + ", " + V.SecondAtSite + ")");
      Out.SameValues = llvm::join(Checks, " && ");
    }
    Out.Guard = guard(Indent);
    return Out;
  }

private:
  const CrossChain &C;
  const KernelModel *K[2];
  llvm::StringRef Text[2];
  bool Reverse;
  /// Each call of the body runs a chunk of indices (InlinedPair::Policy).
  bool Chunked = false;
  std::vector<Object> Objects;
  std::map<std::pair<int, std::string>, size_t> ObjectOf; // (kernel, View name)
  std::vector<Value> Values;
  std::map<std::pair<int, std::string>, std::string> ValueParam; // (kernel, name)
  /// The second kernel's captures the functor holds (besides the part).
  std::vector<std::string> SecondMembers;
  /// Views of the first merged with one of the second, as the site names
  /// them: (first's, second's).
  std::vector<std::pair<std::string, std::string>> Merged;
  std::set<std::string> MergedPointers; ///< the first names in Merged of raw pointers
  /// A number both kernels read under one name and type: the first's
  /// value parameter (Values[First]) and the second's, and how the site
  /// names each.
  struct SharedValue {
    size_t First;
    std::string SecondArg, FirstAtSite, SecondAtSite;
  };
  std::vector<SharedValue> Shared;
  /// The parameters named so far, and the identifiers of each body.
  std::set<std::string> Params, Ids[2];

  llvm::StringRef body(int Kn) const {
    const TextRange &R = K[Kn]->Functor.BodyRange;
    return Text[Kn].substr(R.Offset, R.Length);
  }

  static bool strided(const ViewUse &V) { return V.Rank > 1 || V.Layout == "LayoutStride"; }

  void takePointer(const std::string &P, unsigned Rank) {
    Params.insert(P + "_");
    for (unsigned D = 0; D < Rank; ++D)
      Params.insert(P + "_s" + std::to_string(D));
  }

  /// A name for the first kernel's \p Name (a View's pointer when \p Rank
  /// is set, else a value): as written where it clashes with nothing, else
  /// renamed past every name of both.
  std::string firstName(const std::string &Name, std::optional<unsigned> Rank) {
    auto Names = [&](const std::string &P) {
      std::vector<std::string> Out = {Rank ? P + "_" : P};
      for (unsigned D = 0; Rank && D < *Rank; ++D)
        Out.push_back(P + "_s" + std::to_string(D));
      return Out;
    };
    // A pointer's name is new to both bodies (a local of either must not
    // hide it); a value keeps its name where the second does not use it.
    auto Free = [&](const std::string &P, bool Renamed) {
      return llvm::none_of(Names(P), [&](const std::string &N) {
        return Params.count(N) || Ids[1].count(N) || ((Renamed || Rank) && Ids[0].count(N));
      });
    };
    std::string P = identifier(Name);
    if (!Free(P, false)) {
      P += "_first";
      while (!Free(P, true))
        P += "_";
    }
    if (Rank)
      takePointer(P, *Rank);
    else
      Params.insert(P);
    return P;
  }

  /// Where a kernel's Views and values are read: through the part or
  /// functor object the fused functor holds (its type parameter, the member
  /// and the name at the site), or, for the second's lambda, its captures.
  struct Side {
    std::string Part, InFunctor, AtSite;
  };
  Side side(int Kn) const {
    if (Kn == 0)
      return {"T_kfuse_first", "kfuse_first.", Reverse ? "kfuse_first." : "kfuse_first->"};
    if (K[1]->Functor.Kind == FunctorModel::Form::Object)
      return {"T_kfuse_second", "kfuse_second.", "kfuse_second."};
    return {"", "", ""};
  }

  /// How \p V is reached from its kernel's side: a functor object's
  /// member, or the capture (`field.density` through a captured object).
  std::string path(int Kn, const ViewUse &V) const {
    bool Object = K[Kn]->Functor.Kind == FunctorModel::Form::Object;
    return Object && !V.Member.empty() ? V.Member : V.Name;
  }

  Object objectOf(int Kn, const ViewUse &V) const {
    Side S = side(Kn);
    Object O;
    O.Type = planner::viewTypeIn(S.Part, path(Kn, V));
    O.Arg = S.InFunctor + path(Kn, V);
    O.Guarded = S.AtSite + path(Kn, V);
    O.Use = &V;
    O.Kernel = Kn;
    O.Written = planner::writes(V.Mode);
    O.Strided = strided(V);
    return O;
  }

  void addValues(int Kn) {
    Side Sd = side(Kn);
    for (const ScalarUse &S : K[Kn]->Scalars) {
      // The second's keep their names; the first's are renamed past clashes.
      std::string P = Kn == 1 ? S.Name : firstName(S.Name, std::nullopt);
      Params.insert(P);
      ValueParam[{Kn, S.Name}] = P;
      Values.push_back({P, Sd.Part.empty() ? "T_" + S.Name : "decltype(" + Sd.Part + "::" + S.Name + ")",
                        Sd.InFunctor + S.Name});
    }
  }

  /// Kernel \p Kn's View \p V as the object \p Index (one View in every
  /// run): false where they cannot be one pointer (a raw pointer and a
  /// View, other ranks or element types), which then stay two.
  bool join(size_t Index, int Kn, const ViewUse &V) {
    Object &O = Objects[Index];
    const ViewUse &W = *O.Use;
    if (W.Rank != V.Rank || V.Pointer != W.Pointer ||
        withoutConstRef(W.ValueTypeCanonical) != withoutConstRef(V.ValueTypeCanonical))
      return false;
    ObjectOf[{Kn, V.Name}] = Index;
    Object Mine = objectOf(Kn, V);
    // (The guard checks each name is still the object's View.)
    Merged.push_back({Mine.Guarded, O.Guarded});
    if (V.Pointer)
      MergedPointers.insert(Mine.Guarded);
    // A written name gives the pointer (another may hold const elements).
    if (Mine.Written && !O.Written) {
      Mine.Param = O.Param;
      Mine.Strided |= O.Strided;
      O = Mine;
    }
    O.Strided |= Mine.Strided;
    return true;
  }

  void collect() {
    const KernelModel &A = *K[0], &B = *K[1];
    for (int Kn : {0, 1})
      Ids[Kn] = planner::identifiersOf(body(Kn));
    Params.insert({"kfuse_first", "kfuse_second", "kfuse_i0", "kfuse_i1", "kfuse_i2",
                   "kfuse_begin", "kfuse_end", "kfuse_chunk", "kfuse_chunks"});
    // One object for the names of one View in every run (oneViewClasses):
    // the second kernel's names stay as written, the first's join them.
    std::map<std::pair<int, std::string>, std::pair<int, std::string>> Classes =
        oneViewClasses(C);
    std::map<std::pair<int, std::string>, size_t> ObjectOfClass;
    auto ClassOf = [&](int Kn, const std::string &Name) {
      auto It = Classes.find({Kn, Name});
      return It == Classes.end() ? std::make_pair(Kn, Name) : It->second;
    };
    for (const ViewUse &V : B.Views) {
      if (auto It = ObjectOfClass.find(ClassOf(1, V.Name));
          It != ObjectOfClass.end() && join(It->second, 1, V))
        continue;
      Object O = objectOf(1, V);
      O.Param = identifier(V.Name);
      auto Taken = [&](const std::string &N) {
        return Params.count(N) || Ids[0].count(N) || Ids[1].count(N);
      };
      while (Taken(O.Param + "_") || Taken(O.Param + "_s0")) // a local named so
        O.Param += "_";
      takePointer(O.Param, V.Rank);
      ObjectOf[{1, V.Name}] = Objects.size();
      ObjectOfClass.emplace(ClassOf(1, V.Name), Objects.size());
      Objects.push_back(O);
    }
    addValues(1);
    // The first kernel's: one object with the second's where the plan
    // takes them as one, else of their own (renamed past any clash).
    for (const ViewUse &V : A.Views) {
      if (auto It = ObjectOfClass.find(ClassOf(0, V.Name));
          It != ObjectOfClass.end() && join(It->second, 0, V))
        continue;
      Object O = objectOf(0, V);
      O.Param = firstName(V.Name, V.Rank);
      ObjectOf[{0, V.Name}] = Objects.size();
      ObjectOfClass.emplace(ClassOf(0, V.Name), Objects.size());
      Objects.push_back(O);
    }
    size_t FirstValues = Values.size();
    addValues(0);
    shareValues(FirstValues);
    // What the functor holds besides the part: the second's functor
    // object, or the captures its body reads through (a View, or the object
    // holding it: `field` for `field.density`).
    if (B.Functor.Kind == FunctorModel::Form::Object) {
      SecondMembers.push_back("kfuse_second");
      return;
    }
    for (const Object &O : Objects) {
      std::string Root = llvm::StringRef(O.Arg).split('.').first.str();
      if (!llvm::StringRef(O.Arg).starts_with("kfuse_first.") &&
          !llvm::is_contained(SecondMembers, Root))
        SecondMembers.push_back(Root);
    }
    for (const ScalarUse &S : B.Scalars)
      if (!llvm::is_contained(SecondMembers, S.Name)) // also a View's root
        SecondMembers.push_back(S.Name);
  }

  /// The numbers of the first kernel (Values from \p From on) that the
  /// second reads too, under the same name and type: where the site finds
  /// their bits equal, the body reads the second's for both, and the
  /// compiler computes what depends on them once (minimd's `dtf /
  /// mass(type(i))`, written in each half of the step).
  void shareValues(size_t From) {
    static const std::set<std::string> Numbers = {
        "double", "float", "int", "long", "long long", "unsigned int", "unsigned long",
        "unsigned long long"};
    for (size_t I = From, S = 0; I < Values.size() && S < K[0]->Scalars.size(); ++I, ++S) {
      const ScalarUse &SA = K[0]->Scalars[S];
      for (size_t J = 0; J < K[1]->Scalars.size(); ++J) {
        const ScalarUse &SB = K[1]->Scalars[J];
        if (SB.Name != SA.Name || SA.Written || SB.Written || SA.PrivateMember ||
            SB.PrivateMember || SA.PortableType.empty() ||
            SA.PortableType != SB.PortableType || !Numbers.count(SA.PortableType))
          continue;
        const Value &Second = Values[J];
        Shared.push_back({I, Second.Arg, side(0).AtSite + SA.Name, side(1).AtSite + SB.Name});
      }
    }
  }

  /// The second kernel's accumulator type, as any scope can name it.
  std::string accumulatorType() const {
    const ReductionModel &R = *K[1]->Reduction;
    return R.AccumulatorPortable.empty() ? withoutConstRef(R.AccumulatorType)
                                         : R.AccumulatorPortable;
  }

  /// The element type of object \p O's pointer.
  static std::string elementType(const Object &O) {
    return planner::pointerElementType(
        O.Use->ValueType, O.Use->Pointer ? "::kfuse::pointee<" + O.Type + ">" : O.Type, O.Written);
  }

  /// A piece of kernel \p Kn's body rewritten: a View access or a value's
  /// name at an offset of its text.
  struct Edit {
    unsigned Offset = 0, Length = 0;
    const ViewAccess *Access = nullptr;
    size_t Object = 0;
    std::string Name; ///< a value's parameter
  };

  std::vector<Edit> editsOf(int Kn) const {
    std::vector<Edit> Out;
    for (const ViewUse &V : K[Kn]->Views)
      for (const ViewAccess &A : V.Accesses)
        Out.push_back({A.Range.Offset, A.Range.Length, &A, ObjectOf.at({Kn, V.Name}), ""});
    for (const ScalarUse &S : K[Kn]->Scalars)
      for (const TextRange &R : S.Refs)
        Out.push_back({R.Offset, R.Length, nullptr, 0, ValueParam.at({Kn, S.Name})});
    std::sort(Out.begin(), Out.end(), [](const Edit &X, const Edit &Y) {
      return X.Offset != Y.Offset ? X.Offset < Y.Offset : X.Length > Y.Length;
    });
    return Out;
  }

  /// [From, To) of kernel \p Kn's text with its edits applied (an access's
  /// indices rewritten too).
  std::string rewrite(int Kn, const std::vector<Edit> &Edits, unsigned From, unsigned To) const {
    std::string Out;
    unsigned Pos = From;
    for (const Edit &E : Edits) {
      if (E.Offset < Pos || E.Offset + E.Length > To)
        continue;
      Out += Text[Kn].slice(Pos, E.Offset).str();
      Pos = E.Offset + E.Length;
      if (!E.Access) {
        Out += E.Name;
        continue;
      }
      const Object &O = Objects[E.Object];
      std::vector<std::string> Terms;
      for (size_t D = 0; D < E.Access->Indices.size(); ++D) {
        const TextRange &R = E.Access->Indices[D].Range;
        std::string Index = rewrite(Kn, Edits, R.Offset, R.Offset + R.Length);
        if (!O.Strided) {
          Terms.push_back(Index);
          continue;
        }
        if (!llvm::all_of(Index, [](char Ch) { return llvm::isAlnum(Ch) || Ch == '_'; }))
          Index = "(" + Index + ")";
        Terms.push_back(Index + " * " + O.Param + "_s" + std::to_string(D));
      }
      Out += O.Param + "_[" + llvm::join(Terms, " + ") + "]";
    }
    Out += Text[Kn].slice(Pos, To).str();
    return Out;
  }

  /// Kernel \p Kn's body as a block, its index bound to the fused one.
  std::string block(int Kn) const {
    const KernelModel &M = *K[Kn];
    std::string Index = withoutConstRef(K[1]->Functor.IndexType);
    std::string Bind;
    for (size_t D = 0; D < M.Functor.IndexParams.size(); ++D)
      if (!M.Functor.IndexParams[D].empty())
        Bind += "const " + (Index.empty() ? "int" : Index) + " " + M.Functor.IndexParams[D] +
                " = kfuse_i" + std::to_string(D) + "; ";
    if (M.Kind == LaunchKind::Reduce)
      Bind += accumulatorType() + " &" + M.Reduction->AccumulatorParam + " = kfuse_acc; ";
    const TextRange &R = M.Functor.BodyRange;
    std::string Body = rewrite(Kn, editsOf(Kn), R.Offset, R.Offset + R.Length);
    return llvm::StringRef(Body).starts_with("{") ? "{ " + Bind + Body.substr(1)
                                                   : "{ " + Bind + "{ " + Body + " } }";
  }

  std::string functor(const std::string &Name) const {
    const KernelModel &A = *K[0], &B = *K[1];
    std::string Index = withoutConstRef(B.Functor.IndexType);
    if (Index.empty())
      Index = "int";
    std::vector<std::string> IndexParams, IndexArgs;
    for (size_t D = 0; D < B.Functor.IndexParams.size(); ++D) {
      IndexParams.push_back("const " + Index + " kfuse_i" + std::to_string(D));
      IndexArgs.push_back("kfuse_i" + std::to_string(D));
    }
    std::vector<std::string> TParams = {"class T_kfuse_first"}, Members = {"  T_kfuse_first kfuse_first;"};
    for (const std::string &M : SecondMembers) {
      TParams.push_back("class T_" + M);
      Members.push_back("  T_" + M + " " + M + ";");
    }
    std::vector<std::string> Params = IndexParams, Args = IndexArgs;
    if (Chunked) {
      TParams.push_back("class T_kfuse_chunks");
      Members.push_back("  // The indices each call runs (one on a device, a chunk on the host).\n"
                        "  T_kfuse_chunks kfuse_chunks;");
      IndexParams = {"const " + Index + " kfuse_chunk"};
      Params = {"const " + Index + " kfuse_begin", "const " + Index + " kfuse_end"};
      Args = {"kfuse_chunks.begin(kfuse_chunk)", "kfuse_chunks.end(kfuse_chunk)"};
    }
    // A reduction second: its accumulator, bound in its block.
    std::string Acc, AccParam;
    if (B.Kind == LaunchKind::Reduce) {
      Acc = accumulatorType();
      AccParam = ", value_type &kfuse_acc";
    }
    for (const Object &O : Objects) {
      Params.push_back(elementType(O) + " *KOKKOS_RESTRICT " + O.Param + "_");
      Args.push_back(O.Use->Pointer ? O.Arg : O.Arg + ".data()");
      if (O.Strided)
        for (unsigned D = 0; D < O.Use->Rank; ++D) {
          Params.push_back("const ::kfuse::stride_t<" + O.Type + ", " + std::to_string(D) + ", " +
                           std::to_string(O.Use->Rank) + "> " + O.Param + "_s" +
                           std::to_string(D));
          Args.push_back(O.Arg + ".stride(" + std::to_string(D) + ")");
        }
    }
    for (size_t I = 0; I < Values.size(); ++I) {
      const Value &V = Values[I];
      Params.push_back("const " + V.Type + " " + V.Param);
      auto Same = llvm::find_if(Shared, [&](const SharedValue &S) { return S.First == I; });
      Args.push_back(Same == Shared.end()
                         ? V.Arg
                         : "T_kfuse_same::value ? " + Same->SecondArg + " : " + V.Arg);
    }
    if (!Shared.empty()) {
      TParams.push_back("class T_kfuse_same");
      Members.push_back("  // std::true_type where the site found the numbers both kernels "
                        "name alike equal:\n  // the body reads one value for both.\n"
                        "  T_kfuse_same kfuse_same;");
    }
    auto Place = [](const KernelModel &M) {
      return M.Id.RelFile + ":" + std::to_string(M.Pos.Line);
    };
    auto Named = [](const KernelModel &M) { return "'" + planner::codeName(M) + "'"; };
    std::string Out = std::string(Markers::FunctorBegin) + " " + Name + "\n";
    if (C.self())
      Out += "// " + Named(A) + " (" + Place(A) + ") of two calls of its function in a row, "
             "fused: one body over raw pointers, the first call's Views and values read from "
             "its deferred functor.\n";
    else
      Out += "// " + Named(A) + " (" + Place(A) + ") then " + Named(B) + " (" + Place(B) +
             "), fused across functions: one body over raw pointers, the first's Views and "
             "values read from its deferred functor.\n";
    Out += "template <" + llvm::join(TParams, ", ") + "> struct " + Name + " {\n";
    Out += llvm::join(Members, "\n") + "\n";
    if (!Acc.empty()) {
      Out += "  using value_type = " + Acc + ";\n";
      Params.push_back(Acc + " &kfuse_acc");
      Args.push_back("kfuse_acc");
    }
    Out += "  // Raw pointers as parameters: compilers honour restrict there, not on members.\n";
    Out += "  KOKKOS_INLINE_FUNCTION static void body(" + llvm::join(Params, ", ") + ") {\n";
    if (Chunked) {
      Out += "    for (" + Index + " kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {\n";
      Out += "      " + block(0) + "\n";
      Out += "      " + block(1) + "\n";
      Out += "    }\n";
    } else {
      Out += "    " + block(0) + "\n";
      Out += "    " + block(1) + "\n";
    }
    Out += "  }\n";
    // Launched over a policy with a work tag (a functor object's): the
    // operator takes that tag.
    const KernelModel &Launcher = Reverse ? A : B;
    std::string TagParam =
        Launcher.Policy.WorkTag.empty() ? "" : "const " + Launcher.Policy.WorkTagClass + " &, ";
    Out += "  KOKKOS_INLINE_FUNCTION void operator()(" + TagParam + llvm::join(IndexParams, ", ") +
           AccParam + ") const {\n";
    Out += "    body(" + llvm::join(Args, ", ") + ");\n";
    Out += "  }\n};\n";
    Out += Markers::FunctorEnd;
    return Out;
  }

  std::string guard(const std::string &Indent) const {
    std::vector<std::string> Bytes;
    // A raw pointer's elements over the range of the launching site (the
    // other's is equal: the site checks it).
    const KernelModel &Launcher = Reverse ? *K[0] : *K[1];
    for (const Object &O : Objects)
      Bytes.push_back(planner::guardBytes(O.Kernel ? *K[1] : *K[0], *O.Use, O.Guarded, O.Written,
                                          &Launcher.Policy));
    std::vector<std::string> Checks = {"::kfuse::no_overlap({" + llvm::join(Bytes, ", ") + "})"};
    for (const auto &[First, Second] : Merged)
      Checks.push_back((MergedPointers.count(First) ? "::kfuse::same_pointer(" : "::kfuse::same_view(") +
                       First + ", " + Second + ")");
    return llvm::join(Checks, " &&\n" + Indent);
  }
};

} // namespace

InlinedPair inlinedPair(const CrossChain &C, const KernelModel &A, llvm::StringRef TextA,
                        const KernelModel &B, llvm::StringRef TextB, const std::string &Name,
                        const std::string &Indent) {
  return PairBody(C, A, TextA, B, TextB).emit(Name, Indent);
}

} // namespace kfuse
