//===- StatementSchedule.cpp - Order of a fused body's statements ---------===//

#include "plan/StatementSchedule.h"
#include "plan/PlannerSupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <queue>
#include <set>

namespace kfuse {
namespace planner {

namespace {

/// What one statement (or loop body) touches: Views by the group's name of
/// each, and the body's own variables by their name in the shared scope;
/// true where it may write.
struct Effects {
  std::map<std::string, bool> Views, Names;

  static bool clash(const std::map<std::string, bool> &A, const std::map<std::string, bool> &B) {
    for (auto &[N, W] : A)
      if (auto It = B.find(N); It != B.end() && (W || It->second))
        return true;
    return false;
  }
  bool conflicts(const Effects &O) const { return clash(Views, O.Views) || clash(Names, O.Names); }
};

/// True if a token of \p T names \p Name where it may be changed: assigned,
/// incremented or its address taken.
bool assigned(const std::vector<RawToken> &T, const std::string &Name) {
  static const std::set<std::string> Changes = {"=",  "+=", "-=", "*=", "/=", "%=", "&=",
                                                "|=", "^=", "<<=", ">>=", "++", "--"};
  for (size_t K = 0; K < T.size(); ++K)
    if (T[K].Identifier && T[K].Text == Name &&
        ((K + 1 < T.size() && Changes.count(T[K + 1].Text)) ||
         (K > 0 && (T[K - 1].Text == "++" || T[K - 1].Text == "--" || T[K - 1].Text == "&"))))
      return true;
  return false;
}

/// One kernel of a run, as the scheduler reads it.
struct Kernel {
  const KernelModel *M = nullptr;
  /// Per statement: [begin, end) of its text, to the next statement.
  std::vector<std::pair<unsigned, unsigned>> Pieces;
  /// Per statement: its loop, where it is one that may merge.
  std::vector<const InnerLoop *> Loops;
  std::set<std::string> Top;    ///< names it declares at its top (and its indices)
  std::set<std::string> Fixed;  ///< of those, the ones never changed after their declaration
  std::set<std::string> Idents; ///< every identifier of its body
};

class Scheduler {
public:
  Scheduler(const FusionGroup &G, llvm::StringRef Text) : G(G), Text(Text) {}

  /// The kernel \p M as the scheduler reads it, or nothing where its body
  /// has something the statement model does not describe.
  std::optional<Kernel> read(const KernelModel &M) const {
    const TextRange &B = M.Functor.BodyRange;
    if (M.Functor.Kind == FunctorModel::Form::Object || !B.valid() || Text[B.Offset] != '{' ||
        M.EarlyExit || M.Condition || !M.Unknown.empty() || M.ThisBeyondMembers ||
        M.FollowsCalls || M.PointsIntoViews ||
        M.FromMacro || M.Statements.empty() || !recurrencesOf(M, Text).empty())
      return std::nullopt;
    unsigned BodyEnd = B.Offset + B.Length - 1;
    for (const ScalarUse &S : M.Scalars)
      if (S.Written || S.WrittenThrough)
        return std::nullopt;
    for (const ViewUse &V : M.Views) {
      if (!V.Accessor.empty() || V.Local)
        return std::nullopt;
      for (const ViewAccess &A : V.Accesses)
        if (!A.Range.valid() || A.Range.Offset <= B.Offset || A.Range.Offset >= BodyEnd ||
            !A.Through.empty())
          return std::nullopt;
    }
    // Statements do not move across a preprocessor line.
    llvm::SmallVector<llvm::StringRef> Lines;
    Text.slice(B.Offset, BodyEnd).split(Lines, '\n');
    if (llvm::any_of(Lines, [](llvm::StringRef L) { return L.ltrim().starts_with("#"); }))
      return std::nullopt;
    Kernel K;
    K.M = &M;
    std::vector<RawToken> Tokens = tokenize(Text.slice(B.Offset, BodyEnd));
    // A jump's target moves with the statements.
    if (llvm::any_of(Tokens, [](const RawToken &T) { return T.Text == "goto"; }))
      return std::nullopt;
    for (const RawToken &T : Tokens)
      if (T.Identifier)
        K.Idents.insert(T.Text);
    for (size_t S = 0; S < M.Statements.size(); ++S) {
      const BodyStatement &St = M.Statements[S];
      auto [Begin, End] = statementText(M, S);
      if (!St.Range.valid() || St.Range.Offset < Begin || End <= St.Range.Offset || End > BodyEnd)
        return std::nullopt;
      K.Pieces.emplace_back(Begin, End);
      if (St.Kind == BodyStatement::Form::Declaration) {
        // A type (`using T = double;`, a local class) is named by what
        // follows, but no statement shows its use as an effect.
        if (St.Declares.empty())
          return std::nullopt;
        // A reference, pointer or lambda reaches memory its name does not
        // show, wherever it is used.
        llvm::StringRef Decl = Text.substr(St.Range.Offset, St.Range.Length);
        llvm::StringRef Head = Decl.take_until([](char C) { return C == '=' || C == '('; });
        if (Head.contains('&') || Head.contains('*') || Decl.contains('['))
          return std::nullopt;
        bool Const = Head.trim().starts_with("const ") || Head.trim().starts_with("constexpr ");
        for (const std::string &N : St.Declares) {
          K.Top.insert(N);
          if (Const)
            K.Fixed.insert(N);
        }
      }
      K.Loops.push_back(loopAt(M, S));
    }
    for (const std::string &P : M.Functor.IndexParams) {
      if (P.empty())
        continue;
      if (assigned(Tokens, P))
        return std::nullopt;
      K.Top.insert(P);
      K.Fixed.insert(P);
    }
    if (M.Reduction)
      K.Top.insert(M.Reduction->AccumulatorParam);
    for (const std::string &N : K.Top)
      if (K.Fixed.count(N) && assigned(Tokens, N))
        K.Fixed.erase(N);
    return K;
  }

  /// The schedule of the run \p Run (from the group's kernel \p First).
  std::optional<StatementSchedule> schedule(std::vector<Kernel> Run, size_t First) {
    Kernels = std::move(Run);
    StatementSchedule Out;
    Out.First = First;
    Out.Size = Kernels.size();
    if (!renames(Out.Renames))
      return std::nullopt;
    Renames = &Out.Renames;
    for (size_t R = 0; R < Kernels.size(); ++R)
      for (size_t S = 0; S < Kernels[R].Pieces.size(); ++S)
        Pieces.push_back({R, S});
    if (Pieces.size() > 256)
      return std::nullopt;
    std::vector<Effects> Of;
    for (auto [R, S] : Pieces)
      Of.push_back(effects(R, Kernels[R].Pieces[S].first, Kernels[R].Pieces[S].second,
                           &Kernels[R].M->Statements[S]));
    for (size_t A = 0; A < Pieces.size(); ++A)
      for (size_t B = A + 1; B < Pieces.size(); ++B)
        if (Of[A].conflicts(Of[B]))
          Edges.push_back({A, B});
    // Each loop's header and body effects, once.
    for (size_t P = 0; P < Pieces.size(); ++P) {
      Headers.push_back(loopOf(P) ? header(P) : "");
      const InnerLoop *L = loopOf(P);
      BodyOf.push_back(L ? effects(Pieces[P].first, L->BodyRange.Offset,
                                   L->BodyRange.Offset + L->BodyRange.Length, nullptr)
                         : Effects());
    }
    // Each piece in a node of its own; a loop joins the first earlier loop
    // node it may merge with, where that keeps the order acyclic.
    for (size_t P = 0; P < Pieces.size(); ++P)
      NodeOf.push_back(P);
    for (size_t P = 0; P < Pieces.size(); ++P) {
      if (!loopOf(P))
        continue;
      for (size_t Q = 0; Q < P; ++Q) {
        if (NodeOf[Q] != Q || !loopOf(Q))
          continue;
        // Legal with every loop of the node, and reading an element one of
        // them reads.
        bool Legal = true, Reuse = false;
        for (size_t O = Q; O < P && Legal; ++O)
          if (NodeOf[O] == Q) {
            std::optional<bool> R = mergeable(O, P);
            Legal = R.has_value();
            Reuse |= R.value_or(false);
          }
        if (!Legal || !Reuse)
          continue;
        NodeOf[P] = Q;
        if (order()) {
          ++Out.MergedLoops;
          break;
        }
        NodeOf[P] = P;
      }
    }
    if (!Out.MergedLoops)
      return std::nullopt;
    std::vector<size_t> Nodes = *order();
    for (size_t Node : Nodes) {
      Out.Order.emplace_back();
      for (size_t P = 0; P < Pieces.size(); ++P)
        if (NodeOf[P] == Node)
          Out.Order.back().push_back(Pieces[P]);
    }
    return Out;
  }

private:
  const FusionGroup &G;
  llvm::StringRef Text;
  std::vector<Kernel> Kernels;
  const std::vector<std::map<std::string, std::string>> *Renames = nullptr;
  std::vector<StatementSchedule::Piece> Pieces;
  std::vector<std::pair<size_t, size_t>> Edges; ///< (earlier, later) that must keep their order
  std::vector<size_t> NodeOf; ///< per piece: the first piece of its node
  std::vector<std::string> Headers; ///< per piece: header(), "" for no loop
  std::vector<Effects> BodyOf;      ///< per piece: its loop body's effects

  /// The first kernel of the run that declares a name keeps it; a later one
  /// declaring it, or one declaring a name another kernel reads from
  /// outside (a capture), renames its own. The same index of the launch
  /// under the same name is one name. False where an accumulator would
  /// need renaming (the fused body's parameter carries its name).
  bool renames(std::vector<std::map<std::string, std::string>> &Out) const {
    std::vector<std::set<std::string>> Declared, Idents;
    for (const Kernel &K : Kernels) {
      Declared.push_back(K.Top);
      Idents.push_back(K.Idents);
    }
    Out = scopeRenames(Declared, Idents, [this](size_t R, size_t O, const std::string &N) {
      return sameIndex(R, O, N);
    });
    for (size_t R = 0; R < Kernels.size(); ++R)
      if (const KernelModel &M = *Kernels[R].M;
          M.Reduction && Out[R].count(M.Reduction->AccumulatorParam))
        return false;
    return true;
  }

  /// True if \p N is the same index of the launch in kernels \p R and \p O.
  bool sameIndex(size_t R, size_t O, const std::string &N) const {
    const std::vector<std::string> &A = Kernels[R].M->Functor.IndexParams,
                                    &B = Kernels[O].M->Functor.IndexParams;
    auto AI = llvm::find(A, N), BI = llvm::find(B, N);
    return AI != A.end() && BI != B.end() && AI - A.begin() == BI - B.begin();
  }

  std::string renamed(size_t R, const std::string &N) const {
    auto It = (*Renames)[R].find(N);
    return It == (*Renames)[R].end() ? N : It->second;
  }

  /// What [From, To) of kernel \p R touches; \p Declaring: the statement, when
  /// it is the whole of one (its declarations write what they declare).
  Effects effects(size_t R, unsigned From, unsigned To, const BodyStatement *Declaring) const {
    Effects E;
    const Kernel &K = Kernels[R];
    for (const ViewUse &V : K.M->Views)
      for (const ViewAccess &A : V.Accesses)
        if (A.Range.Offset >= From && A.Range.Offset < To)
          E.Views[G.canonical(V.Name)] |= writes(A.Mode);
    for (const RawToken &T : tokenize(Text.slice(From, To)))
      if (T.Identifier && K.Top.count(T.Text))
        E.Names[renamed(R, T.Text)] |= !K.Fixed.count(T.Text);
    if (Declaring)
      for (const std::string &N : Declaring->Declares)
        E.Names[renamed(R, N)] = true;
    return E;
  }

  const InnerLoop *loopOf(size_t P) const {
    return Kernels[Pieces[P].first].Loops[Pieces[P].second];
  }

  /// The loop's header as the shared scope reads it, or "" where it reads
  /// something a statement may change (a View, a variable of the body).
  std::string header(size_t P) const {
    size_t R = Pieces[P].first;
    const InnerLoop &L = *loopOf(P);
    const Kernel &K = Kernels[R];
    llvm::StringRef Code = Text.slice(L.Range.Offset, L.BodyRange.Offset);
    if (irregular(Text.substr(L.BodyRange.Offset, L.BodyRange.Length), L.Var) ||
        K.Top.count(L.Var))
      return "";
    for (const RawToken &T : tokenize(Code)) {
      if (!T.Identifier || T.Text == L.Var)
        continue;
      if (K.Top.count(T.Text) && !K.Fixed.count(T.Text))
        return "";
      for (const ViewUse &V : K.M->Views)
        if (T.Text == V.Name || T.Text == V.Root)
          return "";
    }
    // The loop's variable may have another name in each loop.
    std::map<std::string, std::string> Names = (*Renames)[R];
    Names[L.Var] = "kfuse_loop_variable";
    return squeeze(renameIdentifiers(Code, Names));
  }

  /// Where loop \p P's access \p A is, as a function of the launch index
  /// and the loop's variable: "" unless it is one of those alone in each
  /// dimension and uses both.
  std::string element(size_t P, const ViewAccess &A, bool NeedLaunch) const {
    const KernelModel &M = *Kernels[Pieces[P].first].M;
    std::string Sig;
    bool Launch = false, Loop = false;
    for (const IndexExpr &I : A.Indices) {
      if (I.Form == IndexForm::LaunchIndex) {
        Launch = true;
        Sig += "p" + std::to_string(llvm::find(M.Functor.IndexParams, I.Var) -
                                    M.Functor.IndexParams.begin());
      } else if (I.Form == IndexForm::LoopVar && I.Var == loopOf(P)->Var) {
        Loop = true;
        Sig += "L";
      } else if (I.Form == IndexForm::Constant && !NeedLaunch) {
        Sig += "c";
      } else {
        return "";
      }
      Sig += std::to_string(I.Offset) + ",";
    }
    if (!Loop || (NeedLaunch && !Launch) || A.Mode == AccessMode::Atomic ||
        A.Mode == AccessMode::PassedToCall)
      return "";
    return Sig;
  }

  /// The elements loop \p P's body touches in View \p Name, by element().
  std::vector<std::string> elements(size_t P, const std::string &Name, bool NeedLaunch) const {
    std::vector<std::string> Out;
    const InnerLoop &L = *loopOf(P);
    for (const ViewUse &V : Kernels[Pieces[P].first].M->Views)
      if (G.canonical(V.Name) == Name)
        for (const ViewAccess &A : V.Accesses)
          if (A.Range.Offset >= L.BodyRange.Offset &&
              A.Range.Offset < L.BodyRange.Offset + L.BodyRange.Length)
            Out.push_back(element(P, A, NeedLaunch));
    return Out;
  }

  /// Whether loop \p Q's body and loop \p P's (later) can run in one loop,
  /// each in turn per iteration: nothing where they cannot, else whether
  /// that saves reading an element twice.
  std::optional<bool> mergeable(size_t Q, size_t P) const {
    if (Headers[Q].empty() || Headers[Q] != Headers[P])
      return std::nullopt;
    const InnerLoop &LQ = *loopOf(Q), &LP = *loopOf(P);
    // P's variable takes Q's name: a name P's body does not use already.
    if (LQ.Var != LP.Var &&
        identifiersOf(Text.substr(LP.BodyRange.Offset, LP.BodyRange.Length)).count(LQ.Var))
      return std::nullopt;
    const Effects &EQ = BodyOf[Q], &EP = BodyOf[P];
    if (Effects::clash(EQ.Names, EP.Names))
      return std::nullopt;
    bool Reuse = false;
    for (auto &[Name, WrittenQ] : EQ.Views) {
      auto It = EP.Views.find(Name);
      if (It == EP.Views.end())
        continue;
      if (WrittenQ || It->second) {
        // Iteration j of either touches only element e(i, j), the same e
        // in every access: no iteration sees another's.
        std::vector<std::string> All = elements(Q, Name, true), InP = elements(P, Name, true);
        All.insert(All.end(), InP.begin(), InP.end());
        if (llvm::is_contained(All, "") ||
            llvm::any_of(All, [&](const std::string &S) { return S != All.front(); }))
          return std::nullopt;
      }
      std::vector<std::string> InQ = elements(Q, Name, false), InP = elements(P, Name, false);
      for (const std::string &S : InQ)
        Reuse |= !S.empty() && llvm::is_contained(InP, S);
    }
    return Reuse;
  }

  /// The nodes in an order that keeps every edge, nothing where the merged
  /// nodes make a cycle. Where free, a node runs where its first statement
  /// was written, and what a merged loop needs runs just before it.
  std::optional<std::vector<size_t>> order() const {
    std::map<size_t, std::set<size_t>> Next;
    for (size_t P = 0; P < Pieces.size(); ++P)
      Next[NodeOf[P]];
    for (auto [A, B] : Edges)
      if (NodeOf[A] != NodeOf[B])
        Next[NodeOf[A]].insert(NodeOf[B]);
    std::optional<std::vector<size_t>> First = sorted(Next, {});
    if (!First)
      return std::nullopt;
    // A node's place: its own, or the earliest place of a node needing it.
    std::map<size_t, size_t> Place;
    for (auto It = First->rbegin(); It != First->rend(); ++It) {
      Place[*It] = *It;
      for (size_t M : Next[*It])
        Place[*It] = std::min(Place[*It], Place[M]);
    }
    return sorted(Next, Place);
  }

  /// Kahn's sort of \p Next, the node of the smallest (place, node) first.
  static std::optional<std::vector<size_t>>
  sorted(const std::map<size_t, std::set<size_t>> &Next, const std::map<size_t, size_t> &Place) {
    std::map<size_t, unsigned> In;
    for (auto &[N, To] : Next) {
      In[N];
      for (size_t M : To)
        ++In[M];
    }
    using Key = std::pair<size_t, size_t>;
    auto KeyOf = [&](size_t N) {
      auto It = Place.find(N);
      return Key(It == Place.end() ? N : It->second, N);
    };
    std::priority_queue<Key, std::vector<Key>, std::greater<Key>> Ready;
    for (auto &[N, Count] : In)
      if (!Count)
        Ready.push(KeyOf(N));
    std::vector<size_t> Out;
    while (!Ready.empty()) {
      size_t N = Ready.top().second;
      Ready.pop();
      Out.push_back(N);
      for (size_t M : Next.at(N))
        if (!--In[M])
          Ready.push(KeyOf(M));
    }
    if (Out.size() != In.size())
      return std::nullopt;
    return Out;
  }
};

} // namespace

std::pair<unsigned, unsigned> statementText(const KernelModel &M, size_t S) {
  const TextRange &B = M.Functor.BodyRange;
  unsigned BodyEnd = B.Offset + B.Length - 1;
  return {S ? M.Statements[S].Range.Offset : B.Offset + 1,
          S + 1 < M.Statements.size() ? M.Statements[S + 1].Range.Offset : BodyEnd};
}

const InnerLoop *loopAt(const KernelModel &M, size_t S) {
  if (M.Statements[S].Kind != BodyStatement::Form::Loop)
    return nullptr;
  for (const InnerLoop &L : M.Loops)
    if (L.Depth == 1 && L.Range.Offset == M.Statements[S].Range.Offset && L.BodyRange.valid() &&
        !L.Var.empty())
      return &L;
  return nullptr;
}

std::vector<StatementSchedule> statementSchedules(const FusionGroup &G,
                                                  const std::vector<KernelModel> &Sites,
                                                  llvm::StringRef Text) {
  std::vector<StatementSchedule> Out;
  size_t Reductions = llvm::count_if(G.Sites, [&](size_t S) {
    return Sites[S].Reduction.has_value();
  });
  if (G.Repeats || G.Horizontal || Reductions > 1)
    return Out;
  Scheduler Reader(G, Text);
  std::vector<Kernel> Run;
  auto Close = [&](size_t End) {
    if (!Run.empty()) {
      Scheduler S(G, Text);
      size_t First = End - Run.size();
      if (std::optional<StatementSchedule> Sch = S.schedule(std::move(Run), First))
        Out.push_back(std::move(*Sch));
    }
    Run.clear();
  };
  for (size_t K = 0; K < G.Sites.size(); ++K) {
    std::optional<Kernel> Read;
    if (!G.inMergedLoop(K))
      Read = Reader.read(Sites[G.Sites[K]]);
    if (!Read) {
      Close(K);
      continue;
    }
    Run.push_back(std::move(*Read));
  }
  Close(G.Sites.size());
  return Out;
}

} // namespace planner
} // namespace kfuse
