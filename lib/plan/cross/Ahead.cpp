//===- Ahead.cpp - a reduction computed ahead with the one before ===//

#include "plan/cross/Ahead.h"
#include "kfuse/FusionPlan.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <functional>

namespace kfuse {
namespace cross {

std::string AheadJudge::evaluateAhead(SiteRef A, SiteRef B, const ProfileChain &C, double Share,
                                      std::string &Check, const std::string &Files) {
  const KernelModel &KA = site(A), &KB = site(B);
  auto Their = [&](const std::string &Why) {
    return "their launches are " + Files + ", and " + Why;
  };
  for (const KernelModel *K : {&KA, &KB})
    if (const ViewUse *P = planner::rawPointerOf(*K))
      return Their(planner::name(*K) + " indexes the raw pointer '" + P->Name +
                   "' (a reduction computed ahead with raw pointers is not fused yet)");
  // Nothing is pending while the second is computed ahead: a kernel run
  // between matters only if it may store into what the second reads.
  Types.Launch = [this](const SourcePos &P, const std::string &Id) { return launchBetween(P, Id); };
  // A value from the first's function that the second's call takes: a
  // dependence before any question of form.
  if (auto FA = LaunchAt.find(KA.Id.str()), FB = LaunchAt.find(KB.Id.str());
      FA != LaunchAt.end() && FB != LaunchAt.end() && FA->second.Fn && FB->second.Fn)
    if (std::string Why = resultFlows(*FA->second.Fn, *FB->second.Fn); !Why.empty()) {
      Check = "kfuse-unsafe-dependence";
      return Their(Why);
    }
  Check = "kfuse-not-fusable";
  if (std::string Why = aheadForm(KA, KB, A.File); !Why.empty())
    return Their(Why);
  if (AsSecond.count(KA.Id.str()) || AsFirst.count(KB.Id.str()))
    return Their(planner::name(AsSecond.count(KA.Id.str()) ? KA : KB) +
                 " is fused across functions with another kernel too (a reduction computed "
                 "ahead is fused in pairs only)");
  Check = "kfuse-unsafe-dependence";
  SourcePos Pos;
  if (std::string Why = FusionPlanner::dependenceBetween(KA, KB, Pos); !Why.empty())
    return Why;
  Check = "kfuse-different-ranges";
  // Across a kernel, the chain's equal ranges count the middle one's
  // too: the two sites' own ranges speak (one that changed may meet the
  // other's; the guard compares them at run time).
  const ProfileSite *PA = Bound.findSite(KA.Id.str()), *PB = Bound.findSite(KB.Id.str());
  bool Differ = C.EqualRanges == 0;
  if (!Across.empty())
    Differ = PA && PB && PA->Range.Constant && PB->Range.Constant &&
             (PA->Range.Begin != PB->Range.Begin || PA->Range.End != PB->Range.End);
  if (Differ && Bound.Source != "kokkos-tools")
    return Across.empty() ? "their ranges differed in every one of the " + std::to_string(C.Count) +
                                " runs the profile saw"
                          : "their ranges differed in every run the profile saw";
  Check = "kfuse-not-adjacent";
  auto FA = LaunchAt.find(KA.Id.str()), FB = LaunchAt.find(KB.Id.str());
  if (FA != LaunchAt.end() && !FA->second.top())
    FA = LaunchAt.end();
  if (FB != LaunchAt.end() && !FB->second.top())
    FB = LaunchAt.end();
  if (FA == LaunchAt.end() || FB == LaunchAt.end())
    return Their("the launch of " + planner::name(FA == LaunchAt.end() ? KA : KB) +
                 " is not a statement at the top of its function's body (it is in a block, "
                 "an `if` or a loop): kfuse computes ahead only such launches");
  const FunctionSummary &FnA = *FA->second.Fn, &FnB = *FB->second.Fn;
  Check = "kfuse-not-fusable";
  auto FileB = FileIndex.find(FnB.File);
  // `*this` in a method: the members its body reads are the ones the
  // method assigns before the launch, replayed as locals of their names.
  bool Members = planner::thisFunctor(KB);
  if ((FnB.Method && !Members) || FileB == FileIndex.end() || FnB.File != KB.File)
    return Their(planner::name(KB) + " would be computed ahead from what '" + FnB.Name +
                 "' declares before it, replayed in its caller, and '" + FnB.Name + "' is " +
                 (FnB.File != KB.File || FileB == FileIndex.end()
                      ? "not defined in the file of the launch"
                      : "a method (its object's members cannot be replayed there)"));
  auto MemberType = [&](const std::string &N) -> std::string {
    for (const ViewUse &V : KB.Views)
      if (!V.Local && V.Name == N)
        return V.PortableType;
    for (const ScalarUse &S : KB.Scalars)
      if (S.Name == N)
        return S.PortableType;
    return "";
  };
  Check = "kfuse-code-between";
  for (size_t I = FA->second.index() + 1; I < FnA.Body.size(); ++I)
    if (std::string Why = blocks(FnA.Body[I], true, unbound()); !Why.empty())
      return "the code after " + planner::name(KA) + " in '" + FnA.Name + "' (" +
             where(FnA.Body[I].Pos) + ") runs before " + planner::name(KB) +
             " (computed ahead), and " + Why;
  // The declarations before B, replayed in the caller on the call's
  // arguments: only declarations, of names they compute from the
  // parameters and each other, touching no View data.
  llvm::StringRef TextB = All[FileB->second].Text;
  std::set<std::string> Known(FnB.Params.begin(), FnB.Params.end());
  std::vector<std::string> Statements;
  std::vector<std::vector<std::string>> Declared; // per statement, as replayed
  std::vector<std::string> Types;                 // declared there, not replayed
  for (size_t I = 0; I < FB->second.index(); ++I) {
    const FlowStatement &S = FnB.Body[I];
    std::string At =
        "the code before " + planner::name(KB) + " in '" + FnB.Name + "' (" + where(S.Pos) + ")";
    Declared.emplace_back(S.Effects.Declares);
    if (!S.DeclaresTypes.empty()) {
      Types.insert(Types.end(), S.DeclaresTypes.begin(), S.DeclaresTypes.end());
      Statements.emplace_back();
      continue;
    }
    if (std::string Why = blocks(S, false, unbound()); !Why.empty())
      return At + " would run after " + planner::name(KB) + " is computed ahead, and " + Why;
    if (Members && !S.AssignedMember.empty() && S.AssignedValue.valid()) {
      // `v = system->v;` -> `Kokkos::View<double *[3]> v = system->v;`,
      // where the kernel reads the member (else nothing to replay).
      const std::string &N = S.AssignedMember;
      std::string Type = MemberType(N);
      if (Type.empty()) {
        Statements.emplace_back();
        continue;
      }
      if (Known.count(N))
        return At + " assigns the member '" + N + "' " +
               (llvm::is_contained(FnB.Params, N) ? "a parameter of the same name" : "once more") +
               " (the replay in the caller declares each member once, as a local of its "
               "name)";
      llvm::StringRef Value = TextB.substr(S.AssignedValue.Offset, S.AssignedValue.Length);
      for (const std::string &C : S.Effects.Changes)
        if (C != N)
          return At + " changes '" + C + "', which " + planner::name(KB) +
                 " computed ahead would not see";
      for (const std::string &R : S.Effects.Reads)
        if (R != N && !Known.count(R))
          return At + " reads '" + R + "', which the replay in the caller cannot name";
      if (Value.contains("//") || Value.contains("/*"))
        return At + " is not an assignment kfuse can replay in the caller to compute " +
               planner::name(KB) + " ahead";
      Known.insert(N);
      Declared.back() = {N};
      Statements.push_back(Type + " " + N + " = " + Value.str() + ";");
      continue;
    }
    llvm::StringRef Code = S.Range.valid() ? TextB.substr(S.Range.Offset, S.Range.Length) : "";
    if (S.Kind != FlowStatement::Form::Plain || S.Effects.Declares.empty() || Code.empty() ||
        Code.contains("//") || Code.contains("/*"))
      return At + " is not a declaration kfuse can replay in the caller to compute " +
             planner::name(KB) + " ahead";
    for (const std::string &N : S.Effects.Changes)
      if (!llvm::is_contained(S.Effects.Declares, N))
        return At + " changes '" + N + "', which " + planner::name(KB) +
               " computed ahead would not see";
    for (const std::string &N : S.Effects.Reads)
      if (!Known.count(N))
        return At + " reads '" + N + "', which the replay in the caller cannot name";
    Known.insert(S.Effects.Declares.begin(), S.Effects.Declares.end());
    Statements.push_back(Code.rtrim().ends_with(";") ? Code.str() : Code.str() + ";");
  }
  // What the second kernel captures, and its policy, come from them.
  Check = "kfuse-not-fusable";
  // (In the order of its functor's members: an object holding Views
  // whole, held with its address.)
  std::vector<std::string> Captures, Texts;
  for (const ViewUse &V : KB.Views) {
    const std::string &N = V.Root.empty() ? V.Name : V.Root;
    if (!V.Local && !llvm::is_contained(Captures, N)) {
      Captures.push_back(N);
      Texts.push_back(V.Root.empty() ? N : "::kfuse::held(" + N + ")");
    }
  }
  for (const ScalarUse &S : KB.Scalars) {
    Captures.push_back(S.Name);
    Texts.push_back(S.Name);
  }
  for (const std::string &N : Captures)
    if (!Known.count(N))
      return Their(Members
                       ? planner::name(KB) + " reads the member '" + N + "', which '" + FnB.Name +
                             "' does not assign before it (the replay in the caller "
                             "cannot read it)"
                       : planner::name(KB) + " captures '" + N + "', which '" + FnB.Name +
                             "' does not declare before it (the replay in the caller "
                             "cannot name it)");
  // An object held whole is compared by its address: the caller's own,
  // bound to a reference parameter (a copy would never have it).
  for (const ViewUse &V : KB.Views) {
    auto P = llvm::find(FnB.Params, V.Root);
    if (planner::throughObject(V) &&
        (P == FnB.Params.end() || !FnB.ParamsByReference[P - FnB.Params.begin()]))
      return Their(planner::name(KB) + " reaches Views through '" + V.Root + "', which '" +
                   FnB.Name + "' " + (P == FnB.Params.end() ? "declares" : "takes by value") +
                   ": computed ahead, its result is taken where the object is the one it was "
                   "computed from, by its address, and a copy never is");
  }
  std::vector<planner::RawToken> Tokens = planner::tokenize(KB.Policy.Text);
  for (size_t T = 0; T < Tokens.size(); ++T)
    if (Tokens[T].Identifier && !Known.count(Tokens[T].Text) &&
        !llvm::is_contained(KB.Policy.GlobalNames, Tokens[T].Text) &&
        !llvm::is_contained({"Kokkos", "int", "long", "unsigned", "std", "size_t"},
                            Tokens[T].Text) &&
        !(T > 0 && llvm::is_contained({"::", ".", "->"}, Tokens[T - 1].Text)))
      return Their("the policy of " + planner::name(KB) + " names '" + Tokens[T].Text +
                   "', which the replay in the caller cannot name");
  // Only the declarations the captures and the policy need.
  std::set<std::string> Needed(Captures.begin(), Captures.end());
  for (const planner::RawToken &T : Tokens)
    if (T.Identifier)
      Needed.insert(T.Text);
  AheadLines.clear();
  for (size_t I = Statements.size(); I-- > 0;) {
    const FlowStatement &S = FnB.Body[I];
    if (llvm::none_of(Declared[I], [&](const std::string &N) { return Needed.count(N); }))
      continue;
    Needed.insert(S.Effects.Reads.begin(), S.Effects.Reads.end());
    AheadLines.insert(AheadLines.begin(), Statements[I]);
  }
  std::string Replayed = llvm::join(AheadLines, "\n") + "\n" + KB.Policy.Text;
  for (const planner::RawToken &T : planner::tokenize(Replayed))
    if (T.Identifier && llvm::is_contained(Types, T.Text))
      return Their("the replay in the caller of what " + planner::name(KB) +
                   " captures names the type '" + T.Text + "', which '" + FnB.Name + "' declares");
  std::vector<std::string> Params;
  for (size_t I = 0; I < FnB.Params.size(); ++I)
    Params.push_back("auto &&" +
                     (FnB.Params[I].empty() ? "kfuse_unused" + std::to_string(I) : FnB.Params[I]));
  AheadParams = llvm::join(Params, ", ");
  AheadCaptures = llvm::join(Texts, ", ");

  std::string FirstProblem;
  Ahead = true;
  bool Found = placeInCallers(FnA, FnB, KA, KB, C, Share, FirstProblem);
  Ahead = false;
  if (Found)
    return "";
  Check = FirstProblem.empty() ? "kfuse-not-adjacent" : "kfuse-code-between";
  if (!FirstProblem.empty())
    return FirstProblem;
  return Their("no function of the files given calls '" + FnA.Name + "' and then '" + FnB.Name +
               "' in one block");
}

std::string AheadJudge::resultFlows(const FunctionSummary &FnA,
                                    const FunctionSummary &FnB) const {
  std::string Found;
  std::function<void(const FunctionSummary &, const std::vector<FlowStatement> &)> Scan =
      [&](const FunctionSummary &Caller, const std::vector<FlowStatement> &Body) {
        for (size_t I = 0; I < Body.size() && Found.empty(); ++I) {
          Scan(Caller, Body[I].Body);
          Scan(Caller, Body[I].Else);
          if (!calls(Body[I], FnA))
            continue;
          // What the call's value goes into: declared, or assigned (not an
          // object passed to it, which may change without being its
          // result); then what the code up to the second's call computes
          // from those.
          auto Into = [](const FlowStatement &S) {
            std::vector<std::string> Out = S.Effects.Declares;
            for (const std::string &N : S.Effects.Changes)
              if (llvm::none_of(S.Args, [&](const std::string &A) {
                    return A == N || A == "&" + N;
                  }))
                Out.push_back(N);
            return Out;
          };
          std::vector<std::string> Set = Into(Body[I]);
          for (size_t J = I + 1; J < Body.size() && Found.empty(); ++J) {
            auto Read = llvm::find_if(Set, [&](const std::string &N) {
              return llvm::is_contained(Body[J].Effects.Reads, N);
            });
            if (!calls(Body[J], FnB)) {
              if (Read != Set.end())
                for (std::string &N : Into(Body[J]))
                  Set.push_back(std::move(N));
              continue;
            }
            if (Read != Set.end())
              Found = "'" + Caller.Name + "' passes '" + *Read + "', computed from its call of '" +
                      FnA.Name + "' (" + where(Body[I].Pos) + "), to its call of '" + FnB.Name +
                      "' (" + where(Body[J].Pos) + "): the second kernel's function runs on "
                      "what the first's returns or sets, after its reduction";
            break;
          }
        }
      };
  for (const auto &[Usr, Fn] : ByUsr)
    if (Found.empty() && Fn)
      Scan(*Fn, Fn->Body);
  return Found;
}

} // namespace cross
} // namespace kfuse
