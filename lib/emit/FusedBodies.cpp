//===- FusedBodies.cpp - The kernel bodies of one fused group -------------===//

#include "emit/FusedBodies.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

namespace kfuse {
namespace emit {

using planner::identifier;
using planner::withoutConstRef;

FusedView &FusedBodies::view(const std::string &Name) {
  for (auto &[N, V] : Views)
    if (N == Name)
      return V;
  Views.emplace_back(Name, FusedView());
  return Views.back().second;
}

void FusedBodies::collect() {
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
    llvm::erase_if(Scalars,
                   [&](const ScalarUse *S) { return llvm::is_contained(R.LoopVars, S->Name); });
    for (const ScalarUse &Sc : R.Names)
      addScalar(Sc);
  }
}

bool FusedBodies::pointerNamed(const std::string &Name) const {
  for (size_t S : Group.Sites)
    for (const ViewUse &V : Sites[S].Views)
      if (V.Name == Name && V.Pointer)
        return true;
  return false;
}

const std::string &FusedBodies::memberOf(const ViewUse &V) {
  return V.Root.empty() ? V.Name : V.Root;
}

void FusedBodies::addScalar(const ScalarUse &Sc) {
  if (llvm::none_of(Scalars, [&](const ScalarUse *X) { return X->Name == Sc.Name; }))
    Scalars.push_back(&Sc);
}

std::string FusedBodies::pointerAccess(const std::string &Name, const FusedView &V,
                                       const ViewAccess &A,
                                       const std::vector<const ViewAccess *> &All) {
  std::vector<std::string> Terms;
  for (size_t D = 0; D < A.Indices.size(); ++D) {
    std::string Index = rewrite(A.Indices[D].Range.Offset,
                                A.Indices[D].Range.Offset + A.Indices[D].Range.Length, All);
    bool Simple = llvm::all_of(Index, [](char C) { return llvm::isAlnum(C) || C == '_'; });
    if (V.Strided && !Simple)
      Index = "(" + Index + ")";
    Terms.push_back(V.Strided ? Index + " * " + identifier(Name) + "_s" + std::to_string(D)
                              : Index);
  }
  return identifier(Name) + "_[" + llvm::join(Terms, " + ") + "]";
}

std::string FusedBodies::rewrite(unsigned From, unsigned To,
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
    Out +=
        Replaced != AccessText.end() ? Replaced->second : pointerAccess(Name, view(Name), *A, All);
    Pos = A->Range.Offset + A->Range.Length;
  }
  InsertUpTo(To);
  Out += Text.slice(Pos, To).str();
  return Out;
}

void FusedBodies::carryRecurrences(const KernelModel &M) {
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
    std::string Load =
        planner::renameIdentifiers(pointerAccess(Owner, view(Owner), *R.Previous, All), First);
    std::string Cond = planner::renameIdentifiers(R.Loop->Cond, First);
    InsertBefore[R.Loop->Range.Offset] +=
        Type + " " + Local + " = (" + Cond + ") ? " + Load + " : " + Type + "(); ";
    for (const ViewAccess *A : R.Carried)
      AccessText[A] = Local;
    AccessText[R.Write] = pointerAccess(Owner, view(Owner), *R.Write, All) + " = " + Local;
  }
}

std::vector<const ViewAccess *> FusedBodies::accessesOf(const KernelModel &M) {
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

std::string FusedBodies::bodyText(const KernelModel &M, unsigned From, unsigned To) {
  return Opts.Restrict ? rewrite(From, To, accessesOf(M)) : Text.slice(From, To).str();
}

std::vector<std::string> FusedBodies::indexBindings(const KernelModel &M) {
  std::vector<std::string> Out;
  for (size_t D = 0; D < M.Functor.IndexParams.size(); ++D)
    if (!M.Functor.IndexParams[D].empty()) // unnamed: unused
      Out.push_back("const " + indexType() + " " + M.Functor.IndexParams[D] + " = kfuse_i" +
                    std::to_string(D) + ";");
  return Out;
}

std::string FusedBodies::bindIndices(const KernelModel &M) {
  std::string Bind;
  for (const std::string &B : indexBindings(M))
    Bind += B + " ";
  return Bind;
}

bool FusedBodies::viaReducer(const ReductionModel &R) {
  return !llvm::is_contained({"Sum", "Prod", "Min", "Max"}, R.Reducer);
}

std::string FusedBodies::valueType(const ReductionModel &R) const {
  if (viaReducer(R))
    return R.ReducerType + "::value_type";
  // A composed functor's operators spell it in their class's scope.
  return composition() ? R.AccumulatorPortable : withoutConstRef(R.AccumulatorType);
}

void FusedBodies::findRepeatedReductions() {
  if (composition())
    return; // the operators' bodies are not copied
  std::map<std::string, size_t> Seen;
  for (size_t K = 0; K < Reductions.size() && combinedReductions(); ++K) {
    const KernelModel &M = *Reductions[K];
    if (!M.Unknown.empty() || M.Condition ||
        llvm::any_of(M.Views, [](const ViewUse &V) { return V.Mode != AccessMode::Read; }))
      continue;
    std::map<std::string, std::string> Names = {{M.Reduction->AccumulatorParam, "kfuse_acc"}};
    for (size_t D = 0; D < M.Functor.IndexParams.size(); ++D)
      Names[M.Functor.IndexParams[D]] = "kfuse_idx" + std::to_string(D);
    const TextRange &B = M.Functor.BodyRange;
    std::string Key =
        M.Reduction->Reducer + "|" + withoutConstRef(M.Reduction->AccumulatorType) + "|" +
        (Group.Horizontal ? M.Policy.Text : "") + "|" +
        planner::squeeze(planner::renameIdentifiers(Text.substr(B.Offset, B.Length), Names));
    auto [It, New] = Seen.try_emplace(Key, K);
    if (!New)
      Repeated[&M] = It->second;
  }
}

std::string FusedBodies::resultMember(size_t K) const {
  auto It = Repeated.find(Reductions[K]);
  return "r" + std::to_string(It == Repeated.end() ? K : It->second);
}

size_t FusedBodies::placeOf(const KernelModel &M) const {
  size_t K = 0;
  while (K < Group.Sites.size() && &Sites[Group.Sites[K]] != &M)
    ++K;
  return K;
}

std::string FusedBodies::conditionName(const KernelModel &M) const {
  return "kfuse_if" + std::to_string(placeOf(M) + 1);
}

std::string FusedBodies::endName(const KernelModel &M) const {
  return "kfuse_end" + std::to_string(placeOf(M) + 1);
}

std::vector<std::string> FusedBodies::endNames(const KernelModel &M) const {
  if (!Group.BoundsAtRunTime)
    return {endName(M)};
  std::vector<std::string> Out;
  for (unsigned D = 0; D < M.Policy.Rank; ++D)
    Out.push_back(endName(M) + "_" + std::to_string(D));
  return Out;
}

std::string FusedBodies::boundsName(const KernelModel &M) const {
  return "kfuse_bounds" + std::to_string(placeOf(M) + 1);
}

std::string FusedBodies::partGuard(const KernelModel &M) const {
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

std::string FusedBodies::partial(size_t K) const {
  return (Opts.Restrict ? "kfuse_r" : "kfuse_v.r") + std::to_string(K);
}

std::string FusedBodies::bindKernel(const KernelModel &M) {
  std::string Bind = bindIndices(M);
  if (combinedReductions() && M.Reduction) {
    size_t K = llvm::find(Reductions, &M) - Reductions.begin();
    Bind +=
        valueType(*M.Reduction) + " &" + M.Reduction->AccumulatorParam + " = " + partial(K) + "; ";
  }
  return Bind;
}

std::string FusedBodies::kernelBody(const KernelModel &M) {
  unsigned B = M.Functor.BodyRange.Offset, E = B + M.Functor.BodyRange.Length;
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

void FusedBodies::combinedStruct(const std::string &Name, std::vector<std::string> &L) const {
  std::vector<std::string> Fields;
  for (size_t K = 0; K < Reductions.size(); ++K)
    Fields.push_back(valueType(*Reductions[K]->Reduction) + " r" + std::to_string(K) + ";");
  L.push_back("// The results of " + std::to_string(Reductions.size()) + " reductions, combined.");
  L.push_back("struct " + Name + "_values { " + llvm::join(Fields, " ") + " };");
}

std::vector<std::string> FusedBodies::combinedValue(const std::string &Values) {
  std::vector<std::string> Init, Join, VolatileJoin, L;
  for (size_t K = 0; K < Reductions.size(); ++K) {
    const ReductionModel &R = *Reductions[K]->Reduction;
    std::string T = valueType(R), M = "r" + std::to_string(K);
    if (viaReducer(R)) {
      // The reducer's own identity and join, on a reducer bound to the
      // member (Kokkos 3's join of volatile values has its overload).
      const std::string &Reducer = R.ReducerType;
      Init.push_back(Reducer + "(kfuse_v." + M + ").init(kfuse_v." + M + ");");
      Join.push_back(Reducer + "(kfuse_d." + M + ").join(kfuse_d." + M + ", kfuse_s." + M + ");");
      VolatileJoin.push_back("::kfuse::join_volatile(" + Reducer + "(const_cast<" + T +
                             " &>(kfuse_d." + M + ")), kfuse_d." + M + ", kfuse_s." + M + ", 0);");
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
      Join.push_back("if (kfuse_s." + M + (R.Reducer == "Min" ? " < " : " > ") + "kfuse_d." + M +
                     ") kfuse_d." + M + " = kfuse_s." + M + ";");
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

std::string FusedBodies::loopBody(const KernelModel &M, const InnerLoop &L) {
  unsigned B = L.BodyRange.Offset, E = B + L.BodyRange.Length;
  llvm::StringRef After = Text.drop_front(E);
  if (Text[B] != '{' && After.ltrim().starts_with(";"))
    E += After.size() - After.ltrim().size() + 1;
  std::string Body = bodyText(M, B, E);
  return Text[B] == '{' ? Body : "{ " + Body + " }";
}

std::vector<std::map<std::string, std::string>>
FusedBodies::localRenames(const std::vector<const KernelModel *> &Run,
                          const std::vector<planner::LoopShape> &Shapes) {
  std::vector<std::set<std::string>> Declared, Idents;
  for (size_t R = 0; R < Run.size(); ++R) {
    const TextRange &B = Run[R]->Functor.BodyRange;
    Idents.push_back(planner::identifiersOf(Text.substr(B.Offset, B.Length)));
    Declared.emplace_back(Shapes[R].Locals.begin(), Shapes[R].Locals.end());
  }
  return planner::scopeRenames(Declared, Idents);
}

std::vector<std::string> FusedBodies::mergedLoops(const std::vector<const KernelModel *> &Run) {
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
  std::string Header =
      bodyText(*Run.front(), First.Loop->Range.Offset, First.Loop->BodyRange.Offset);
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

std::vector<std::string> FusedBodies::scheduled(const planner::StatementSchedule &S) {
  auto Kernel = [&](size_t R) -> const KernelModel & { return Sites[Group.Sites[S.First + R]]; };
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
                                   llvm::StringRef(bodyText(M, Begin, End)).trim(), S.Renames[R]));
      continue;
    }
    const InnerLoop &L = *planner::loopAt(M, St);
    std::string Header = bodyText(M, L.Range.Offset, L.BodyRange.Offset);
    Out.push_back("      " +
                  planner::renameIdentifiers(llvm::StringRef(Header).rtrim(), S.Renames[R]) + " {");
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

std::string FusedBodies::repeatHeader() const {
  const TextRange &H = Sites[Group.Sites.front()].Repeat->Header;
  return Text.substr(H.Offset, H.Length).str();
}

std::vector<std::string> FusedBodies::bodies(bool WithRepeat) {
  std::vector<std::string> Out;
  bool Repeats = Group.Repeats && WithRepeat;
  if (Group.Repeats && Group.Sites.size() == 1) {
    // Each element runs every iteration of the host loop in turn.
    const KernelModel &M = Sites[Group.Sites.front()];
    Out.push_back("    " + (Repeats ? repeatHeader() + " " : std::string()) + kernelBody(M));
    return Out;
  }
  if (Repeats) {
    // Each launch index runs every iteration of the host loop in turn,
    // the loop's launches in order in each.
    Out.push_back("    " + repeatHeader() + " {");
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
  if (Repeats)
    Out.push_back("    }");
  return Out;
}

std::string FusedBodies::indexType() const {
  std::string T = withoutConstRef(Sites[Group.Sites.front()].Functor.IndexType);
  return T.empty() ? "int" : T;
}

bool FusedBodies::composition() const {
  return llvm::any_of(
      Group.Sites, [&](size_t S) { return Sites[S].Functor.Kind == FunctorModel::Form::Object; });
}

std::string FusedBodies::elementType(const std::string &Name, const FusedView &V) {
  // In a template the element type is the instantiation's: other
  // instantiations have their own.
  bool Template = llvm::any_of(Group.Sites, [&](size_t S) { return Sites[S].InTemplate; });
  // A raw pointer's element type, through its type as a View's is.
  std::string Type = V.Use->Pointer ? "::kfuse::pointee<" + viewType(Name) + ">" : viewType(Name);
  return planner::pointerElementType(V.Use->ValueType, Type, V.Written, Template);
}

} // namespace emit
} // namespace kfuse
