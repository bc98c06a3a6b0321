//===- HostCodeAnalyzer.cpp - What host code between launches does --------===//

#include "effects/HostCodeAnalyzer.h"
#include "effects/HostWalker.h"
#include "model/KokkosAST.h"
#include "model/LaunchAnalyzer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace kfuse {
using namespace host;
namespace {

/// The end of statement \p S through its `;`, or of its last token.
unsigned statementEnd(const Stmt &S, const ASTContext &Ctx) {
  TextRange R = fileRange(S.getSourceRange(), Ctx);
  if (!R.valid())
    return 0;
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getFileID(SM.getExpansionLoc(S.getBeginLoc()));
  SourceLocation End = SM.getComposedLoc(FID, R.Offset + R.Length);
  std::optional<Token> Next =
      Lexer::findNextToken(End.getLocWithOffset(-1), SM, Ctx.getLangOpts());
  if (Next && Next->is(tok::semi))
    return SM.getFileOffset(Next->getLocation()) + 1;
  return R.Offset + R.Length;
}

/// True if a preprocessor directive lies in [From, To) of \p FID.
bool hasDirective(FileID FID, unsigned From, unsigned To, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Text = SM.getBufferData(FID);
  if (To > Text.size() || From >= To)
    return false;
  // The raw lexer needs the buffer's terminating null: lex from From and
  // stop at To.
  Lexer Raw(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Text.begin(),
            Text.begin() + From, Text.end());
  Token T;
  bool More = true;
  while (More) {
    More = !Raw.LexFromRawLexer(T);
    if (SM.getFileOffset(T.getLocation()) >= To || T.is(tok::eof))
      return false;
    if (T.is(tok::hash) && T.isAtStartOfLine())
      return true;
  }
  return false;
}

} // namespace

static bool isLaunchCall(const Stmt *S);

const Stmt *guardedLaunch(const IfStmt &If) {
  if (If.getElse() || If.getInit() || If.getConditionVariable() || If.isConstexpr() ||
      If.isConsteval())
    return nullptr;
  const Stmt *Then = If.getThen();
  if (const auto *Block = dyn_cast<CompoundStmt>(Then)) {
    if (Block->size() != 1)
      return nullptr;
    Then = Block->body_front();
  }
  return isLaunchCall(Then) ? Then : nullptr;
}

bool isLaunchStatement(const Stmt *S) {
  if (const auto *If = dyn_cast_or_null<IfStmt>(S))
    return guardedLaunch(*If) != nullptr;
  return isLaunchCall(S);
}

HostStatement analyzeHostExpr(const Expr &E, ASTContext &Ctx) {
  return analyzeHostStmt(E, Ctx);
}

/// The View variable \p St copies from when it is one
/// `Kokkos::deep_copy(dst, src)` of two distinct View variables, else "".
static std::string copySource(const Stmt *St) {
  if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(St))
    St = Cleanups->getSubExpr();
  const auto *Call = dyn_cast_or_null<CallExpr>(St);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || FD->getQualifiedNameAsString() != "Kokkos::deep_copy" || Call->getNumArgs() != 2)
    return "";
  const VarDecl *Vars[2] = {nullptr, nullptr};
  for (unsigned I = 0; I < 2; ++I) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreImplicit()->IgnoreParenImpCasts());
    Vars[I] = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Vars[I] || !isKokkosView(Vars[I]->getType().getNonReferenceType()))
      return "";
  }
  return Vars[0] == Vars[1] ? "" : Vars[1]->getNameAsString();
}

HostStatement analyzeHostStmt(const Stmt &St, ASTContext &Ctx) {
  HostStatement S;
  S.Range = fileRange(St.getSourceRange(), Ctx);
  S.Pos = positionOf(St.getBeginLoc(), Ctx);
  SummaryCache Cache;
  HostWalker W(Ctx, Cache, S, 0, false);
  W.walk(&St);
  W.finish();
  if (std::string Source = copySource(&St); !Source.empty())
    S.ReadOnlyViews.push_back(Source);
  return S;
}

static bool isLaunchCall(const Stmt *S) {
  if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(S))
    S = Cleanups->getSubExpr();
  const auto *Call = dyn_cast_or_null<CallExpr>(S);
  if (!Call)
    return false;
  if (isLaunchFunction(Call->getDirectCallee()))
    return true;
  if (const auto *ULE =
          dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreImpCasts()))
    return llvm::is_contained({"parallel_for", "parallel_reduce", "parallel_scan"},
                              ULE->getName().getAsString());
  return false;
}

std::optional<HostGap> analyzeHostGap(const CompoundStmt &Block, const Stmt &Launch,
                                      ASTContext &Ctx) {
  std::vector<const Stmt *> Body(Block.body_begin(), Block.body_end());
  auto At = llvm::find(Body, &Launch);
  if (At == Body.end())
    return std::nullopt;
  auto Prev = At;
  while (Prev != Body.begin() && !isLaunchStatement(*std::prev(Prev)))
    --Prev;
  if (Prev == Body.begin())
    return std::nullopt;
  HostGap Gap;
  Gap.From = statementEnd(**std::prev(Prev), Ctx);
  TextRange LaunchRange = fileRange(Launch.getSourceRange(), Ctx);
  Gap.To = LaunchRange.Offset;
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getFileID(SM.getExpansionLoc(Launch.getBeginLoc()));
  Gap.Directive = hasDirective(FID, Gap.From, Gap.To, Ctx);
  SummaryCache Cache;
  for (auto It = Prev; It != At; ++It) {
    HostStatement S;
    S.Range = fileRange((*It)->getSourceRange(), Ctx);
    S.Pos = positionOf((*It)->getBeginLoc(), Ctx);
    HostWalker W(Ctx, Cache, S, 0, false);
    W.walk(*It);
    W.finish();
    if (std::string Source = copySource(*It); !Source.empty())
      S.ReadOnlyViews.push_back(Source);
    Gap.Statements.push_back(std::move(S));
  }
  return Gap;
}

std::vector<std::string> hostNamesOf(const CallExpr &Call) {
  std::vector<std::string> Out;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    std::string Name;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      if (isa<VarDecl>(Ref->getDecl()))
        Name = Ref->getDecl()->getNameAsString();
    } else if (const auto *M = dyn_cast<MemberExpr>(S)) {
      if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
        Name = M->getMemberDecl()->getNameAsString();
    }
    if (!Name.empty() && !llvm::is_contained(Out, Name))
      Out.push_back(Name);
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  for (const Expr *Arg : Call.arguments())
    Walk(Arg);
  return Out;
}

/// A function of a standard C interface that its standard says touches the
/// program's memory only through its arguments, wherever its header lies (an
/// MPI installation, or a serial stub of it, is often included with -I): the
/// OpenMP runtime's queries, and MPI's environment, point-to-point and
/// collective calls. A nonblocking receive writes its buffer when it completes
/// (`MPI_Wait(&req, ...)`), but the program may not touch that buffer until
/// then, so no kernel between its start and its completion does; one-sided
/// communication (windows) is not among them.
static bool standardInterface(const FunctionDecl *FD) {
  if (!FD->isExternC() || !FD->getIdentifier())
    return false;
  llvm::StringRef Name = FD->getName();
  if (Name.consume_front("omp_"))
    return Name.starts_with("get_") || Name == "in_parallel";
  if (!Name.consume_front("MPI_") && !Name.consume_front("PMPI_"))
    return false;
  static constexpr llvm::StringLiteral Mpi[] = {
      "Wtime", "Wtick", "Init", "Init_thread", "Initialized", "Finalize", "Finalized", "Abort",
      "Comm_rank", "Comm_size", "Get_processor_name", "Get_count", "Barrier", "Bcast", "Reduce",
      "Allreduce", "Gather", "Gatherv", "Allgather", "Allgatherv", "Scatter", "Scatterv",
      "Alltoall", "Alltoallv", "Scan", "Exscan", "Send", "Ssend", "Rsend", "Recv", "Sendrecv",
      "Sendrecv_replace", "Probe", "Isend", "Irecv", "Wait", "Waitall", "Waitany", "Test",
      "Testall", "Cart_coords", "Cart_rank", "Cart_shift", "Dims_create"};
  return llvm::is_contained(Mpi, Name);
}

bool isLibraryFunction(const FunctionDecl *FD, const SourceManager &SM) {
  if (FD->getBuiltinID() || SM.isInSystemHeader(FD->getLocation()) || standardInterface(FD))
    return true;
  const DeclContext *DC = FD->getDeclContext();
  const NamespaceDecl *Top = nullptr;
  for (; DC && !DC->isTranslationUnit(); DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Top = NS;
  return Top && Top->getIdentifier() &&
         llvm::is_contained({"std", "Kokkos", "__gnu_cxx"}, Top->getName());
}

} // namespace kfuse

