//===- PlannerSupport.cpp - What the planner's parts share ----------------===//

#include "plan/PlannerSupport.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace kfuse {
namespace planner {

bool restrictable(const std::vector<size_t> &Group, const std::vector<KernelModel> &Sites) {
  for (size_t S : Group) {
    if (Sites[S].FollowsCalls || Sites[S].PointsIntoViews)
      return false;
    for (const ViewUse &V : Sites[S].Views) {
      // A pointer loaded alike (no footprint): a store of the group may be
      // to its memory, at the store's own iteration.
      if (std::string Why; V.Pointer && !V.Local && !pointerFootprint(Sites[S], V, Why))
        return false;
      // Read through an accessor: the body never names the View (an
      // element accessor's call is kept as written, named or not).
      if (!V.Accessor.empty() &&
          (!V.Named || llvm::any_of(V.Accesses, [](const ViewAccess &A) { return A.Through.empty(); })))
        return false;
      // A View handed whole to a function kfuse does not follow: the body
      // names the View object there, which a pointer cannot stand for.
      for (const ViewAccess &A : V.Accesses)
        if (A.Mode == AccessMode::PassedToCall && A.Indices.empty())
          return false;
    }
  }
  return true;
}

std::string name(const KernelModel &M) {
  if (M.LabelKind == "literal")
    return "'" + M.Label + "'";
  // The file too: messages about chains across files name launches of
  // several (two unlabelled launches of two files may both be at line 49).
  return "the launch at " + llvm::sys::path::filename(M.Pos.File).str() + ":" +
         std::to_string(M.Pos.Line);
}

std::string codeName(const KernelModel &M) {
  if (M.LabelKind == "literal")
    return M.Label;
  return M.Id.Function.empty() ? name(M) : M.Id.Function;
}

std::string unknownAccess(const KernelModel &M) {
  const UnknownAccess &U = M.Unknown.front();
  return "'" + U.Text + "' in " + name(M) + " (line " + std::to_string(U.Pos.Line) +
         ") accesses memory that kfuse cannot attribute to a View (" + U.Why +
         "): it may touch anything the other kernels use";
}

std::string squeeze(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    if (!llvm::isSpace(C))
      Out += C;
  return Out;
}

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
  if (Sig.empty()) {
    // No index kfuse relates to the launch index: one it cannot bound (a
    // local chosen by a branch, `i > 0 ? i - 1 : n - 1`), or only
    // constants and inner loops' variables.
    for (const IndexExpr &I : A.Indices)
      if (I.Form == IndexForm::Other)
        return "index '" + I.Text + "', which kfuse cannot relate to the launch index";
    std::vector<std::string> Texts;
    for (const IndexExpr &I : A.Indices)
      Texts.push_back("'" + I.Text + "'");
    return "no index that depends on the launch index (" + llvm::join(Texts, ", ") + ")";
  }
  return "";
}

std::string accessText(const ViewUse &V, const ViewAccess &A) {
  if (!A.Through.empty())
    return V.Name + " through " + A.Through;
  std::vector<std::string> Parts;
  for (const IndexExpr &I : A.Indices)
    Parts.push_back(I.Text);
  if (V.Pointer)
    return V.Name + "[" + llvm::join(Parts, ", ") + "]";
  return V.Name + "(" + llvm::join(Parts, ", ") + ")";
}

std::optional<std::pair<std::string, std::string>>
pointerFootprint(const KernelModel &M, const ViewUse &V, std::string &Why,
                 const PolicyModel *At) {
  const PolicyModel &P = At ? *At : M.Policy;
  if ((P.Kind != PolicyKind::Count && P.Kind != PolicyKind::Range) || P.OpaqueBounds ||
      P.Begin.size() != 1 || P.End.size() != 1 || M.Functor.IndexParams.size() != 1) {
    Why = "it indexes the raw pointer '" + V.Name + "', whose footprint kfuse bounds only over "
          "a 1-D range whose ends it reads";
    return std::nullopt;
  }
  int64_t Min = 0, Max = 0;
  bool First = true;
  for (const ViewAccess &A : V.Accesses) {
    if (A.Indices.size() != 1 || A.Indices[0].Form != IndexForm::LaunchIndex ||
        A.Indices[0].Var != M.Functor.IndexParams.front() ||
        (A.Mode != AccessMode::Read && A.Mode != AccessMode::Write &&
         A.Mode != AccessMode::ReadWrite)) {
      Why = "it reaches the raw pointer '" + V.Name + "' as '" + accessText(V, A) +
            "', whose footprint kfuse cannot bound (it bounds 'p[i + k]', loaded or stored)";
      return std::nullopt;
    }
    Min = First ? A.Indices[0].Offset : std::min(Min, A.Indices[0].Offset);
    Max = First ? A.Indices[0].Offset : std::max(Max, A.Indices[0].Offset);
    First = false;
  }
  // As a long long (a list of them takes no narrowing: an extent is
  // unsigned); a literal needs no cast.
  auto Shifted = [](const std::string &Bound, int64_t By) {
    if (!Bound.empty() && llvm::all_of(Bound, llvm::isDigit))
      return std::to_string(std::stoll(Bound) + By);
    std::string B = "static_cast<long long>(" + Bound + ")";
    return By == 0 ? B : B + (By > 0 ? " + " : " - ") + std::to_string(By > 0 ? By : -By);
  };
  return std::make_pair(Shifted(P.Begin.front(), Min), Shifted(P.End.front(), Max));
}

const ViewUse *rawPointerOf(const KernelModel &M) {
  for (const ViewUse &V : M.Views)
    if (V.Pointer)
      return &V;
  return nullptr;
}

std::string guardBytes(const KernelModel &M, const ViewUse &V, const std::string &Name,
                       bool Written, const PolicyModel *At) {
  std::string W = Written ? "true" : "false";
  std::string Why;
  if (!V.Pointer)
    return "::kfuse::bytes_of(" + Name + ", " + W + ")";
  if (auto F = pointerFootprint(M, V, Why, At))
    return "::kfuse::pointer_bytes(" + Name + ", {" + F->first + "}, {" + F->second + "}, " + W +
           ")";
  // Never planned (the planner refused the footprint): no bounds, every byte.
  return "::kfuse::pointer_bytes(" + Name + ", {}, {}, true)";
}

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
    R.Offset = unsigned(L.getBufferLocation() - Text.data()) - T.getLength();
    R.Identifier = T.is(clang::tok::raw_identifier);
    if (R.Identifier)
      R.Text = T.getRawIdentifier().str();
    else if (const char *P = clang::tok::getPunctuatorSpelling(T.getKind()))
      R.Text = P;
    Out.push_back(std::move(R));
  }
  return Out;
}

std::string renameIdentifiers(llvm::StringRef Code,
                              const std::map<std::string, std::string> &Names) {
  std::string Out;
  unsigned Pos = 0;
  std::string Before; // the token before, to leave members alone
  for (const RawToken &T : tokenize(Code)) {
    auto It = Names.find(T.Text);
    if (T.Identifier && It != Names.end() && Before != "." && Before != "->" &&
        Before != "::") {
      Out += Code.slice(Pos, T.Offset).str() + It->second;
      Pos = T.Offset + T.Text.size();
    }
    Before = T.Text;
  }
  return Out + Code.drop_front(Pos).str();
}

std::set<std::string> identifiersOf(llvm::StringRef Code) {
  std::set<std::string> Out;
  for (const RawToken &T : tokenize(Code))
    if (T.Identifier)
      Out.insert(T.Text);
  return Out;
}

std::vector<std::map<std::string, std::string>>
scopeRenames(const std::vector<std::set<std::string>> &Declared,
             const std::vector<std::set<std::string>> &Idents,
             const std::function<bool(size_t, size_t, const std::string &)> &Same) {
  std::set<std::string> All;
  for (const std::set<std::string> &I : Idents)
    All.insert(I.begin(), I.end());
  std::vector<std::map<std::string, std::string>> Out(Declared.size());
  for (size_t R = 0; R < Declared.size(); ++R)
    for (const std::string &N : Declared[R]) {
      bool Keep = true;
      for (size_t O = 0; O < Declared.size(); ++O)
        if (O != R && Idents[O].count(N))
          Keep &= (O > R && Declared[O].count(N)) || (Same && Same(R, O, N));
      if (Keep)
        continue;
      std::string New = N + "_" + std::to_string(R + 1);
      while (All.count(New))
        New += "_";
      All.insert(New);
      Out[R][N] = New;
    }
  return Out;
}

std::optional<LoopShape> loopShape(const KernelModel &M, llvm::StringRef Text) {
  LoopShape S;
  size_t LoopAt = M.Statements.size();
  for (size_t K = 0; K < M.Statements.size(); ++K) {
    const BodyStatement &B = M.Statements[K];
    if (!B.Range.valid())
      return std::nullopt;
    if (B.Kind == BodyStatement::Form::Loop) {
      if (LoopAt != M.Statements.size())
        return std::nullopt; // two loops
      LoopAt = K;
    } else if (LoopAt == M.Statements.size() &&
               B.Kind != BodyStatement::Form::Declaration) {
      return std::nullopt; // a statement before the loop
    }
    S.Locals.insert(S.Locals.end(), B.Declares.begin(), B.Declares.end());
  }
  if (LoopAt == M.Statements.size())
    return std::nullopt;
  unsigned LoopBegin = M.Statements[LoopAt].Range.Offset;
  for (const InnerLoop &L : M.Loops)
    if (L.Depth == 1 && L.Range.Offset == LoopBegin && L.BodyRange.valid())
      S.Loop = &L;
  if (!S.Loop)
    return std::nullopt;
  S.PrologueBegin = M.Functor.BodyRange.Offset + 1;
  S.PrologueEnd = LoopBegin;
  S.EpilogueEnd = M.Functor.BodyRange.Offset + M.Functor.BodyRange.Length - 1;
  // After the loop, and its `;` when its body is a single statement.
  S.EpilogueBegin = S.Loop->Range.Offset + S.Loop->Range.Length;
  llvm::StringRef After = Text.slice(S.EpilogueBegin, S.EpilogueEnd);
  if (After.ltrim().starts_with(";"))
    S.EpilogueBegin += After.size() - After.ltrim().size() + 1;
  if (S.EpilogueBegin > S.EpilogueEnd)
    return std::nullopt;
  return S;
}

namespace {

/// +1 for `++j`, `j++`, `j += 1`; -1 for the decrements; 0 otherwise.
int stepOf(const InnerLoop &L) {
  std::string S = squeeze(L.Step);
  if (S == "++" + L.Var || S == L.Var + "++" || S == L.Var + "+=1")
    return 1;
  if (S == "--" + L.Var || S == L.Var + "--" || S == L.Var + "-=1")
    return -1;
  return 0;
}

/// True if \p W starts a statement at the top of the loop body that begins
/// at \p BodyBegin (run every iteration) and is a plain assignment.
bool unconditionalStore(llvm::StringRef Text, unsigned BodyBegin, const ViewAccess &W) {
  std::vector<RawToken> Before = tokenize(Text.slice(BodyBegin, W.Range.Offset));
  if (!Before.empty()) {
    if (Text[BodyBegin] != '{')
      return false;
    int Depth = 0;
    for (const RawToken &T : Before)
      Depth += T.Text == "{" ? 1 : T.Text == "}" ? -1 : 0;
    const std::string &Last = Before.back().Text;
    if (Depth != 1 || (Last != ";" && Last != "{" && Last != "}"))
      return false;
  }
  std::vector<RawToken> After =
      tokenize(Text.slice(W.Range.Offset + W.Range.Length,
                          std::min<size_t>(Text.size(), W.Range.Offset + W.Range.Length + 8)));
  return !After.empty() && After.front().Text == "=";
}

} // namespace

bool irregular(llvm::StringRef Body, const std::string &Var) {
  std::vector<RawToken> T = tokenize(Body);
  for (size_t K = 0; K < T.size(); ++K) {
    if (T[K].Text == "continue" || T[K].Text == "break" || T[K].Text == "goto" ||
        T[K].Text == "return" || T[K].Text == "throw")
      return true;
    if (T[K].Identifier && T[K].Text == Var) {
      static const std::set<std::string> Changes = {"=", "+=", "-=", "*=", "/=", "++", "--"};
      if ((K + 1 < T.size() && Changes.count(T[K + 1].Text)) ||
          (K > 0 && (T[K - 1].Text == "++" || T[K - 1].Text == "--")))
        return true;
    }
  }
  return false;
}

std::vector<Recurrence> recurrencesOf(const KernelModel &M, llvm::StringRef Text) {
  std::vector<Recurrence> Out;
  for (const InnerLoop &L : M.Loops) {
    int Step = stepOf(L);
    if (L.Depth != 1 || L.Var.empty() || L.Begin.empty() || !Step || !L.BodyRange.valid())
      continue;
    unsigned BB = L.BodyRange.Offset, BE = BB + L.BodyRange.Length;
    if (irregular(Text.slice(BB, BE), L.Var))
      continue;
    for (const ViewUse &V : M.Views) {
      std::vector<const ViewAccess *> In;
      for (const ViewAccess &A : V.Accesses)
        if (A.Range.valid() && A.Range.Offset >= BB && A.Range.Offset < BE)
          In.push_back(&A);
      std::sort(In.begin(), In.end(), [](const ViewAccess *X, const ViewAccess *Y) {
        return X->Range.Offset < Y->Range.Offset;
      });
      Recurrence R;
      R.Loop = &L;
      R.View = &V;
      unsigned Stores = 0;
      for (const ViewAccess *A : In)
        if (writes(A->Mode)) {
          ++Stores;
          R.Write = A->Mode == AccessMode::Write ? A : nullptr;
        }
      if (Stores != 1 || !R.Write || !unconditionalStore(Text, BB, *R.Write))
        continue;
      // The store's element: the loop variable in one dimension, what does
      // not change in the loop in the others.
      size_t LoopDim = R.Write->Indices.size();
      bool Fits = true;
      for (size_t D = 0; D < R.Write->Indices.size(); ++D) {
        const IndexExpr &I = R.Write->Indices[D];
        if (I.Form == IndexForm::LoopVar && I.Var == L.Var && I.Offset == 0 &&
            LoopDim == R.Write->Indices.size())
          LoopDim = D;
        else if (I.Form != IndexForm::LaunchIndex && I.Form != IndexForm::Constant)
          Fits = false;
      }
      if (!Fits || LoopDim == R.Write->Indices.size())
        continue;
      // Reads up to the store statement's `;` (its right-hand side
      // included) run before the store.
      unsigned StoreEnd = BE;
      int Depth = 0;
      unsigned After = R.Write->Range.Offset + R.Write->Range.Length;
      for (const RawToken &T : tokenize(Text.slice(After, BE))) {
        Depth += T.Text == "(" || T.Text == "[" || T.Text == "{"   ? 1
                 : T.Text == ")" || T.Text == "]" || T.Text == "}" ? -1
                                                                    : 0;
        if (T.Text == ";" && Depth == 0) {
          StoreEnd = After + T.Offset;
          break;
        }
      }
      for (const ViewAccess *A : In) {
        if (A == R.Write)
          continue;
        bool Same = A->Mode == AccessMode::Read && A->Indices.size() == R.Write->Indices.size();
        for (size_t D = 0; Same && D < A->Indices.size(); ++D)
          Same = D == LoopDim ? A->Indices[D].Form == IndexForm::LoopVar &&
                                    A->Indices[D].Var == L.Var
                              : squeeze(A->Indices[D].Text) == squeeze(R.Write->Indices[D].Text);
        bool Earlier = A->Range.Offset < StoreEnd;
        int64_t Offset = Same ? A->Indices[LoopDim].Offset : 1 << 30;
        if (Earlier && Offset == -Step) {
          R.Carried.push_back(A);
          if (!R.Previous)
            R.Previous = A;
        } else if (!Earlier && Offset == 0) {
          R.Carried.push_back(A);
        } else {
          Fits = false;
        }
      }
      if (Fits && R.Previous)
        Out.push_back(std::move(R));
    }
  }
  return Out;
}

std::string withoutConstRef(llvm::StringRef T) {
  T = T.trim();
  T.consume_front("const ");
  return T.rtrim("& ").rtrim().str();
}

std::string identifier(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += llvm::isAlnum(C) ? C : '_';
  return Out;
}

std::string viewTypeIn(const std::string &Holder, const std::string &Name) {
  llvm::SmallVector<llvm::StringRef, 4> Path;
  llvm::StringRef(Name).split(Path, '.');
  std::string T = Holder.empty() ? "T_" + Path.front().str() : Holder;
  for (size_t I = Holder.empty() ? 1 : 0; I < Path.size(); ++I)
    T = "decltype(" + T + "::" + Path[I].str() + ")";
  return T;
}

std::string pointerElementType(llvm::StringRef ValueType, const std::string &ViewType,
                               bool Written, bool ThroughView) {
  static const std::set<std::string> Builtin = {
      "double",  "float",        "int",          "long",          "long long",
      "unsigned", "unsigned int", "unsigned long", "short",         "char",
      "bool",    "int64_t",      "int32_t",      "uint64_t",      "uint32_t",
      "std::int64_t", "std::int32_t", "std::uint64_t", "std::uint32_t", "size_t",
      "std::size_t"};
  std::string Value = withoutConstRef(ValueType);
  if (!Builtin.count(Value) || ThroughView)
    Value = "typename " + ViewType + "::value_type";
  return (Written ? "" : "const ") + Value;
}

/// \p Code laid out by clang-format (LLVM style): the functor holds copies
/// of the kernel bodies, re-indented, and long parameter lists.
std::string deeper(llvm::StringRef Code, llvm::StringRef More) {
  std::string Out;
  for (char C : Code) {
    Out += C;
    if (C == '\n')
      Out += More;
  }
  return Out;
}

std::string formatted(const std::string &Code) {
  clang::format::FormatStyle Style = clang::format::getLLVMStyle();
  Style.ColumnLimit = 100;
  Style.AttributeMacros.push_back("KOKKOS_RESTRICT");
  Style.StatementAttributeLikeMacros.push_back("KOKKOS_INLINE_FUNCTION");
  clang::tooling::Replacements R = clang::format::reformat(
      Style, Code, {clang::tooling::Range(0, Code.size())});
  llvm::Expected<std::string> Out = clang::tooling::applyAllReplacements(Code, R);
  if (!Out) {
    llvm::consumeError(Out.takeError());
    return Code;
  }
  return *Out;
}

bool mayHold(const std::string &Element, const std::string &Type) {
  static const std::set<std::string> Numbers = {
      "bool",         "char",          "signed char",        "unsigned char", "short",
      "unsigned short", "int",         "unsigned int",       "long",          "unsigned long",
      "long long",    "unsigned long long", "float",         "double",        "long double"};
  // A character type may alias anything, and an integer type its signed or
  // unsigned variant (C++'s aliasing rules).
  auto Base = [](llvm::StringRef T) {
    T.consume_front("unsigned ");
    T.consume_front("signed ");
    return T;
  };
  auto Char = [&](const std::string &T) { return Base(T) == "char"; };
  return Element == Type || !Numbers.count(Element) || Char(Element) || Char(Type) ||
         Base(Element) == Base(Type);
}

bool mayHoldAny(const std::set<std::string> &Elements, const std::string &T) {
  return llvm::any_of(Elements, [&](const std::string &E) { return mayHold(E, T); });
}

std::string fieldProblem(const HostStatement::FieldUse &Field, const std::set<std::string> &Written,
                         const std::set<std::string> &Used, const PointerFieldVerdicts *Fields) {
  // A number of a type no View of theirs may hold (written: used; read:
  // written by them), as any pointer.
  if (!mayHoldAny(Field.Written ? Used : Written, Field.Type))
    return "";
  std::string Why = "it is not known where the pointer member '" + Field.Name + "' points";
  if (Fields) {
    auto It = Fields->find(Field.Name);
    if (It != Fields->end() && It->second.empty())
      return "";
    if (It != Fields->end())
      Why = "the pointer member '" + Field.Name + "' may point into a View: " + It->second;
  }
  return Why;
}

bool onlyForeignPointerMemory(const HostStatement &S, const std::set<std::string> &Written,
                              const std::set<std::string> &Used,
                              const PointerFieldVerdicts *Fields) {
  return !S.OpaqueOther && (!S.PointerReads.empty() || !S.FieldPointers.empty()) &&
         llvm::none_of(S.PointerReads,
                       [&](const std::string &T) { return mayHoldAny(Written, T); }) &&
         llvm::all_of(S.FieldPointers, [&](const HostStatement::FieldUse &F) {
           return fieldProblem(F, Written, Used, Fields).empty();
         });
}

} // namespace planner
} // namespace kfuse
