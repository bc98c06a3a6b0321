//===- FusedKernelEmitter.cpp - Code for one fused group ------------------===//

#include "kfuse/FusedKernelEmitter.h"
#include "plan/PlannerSupport.h"
#include "plan/StatementSchedule.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace kfuse {

namespace {

/// A View of the fused kernel: one member per object (argument fusion).
struct FusedView {
  const ViewUse *Use = nullptr; ///< the first use, for its type
  bool Written = false;
  bool Strided = false; ///< indexed through its strides
};

using planner::identifier;
using planner::withoutConstRef;

struct Emitter {
  const FusionGroup &Group;
  const std::vector<KernelModel> &Sites;
  llvm::StringRef Text;
  const EmitOptions &Opts;
  std::vector<std::pair<std::string, FusedView>> Views; // in first-use order
  /// Every View name the kernels use; with restrict, merged names have no
  /// member of their own.
  std::vector<std::string> Members;
  std::vector<const ScalarUse *> Scalars;
  const KernelModel *Reduce = nullptr;
  /// Every reduction, in order; with two or more, they combine into one
  /// value (a struct with one member per reduction).
  std::vector<const KernelModel *> Reductions;
  /// The host conditions of kernels under an `if`, evaluated before the
  /// launch into members `kfuse_ifK` (K the kernel's place in the group).
  std::deque<ScalarUse> Conditions;

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
      if (M.Reduction) {
        Reduce = &M;
        Reductions.push_back(&M);
      }
      for (const ViewUse &V : M.Views) {
        FusedView &F = view(Group.canonical(V.Name));
        // Merged names have one element type and rank; a raw pointer
        // merged into a View is described by the View.
        if (!F.Use || (F.Use->Pointer && !V.Pointer))
          F.Use = &V;
        F.Written |= V.Mode != AccessMode::Read;
        F.Strided |= V.Rank > 1 || V.Layout == "LayoutStride";
        if (!llvm::is_contained(Members, memberOf(V)))
          Members.push_back(memberOf(V));
      }
      for (const ScalarUse &Sc : M.Scalars)
        addScalar(Sc);
      if (M.Condition) {
        ScalarUse C;
        C.Name = conditionName(M);
        C.Type = "bool";
        Conditions.push_back(C);
        addScalar(Conditions.back());
      }
      if (Group.Horizontal)
        for (const std::string &N : endNames(M)) {
          ScalarUse E;
          E.Name = N;
          E.Type = indexType();
          Conditions.push_back(E);
          addScalar(Conditions.back());
        }
    }
    // Temporal fusion: the host loop's header runs in the kernel, declaring
    // its variables there (no longer captured) and reading others.
    if (Group.Repeats) {
      const RepeatLoop &R = *Sites[Group.Sites.front()].Repeat;
      llvm::erase_if(Scalars, [&](const ScalarUse *S) {
        return llvm::is_contained(R.LoopVars, S->Name);
      });
      for (const ScalarUse &Sc : R.Names)
        addScalar(Sc);
    }
  }

  /// True if \p Name is a raw pointer of a kernel of the group.
  bool pointerNamed(const std::string &Name) const {
    for (size_t S : Group.Sites)
      for (const ViewUse &V : Sites[S].Views)
        if (V.Name == Name && V.Pointer)
          return true;
    return false;
  }

  /// The functor member that holds \p V: the View itself, or the captured
  /// object it is a member of (`field` for `field.density`).
  static const std::string &memberOf(const ViewUse &V) {
    return V.Root.empty() ? V.Name : V.Root;
  }

  /// The type of View \p Name inside the functor template: `T_a`, or
  /// `decltype(T_field::density)` for a member of a captured object.
  static std::string viewType(const std::string &Name) { return planner::viewTypeIn("", Name); }

  void addScalar(const ScalarUse &Sc) {
    if (llvm::none_of(Scalars, [&](const ScalarUse *X) { return X->Name == Sc.Name; }))
      Scalars.push_back(&Sc);
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
      bool Simple = llvm::all_of(Index, [](char C) { return llvm::isAlnum(C) || C == '_'; });
      if (V.Strided && !Simple)
        Index = "(" + Index + ")";
      Terms.push_back(V.Strided ? Index + " * " + identifier(Name) + "_s" + std::to_string(D)
                                : Index);
    }
    return identifier(Name) + "_[" + llvm::join(Terms, " + ") + "]";
  }

  /// [From, To) of the file with every View access in \p All rewritten.
  std::string rewrite(unsigned From, unsigned To,
                      const std::vector<const ViewAccess *> &All) {
    std::string Out;
    unsigned Pos = From;
    auto Insert = InsertBefore.lower_bound(From);
    auto InsertUpTo = [&](unsigned Offset) {
      for (; Insert != InsertBefore.end() && Insert->first <= Offset && Insert->first < To;
           ++Insert) {
        Out += Text.slice(Pos, Insert->first).str() + Insert->second;
        Pos = Insert->first;
      }
    };
    for (const ViewAccess *A : All) {
      if (A->Range.Offset < Pos || A->Range.Offset + A->Range.Length > To)
        continue;
      InsertUpTo(A->Range.Offset);
      Out += Text.slice(Pos, A->Range.Offset).str();
      const std::string &Name = AccessOwner.at(A);
      auto Replaced = AccessText.find(A);
      Out += Replaced != AccessText.end() ? Replaced->second
                                          : pointerAccess(Name, view(Name), *A, All);
      Pos = A->Range.Offset + A->Range.Length;
    }
    InsertUpTo(To);
    Out += Text.slice(Pos, To).str();
    return Out;
  }
  std::map<const ViewAccess *, std::string> AccessOwner;
  /// Scalar replacement: accesses written differently, and declarations
  /// inserted before a loop (at its offset).
  std::map<const ViewAccess *, std::string> AccessText;
  std::map<unsigned, std::string> InsertBefore;

  /// Keeps each recurrence of \p M in a register across its loop's
  /// iterations (planner::Recurrence); the store still goes to memory.
  void carryRecurrences(const KernelModel &M) {
    std::vector<const ViewAccess *> All = accessesOf(M);
    const TextRange &B = M.Functor.BodyRange;
    std::set<std::string> Taken = planner::identifiersOf(Text.substr(B.Offset, B.Length));
    for (const planner::Recurrence &R : planner::recurrencesOf(M, Text)) {
      const std::string &Owner = AccessOwner.at(R.Write);
      std::string Local = identifier(Owner) + "_carried";
      while (!Taken.insert(Local).second)
        Local += "_";
      std::string Type = elementType(Owner, view(Owner)); // written: not const
      // Loaded before the first iteration, if there is one.
      std::map<std::string, std::string> First = {{R.Loop->Var, "(" + R.Loop->Begin + ")"}};
      std::string Load = planner::renameIdentifiers(
          pointerAccess(Owner, view(Owner), *R.Previous, All), First);
      std::string Cond = planner::renameIdentifiers(R.Loop->Cond, First);
      InsertBefore[R.Loop->Range.Offset] += Type + " " + Local + " = (" + Cond + ") ? " + Load +
                                            " : " + Type + "(); ";
      for (const ViewAccess *A : R.Carried)
        AccessText[A] = Local;
      AccessText[R.Write] = pointerAccess(Owner, view(Owner), *R.Write, All) + " = " + Local;
    }
  }

  /// The accesses of \p M, in text order.
  std::vector<const ViewAccess *> accessesOf(const KernelModel &M) {
    std::vector<const ViewAccess *> All;
    for (const ViewUse &V : M.Views)
      for (const ViewAccess &A : V.Accesses) {
        if (!V.Accessor.empty()) // the accessor's call, kept as written
          continue;
        All.push_back(&A);
        AccessOwner[&A] = Group.canonical(V.Name);
      }
    std::sort(All.begin(), All.end(), [](const ViewAccess *X, const ViewAccess *Y) {
      return X->Range.Offset < Y->Range.Offset;
    });
    return All;
  }

  /// [From, To) of \p M's text, accesses rewritten when restrict is on.
  std::string bodyText(const KernelModel &M, unsigned From, unsigned To) {
    return Opts.Restrict ? rewrite(From, To, accessesOf(M)) : Text.slice(From, To).str();
  }

  /// `const int i = kfuse_i0;` per named index of \p M.
  std::vector<std::string> indexBindings(const KernelModel &M) {
    std::vector<std::string> Out;
    for (size_t D = 0; D < M.Functor.IndexParams.size(); ++D)
      if (!M.Functor.IndexParams[D].empty()) // unnamed: unused
        Out.push_back("const " + indexType() + " " + M.Functor.IndexParams[D] + " = kfuse_i" +
                      std::to_string(D) + ";");
    return Out;
  }

  std::string bindIndices(const KernelModel &M) {
    std::string Bind;
    for (const std::string &B : indexBindings(M))
      Bind += B + " ";
    return Bind;
  }

  bool combinedReductions() const { return Reductions.size() >= 2; }

  /// A reduction combined through its Kokkos reducer's init and join
  /// (MinLoc, MaxLoc, ...), not by the emitter's own code.
  static bool viaReducer(const ReductionModel &R) {
    return !llvm::is_contained({"Sum", "Prod", "Min", "Max"}, R.Reducer);
  }

  /// The type of \p R's partial result in the combined value: as the
  /// kernel spells it, or its reducer's value_type.
  std::string valueType(const ReductionModel &R) const {
    if (viaReducer(R))
      return R.ReducerType + "::value_type";
    // A composed functor's operators spell it in their class's scope.
    return composition() ? R.AccumulatorPortable : withoutConstRef(R.AccumulatorType);
  }

  /// Combined reductions whose bodies are identical to an earlier one's
  /// (up to the names of their index and accumulator), that write nothing:
  /// computed once, the earlier one's partial result serves both.
  std::map<const KernelModel *, size_t> Repeated;

  void findRepeatedReductions() {
    if (composition())
      return; // the operators' bodies are not copied
    std::map<std::string, size_t> Seen;
    for (size_t K = 0; K < Reductions.size() && combinedReductions(); ++K) {
      const KernelModel &M = *Reductions[K];
      if (!M.Unknown.empty() || M.Condition ||
          llvm::any_of(M.Views, [](const ViewUse &V) { return V.Mode != AccessMode::Read; }))
        continue;
      std::map<std::string, std::string> Names = {
          {M.Reduction->AccumulatorParam, "kfuse_acc"}};
      for (size_t D = 0; D < M.Functor.IndexParams.size(); ++D)
        Names[M.Functor.IndexParams[D]] = "kfuse_idx" + std::to_string(D);
      const TextRange &B = M.Functor.BodyRange;
      std::string Key = M.Reduction->Reducer + "|" +
                        withoutConstRef(M.Reduction->AccumulatorType) + "|" +
                        (Group.Horizontal ? M.Policy.Text : "") + "|" +
                        planner::squeeze(planner::renameIdentifiers(
                            Text.substr(B.Offset, B.Length), Names));
      auto [It, New] = Seen.try_emplace(Key, K);
      if (!New)
        Repeated[&M] = It->second;
    }
  }

  /// The member of the combined value holding reduction \p K's result.
  std::string resultMember(size_t K) const {
    auto It = Repeated.find(Reductions[K]);
    return "r" + std::to_string(It == Repeated.end() ? K : It->second);
  }

  size_t placeOf(const KernelModel &M) const {
    size_t K = 0;
    while (K < Group.Sites.size() && &Sites[Group.Sites[K]] != &M)
      ++K;
    return K;
  }

  /// The member holding the condition of kernel \p M of the group.
  std::string conditionName(const KernelModel &M) const {
    return "kfuse_if" + std::to_string(placeOf(M) + 1);
  }

  /// Horizontal fusion: the member holding the end of kernel \p M's range.
  std::string endName(const KernelModel &M) const {
    return "kfuse_end" + std::to_string(placeOf(M) + 1);
  }

  /// Horizontal fusion: the members holding the ends of kernel \p M's
  /// range, one per dimension where they are read at run time.
  std::vector<std::string> endNames(const KernelModel &M) const {
    if (!Group.BoundsAtRunTime)
      return {endName(M)};
    std::vector<std::string> Out;
    for (unsigned D = 0; D < M.Policy.Rank; ++D)
      Out.push_back(endName(M) + "_" + std::to_string(D));
    return Out;
  }

  /// Horizontal fusion with bounds read at run time: the host variable
  /// holding kernel \p M's (::kfuse::Bounds).
  std::string boundsName(const KernelModel &M) const {
    return "kfuse_bounds" + std::to_string(placeOf(M) + 1);
  }

  /// When kernel \p M's part of an index runs: its condition held, and the
  /// index is below its own end (horizontal fusion); "" for always.
  std::string partGuard(const KernelModel &M) const {
    std::vector<std::string> C;
    if (M.Condition)
      C.push_back(conditionName(M));
    if (Group.Horizontal) {
      std::vector<std::string> Ends = endNames(M);
      for (size_t D = 0; D < Ends.size(); ++D)
        C.push_back("kfuse_i" + std::to_string(D) + " < " + Ends[D]);
    }
    return llvm::join(C, " && ");
  }

  /// The partial result of reduction \p K in the fused body.
  std::string partial(size_t K) const {
    return (Opts.Restrict ? "kfuse_r" : "kfuse_v.r") + std::to_string(K);
  }

  /// Index parameters bound to the fused ones and, where reductions
  /// combine, the accumulator bound to its member of the combined value.
  std::string bindKernel(const KernelModel &M) {
    std::string Bind = bindIndices(M);
    if (combinedReductions() && M.Reduction) {
      size_t K = llvm::find(Reductions, &M) - Reductions.begin();
      Bind += valueType(*M.Reduction) + " &" + M.Reduction->AccumulatorParam + " = " +
              partial(K) + "; ";
    }
    return Bind;
  }

  /// The body of kernel \p M, index parameters bound to the fused ones at
  /// its top: `{ bind; body }`.
  std::string kernelBody(const KernelModel &M) {
    unsigned B = M.Functor.BodyRange.Offset,
             E = B + M.Functor.BodyRange.Length;
    if (Opts.Restrict)
      carryRecurrences(M);
    std::string Body = bodyText(M, B, E);
    // A body that returns early runs as a lambda, so that `return` ends this
    // kernel's part of the iteration only.
    std::string Block;
    if (M.EarlyExit)
      Block = "{ " + bindKernel(M) + "[&]() " + Body + "(); }";
    else if (llvm::StringRef(Body).starts_with("{"))
      Block = "{ " + bindKernel(M) + Body.substr(1);
    else
      Block = "{ " + bindKernel(M) + "{ " + Body + " } }";
    // Under its `if` (the condition the host evaluated), below its end.
    std::string When = partGuard(M);
    return When.empty() ? Block : "if (" + When + ") " + Block;
  }

  /// The struct holding the results of several reductions, one member
  /// each, appended to \p L.
  void combinedStruct(const std::string &Name, std::vector<std::string> &L) const {
    std::vector<std::string> Fields;
    for (size_t K = 0; K < Reductions.size(); ++K)
      Fields.push_back(valueType(*Reductions[K]->Reduction) + " r" + std::to_string(K) + ";");
    L.push_back("// The results of " + std::to_string(Reductions.size()) +
                " reductions, combined.");
    L.push_back("struct " + Name + "_values { " + llvm::join(Fields, " ") + " };");
  }

  /// The combined value of several reductions, its identity and its join:
  /// lines of the functor (the struct itself is defined before it).
  std::vector<std::string> combinedValue(const std::string &Values) {
    std::vector<std::string> Init, Join, VolatileJoin, L;
    for (size_t K = 0; K < Reductions.size(); ++K) {
      const ReductionModel &R = *Reductions[K]->Reduction;
      std::string T = valueType(R), M = "r" + std::to_string(K);
      if (viaReducer(R)) {
        // The reducer's own identity and join, on a reducer bound to the
        // member (Kokkos 3's join of volatile values has its overload).
        const std::string &Reducer = R.ReducerType;
        Init.push_back(Reducer + "(kfuse_v." + M + ").init(kfuse_v." + M + ");");
        Join.push_back(Reducer + "(kfuse_d." + M + ").join(kfuse_d." + M + ", kfuse_s." + M +
                       ");");
        VolatileJoin.push_back("::kfuse::join_volatile(" + Reducer + "(const_cast<" + T +
                               " &>(kfuse_d." + M + ")), kfuse_d." + M + ", kfuse_s." + M +
                               ", 0);");
        continue;
      }
      if (R.ClassVariable) {
        // As Kokkos treats a lambda's value type: default constructed,
        // joined with += (Kokkos 3 on volatile values, as the original).
        Init.push_back("kfuse_v." + M + " = " + T + "();");
        Join.push_back("kfuse_d." + M + " += kfuse_s." + M + ";");
        VolatileJoin.push_back(Join.back());
        continue;
      }
      std::string Identity = R.Reducer == "Prod"  ? "prod"
                             : R.Reducer == "Min" ? "min"
                             : R.Reducer == "Max" ? "max"
                                                  : "sum";
      Init.push_back("kfuse_v." + M + " = ::Kokkos::reduction_identity<" + T + ">::" + Identity +
                     "();");
      if (R.Reducer == "Min" || R.Reducer == "Max")
        Join.push_back("if (kfuse_s." + M + (R.Reducer == "Min" ? " < " : " > ") + "kfuse_d." +
                       M + ") kfuse_d." + M + " = kfuse_s." + M + ";");
      else
        Join.push_back("kfuse_d." + M + (R.Reducer == "Prod" ? " *= " : " += ") + "kfuse_s." + M +
                       ";");
      VolatileJoin.push_back(Join.back());
    }
    L.push_back("  using value_type = " + Values + ";");
    // Parameter names of kfuse's own: members are named like the user's Views.
    L.push_back("  KOKKOS_INLINE_FUNCTION void init(value_type &kfuse_v) const { " +
                llvm::join(Init, " ") + " }");
    L.push_back("  KOKKOS_INLINE_FUNCTION void join(value_type &kfuse_d, "
                "const value_type &kfuse_s) const { " +
                llvm::join(Join, " ") + " }");
    L.push_back("  // Kokkos 3 joins volatile values.");
    L.push_back("  KOKKOS_INLINE_FUNCTION void join(volatile value_type &kfuse_d, "
                "const volatile value_type &kfuse_s) const { " +
                llvm::join(VolatileJoin, " ") + " }");
    return L;
  }

  /// The statement that is the body of loop \p L, through its `;`.
  std::string loopBody(const KernelModel &M, const InnerLoop &L) {
    unsigned B = L.BodyRange.Offset, E = B + L.BodyRange.Length;
    llvm::StringRef After = Text.drop_front(E);
    if (Text[B] != '{' && After.ltrim().starts_with(";"))
      E += After.size() - After.ltrim().size() + 1;
    std::string Body = bodyText(M, B, E);
    return Text[B] == '{' ? Body : "{ " + Body + " }";
  }

  /// For each kernel of a run whose loops merge, the renaming of its local
  /// variables that would clash in the one scope they now share: with a
  /// name another kernel declares too (the first kernel declaring it keeps
  /// it), or one another kernel reads from outside (a capture).
  std::vector<std::map<std::string, std::string>>
  localRenames(const std::vector<const KernelModel *> &Run,
               const std::vector<planner::LoopShape> &Shapes) {
    std::vector<std::set<std::string>> Declared, Idents;
    for (size_t R = 0; R < Run.size(); ++R) {
      const TextRange &B = Run[R]->Functor.BodyRange;
      Idents.push_back(planner::identifiersOf(Text.substr(B.Offset, B.Length)));
      Declared.emplace_back(Shapes[R].Locals.begin(), Shapes[R].Locals.end());
    }
    return planner::scopeRenames(Declared, Idents);
  }

  /// A run of kernels whose loops merge (loop fusion): the declarations
  /// before each loop, one loop with each body in turn, then what follows
  /// each loop, each in its own block.
  std::vector<std::string> mergedLoops(const std::vector<const KernelModel *> &Run) {
    std::vector<planner::LoopShape> Shapes;
    for (const KernelModel *M : Run)
      Shapes.push_back(*planner::loopShape(*M, Text));
    std::vector<std::map<std::string, std::string>> Renames = localRenames(Run, Shapes);
    auto Piece = [&](size_t R, unsigned From, unsigned To) {
      std::string Code = llvm::StringRef(bodyText(*Run[R], From, To)).trim().str();
      return planner::renameIdentifiers(Code, Renames[R]);
    };
    std::vector<std::string> Out;
    const planner::LoopShape &First = Shapes.front();
    std::string Header = bodyText(*Run.front(), First.Loop->Range.Offset,
                                  First.Loop->BodyRange.Offset);
    Out.push_back("    { " + bindIndices(*Run.front()));
    for (size_t R = 0; R < Run.size(); ++R)
      if (std::string P = Piece(R, Shapes[R].PrologueBegin, Shapes[R].PrologueEnd); !P.empty())
        Out.push_back("      " + P);
    Out.push_back("      " + llvm::StringRef(Header).rtrim().str() + " {");
    for (size_t R = 0; R < Run.size(); ++R)
      Out.push_back("        " +
                    planner::renameIdentifiers(loopBody(*Run[R], *Shapes[R].Loop), Renames[R]));
    Out.push_back("      }");
    for (size_t R = 0; R < Run.size(); ++R)
      if (std::string E = Piece(R, Shapes[R].EpilogueBegin, Shapes[R].EpilogueEnd); !E.empty())
        Out.push_back("      { " + E + " }");
    Out.push_back("    }");
    return Out;
  }

  /// A run of kernels whose statements run in the order \p S gives, in one
  /// block: their indices bound once, merged loops with each body in turn.
  std::vector<std::string> scheduled(const planner::StatementSchedule &S) {
    auto Kernel = [&](size_t R) -> const KernelModel & {
      return Sites[Group.Sites[S.First + R]];
    };
    std::vector<std::string> Binds;
    for (size_t R = 0; R < S.Size; ++R)
      for (const std::string &B : indexBindings(Kernel(R))) {
        std::string Line = planner::renameIdentifiers(B, S.Renames[R]);
        if (!llvm::is_contained(Binds, Line))
          Binds.push_back(Line);
      }
    std::vector<std::string> Out = {"    { " + llvm::join(Binds, " ")};
    for (const std::vector<planner::StatementSchedule::Piece> &Node : S.Order) {
      auto [R, St] = Node.front();
      const KernelModel &M = Kernel(R);
      if (Node.size() == 1) {
        auto [Begin, End] = planner::statementText(M, St);
        Out.push_back("      " + planner::renameIdentifiers(
                                     llvm::StringRef(bodyText(M, Begin, End)).trim(),
                                     S.Renames[R]));
        continue;
      }
      const InnerLoop &L = *planner::loopAt(M, St);
      std::string Header = bodyText(M, L.Range.Offset, L.BodyRange.Offset);
      Out.push_back("      " +
                    planner::renameIdentifiers(llvm::StringRef(Header).rtrim(), S.Renames[R]) +
                    " {");
      for (auto [PR, PS] : Node) {
        // Each body names the loop's variable as the first loop does.
        const InnerLoop &Own = *planner::loopAt(Kernel(PR), PS);
        std::map<std::string, std::string> Names = S.Renames[PR];
        if (Own.Var != L.Var)
          Names[Own.Var] = L.Var;
        Out.push_back("        " + planner::renameIdentifiers(loopBody(Kernel(PR), Own), Names));
      }
      Out.push_back("      }");
    }
    Out.push_back("    }");
    return Out;
  }

  /// Lines of the fused body: one block per kernel, or per run of kernels
  /// whose inner loops are merged (loop fusion), or whose statements run
  /// in another order (a StatementSchedule).
  std::vector<std::string> bodies() {
    std::vector<std::string> Out;
    if (Group.Repeats && Group.Sites.size() == 1) {
      // Each element runs every iteration of the host loop in turn.
      const KernelModel &M = Sites[Group.Sites.front()];
      const TextRange &H = M.Repeat->Header;
      Out.push_back("    " + Text.substr(H.Offset, H.Length).str() + " " + kernelBody(M));
      return Out;
    }
    if (Group.Repeats) {
      // Each launch index runs every iteration of the host loop in turn,
      // the loop's launches in order in each.
      const TextRange &H = Sites[Group.Sites.front()].Repeat->Header;
      Out.push_back("    " + Text.substr(H.Offset, H.Length).str() + " {");
    }
    const std::vector<StatementSchedule> &Schedules = Group.Schedules;
    for (size_t K = 0; K < Group.Sites.size(); ++K) {
      const KernelModel &M = Sites[Group.Sites[K]];
      if (auto It = llvm::find_if(Schedules, [&](auto &S) { return S.First == K; });
          It != Schedules.end()) {
        std::vector<std::string> Lines = scheduled(*It);
        Out.insert(Out.end(), Lines.begin(), Lines.end());
        K += It->Size - 1;
        continue;
      }
      if (auto It = Repeated.find(&M); It != Repeated.end()) {
        Out.push_back("    // '" + M.Label + "' computes what '" + Reductions[It->second]->Label +
                      "' computes: one result serves both.");
        continue;
      }
      if (!Group.inMergedLoop(K)) {
        Out.push_back("    " + kernelBody(M));
        continue;
      }
      std::vector<const KernelModel *> Run = {&M};
      while (K + 1 < Group.Sites.size() && Group.JoinsPreviousLoop[K + 1])
        Run.push_back(&Sites[Group.Sites[++K]]);
      std::vector<std::string> Lines = mergedLoops(Run);
      Out.insert(Out.end(), Lines.begin(), Lines.end());
    }
    if (Group.Repeats)
      Out.push_back("    }");
    return Out;
  }

  std::string indexType() const {
    std::string T = withoutConstRef(Sites[Group.Sites.front()].Functor.IndexType);
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
    return withoutConstRef(Reduce->Reduction->AccumulatorType);
  }

  /// The names of the functor's members, in order: one per View object
  /// (with restrict; every name without), then the scalars.
  /// Composition: the group launches the enclosing object (`*this`) with
  /// work tags; the fused functor holds a copy and calls its operators in
  /// turn, each with its tag.
  /// Functor objects other than `*this` (bound to their Views, see
  /// FunctorModel::Bound) are composed too, with the group's lambdas: the
  /// fused functor holds a copy of each and calls them in turn.
  bool composition() const {
    return llvm::any_of(Group.Sites, [&](size_t S) {
      return Sites[S].Functor.Kind == FunctorModel::Form::Object;
    });
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
  std::string guarded(const std::string &View) const {
    return selfComposition() ? "this->" + View : View;
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

  /// The element type of \p V for a pointer parameter: as written when it is
  /// a builtin type, else through the member's View type.
  std::string elementType(const std::string &Name, const FusedView &V) {
    // In a template the element type is the instantiation's: other
    // instantiations have their own.
    bool Template = llvm::any_of(Group.Sites, [&](size_t S) { return Sites[S].InTemplate; });
    // A raw pointer's element type, through its type as a View's is.
    std::string Type = V.Use->Pointer ? "::kfuse::pointee<" + viewType(Name) + ">" : viewType(Name);
    return planner::pointerElementType(V.Use->ValueType, Type, V.Written, Template);
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
    Code.Functor = std::string(Markers::FunctorBegin) + " " + Name + "\n";
    for (const std::string &Line : functor(Name))
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
      Emit("if (" + guard() + ") {");
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
    Emit("const bool " + On + " = " + guard() + ";");
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
