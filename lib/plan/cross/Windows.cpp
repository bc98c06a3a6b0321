//===- Windows.cpp - the windows callers open for a chain ===//

#include "plan/cross/Windows.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace kfuse {
namespace cross {

namespace {

/// A letter-and-digit form of \p S for identifiers.
std::string identifierFrom(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += std::isalnum(static_cast<unsigned char>(C)) ? C : '_';
  while (Out.find("__") != std::string::npos)
    Out.replace(Out.find("__"), 2, "_");
  while (!Out.empty() && Out.back() == '_')
    Out.pop_back();
  while (!Out.empty() && Out.front() == '_')
    Out.erase(Out.begin());
  return Out;
}

} // namespace

bool WindowPlacer::placeInCallers(const FunctionSummary &FnA, const FunctionSummary &FnB,
                                  const KernelModel &KA, const KernelModel &KB,
                                  const ProfileChain &C, double Share, std::string &FirstProblem) {
  Placing = NotPlaced;
  Consumed.clear();
  for (const auto &Entry : ByUsr)
    searchCaller(*Entry.second, FnA, FnB, KA, KB, C, Share, FirstProblem);
  if (Placing == NotPlaced)
    return false;
  Out.Chains[Placing].Elsewhere = FirstProblem;
  Placing = NotPlaced;
  return true;
}

bool WindowPlacer::placeThroughCalls(const FunctionSummary &CalleeA,
                                     const FunctionSummary &CalleeB, const KernelModel &KA,
                                     const KernelModel &KB, const ProfileChain &C, double Share,
                                     std::string &FirstProblem, unsigned Depth) {
  if (Depth == 0)
    return false;
  const FunctionSummary &FnA = *LaunchAt.at(KA.Id.str()).Fn;
  const FunctionSummary &FnB = *LaunchAt.at(KB.Id.str()).Fn;
  auto OnTheWay = [&](const FunctionSummary &G) {
    bool InOuter = llvm::any_of(
        Outer, [&](const std::vector<LaunchPlace> &L) { return L.front().Fn == &G; });
    bool InOuterB = llvm::any_of(OuterB, [&](const LaunchPlace &P) { return P.Fn == &G; });
    return &G == &FnA || &G == &FnB || G.Unsummarized || InOuter || InOuterB;
  };
  // The calls of \p Callee in \p G: on paths through its blocks and
  // branches (calls and `return f(...)`), or at the top of its body
  // (calls only, \p Top). The window opened around a call of G defers
  // the first kernel wherever G reaches it: for the first's way (not
  // \p Top) every call of Callee is a place (none when one is in a loop,
  // or G reaches the kernel in another statement's expression).
  auto CallsOf = [&](const FunctionSummary &G, const FunctionSummary &Callee, bool Top) {
    std::vector<LaunchPlace> Out;
    size_t Calls = 0;
    if (!Top) {
      bool Elsewhere = false;
      auto Reaches = [&](const HostStatement &H) {
        return llvm::any_of(H.Launches, [&](const SourcePos &P) {
          return P.File == KA.Pos.File && P.Line == KA.Pos.Line;
        });
      };
      std::function<void(const std::vector<FlowStatement> &)> Count =
          [&](const std::vector<FlowStatement> &Stmts) {
            for (const FlowStatement &S : Stmts) {
              // (An `if`'s, a block's or a loop's own Effects cover their
              // bodies, which are counted.)
              if (calls(S, Callee) || (!S.TailCallee.empty() && S.TailCallee == Callee.Usr))
                ++Calls;
              else if (S.Kind == FlowStatement::Form::Plain ||
                       S.Kind == FlowStatement::Form::Call)
                Elsewhere |= Reaches(S.Effects);
              Elsewhere |= Reaches(S.Header) || Reaches(S.Around);
              Count(S.Body);
              Count(S.Else);
            }
          };
      Count(G.Body);
      if (Calls == 0 || Elsewhere)
        return Out;
    }
    LaunchPlace Path;
    Path.Fn = &G;
    std::function<void(const std::vector<FlowStatement> &)> Visit =
        [&](const std::vector<FlowStatement> &Stmts) {
          for (size_t I = 0; I < Stmts.size(); ++I) {
            const FlowStatement &S = Stmts[I];
            Path.Path.push_back({&Stmts, I});
            if (calls(S, Callee) ||
                (!Top && !S.TailCallee.empty() && S.TailCallee == Callee.Usr))
              Out.push_back(Path);
            if (!Top &&
                (S.Kind == FlowStatement::Form::If || S.Kind == FlowStatement::Form::Block)) {
              Visit(S.Body);
              Visit(S.Else);
            }
            Path.Path.pop_back();
          }
        };
    Visit(G.Body);
    if (!Top && Out.size() != Calls) // one is in a loop
      Out.clear();
    return Out;
  };
  auto Try = [&](const FunctionSummary &A, const FunctionSummary &B) {
    return placeInCallers(A, B, KA, KB, C, Share, FirstProblem) ||
           placeThroughCalls(A, B, KA, KB, C, Share, FirstProblem, Depth - 1);
  };
  for (const auto &Entry : ByUsr) {
    const FunctionSummary &G = *Entry.second;
    if (OnTheWay(G))
      continue;
    std::vector<LaunchPlace> Places = CallsOf(G, CalleeA, /*Top=*/false);
    if (Places.empty())
      continue;
    if (++Attempts > 256)
      return false;
    Outer.push_back(Places);
    bool Placed = Try(G, CalleeB);
    Outer.pop_back();
    if (Placed)
      return true;
  }
  for (const auto &Entry : ByUsr) {
    const FunctionSummary &G = *Entry.second;
    if (OnTheWay(G))
      continue;
    for (const LaunchPlace &P : CallsOf(G, CalleeB, /*Top=*/true)) {
      if (++Attempts > 256)
        return false;
      OuterB.push_back(P);
      bool Placed = Try(CalleeA, G);
      OuterB.pop_back();
      if (Placed)
        return true;
    }
  }
  return false;
}

bool WindowPlacer::placeDirect(const FunctionSummary &FnB, const KernelModel &KA,
                               const KernelModel &KB, const ProfileChain &C, double Share,
                               std::string &FirstProblem) {
  // The launch statement of A in the function launching it: in any block,
  // a loop's body too (the window stays in that body).
  const FunctionSummary *L = nullptr;
  Block At;
  size_t Index = 0;
  std::function<bool(const std::vector<FlowStatement> &, const FlowStatement *)> Find =
      [&](const std::vector<FlowStatement> &Stmts, const FlowStatement *Loop) {
        for (size_t I = 0; I < Stmts.size(); ++I) {
          const FlowStatement &S = Stmts[I];
          if (S.Kind == FlowStatement::Form::Launch && S.Site == KA.Id.str()) {
            At = Block{&Stmts, Loop};
            Index = I;
            return true;
          }
          if (Find(S.Body, S.Kind == FlowStatement::Form::Loop ? &S : nullptr) ||
              (S.Kind == FlowStatement::Form::If && Find(S.Else, nullptr)))
            return true;
        }
        return false;
      };
  for (const auto &Entry : ByUsr)
    if (!Entry.second->Unsummarized && Find(Entry.second->Body, nullptr)) {
      L = Entry.second;
      break;
    }
  if (!L || L == LaunchAt.at(KB.Id.str()).Fn)
    return false;
  Placing = NotPlaced;
  Consumed.clear();
  ADirect = true;
  bool Placed = tryFrom(*L, At, Index, FnB, KA, KB, C, Share, FirstProblem);
  ADirect = false;
  if (Placing == NotPlaced)
    return false;
  Out.Chains[Placing].Elsewhere = FirstProblem;
  Placing = NotPlaced;
  return Placed;
}

bool WindowPlacer::placeDirectSecond(const FunctionSummary &FnA, const KernelModel &KA,
                                     const KernelModel &KB, const ProfileChain &C,
                                     double Share, std::string &FirstProblem) {
  // The function whose body holds B's launch statement (in any block).
  std::function<bool(const std::vector<FlowStatement> &)> Holds =
      [&](const std::vector<FlowStatement> &Stmts) {
        return llvm::any_of(Stmts, [&](const FlowStatement &S) {
          return (S.Kind == FlowStatement::Form::Launch && S.Site == KB.Id.str()) ||
                 Holds(S.Body) || Holds(S.Else);
        });
      };
  const FunctionSummary *L = nullptr;
  for (const auto &Entry : ByUsr)
    if (!Entry.second->Unsummarized && Holds(Entry.second->Body)) {
      L = Entry.second;
      break;
    }
  if (!L || L == &FnA)
    return false;
  Placing = NotPlaced;
  Consumed.clear();
  BDirect = true;
  SecondSite = KB.Id.str();
  searchCaller(*L, FnA, *L, KA, KB, C, Share, FirstProblem);
  BDirect = false;
  if (Placing == NotPlaced)
    return false;
  Out.Chains[Placing].Elsewhere = FirstProblem;
  Placing = NotPlaced;
  return true;
}

bool WindowPlacer::searchCaller(const FunctionSummary &L, const FunctionSummary &FnA,
                                const FunctionSummary &FnB, const KernelModel &KA,
                                const KernelModel &KB, const ProfileChain &C, double Share,
                                std::string &FirstProblem) {
  bool Found = false;
  std::function<void(const Block &)> Visit = [&](const Block &Bk) {
    const std::vector<FlowStatement> &Stmts = *Bk.Stmts;
    for (size_t I = 0; I < Stmts.size(); ++I) {
      const FlowStatement &S = Stmts[I];
      // (A call whose launch takes the pending one of a window of this
      // chain defers nothing itself: windows of one chain do not nest.)
      if (calls(S, FnA) && !Consumed.count(&S)) {
        // What the statement evaluates besides the call may run with the
        // first kernel pending (not when the second is computed ahead).
        std::string Around =
            Ahead || S.Around.Opaque.empty() ? std::string() : blocksHeader(S.Around, Types);
            if (!S.CallProblem.empty() || !Around.empty()) {
          if (FirstProblem.empty())
            FirstProblem =
                "the call of '" + FnA.Name + "' (" + where(S.Pos) +
                ") cannot defer its kernel: " + (S.CallProblem.empty() ? Around : S.CallProblem);
          continue;
        }
        Found |= tryFrom(L, Bk, I, FnB, KA, KB, C, Share, FirstProblem);
      }
      if (S.Kind == FlowStatement::Form::If || S.Kind == FlowStatement::Form::Loop ||
          S.Kind == FlowStatement::Form::Block)
        Visit(Block{&S.Body, S.Kind == FlowStatement::Form::Loop ? &S : nullptr});
    }
  };
  Visit(Block{&L.Body, nullptr});
  return Found;
}

bool WindowPlacer::tryFrom(const FunctionSummary &L, const Block &Bk, size_t I,
                           const FunctionSummary &FnB, const KernelModel &KA, const KernelModel &KB,
                           const ProfileChain &C, double Share, std::string &FirstProblem) {
  const std::vector<FlowStatement> &Stmts = *Bk.Stmts;
  // The first reason is kept, but one about code between the calls wins
  // over a caller that does not call the second function after the first.
  auto Keep = [&](const std::string &Why, bool Generic) {
    if (FirstProblem.empty() || (GenericProblem && !Generic)) {
      FirstProblem = Why + " (in '" + L.Name + "')";
      GenericProblem = Generic;
    }
    return false;
  };
  auto Fail = [&](const std::string &Why) { return Keep(Why, false); };
  std::vector<const FlowStatement *> Flushes;
  CalleeFlushes.clear();
  // Straight on, in this block.
  for (size_t J = I + 1; J < Stmts.size(); ++J) {
    std::string Why;
    const FlowStatement *Call = nullptr;
    if (holdsSecond(Stmts[J], FnB, Why, Flushes, Call)) {
      if (!Why.empty())
        return Fail(Why);
      if (std::string W = walkBetween(Stmts, I + 1, J, Flushes); !W.empty())
        return Fail(W);
      return record(L, Stmts[I], Stmts[J], nullptr, *Call, FnB, Flushes, KA, KB, C, Share, Fail);
    }
  }
  // Across the back edge of the loop this block is the body of.
  if (!Bk.Loop)
    return Keep("'" + L.Name + "' calls '" + FnB.Name +
                    "' nowhere after it calls the first function in one block",
                true);
  // The first call of a loop's body would take a launch pending from the
  // last one while a window of its own opens in the body.
  if (Self)
    return Fail("'" + L.Name + "' calls '" + FnB.Name +
                "' again only in its loop's next "
                "iteration (a launch is fused with itself only for two calls in one block)");
  if (std::string H = blocksHeader(Bk.Loop->Header, Types); !H.empty())
    return Fail("the header of the loop around the calls (" + where(Bk.Loop->Pos) + ") " + H);
  for (size_t J = 0; J < I; ++J) {
    std::string Why;
    const FlowStatement *Call = nullptr;
    if (holdsSecond(Stmts[J], FnB, Why, Flushes, Call)) {
      if (!Why.empty())
        return Fail(Why);
      if (std::string W = walkBetween(Stmts, I + 1, Stmts.size(), Flushes); !W.empty())
        return Fail(W);
      if (std::string W = walkBetween(Stmts, 0, J, Flushes); !W.empty())
        return Fail(W);
      return record(L, Stmts[I], *Bk.Loop, Bk.Loop, *Call, FnB, Flushes, KA, KB, C, Share, Fail);
    }
  }
  return Keep("'" + L.Name + "' calls '" + FnB.Name + "' nowhere after the first function", true);
}

template <class FailFn>
bool WindowPlacer::record(const FunctionSummary &L, const FlowStatement &Open,
                          const FlowStatement &Close, const FlowStatement *Loop,
                          const FlowStatement &Second, const FunctionSummary &FnB,
                          const std::vector<const FlowStatement *> &Flushes, const KernelModel &KA,
                          const KernelModel &KB, const ProfileChain &C, double Share, FailFn Fail) {
  auto FileOfL = FileIndex.find(L.File);
  if (FileOfL == FileIndex.end())
    return Fail("'" + L.Name + "' is in " + llvm::sys::path::filename(L.File).str() +
                ", which is not among the files given");
  // The reference parameters of the two functions, as these calls bind
  // them.
  const FunctionSummary &FnA = ADirect ? L : *LaunchAt.at(KA.Id.str()).Fn;
  const FunctionSummary &Called = Outer.empty() ? FnA : *Outer.back().front().Fn;
  if (std::string Why =
          aroundLaunches(KA, KB, FnA, FnB, boundBy(Called, Open), boundBy(FnB, Second));
      !Why.empty())
    return Fail(Why);
  const FlowStatement &First = Loop ? *Loop : Open;
  if (Ahead && Loop)
    return Fail("'" + L.Name + "' calls '" + FnB.Name +
                "' in the next iteration of its loop "
                "(a reduction is computed ahead only for a call that follows in one block)");
  if (Ahead)
    for (size_t N = 0; N < KB.Policy.GlobalNames.size(); ++N) {
      const std::string &Decl = KB.Policy.GlobalFiles[N];
      const FileModel *Unit = unitOf(L.File);
      if (!Decl.empty() && Decl != L.File && !libraryFile(Decl) &&
          (!Unit || !llvm::is_contained(Unit->ProjectFiles, Decl)))
        return Fail("the policy of " + planner::name(KB) + ", replayed in '" + L.Name +
                    "', names '" + KB.Policy.GlobalNames[N] + "', declared in " +
                    llvm::sys::path::filename(Decl).str() + ", which " +
                    llvm::sys::path::filename(L.File).str() + " does not include");
    }
  if (Ahead && (!Second.ArgsExact || !Second.ArgsProblem.empty()))
    return Fail("the call of '" + FnB.Name + "' (" + where(Second.Pos) +
                ") passes an argument of another type than its parameter's, or one whose "
                "evaluation changes something, and the replay of its declarations computing " +
                planner::name(KB) + " ahead would evaluate it once more");
  // A virtual call of the second function runs the pending kernel first
  // unless the object is exactly of the class whose method holds it.
  if (Second.Virtual) {
    const FileModel *Unit = unitOf(L.File);
    if (FnB.SpelledClass.empty() || Second.LineBegin == ~0u ||
        (FnB.ClassFile != L.File &&
         (FnB.ClassFileOnly || !Unit || !llvm::is_contained(Unit->ProjectFiles, FnB.ClassFile))))
      return Fail("the call of '" + FnB.Name + "' (" + where(Second.Pos) +
                  ") is virtual, and its class cannot be named there to check the object");
  }
  const FlowStatement *Crowded = First.LineBegin == ~0u                           ? &First
                                 : Close.LineAfter == ~0u                         ? &Close
                                 : Open.LineBegin == ~0u || Open.LineAfter == ~0u ? &Open
                                                                                  : nullptr;
  if (Crowded)
    return Fail("the statement at " + where(Crowded->Pos) +
                " shares its line with other code, and kfuse writes the lines that open and "
                "close its window only around statements on lines of their own (a limit of "
                "its rewriter: put the statement on a line of its own)");
  size_t F = FileOfL->second;
  // The lines go outside the code the file's own groups replace.
  auto Inside = [&](unsigned O) { return insideGroups(F, O); };
  if (Inside(First.LineBegin) || Inside(Close.LineAfter) ||
      llvm::any_of(Flushes, [&](const FlowStatement *S) {
        return Inside(S->ThenLineAfter != ~0u ? S->ThenLineAfter : S->LineBegin);
      }))
    return Fail("the calls are inside launches of '" + L.Name + "' that kfuse fuses");
  std::string Tag = KA.Id.Hash.substr(0, 8) + "_" + KB.Id.Hash.substr(0, 8);
  if (Placing == NotPlaced) {
    CrossChain New;
    New.First = ById[KA.Id.str()];
    New.Second = ById[KB.Id.str()];
    New.Key = "kfuse_chain_" + Tag;
    // The functor kept from one site for the other: the first kernel's, or
    // the second's when that is computed ahead.
    const KernelModel &Kept = Ahead ? KB : KA;
    std::string Base = identifierFrom(Kept.LabelKind == "literal" ? Kept.Label : Kept.Id.Function);
    New.PartName = "kfuse_part_" + (Base.empty() ? std::string("kernel") : Base) + "_" +
                   Kept.Id.Hash.substr(0, 8);
    New.Reverse = !Ahead && Reverse;
    New.CopySecond = New.Reverse && CopySecond;
    New.SecondMembers = New.CopySecond && SecondMembers;
    New.Ahead = Ahead;
    New.Merged = Merged;
    New.OneView = OneView;
    New.Within[0] = Within[0];
    New.Within[1] = Within[1];
    New.Distinct = Distinct;
    New.Inlinable = !New.SecondMembers && oneBody(KA, KB, New.First, New.Second, Ahead);
    New.Count = C.Count;
    New.Share = Share;
    New.Across = Across.empty() ? "" : acrossName();
    Placing = Out.Chains.size();
    AsFirst[KA.Id.str()] = Placing;
    AsSecond[KB.Id.str()] = Placing;
    Out.Chains.push_back(std::move(New));
  }
  Consumed.insert(&Second);
  // Another window of the chain may be open in the same function: each
  // has a variable of its own.
  CrossChain &Ch = Out.Chains[Placing];
  ChainWindow W;
  W.Caller = L.Name;
  for (auto P = Outer.rbegin(); P != Outer.rend(); ++P)
    W.Through.push_back(P->front().Fn->Name);
  for (auto P = OuterB.rbegin(); P != OuterB.rend(); ++P)
    W.ThroughSecond.push_back(P->Fn->Name);
  W.LaunchesFirst = ADirect;
  W.LaunchesSecond = BDirect;
  W.Pos = First.Pos;
  W.BackEdge = Loop != nullptr;
  W.Variable = "kfuse_window_" + Tag +
               (Ch.Windows.empty() ? "" : "_" + std::to_string(Ch.Windows.size() + 1));
  Ch.Lines.push_back({F, First.LineBegin, First.Indent,
                      "::kfuse::Window " + W.Variable + "(\"" + Ch.Key + "\");"});
  if (Ahead) {
    // The second kernel's captures, as its function builds them from the
    // call's arguments: built at the first kernel's launch.
    std::string In = First.Indent;
    auto Add = [&](const std::string &Code) { Ch.Lines.push_back({F, First.LineBegin, In, Code}); };
    Add("// '" + planner::codeName(KB) +
        "' is computed ahead, with the first kernel: its captures as '" + FnB.Name +
        (planner::thisFunctor(KB) ? "' assigns its members." : "' declares them."));
    Add(W.Variable + ".ahead([&] {");
    In += "  ";
    Add("return [](" + AheadParams + ") {");
    In += "  ";
    for (const std::string &S : AheadLines)
      Add(S);
    Add("return ::kfuse::ahead_captures(::kfuse::bounds_of(" + KB.Policy.Text + "), " +
        AheadCaptures + ");");
    In.resize(In.size() - 2);
    Add("}(" + llvm::join(Second.Args, ", ") + ");");
    In.resize(In.size() - 2);
    Add("});");
  }
  // Only this call of the first function may defer its kernel.
  Ch.Lines.push_back({F, Open.LineBegin, Open.Indent, W.Variable + ".arm();"});
  Ch.Lines.push_back({F, Open.LineAfter, Open.Indent, W.Variable + ".disarm();"});
  for (const FlowStatement *S : Flushes) {
    W.Flushes.push_back({S->Pos, ""});
    if (S->ThenLineAfter != ~0u)
      Ch.Lines.push_back({F, S->ThenLineAfter, S->ThenIndent, W.Variable + ".flush();"});
    else
      Ch.Lines.push_back(
          {F, S->LineBegin, S->Indent, "if (" + S->CondText + ") " + W.Variable + ".flush();"});
  }
  // In a function called between, after its early returns: by the
  // chain's name (the window is the caller's). Once per place.
  for (const CalleeFlush &CF : CalleeFlushes) {
    size_t In = CF.File;
    const FlowStatement *S = CF.At;
    W.Flushes.push_back({S->Pos, CF.Callee});
    std::string Code = "::kfuse::flush(\"" + Ch.Key + "\");";
    if (llvm::none_of(Ch.Lines, [&](const InsertedLine &X) {
          return X.File == In && X.Offset == S->LineBegin && X.Code == Code;
        }))
      Ch.Lines.push_back({In, S->LineBegin, S->Indent, Code});
  }
  if (Second.Virtual)
    Ch.Lines.push_back(
        {F, Second.LineBegin, Second.Indent,
         "if (!::kfuse::is_exactly<" + FnB.SpelledClass + ">(" +
             (Second.ObjectIsPointer ? Second.ObjectText : "&(" + Second.ObjectText + ")") + ")) " +
             W.Variable + ".flush();"});
  Ch.Lines.push_back({F, Close.LineAfter, First.Indent, W.Variable + ".close();", true});
  for (const std::string &H : Includes)
    if (Included.insert({IncludeFile, H}).second)
      Ch.Lines.push_back({IncludeFile, 0, "", "#include \"" + H + "\""});
  Ch.Windows.push_back(std::move(W));
  return true;
}

} // namespace cross
} // namespace kfuse
