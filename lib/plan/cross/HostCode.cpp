//===- HostCode.cpp - what the code around the launches may observe ===//

#include "plan/cross/HostCode.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/Path.h"

namespace kfuse {
namespace cross {

bool mayHoldAny(const std::set<std::string> &Elements, const std::string &T) {
  return planner::mayHoldAny(Elements, T);
}

bool onlyForeignReads(const HostStatement &E, const ChainTypes &Types) {
  return planner::onlyForeignPointerMemory(E, Types.Written, Types.Used, Types.PointerFields);
}

std::string fieldProblem(const HostStatement::FieldUse &Field, const ChainTypes &Types) {
  return planner::fieldProblem(Field, Types.Written, Types.Used, Types.PointerFields);
}

/// What in \p E may observe a pending kernel (or a kernel computed ahead)
/// whose Views have the element types \p Types, or "".
std::string blocksHeader(const HostStatement &E, const ChainTypes &Types) {
  if (!E.Opaque.empty() && !onlyForeignReads(E, Types)) {
    // Opaque only for calls whose bodies other units hold (and numbers read
    // through pointers): those bodies decide.
    if (E.OpaqueBeyondCalls || (E.Unseen.empty() && E.Launches.empty()) ||
        (!E.Unseen.empty() && !Types.Unseen) || (!E.Launches.empty() && !Types.Launch))
      return E.Opaque;
    if (!E.Unseen.empty())
      if (std::string Why = Types.Unseen(E); !Why.empty())
        return Why;
    for (const SourcePos &P : E.Launches)
      if (std::string Why = Types.Launch(P, ""); !Why.empty())
        return Why;
    for (const std::string &T : E.PointerReads)
      if (mayHoldAny(Types.Written, T))
        return "reads a " + T +
               " through a pointer, which may be an element of a View the "
               "first kernel writes";
    for (const HostStatement::FieldUse &F : E.FieldPointers)
      if (std::string Why = fieldProblem(F, Types); !Why.empty())
        return E.Opaque + ", and " + Why;
  }
  // A reference parameter may be bound to an element of one of their
  // Views (the caller's business): written, it may be one they use; read,
  // one the first writes.
  for (const HostStatement::ReferenceUse &U : E.ThroughReferences)
    if (Types.AllReferences && !Types.BoundToLocals.count(U.Name) &&
        mayHoldAny(U.Written ? Types.Used : Types.Written, U.Type))
      return std::string(U.Written ? "writes" : "reads") + " through the reference parameter '" +
             U.Name + "' (a " + U.Type + "), which may be an element of a View of theirs";
  if (!E.TouchesViews.empty())
    return "uses the data of the View '" + E.TouchesViews.front() + "'";
  if (!E.TouchesObjects.empty())
    return "uses '" + E.TouchesObjects.front() + "', which holds Views";
  return "";
}

/// Why running \p S while the first kernel (its Views of the element types
/// \p Types) is pending could observe it, or "" when it provably
/// cannot: it touches no View data (copying handles aside), calls nothing
/// kfuse cannot see and launches nothing.
std::string blocks(const FlowStatement &S, bool ReturnAllowed, const ChainTypes &Types) {
  if (S.Returns && !ReturnAllowed)
    return "it returns from the function";
  if (S.Kind == FlowStatement::Form::Launch) {
    std::string Why = Types.Launch ? Types.Launch(S.Pos, S.Site) : "launches a kernel";
    return Why.empty() ? "" : "it " + Why;
  }
  if (S.CopiesHandles)
    return "";
  // Deferred kernels keep copies of their handles, and the second's site
  // compares the Views it launches with: a handle assigned between changes
  // nothing they see, unless some View is one the guard cannot compare.
  if (S.AssignsHandle)
    return !Types.HiddenViews
               ? ""
               : "it assigns a View handle, and a View of theirs is reached through an "
                 "accessor or an object, which the guard cannot compare";
  std::string Why = blocksHeader(S.Effects, Types);
  return Why.empty() ? "" : "it " + Why;
}

std::string HostCodeJudge::launchBetween(const SourcePos &P, const std::string &Id) const {
  std::vector<const KernelModel *> Models;
  if (!Id.empty())
    Models = everyModel(Id);
  if (Models.empty())
    if (auto At =
            AtPos.find(P.File + ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column));
        At != AtPos.end())
      for (SiteRef R : At->second)
        Models.push_back(&site(R));
  if (Models.empty())
    return "launches a kernel kfuse did not analyse (" + where(P) + ")";
  for (const KernelModel *Each : Models) {
    const KernelModel &K = *Each;
    std::string Name = "launches " + planner::name(K) + " (" + where(K.Pos) + ")";
    if (!K.StoresOnlyLocals)
      return Name + ", which may store where others read: " +
             (K.FirstStore.empty() ? "its body is not visible" : K.FirstStore);
    if (K.Kind == LaunchKind::Scan || (K.Reduction && K.Reduction->ResultIsView))
      return Name + ", which " + (K.Kind == LaunchKind::Scan ? "is a scan" : "reduces into a View");
  }
  return "";
}

std::string HostCodeJudge::unseenCalls(const HostStatement &E) {
  if (UnseenDepth >= 4)
    return E.Opaque + " (through too many levels of calls into other files)";
  ++UnseenDepth;
  auto Done = llvm::make_scope_exit([&] { --UnseenDepth; });
  for (const HostStatement::UnseenCall &U : E.Unseen) {
    std::vector<const FunctionSummary *> Targets;
    if (auto It = ByUsr.find(U.Usr); It != ByUsr.end())
      Targets.push_back(It->second);
    if (U.Virtual) {
      if (!Opts.WholeProgram)
        return "calls the virtual function '" + U.Name +
               "', and not every file of the compilation database is given (an overrider "
               "may be in another)";
      for (const auto &[Usr, Fn] : ByUsr)
        if (llvm::is_contained(Fn->Overrides, U.Usr))
          Targets.push_back(Fn);
    } else if (Targets.empty()) {
      return "calls '" + U.Name + "', whose body is in none of the files given";
    }
    for (const FunctionSummary *Fn : Targets)
      if (Fn->Unsummarized)
        return "calls the virtual function '" + U.Name + "', and its overrider '" + Fn->Name +
               "' (" + where(Fn->Pos) + ") has its body in none of the files given";
      else if (std::string Why = bodyBlocks(Fn->Body); !Why.empty())
        return "calls " +
               (U.Virtual
                    ? "the virtual function '" + U.Name + "', whose overrider '" + Fn->Name + "'"
                    : "'" + U.Name + "'") +
               " (" + where(Fn->Pos) + ")" + (U.Virtual ? " " : ", which ") + Why;
  }
  return "";
}

std::string HostCodeJudge::bodyBlocks(const std::vector<FlowStatement> &Body) {
  for (const FlowStatement &S : Body) {
    if (S.Kind == FlowStatement::Form::Launch) {
      if (!Types.Launch)
        return "launches a kernel (" + where(S.Pos) + ")";
      if (std::string Why = Types.Launch(S.Pos, S.Site); !Why.empty())
        return Why;
      continue;
    }
    if (std::string Why = bodyBlocks(S.Body); !Why.empty())
      return Why;
    if (std::string Why = blocks(S, true, Types); !Why.empty())
      return llvm::StringRef(Why).starts_with("it ") ? Why.substr(3) + " (" + where(S.Pos) + ")"
                                                     : Why;
  }
  return "";
}

std::string HostCodeJudge::walkBetween(const std::vector<FlowStatement> &Stmts, size_t From,
                                       size_t To, std::vector<const FlowStatement *> &Flushes) {
  for (size_t I = From; I < To; ++I) {
    const FlowStatement &S = Stmts[I];
    std::string Why = blocks(S, false, Types);
    if (Why.empty())
      continue;
    // Across a kernel between, the code between must allow the chain on
    // its own: a flush there (which forgets the result computed ahead)
    // would run on the path the profile saw.
    if (!Across.empty())
      return "the code between them (" + where(S.Pos) + ") may observe the first kernel: " + Why;
    // A call of a function whose body kfuse reads runs it inside; not
    // where that flush runs on every call made here: the chain would
    // never run fused.
    if (std::optional<CalleeFlush> F = flushInCallee(S)) {
      if (F->EveryCall && S.Kind != FlowStatement::Form::If)
        return "the code between them calls '" + F->Callee + "' (" + where(S.Pos) +
               "), which may observe the first kernel on every call (" + where(F->At->Pos) + ": " +
               F->Why + "), so a fused chain would always run unfused";
      CalleeFlushes.push_back(*F);
      continue;
    }
    // An `if` whose body may observe the kernel runs it first: at the
    // start of its braces, or, without braces, in a copy of the `if`
    // before it (its condition evaluated twice, so it must change nothing).
    if (S.Kind == FlowStatement::Form::If && !S.HasElse && blocksHeader(S.Header, Types).empty() &&
        (S.ThenLineAfter != ~0u || (S.Header.Changes.empty() && S.Header.Declares.empty() &&
                                    S.LineBegin != ~0u && !S.CondText.empty()))) {
      Flushes.push_back(&S);
      continue;
    }
    return "the code between them (" + where(S.Pos) + ") may observe the first kernel: " + Why;
  }
  return "";
}

std::optional<CalleeFlush> HostCodeJudge::flushInCallee(const FlowStatement &S) const {
  if (S.Kind == FlowStatement::Form::If &&
      (S.HasElse || S.Body.size() != 1 || !blocksHeader(S.Header, Types).empty()))
    return std::nullopt;
  const FlowStatement *Call = S.Kind == FlowStatement::Form::If ? &S.Body.front() : &S;
  if (Call->Kind != FlowStatement::Form::Call || Call->Virtual || !Call->CallProblem.empty() ||
      !Call->ArgsProblem.empty() || !Call->ArgsPointerReads.Opaque.empty() ||
      !Call->Around.Opaque.empty())
    return std::nullopt;
  auto Fn = ByUsr.find(Call->Callee);
  if (Fn == ByUsr.end() || !FileIndex.count(Fn->second->File))
    return std::nullopt;
  ChainTypes T = boundBy(*Fn->second, *Call);
  // Pure, or an `if` (no else) with a pure condition around pure
  // statements that may return.
  std::function<bool(const FlowStatement &)> Pure = [&](const FlowStatement &St) {
    if (blocks(St, true, T).empty())
      return true;
    return St.Kind == FlowStatement::Form::If && !St.HasElse &&
           blocksHeader(St.Header, T).empty() && llvm::all_of(St.Body, Pure);
  };
  std::function<bool(const FlowStatement &)> MayReturn = [&](const FlowStatement &St) {
    return St.Returns || llvm::any_of(St.Body, MayReturn);
  };
  bool Returned = false;
  for (const FlowStatement &St : Fn->second->Body) {
    if (Pure(St)) {
      Returned |= MayReturn(St);
      continue;
    }
    size_t File = FileIndex.at(Fn->second->File);
    if (St.LineBegin == ~0u || insideGroups(File, St.LineBegin))
      return std::nullopt;
    return CalleeFlush{File, &St, Fn->second->Name, !Returned, blocks(St, true, T)};
  }
  return std::nullopt;
}

bool HostCodeJudge::holdsSecond(const FlowStatement &S, const FunctionSummary &FnB,
                                std::string &Why, std::vector<const FlowStatement *> &Flushes,
                                const FlowStatement *&Call) {
  // (Or the second's own launch, where the caller launches it: BDirect.)
  auto IsCall = [&](const FlowStatement &X) {
    return BDirect ? X.Kind == FlowStatement::Form::Launch && X.Site == SecondSite
                   : calls(X, FnB);
  };
  auto Problem = [&](const FlowStatement &X) {
    if (!X.CallProblem.empty() || !X.ArgsProblem.empty())
      return X.CallProblem.empty() ? X.ArgsProblem : X.CallProblem;
    for (const HostStatement *H : {&X.ArgsPointerReads, &X.Around})
      if (!H->Opaque.empty())
        if (std::string Why = blocksHeader(*H, Types); !Why.empty())
          return Why;
    return std::string();
  };
  if (IsCall(S)) {
    Call = &S;
    Why = Problem(S).empty() ? ""
                             : "the call of '" + FnB.Name + "' (" + where(S.Pos) +
                                   ") cannot receive a pending kernel: " + Problem(S);
    return true;
  }
  if (S.Kind != FlowStatement::Form::If)
    return false;
  for (size_t K = 0; K < S.Body.size(); ++K)
    if (IsCall(S.Body[K])) {
      Call = &S.Body[K];
      if (S.HasElse)
        Why = "the call of '" + FnB.Name + "' is in an `if` with an `else` (" + where(S.Pos) + ")";
      else if (std::string H = blocksHeader(S.Header, Types); !H.empty())
        Why = "the condition of the `if` around the call of '" + FnB.Name + "' (" + where(S.Pos) +
              ") " + H;
      else if (!Problem(S.Body[K]).empty())
        Why = "the call of '" + FnB.Name + "' (" + where(S.Body[K].Pos) +
              ") cannot receive a pending kernel: " + Problem(S.Body[K]);
      else
        Why = walkBetween(S.Body, 0, K, Flushes);
      return true;
    }
  return false;
}

ChainTypes HostCodeJudge::unbound() const {
  ChainTypes T = Types;
  T.AllReferences = false;
  return T;
}

ChainTypes HostCodeJudge::boundBy(const FunctionSummary &Fn, const FlowStatement &Call) const {
  ChainTypes T = Types;
  for (size_t P = 0; P < Fn.Params.size() && P < Call.ArgsLocal.size(); ++P)
    if (Call.ArgsLocal[P])
      T.BoundToLocals.insert(Fn.Params[P]);
  return T;
}

std::string HostCodeJudge::aroundLaunches(const KernelModel &KA, const KernelModel &KB,
                                          const FunctionSummary &FnA, const FunctionSummary &FnB,
                                          const ChainTypes &TA, const ChainTypes &TB) const {
  // After A, on the path that ran it: the rest of its block, then of each
  // block around (not the other branch of an `if`); then the same after the
  // call of its function in each function on the way up (Outer), where a
  // `return` of that call ends it. \p TA binds the parameters of the
  // outermost function; the others' are judged as any reference.
  // (Launched by the caller itself: the caller's code after it is judged
  // where the window is placed.)
  std::vector<std::vector<LaunchPlace>> Levels;
  if (!ADirect)
    Levels.push_back({LaunchAt.at(KA.Id.str())});
  Levels.insert(Levels.end(), Outer.begin(), Outer.end());
  for (size_t N = ADirect ? Levels.size() : 0; N < Levels.size(); ++N)
    for (const LaunchPlace &P : Levels[N]) {
      const FunctionSummary &Fn = N == 0 ? FnA : *P.Fn;
      const ChainTypes &T = N + 1 == Levels.size() ? TA : Types;
      std::string What =
          N == 0 ? planner::name(KA) : "the call of '" + Levels[N - 1].front().Fn->Name + "'";
      if (N > 0) {
        // The call on the way up: what its statement evaluates besides the
        // call runs after it (nothing, for `return f(...);`).
        const FlowStatement &Call = (*P.Path.back().first)[P.index()];
        if (Call.Returns)
          continue;
        if (std::string Why = blocksHeader(Call.Around, T); !Why.empty())
          return "the statement of " + What + " in '" + Fn.Name + "' (" + where(Call.Pos) +
                 ") runs code after the call with " + planner::name(KA) + " pending, and " +
                 Why;
      }
      for (size_t Level = P.Path.size(); Level-- > 0;) {
        const auto &[Stmts, At] = P.Path[Level];
        for (size_t I = At + 1; I < Stmts->size(); ++I)
          if (std::string Why = blocks((*Stmts)[I], true, T); !Why.empty())
            return "the code after " + What + " in '" + Fn.Name + "' (" +
                   where((*Stmts)[I].Pos) + ") runs before " + planner::name(KB) +
                   (Ahead ? " (computed ahead)" : "") + ", and " + Why;
      }
    }
  // Before B: the code before it in its function's body, then before the
  // call of that function in each function on the way up (OuterB: calls at
  // the top of their bodies, whose arguments are evaluated with A pending).
  // \p TB binds the parameters of the outermost.
  std::vector<const LaunchPlace *> PlacesB;
  if (!BDirect) // (launched by the caller: the code before it is walked there)
    PlacesB.push_back(&LaunchAt.at(KB.Id.str()));
  for (const LaunchPlace &P : OuterB)
    PlacesB.push_back(&P);
  for (size_t N = 0; N < PlacesB.size(); ++N) {
    const LaunchPlace &P = *PlacesB[N];
    const FunctionSummary &Fn = N == 0 && OuterB.empty() ? FnB : *P.Fn;
    const ChainTypes &T = N + 1 == PlacesB.size() ? TB : Types;
    const std::vector<FlowStatement> &Body = *P.Path.front().first;
    std::string What =
        N == 0 ? planner::name(KB) : "the call of '" + PlacesB[N - 1]->Fn->Name + "'";
    for (size_t I = 0; I < P.Path.front().second; ++I)
      if (std::string Why = blocks(Body[I], false, T); !Why.empty())
        return "the code before " + What + " in '" + Fn.Name + "' (" + where(Body[I].Pos) +
               ") " +
               (Ahead ? "would run after " + planner::name(KB) + " is computed ahead"
                      : "runs after " + planner::name(KA)) +
               ", and " + Why;
    if (N > 0) {
      const FlowStatement &Call = Body[P.Path.front().second];
      std::string Why = !Call.CallProblem.empty() ? Call.CallProblem : Call.ArgsProblem;
      for (const HostStatement *H : {&Call.ArgsPointerReads, &Call.Around})
        if (Why.empty())
          Why = blocksHeader(*H, T);
      if (!Why.empty())
        return "the call of '" + PlacesB[N - 1]->Fn->Name + "' in '" + Fn.Name + "' (" +
               where(Call.Pos) + ") runs with " + planner::name(KA) + " pending, and " + Why;
    }
  }
  return "";
}

} // namespace cross
} // namespace kfuse
