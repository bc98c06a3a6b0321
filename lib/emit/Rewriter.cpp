//===- Rewriter.cpp - Apply fusion plans and undo them --------------------===//

#include "kfuse/Rewriter.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <set>
#include <tuple>

namespace kfuse {

std::string Rewriter::apply(llvm::StringRef FileText, const FusionPlan &Plan,
                            const std::vector<KernelModel> &Sites,
                            const EmitOptions &Opts,
                            const std::vector<TextEdit> &Extra) {
  if (Plan.Groups.empty() && Extra.empty())
    return FileText.str();
  std::vector<const FusionGroup *> Groups;
  for (const FusionGroup &G : Plan.Groups)
    Groups.push_back(&G);
  std::sort(Groups.begin(), Groups.end(), [&](auto *A, auto *B) {
    return Sites[A->Sites.front()].StmtRange.Offset <
           Sites[B->Sites.front()].StmtRange.Offset;
  });
  // Edits in text order: (offset, length replaced, text). A functor is
  // inserted before the declaration holding its launches.
  std::vector<std::tuple<unsigned, unsigned, std::string>> Edits;
  std::set<std::string> Names;
  for (const FusionGroup *G : Groups) {
    std::string Base = FusedKernelEmitter::functorName(*G, Sites), Name = Base;
    for (unsigned N = 2;
         Names.count(Name) || FileText.contains("struct " + Name + " {"); ++N)
      Name = Base + "_" + std::to_string(N);
    Names.insert(Name);
    const KernelModel &First = Sites[G->Sites.front()];
    const KernelModel &Last = Sites[G->Sites.back()];
    FusedKernelEmitter::FusedCode Code =
        FusedKernelEmitter::emit(*G, Sites, FileText, Opts, Name);
    Edits.emplace_back(First.TopDeclOffset, 0, Code.Functor);
    TextRange Replaced{First.StmtRange.Offset, Last.StmtRange.Offset +
                                                   Last.StmtRange.Length -
                                                   First.StmtRange.Offset};
    if (G->Repeats)
      Replaced = First.Repeat->Range;
    Edits.emplace_back(Replaced.Offset, Replaced.Length, Code.Replacement);
  }
  for (const TextEdit &E : Extra)
    Edits.emplace_back(E.Offset, E.Length, E.Text);
  std::stable_sort(Edits.begin(), Edits.end(), [](auto &A, auto &B) {
    return std::get<0>(A) < std::get<0>(B);
  });
  std::string Out;
  if (!FileText.contains(Markers::Include))
    Out += Markers::Include;
  unsigned Pos = 0;
  for (auto &[Offset, Length, Text] : Edits) {
    Out += FileText.slice(Pos, Offset).str();
    Out += Text;
    Pos = Offset + Length;
    // A region ends in a line comment: code after the launch on its line
    // (the brace of a one-line function) goes to the next line.
    llvm::StringRef After = FileText.drop_front(Pos);
    After = After.take_front(After.find('\n'));
    After = After.trim(" \t\r");
    if (llvm::StringRef(Text).ends_with(Markers::End) && !After.empty() &&
        !After.starts_with("//"))
      Out += Markers::LineGoesOn;
  }
  Out += FileText.drop_front(Pos).str();
  return Out;
}

/// Eight hex digits of a hash of \p Code.
static std::string lineChecksum(llvm::StringRef Code) {
  std::string Out;
  llvm::raw_string_ostream(Out) << llvm::format_hex_no_prefix(
      llvm::xxh3_64bits(Code) & 0xffffffffu, 8);
  return Out;
}

std::string markedLine(llvm::StringRef Code) {
  return (Code + Markers::Line + " " + lineChecksum(Code) + "\n").str();
}

std::optional<llvm::StringRef> unmarkLine(llvm::StringRef Line) {
  if (!Line.consume_back("\n") || Line.size() < 9)
    return std::nullopt;
  llvm::StringRef Sum = Line.take_back(8);
  Line = Line.drop_back(9);
  if (!Line.consume_back(Markers::Line) || Sum != lineChecksum(Line))
    return std::nullopt;
  return Line;
}

llvm::Expected<std::string> Rewriter::revert(llvm::StringRef FileText) {
  // Inserted lines go first, whole.
  std::string WithoutLines;
  for (size_t Pos = 0; Pos < FileText.size();) {
    size_t NewLine = FileText.find('\n', Pos);
    size_t End = NewLine == llvm::StringRef::npos ? FileText.size() : NewLine + 1;
    llvm::StringRef Line = FileText.slice(Pos, End);
    if (!unmarkLine(Line))
      WithoutLines += Line.str();
    Pos = End;
  }
  FileText = WithoutLines;
  // The functors next: each is whole lines, removed with its markers.
  std::string WithoutFunctors;
  llvm::StringRef Scan = FileText;
  while (true) {
    size_t Begin = Scan.find(Markers::FunctorBegin);
    if (Begin == llvm::StringRef::npos)
      break;
    size_t End = Scan.find(Markers::FunctorEnd, Begin);
    if (End == llvm::StringRef::npos)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "line %zu: kfuse functor without its end marker; nothing reverted",
          1 + FileText.take_front(Scan.data() - FileText.data() + Begin).count('\n'));
    WithoutFunctors += Scan.take_front(Begin).str();
    Scan = Scan.drop_front(End + llvm::StringRef(Markers::FunctorEnd).size());
  }
  WithoutFunctors += Scan.str();
  FileText = WithoutFunctors;

  std::string Out;
  llvm::StringRef Rest = FileText;
  if (Rest.starts_with(Markers::Include))
    Rest = Rest.drop_front(llvm::StringRef(Markers::Include).size());
  auto LineOf = [&](llvm::StringRef At) {
    return 1 + FileText.take_front(At.data() - FileText.data()).count('\n');
  };
  while (true) {
    size_t Begin = Rest.find(Markers::Begin);
    if (Begin == llvm::StringRef::npos)
      break;
    Out += Rest.take_front(Begin).str();
    llvm::StringRef Region = Rest.drop_front(Begin);
    size_t End = Region.find(Markers::End);
    auto Broken = [&] {
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "line %zu: kfuse region without its original text or end marker; "
          "nothing reverted",
          LineOf(Region));
    };
    if (End == llvm::StringRef::npos)
      return Broken();
    // The original is the concatenation of the region's original sections
    // (the launches) and kept sections (code between them), in order.
    llvm::StringRef Body = Region.take_front(End);
    bool Found = false;
    while (true) {
      size_t O = Body.find(Markers::OriginalBegin), K = Body.find(Markers::KeptBegin);
      if (O == llvm::StringRef::npos && K == llvm::StringRef::npos)
        break;
      bool Kept = K < O;
      llvm::StringRef Open = Kept ? Markers::KeptBegin : Markers::OriginalBegin;
      llvm::StringRef Close = Kept ? Markers::KeptEnd : Markers::OriginalEnd;
      llvm::StringRef Section = Body.drop_front((Kept ? K : O) + Open.size());
      size_t Stop = Section.find(Close);
      if (Stop == llvm::StringRef::npos)
        return Broken();
      llvm::StringRef Text = Section.take_front(Stop);
      // An original section starts at a launch, never with blanks: those
      // are ours.
      if (!Kept)
        Text = Text.ltrim(" \t");
      Out += Text.str();
      Body = Section.drop_front(Stop + Close.size());
      Found = true;
    }
    if (!Found)
      return Broken();
    Rest = Region.drop_front(End + llvm::StringRef(Markers::End).size());
    Rest.consume_front(Markers::LineGoesOn);
  }
  Out += Rest.str();
  return Out;
}

std::string Rewriter::unifiedDiff(llvm::StringRef OldName,
                                  llvm::StringRef NewName, llvm::StringRef Old,
                                  llvm::StringRef New) {
  if (Old == New)
    return "";
  // Lines with their newlines: a file's last line without one differs from
  // the same text with one, and its hunk marks it, as diff(1) does, so that
  // patch and git apply take the diff as it is.
  auto Lines = [](llvm::StringRef Text) {
    std::vector<llvm::StringRef> Out;
    while (!Text.empty()) {
      size_t End = Text.find('\n');
      End = End == llvm::StringRef::npos ? Text.size() : End + 1;
      Out.push_back(Text.take_front(End));
      Text = Text.drop_front(End);
    }
    return Out;
  };
  std::vector<llvm::StringRef> A = Lines(Old), B = Lines(New);
  // Trim the common prefix and suffix, then an LCS table on the middle.
  size_t Pre = 0;
  while (Pre < A.size() && Pre < B.size() && A[Pre] == B[Pre])
    ++Pre;
  size_t Suf = 0;
  while (Suf < A.size() - Pre && Suf < B.size() - Pre &&
         A[A.size() - 1 - Suf] == B[B.size() - 1 - Suf])
    ++Suf;
  size_t N = A.size() - Pre - Suf, M = B.size() - Pre - Suf;
  std::vector<std::vector<unsigned>> L(N + 1, std::vector<unsigned>(M + 1, 0));
  for (size_t I = N; I-- > 0;)
    for (size_t J = M; J-- > 0;)
      L[I][J] = A[Pre + I] == B[Pre + J] ? L[I + 1][J + 1] + 1
                                         : std::max(L[I + 1][J], L[I][J + 1]);
  // Edit script over the whole files: ' ', '-', '+'.
  std::vector<std::pair<char, llvm::StringRef>> Ops;
  for (size_t I = 0; I < Pre; ++I)
    Ops.push_back({' ', A[I]});
  size_t I = 0, J = 0;
  while (I < N || J < M) {
    if (I < N && J < M && A[Pre + I] == B[Pre + J]) {
      Ops.push_back({' ', A[Pre + I]});
      ++I, ++J;
    } else if (J < M && (I == N || L[I][J + 1] >= L[I + 1][J])) {
      Ops.push_back({'+', B[Pre + J++]});
    } else {
      Ops.push_back({'-', A[Pre + I++]});
    }
  }
  for (size_t K = A.size() - Suf; K < A.size(); ++K)
    Ops.push_back({' ', A[K]});

  std::string Out = ("--- " + OldName + "\n+++ " + NewName + "\n").str();
  const size_t Context = 3;
  size_t K = 0;
  while (K < Ops.size()) {
    while (K < Ops.size() && Ops[K].first == ' ')
      ++K;
    if (K == Ops.size())
      break;
    size_t Start = K > Context ? K - Context : 0;
    size_t End = K;
    // Extend the hunk while changes are within 2*Context lines.
    while (End < Ops.size()) {
      size_t Next = End;
      while (Next < Ops.size() && Ops[Next].first == ' ')
        ++Next;
      if (Next == Ops.size() || Next - End > 2 * Context) {
        End = std::min(Ops.size(), End + Context);
        break;
      }
      End = Next + 1;
    }
    size_t OldLine = 1, NewLine = 1;
    for (size_t X = 0; X < Start; ++X) {
      OldLine += Ops[X].first != '+';
      NewLine += Ops[X].first != '-';
    }
    size_t OldCount = 0, NewCount = 0;
    std::string Body;
    for (size_t X = Start; X < End; ++X) {
      OldCount += Ops[X].first != '+';
      NewCount += Ops[X].first != '-';
      Body += Ops[X].first + Ops[X].second.str();
      if (!Ops[X].second.ends_with("\n"))
        Body += "\n\\ No newline at end of file\n";
    }
    // An empty side starts at line 0 (diff(1)'s convention).
    if (OldCount == 0)
      --OldLine;
    if (NewCount == 0)
      --NewLine;
    Out += llvm::formatv("@@ -{0},{1} +{2},{3} @@\n", OldLine, OldCount,
                         NewLine, NewCount)
               .str() +
           Body;
    K = End;
  }
  return Out;
}

} // namespace kfuse
