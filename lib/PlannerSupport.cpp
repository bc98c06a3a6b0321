//===- PlannerSupport.cpp - What the planner's parts share ----------------===//

#include "PlannerSupport.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace kfuse {
namespace planner {

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

} // namespace planner
} // namespace kfuse
