//===- FusionPlanner.cpp - Which launches to fuse, and why not ------------===//

#include "kfuse/FusionPlan.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <map>
#include <set>

namespace kfuse {

namespace {

std::string name(const KernelModel &M) {
  if (M.LabelKind == "literal")
    return "'" + M.Label + "'";
  return "the launch at line " + std::to_string(M.Pos.Line);
}

std::string squeeze(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    if (!llvm::isSpace(C))
      Out += C;
  return Out;
}

/// True if only whitespace and comments separate [From, To) in \p Text.
bool onlyTrivia(llvm::StringRef Text, unsigned From, unsigned To) {
  if (To < From || To > Text.size())
    return false;
  llvm::StringRef S = Text.slice(From, To);
  while (!S.empty()) {
    S = S.ltrim();
    if (S.consume_front("//")) {
      size_t NL = S.find('\n');
      S = NL == llvm::StringRef::npos ? "" : S.drop_front(NL);
    } else if (S.consume_front("/*")) {
      size_t End = S.find("*/");
      if (End == llvm::StringRef::npos)
        return false;
      S = S.drop_front(End + 2);
    } else if (!S.empty()) {
      return false;
    }
  }
  return true;
}

/// What the planner supports of one kernel, or "" when all of it.
std::string unsupported(const KernelModel &M) {
  if (M.Kind == LaunchKind::Scan)
    return "parallel_scan is not fused";
  if (M.Functor.Kind != FunctorModel::Form::Lambda)
    return "functor classes are not fused yet";
  if (!M.Functor.BodyVisible || !M.Functor.BodyRange.valid())
    return "kernel body not visible";
  if (M.FromMacro)
    return "launch written through a macro";
  if (M.InTemplate)
    return "launch inside a template";
  if (!M.StmtRange.valid())
    return "launch is not a statement of a block";
  if (!M.ScopedNames.empty())
    return "the body names '" + M.ScopedNames.front() +
           "', declared in the enclosing function or class, which the fused "
           "functor (at namespace scope) cannot reach";
  if (M.Policy.Kind != PolicyKind::Count && M.Policy.Kind != PolicyKind::Range &&
      M.Policy.Kind != PolicyKind::MDRange)
    return std::string(toString(M.Policy.Kind)) + " policies are not fused";
  if (M.Policy.Kind == PolicyKind::MDRange &&
      (M.Policy.Rank < 2 || M.Policy.Rank > 3))
    return "MDRangePolicy of rank " + std::to_string(M.Policy.Rank);
  if (!M.Policy.WorkTag.empty())
    return "policy has a work tag";
  if (M.Policy.End.empty())
    return "range not recognised";
  if (M.Functor.IndexParams.size() != M.Policy.Rank)
    return "kernel takes " + std::to_string(M.Functor.IndexParams.size()) +
           " indices for a rank-" + std::to_string(M.Policy.Rank) + " range";
  for (const ViewUse &V : M.Views) {
    if (V.MetadataUsed)
      return "View '" + V.Name + "' metadata (extent, stride) used in the body";
    if (V.Rank == 0)
      return "View '" + V.Name + "' of rank 0";
    for (const ViewAccess &A : V.Accesses)
      if (!A.Range.valid() && A.Mode != AccessMode::PassedToCall)
        return "access to '" + V.Name + "' written through a macro";
  }
  return "";
}

/// A store of \p M to an element chosen by data (`t(idx(i)) ^= v`), in no
/// dimension pinned to the launch index, or null. Such a kernel costs its
/// random accesses; fusing it gains nothing and was measured slower
/// (examples/gups, gups_atomic: 0.8x fused and hand-fused alike).
const ViewAccess *randomScatter(const KernelModel &M) {
  for (const ViewUse &V : M.Views)
    for (const ViewAccess &A : V.Accesses) {
      if (A.Mode == AccessMode::Read || A.Mode == AccessMode::PassedToCall)
        continue;
      bool Launch = llvm::any_of(A.Indices, [](const IndexExpr &I) {
        return I.Form == IndexForm::LaunchIndex;
      });
      bool Data = llvm::any_of(A.Indices, [](const IndexExpr &I) {
        return I.Form == IndexForm::Indirect;
      });
      if (Data && !Launch)
        return &A;
    }
  return nullptr;
}

/// Ranges as (begin, end) texts per dimension; a count is [0, N).
std::vector<std::pair<std::string, std::string>> rangeOf(const KernelModel &M) {
  std::vector<std::pair<std::string, std::string>> R;
  for (size_t D = 0; D < M.Policy.End.size(); ++D)
    R.emplace_back(squeeze(D < M.Policy.Begin.size() ? M.Policy.Begin[D] : "0"),
                   squeeze(M.Policy.End[D]));
  return R;
}

/// The policy family two launches must share.
std::string policyFamily(const KernelModel &M) {
  if (M.Policy.Kind == PolicyKind::MDRange)
    return "md" + std::to_string(M.Policy.Rank) + M.Policy.ExecSpace +
           M.Policy.IndexType;
  return "range" + M.Policy.ExecSpace;
}

/// The part of an index that depends on the launch: (dimension, index
/// parameter position, offset) for each launch-index dimension.
using LaunchIndexSig = std::set<std::tuple<size_t, size_t, int64_t>>;

/// Signature of \p A in \p M, or a reason it is not a provably injective
/// function of the launch index.
std::string signatureOf(const KernelModel &M, const ViewAccess &A,
                        LaunchIndexSig &Sig) {
  const IndexExpr *Indirect = nullptr;
  for (size_t D = 0; D < A.Indices.size(); ++D) {
    const IndexExpr &I = A.Indices[D];
    switch (I.Form) {
    case IndexForm::LaunchIndex: {
      auto It = llvm::find(M.Functor.IndexParams, I.Var);
      Sig.insert({D, size_t(It - M.Functor.IndexParams.begin()), I.Offset});
      break;
    }
    case IndexForm::Constant:
    case IndexForm::LoopVar:
      break;
    case IndexForm::Indirect:
      // Fine where another dimension pins the launch index
      // (`Theta(Labels(s), f)` stays in column f).
      Indirect = &I;
      break;
    case IndexForm::Other:
      // Fine in a dimension the launch index does not reach (`M - 1 - j`);
      // not where it does (`2 * i`, `i + j`).
      if (llvm::is_contained(M.Functor.IndexParams, I.Var))
        return "index '" + I.Text + "'";
      break;
    }
  }
  if (Sig.empty() && Indirect)
    return "indirect index '" + Indirect->Text + "'";
  if (Sig.empty())
    return "index '" + (A.Indices.empty() ? std::string("") : A.Indices[0].Text) +
           "' does not depend on the launch index";
  return "";
}

std::string accessText(const ViewUse &V, const ViewAccess &A) {
  std::vector<std::string> Parts;
  for (const IndexExpr &I : A.Indices)
    Parts.push_back(I.Text);
  return V.Name + "(" + llvm::join(Parts, ", ") + ")";
}

bool writes(AccessMode M) { return M != AccessMode::Read; }

/// One token of source text, as the raw lexer sees it (comments skipped).
struct RawToken {
  std::string Text;
  bool Identifier = false;
};

std::vector<RawToken> tokenize(llvm::StringRef Source) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  std::string Text = Source.str(); // the lexer needs a terminating NUL
  clang::Lexer L(clang::SourceLocation(), LO, Text.data(), Text.data(),
                 Text.data() + Text.size());
  std::vector<RawToken> Out;
  clang::Token T;
  while (true) {
    L.LexFromRawLexer(T);
    if (T.is(clang::tok::eof))
      break;
    RawToken R;
    R.Identifier = T.is(clang::tok::raw_identifier);
    if (R.Identifier)
      R.Text = T.getRawIdentifier().str();
    else if (const char *P = clang::tok::getPunctuatorSpelling(T.getKind()))
      R.Text = P;
    Out.push_back(std::move(R));
  }
  return Out;
}

/// Functions host code may call between two launches without touching the
/// launches' data other than through the arguments it names.
bool harmlessCallee(llvm::StringRef Name) {
  static const std::set<std::string> Known = {
      "printf", "fprintf", "puts", "snprintf", "sqrt", "exp", "log", "pow",
      "abs", "fabs", "min", "max", "fence", "deep_copy", "static_cast",
      "sin", "cos", "floor", "ceil", "size", "extent", "data"};
  return Known.count(Name.str()) != 0;
}

/// The names a kernel's data go by: its Views (and their merged names) and
/// the scalars it captures.
std::set<std::string> namesOf(const KernelModel &M, const FusionGroup &G) {
  std::set<std::string> Out;
  for (const ViewUse &V : M.Views) {
    Out.insert(V.Name);
    Out.insert(G.canonical(V.Name));
    for (auto &[Alias, Kept] : G.Merged)
      if (Kept == G.canonical(V.Name))
        Out.insert(Alias);
  }
  for (const ScalarUse &Sc : M.Scalars)
    Out.insert(Sc.Name);
  return Out;
}

/// The kernel body of \p M if it is exactly one `for` statement, or null.
const InnerLoop *singleLoop(const KernelModel &M, llvm::StringRef Text) {
  const InnerLoop *Top = nullptr;
  for (const InnerLoop &L : M.Loops)
    if (L.Depth == 1) {
      if (Top)
        return nullptr;
      Top = &L;
    }
  if (!Top || !Top->Range.valid() || !Top->BodyRange.valid())
    return nullptr;
  unsigned B = M.Functor.BodyRange.Offset + 1;
  unsigned E = M.Functor.BodyRange.Offset + M.Functor.BodyRange.Length - 1;
  unsigned LoopEnd = Top->Range.Offset + Top->Range.Length;
  if (!onlyTrivia(Text, B, Top->Range.Offset))
    return nullptr;
  llvm::StringRef After = Text.slice(LoopEnd, E).ltrim();
  After.consume_front(";");
  if (!onlyTrivia(Text, E - After.size(), E))
    return nullptr;
  return Top;
}

} // namespace

bool insideFusedRegion(llvm::StringRef FileText, unsigned Offset) {
  llvm::StringRef Before = FileText.take_front(Offset);
  size_t Begin = Before.rfind("// kfuse-begin");
  if (Begin == llvm::StringRef::npos)
    return false;
  size_t End = Before.rfind("// kfuse-end");
  return End == llvm::StringRef::npos || End < Begin;
}

std::string FusionPlanner::dependenceBetween(const KernelModel &A,
                                             const KernelModel &B,
                                             SourcePos &Pos,
                                             const FusionGroup *Names) {
  auto Canon = [&](const std::string &N) -> std::string {
    return Names ? Names->canonical(N) : N;
  };
  // The uses of one object (one canonical name) in a kernel.
  auto UsesOf = [&](const KernelModel &K, const std::string &C) {
    std::vector<const ViewUse *> Out;
    for (const ViewUse &V : K.Views)
      if (Canon(V.Name) == C)
        Out.push_back(&V);
    return Out;
  };
  std::set<std::string> Seen;
  for (const ViewUse &First : A.Views) {
    std::string C = Canon(First.Name);
    if (!Seen.insert(C).second)
      continue;
    std::vector<const ViewUse *> InA = UsesOf(A, C), InB = UsesOf(B, C);
    if (InB.empty())
      continue;
    bool WritesA = llvm::any_of(InA, [](auto *V) { return writes(V->Mode); });
    bool WritesB = llvm::any_of(InB, [](auto *V) { return writes(V->Mode); });
    if (!WritesA && !WritesB)
      continue;
    const char *Kind = WritesA && WritesB ? "write-after-write"
                       : WritesA          ? "read-after-write"
                                          : "write-after-read";
    std::vector<std::pair<const KernelModel *, const ViewUse *>> All;
    for (const ViewUse *V : InA)
      All.push_back({&A, V});
    for (const ViewUse *V : InB)
      All.push_back({&B, V});
    // Compare against a writing use first, so the report names the write.
    std::stable_partition(All.begin(), All.end(),
                          [](auto &KV) { return writes(KV.second->Mode); });
    // Escapes and atomics first: they defeat any index reasoning.
    for (auto [K, V] : All)
      for (const ViewAccess &Acc : V->Accesses)
        if (Acc.Mode == AccessMode::PassedToCall) {
          Pos = Acc.Pos;
          return "'" + V->Name + "' is passed to '" + Acc.Callee + "' in " +
                 name(*K) + " at line " + std::to_string(Acc.Pos.Line);
        }
    auto Atomic = [](const std::vector<const ViewUse *> &Vs) {
      return llvm::all_of(Vs, [](auto *V) { return V->Mode == AccessMode::Atomic; });
    };
    auto AnyAtomic = [](const std::vector<const ViewUse *> &Vs) {
      return llvm::any_of(Vs, [](auto *V) { return V->Mode == AccessMode::Atomic; });
    };
    if (Atomic(InA) && Atomic(InB))
      continue; // atomic updates in both kernels commute
    if (AnyAtomic(InA) || AnyAtomic(InB)) {
      bool InFirst = AnyAtomic(InA);
      const ViewUse *V = *llvm::find_if(InFirst ? InA : InB, [](auto *X) {
        return X->Mode == AccessMode::Atomic;
      });
      Pos = V->Accesses.front().Pos;
      return "'" + V->Name + "' is updated atomically in " +
             name(InFirst ? A : B) + " and accessed plainly in " +
             name(InFirst ? B : A);
    }
    // Every access in both kernels must touch the same element of the
    // launch dimensions: the same injective function of the launch index.
    std::optional<LaunchIndexSig> Common;
    const ViewAccess *FirstAcc = nullptr;
    const ViewUse *FirstUse = nullptr;
    const KernelModel *FirstK = nullptr;
    for (auto [K, V] : All)
      for (const ViewAccess &Acc : V->Accesses) {
        LaunchIndexSig Sig;
        std::string Why = signatureOf(*K, Acc, Sig);
        if (!Why.empty()) {
          Pos = Acc.Pos;
          return std::string(Kind) + " on '" + V->Name + "': " +
                 accessText(*V, Acc) + " in " + name(*K) + " has " + Why;
        }
        if (!Common) {
          Common = Sig;
          FirstAcc = &Acc;
          FirstUse = V;
          FirstK = K;
        } else if (*Common != Sig) {
          Pos = Acc.Pos;
          return std::string(Kind) + " on '" + V->Name + "': " +
                 accessText(*FirstUse, *FirstAcc) + " in " + name(*FirstK) +
                 " and " + accessText(*V, Acc) + " in " + name(*K) +
                 " touch different elements in one iteration";
        }
      }
  }
  // A reduction's result is known only after every iteration.
  if (A.Reduction && !A.Reduction->ResultText.empty()) {
    std::string Result = squeeze(A.Reduction->ResultText);
    for (const ScalarUse &S : B.Scalars)
      if (S.Name == Result) {
        Pos = B.Pos;
        return "the result '" + Result + "' of reduction " + name(A) +
               " is used by " + name(B);
      }
    for (const ViewUse &V : B.Views)
      if (V.Name == Result) {
        Pos = B.Pos;
        return "the result '" + Result + "' of reduction " + name(A) +
               " is used by " + name(B);
      }
  }
  return "";
}

std::string FusionPlanner::codeBetween(llvm::StringRef FileText, unsigned From,
                                       unsigned To, const KernelModel &Later,
                                       const FusionGroup &Names) {
  // Views may not be named at all; any other name of the later launch
  // statement (captures, range bounds, the reduction result) may be read,
  // not declared or changed.
  std::set<std::string> Views = namesOf(Later, Names), Scalars;
  for (const ScalarUse &Sc : Later.Scalars)
    Views.erase(Sc.Name);
  for (const ScalarUse &Sc : Later.Scalars)
    Scalars.insert(Sc.Name);
  std::string Outside = Later.Policy.Text + " " + (Later.LabelKind == "literal" ? "" : Later.Label);
  if (Later.Reduction)
    Outside += " " + Later.Reduction->ResultArgText;
  for (const RawToken &T : tokenize(Outside))
    if (T.Identifier && !Views.count(T.Text) && T.Text != "Kokkos")
      Scalars.insert(T.Text);
  static const std::set<std::string> Assignments = {
      "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
      "++", "--"};
  std::vector<RawToken> Toks = tokenize(FileText.slice(From, To));
  for (size_t K = 0; K < Toks.size(); ++K) {
    const RawToken &T = Toks[K];
    if (T.Text == "#")
      return "a preprocessor directive between the launches";
    if (!T.Identifier)
      continue;
    if (Views.count(T.Text))
      return "the code between the launches uses '" + T.Text + "', which " +
             name(Later) + " uses";
    // A scalar the later launch captures may be read, not changed.
    bool Written =
        (K + 1 < Toks.size() && Assignments.count(Toks[K + 1].Text)) ||
        (K > 0 && (Toks[K - 1].Text == "++" || Toks[K - 1].Text == "--" ||
                   Toks[K - 1].Text == "&")) ||
        (K > 1 && Toks[K - 1].Text == "(" && Toks[K - 2].Text == "deep_copy");
    // `double X;`, `T *X`, `std::vector<int> X`, `int A, X;`
    bool Declared = K > 0 && (Toks[K - 1].Identifier || Toks[K - 1].Text == "*" ||
                              Toks[K - 1].Text == ">" || Toks[K - 1].Text == ",");
    if (Scalars.count(T.Text) && (Written || Declared))
      return "the code between the launches " +
             std::string(Declared ? "declares" : "changes") + " '" + T.Text +
             "', which " + name(Later) + " uses";
    static const std::set<std::string> ControlFlow = {
        "return", "break", "continue", "goto", "throw", "co_return", "asm"};
    if (ControlFlow.count(T.Text))
      return "'" + T.Text + "' between the launches";
    static const std::set<std::string> NotCalls = {
        "if", "for", "while", "switch", "sizeof", "alignof", "decltype",
        "int", "long", "double", "float", "unsigned", "char", "bool", "short",
        "size_t"};
    bool Call = K + 1 < Toks.size() && Toks[K + 1].Text == "(";
    if (Call && !NotCalls.count(T.Text) && !harmlessCallee(T.Text))
      return "the code between the launches calls '" + T.Text +
             "', which may touch their data";
  }
  return "";
}

std::string FusionPlanner::loopFusionBetween(const KernelModel &A,
                                             const KernelModel &B,
                                             llvm::StringRef FileText,
                                             const FusionGroup &Names) {
  const InnerLoop *LA = singleLoop(A, FileText), *LB = singleLoop(B, FileText);
  if (!LA || !LB)
    return "a kernel body is not a single loop";
  if (LA->Var.empty() || LA->Var != LB->Var || squeeze(LA->Begin) != squeeze(LB->Begin) ||
      squeeze(LA->Cond) != squeeze(LB->Cond) || squeeze(LA->Step) != squeeze(LB->Step))
    return "the loops differ";
  if (A.Functor.IndexParams != B.Functor.IndexParams)
    return "the kernels name their indices differently";
  if (A.EarlyExit || B.EarlyExit)
    return "a kernel body returns early";
  for (const KernelModel *K : {&A, &B})
    for (const ScalarUse &Sc : K->Scalars)
      if (Sc.Written)
        return "a kernel writes a scalar";
  for (const KernelModel *K : {&A, &B}) {
    const InnerLoop *L = K == &A ? LA : LB;
    for (const RawToken &T : tokenize(FileText.substr(L->BodyRange.Offset,
                                                      L->BodyRange.Length)))
      if (T.Text == "break" || T.Text == "continue" || T.Text == "goto")
        return "'" + T.Text + "' in a loop";
    for (const RawToken &T : tokenize(L->Cond))
      for (const ViewUse &V : K->Views)
        if (T.Text == V.Name)
          return "the loop bound reads a View";
  }
  // Every View one of them writes and both use: each access touches element
  // e(launch index, loop variable), the same injective e everywhere.
  for (const ViewUse &VA : A.Views)
    for (const ViewUse &VB : B.Views) {
      if (Names.canonical(VA.Name) != Names.canonical(VB.Name) ||
          (!writes(VA.Mode) && !writes(VB.Mode)))
        continue;
      std::optional<std::vector<std::string>> Common;
      for (auto [K, V] : {std::pair{&A, &VA}, std::pair{&B, &VB}})
        for (const ViewAccess &Acc : V->Accesses) {
          std::vector<std::string> Sig;
          bool Launch = false, Loop = false;
          for (const IndexExpr &I : Acc.Indices) {
            if (I.Form == IndexForm::LaunchIndex) {
              Launch = true;
              Sig.push_back("p" + std::to_string(llvm::find(K->Functor.IndexParams, I.Var) -
                                                 K->Functor.IndexParams.begin()) +
                            "+" + std::to_string(I.Offset));
            } else if (I.Form == IndexForm::LoopVar && I.Var == LA->Var) {
              Loop = true;
              Sig.push_back("L+" + std::to_string(I.Offset));
            } else {
              return "'" + V->Name + "' is indexed by '" + I.Text + "'";
            }
          }
          if (!Launch || !Loop || Acc.Mode == AccessMode::PassedToCall ||
              Acc.Mode == AccessMode::Atomic)
            return "'" + V->Name + "' is not indexed by both the launch index "
                   "and the loop variable";
          if (!Common)
            Common = Sig;
          else if (*Common != Sig)
            return "'" + V->Name + "' is accessed at different elements";
        }
    }
  return "";
}

namespace {

/// Argument fusion beyond names: Views of \p M and of the group that the
/// profile saw as one allocation in every run of \p Pair, with the same
/// element type and rank, are merged into the name used first.
void mergeSameAllocations(FusionGroup &G, const ProfileChain &Pair,
                          const std::vector<KernelModel> &Sites,
                          const std::vector<size_t> &Group,
                          const KernelModel &M) {
  auto UseOf = [&](const std::string &Name) -> const ViewUse * {
    for (const KernelModel *K : {&M})
      for (const ViewUse &V : K->Views)
        if (V.Name == Name)
          return &V;
    for (size_t S : Group)
      for (const ViewUse &V : Sites[S].Views)
        if (V.Name == Name)
          return &V;
    return nullptr;
  };
  auto Element = [](const ViewUse &V) {
    llvm::StringRef T = llvm::StringRef(V.ValueType).trim();
    T.consume_front("const ");
    return T.trim().str();
  };
  for (const IdentityFact &F : Pair.SameAllocation) {
    if (F.Count != Pair.Count || F.A.Name == F.B.Name)
      continue;
    const ViewUse *UA = UseOf(F.A.Name), *UB = UseOf(F.B.Name);
    if (!UA || !UB || UA->Rank != UB->Rank || Element(*UA) != Element(*UB) ||
        UA->Layout != UB->Layout)
      continue;
    std::string Keep = G.canonical(F.A.Name), Drop = G.canonical(F.B.Name);
    if (Keep == Drop)
      continue;
    for (auto &[Alias, Kept] : G.Merged)
      if (Kept == Drop)
        Kept = Keep;
    G.Merged[Drop] = Keep;
  }
}

} // namespace

namespace {

/// Kernels shorter than this (median) gain from fusion by the launch saved,
/// whatever data they share.
constexpr uint64_t LaunchBoundNs = 20000;

} // namespace

FusionPlan FusionPlanner::plan(const std::vector<KernelModel> &Sites,
                               llvm::StringRef FileText, const Profile &Prof,
                               const FusionOptions &Opts) {
  FusionPlan Plan;
  std::vector<size_t> Order(Sites.size());
  for (size_t I = 0; I < Sites.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t X, size_t Y) {
    return Sites[X].StmtRange.Offset < Sites[Y].StmtRange.Offset;
  });

  // Stale evidence: a profiled site at the same place whose text changed.
  std::map<std::string, std::string> ProfiledByPlace;
  for (const ProfileSite &S : Prof.Sites) {
    size_t Colon = S.Id.rfind(':');
    if (Colon != std::string::npos)
      ProfiledByPlace[S.Id.substr(0, Colon)] = S.Id;
  }
  std::vector<bool> Usable(Sites.size(), true);
  for (size_t I = 0; I < Sites.size(); ++I) {
    const KernelModel &M = Sites[I];
    if (insideFusedRegion(FileText, M.CallRange.Offset)) {
      Usable[I] = false;
      continue;
    }
    std::string Id = M.Id.str();
    if (Prof.findSite(Id))
      continue;
    Usable[I] = false;
    auto It = ProfiledByPlace.find(Id.substr(0, Id.rfind(':')));
    if (It != ProfiledByPlace.end())
      Plan.Stale.push_back({I, It->second});
  }

  auto Refuse = [&](size_t A, size_t B, std::string Reason, const char *Check,
                    SourcePos Pos) {
    Plan.Refusals.push_back({A, B, std::move(Reason), Check, std::move(Pos)});
  };

  FusionGroup Current;
  // Whether M uses an element some launch of the group uses in the same
  // iteration (the same View, the same function of the launch index): what
  // fusion saves memory traffic on.
  auto reusesData = [&](const std::vector<size_t> &Group, const KernelModel &M) {
    for (size_t S : Group)
      for (const ViewUse &VA : Sites[S].Views)
        for (const ViewUse &VB : M.Views) {
          if (Current.canonical(VA.Name) != Current.canonical(VB.Name))
            continue;
          for (const ViewAccess &AA : VA.Accesses)
            for (const ViewAccess &AB : VB.Accesses) {
              LaunchIndexSig SA, SB;
              if (signatureOf(Sites[S], AA, SA).empty() &&
                  signatureOf(M, AB, SB).empty() && SA == SB)
                return true;
            }
        }
    return false;
  };
  std::vector<std::pair<unsigned, unsigned>> Gaps; // code the group moves past
  auto Close = [&]() {
    if (Current.Sites.size() >= 2) {
      // Loop fusion: a kernel's single loop joins the run of loops before it
      // when it may be merged with each of them.
      Current.JoinsPreviousLoop.assign(Current.Sites.size(), false);
      size_t RunStart = 0;
      for (size_t K = 1; K < Current.Sites.size(); ++K) {
        bool Join = true;
        for (size_t J = RunStart; J < K && Join; ++J)
          Join = loopFusionBetween(Sites[Current.Sites[J]], Sites[Current.Sites[K]],
                                   FileText, Current).empty();
        Current.JoinsPreviousLoop[K] = Join;
        if (!Join)
          RunStart = K;
      }
      std::vector<std::string> Ids;
      for (size_t S : Current.Sites)
        Ids.push_back(Sites[S].Id.str());
      uint64_t Ns = 0;
      if (const ProfileChain *C = Prof.findChain(Ids)) {
        Current.Count = C->Count;
        Ns = C->TotalNs;
      } else {
        // The whole run never repeated: judge it by its weakest pair.
        Current.Count = UINT64_MAX;
        for (size_t K = 0; K + 1 < Ids.size(); ++K)
          if (const ProfileChain *P = Prof.findPair(Ids[K], Ids[K + 1])) {
            Current.Count = std::min(Current.Count, P->Count);
            Ns = std::max(Ns, P->TotalNs);
          }
      }
      Current.Share =
          Prof.TotalKernelNs ? double(Ns) / double(Prof.TotalKernelNs) : 0;
      if (Current.Share + 1e-12 < Opts.MinShare)
        Refuse(Current.Sites.front(), Current.Sites.back(),
               llvm::formatv("chain takes {0:P} of kernel time, below the "
                             "--min-share of {1:P}",
                             Current.Share, Opts.MinShare),
               "kfuse-cold-chain", Sites[Current.Sites.front()].Pos);
      else
        Plan.Groups.push_back(Current);
    }
    Current = FusionGroup();
    Gaps.clear();
  };

  for (size_t K = 0; K < Order.size(); ++K) {
    size_t I = Order[K];
    const KernelModel &M = Sites[I];
    if (!Usable[I]) {
      Close();
      continue;
    }
    if (Current.Sites.empty()) {
      Current.Sites.push_back(I);
      continue;
    }
    size_t P = Current.Sites.back();
    const KernelModel &Prev = Sites[P];
    std::string Why;
    const char *Check = "kfuse-not-fusable";
    SourcePos Pos = M.Pos;
    if (Prev.BlockOffset != M.BlockOffset || !Prev.StmtRange.valid() ||
        !M.StmtRange.valid()) {
      Close();
      Current.Sites.push_back(I);
      continue;
    }
    const ProfileChain *Pair = Prof.findPair(Prev.Id.str(), M.Id.str());
    unsigned GapBegin = Prev.StmtRange.Offset + Prev.StmtRange.Length;
    bool Trivia = onlyTrivia(FileText, GapBegin, M.StmtRange.Offset);
    FusionGroup Trial = Current;
    size_t Culprit = P; // the launch of the group the reason is about
    if (!Pair && !Trivia) {
      // Neither adjacent nor back to back: not a candidate at all.
      Close();
      Current.Sites.push_back(I);
      continue;
    }
    if (!Pair) {
      Why = "the profile never saw them run back to back";
      Check = "kfuse-not-consecutive";
    } else if (std::string U = unsupported(Prev); !U.empty()) {
      Why = U + " in " + name(Prev);
      Pos = Prev.Pos;
    } else if (std::string U = unsupported(M); !U.empty()) {
      Why = U + " in " + name(M);
    } else if (policyFamily(Prev) != policyFamily(M)) {
      Why = "different policies or execution spaces";
    } else if (const ViewAccess *S = randomScatter(randomScatter(Prev) ? Prev : M)) {
      const KernelModel &K = randomScatter(Prev) ? Prev : M;
      Why = name(K) + " stores to elements chosen by data ('" +
            S->Indices.front().Text + "'); fusing such a scatter gains nothing "
            "and was measured slower";
      Check = "kfuse-not-profitable";
      Pos = S->Pos;
    } else if (M.Reduction &&
               llvm::any_of(Current.Sites, [&](size_t S) {
                 return Sites[S].Reduction.has_value();
               })) {
      Why = "a fused kernel holds at most one reduction";
    } else {
      mergeSameAllocations(Trial, *Pair, Sites, Current.Sites, M);
      if (!Trivia)
        Gaps.push_back({GapBegin, M.StmtRange.Offset});
      for (auto [From, To] : Gaps) {
        Why = codeBetween(FileText, From, To, M, Trial);
        if (!Why.empty()) {
          Check = "kfuse-code-between";
          break;
        }
      }
      // Nearest launch first: the report names the closest conflict.
      for (size_t S : llvm::reverse(Current.Sites)) {
        if (!Why.empty())
          break;
        Why = dependenceBetween(Sites[S], M, Pos, &Trial);
        if (!Why.empty()) {
          Check = "kfuse-unsafe-dependence";
          Culprit = S;
        }
      }
      if (Why.empty() && !reusesData(Current.Sites, M)) {
        const ProfileSite *SP = Prof.findSite(Prev.Id.str()), *SM = Prof.findSite(M.Id.str());
        uint64_t Shortest = std::min(SP ? SP->MedianNs : 0, SM ? SM->MedianNs : 0);
        if (Shortest >= LaunchBoundNs) {
          Why = name(M) + " touches no element that the kernels before it touch in the same "
                "iteration, and each kernel takes " +
                std::to_string(Shortest / 1000) +
                " us or more: fusing saves neither memory traffic nor launch time";
          Check = "kfuse-not-profitable";
        }
      }
      if (Why.empty() && rangeOf(Prev) != rangeOf(M)) {
        if (Pair->EqualRanges == Pair->Count) {
          auto RA = rangeOf(Sites[Current.Sites.front()]), RB = rangeOf(M);
          for (size_t D = 0; D < RA.size() && D < RB.size(); ++D) {
            if (RA[D].first != RB[D].first)
              Trial.RangeChecks.push_back("(" + M.Policy.Begin[D] + ") == (" +
                                          Sites[Current.Sites.front()].Policy.Begin[D] + ")");
            if (RA[D].second != RB[D].second)
              Trial.RangeChecks.push_back("(" + M.Policy.End[D] + ") == (" +
                                          Sites[Current.Sites.front()].Policy.End[D] + ")");
          }
        } else {
          Why = "different ranges (equal in " + std::to_string(Pair->EqualRanges) +
                " of " + std::to_string(Pair->Count) + " profiled runs)";
          Check = "kfuse-different-ranges";
        }
      }
    }
    if (!Why.empty()) {
      Refuse(P, I, "not fusing " + name(Sites[Culprit]) + " with " + name(M) + ": " + Why,
             Check, Pos);
      Close();
    } else {
      Current = std::move(Trial);
      Current.MovesPastCode |= !Trivia;
    }
    Current.Sites.push_back(I);
  }
  Close();
  return Plan;
}

} // namespace kfuse
