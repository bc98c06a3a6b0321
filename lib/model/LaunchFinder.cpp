//===- LaunchFinder.cpp - Find and model every Kokkos launch --------------===//

#include "kfuse/LaunchFinder.h"
#include "effects/FunctionSummarizer.h"
#include "effects/PointerFields.h"
#include "effects/HostCodeAnalyzer.h"
#include "model/KokkosAST.h"
#include "model/LaunchAnalyzer.h"
#include "kfuse/CompilationSetup.h"
#include "kfuse/SiteIdentity.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace kfuse {
namespace {

// Kokkos::parallel_for("label", N, KOKKOS_LAMBDA(int i) { ... })
static constexpr char LaunchCall[] = "launch";
// The resolved Kokkos::parallel_* function of a launch.
static constexpr char LaunchCallee[] = "callee";
// The unresolved name of a launch inside a template, before instantiation.
static constexpr char DependentCallee[] = "dependent";
// The function the launch is written in.
static constexpr char EnclosingFunction[] = "function";
// The block whose statement the launch is: { ...; Kokkos::parallel_for(...); }
static constexpr char EnclosingBlock[] = "block";

LaunchKind kindOf(StringRef Name) {
  if (Name == "parallel_reduce")
    return LaunchKind::Reduce;
  if (Name == "parallel_scan")
    return LaunchKind::Scan;
  return LaunchKind::For;
}

/// The named function a launch is written in, looking through lambdas.
std::string enclosingFunctionName(const FunctionDecl *FD) {
  // Every instantiation of a template names its pattern: one site id for a
  // launch, whichever instantiation a unit models.
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  const DeclContext *DC = FD;
  while (DC) {
    if (const auto *F = dyn_cast<FunctionDecl>(DC)) {
      if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
        F = Pattern;
      const auto *MD = dyn_cast<CXXMethodDecl>(F);
      if (!MD || !MD->getParent()->isLambda())
        return F->getQualifiedNameAsString();
    }
    DC = DC->getParent();
  }
  return "<global>";
}

/// Records where the launch statement ends (after its `;`) and its block.
void setStatementRange(KernelModel &M, FileID FID, const CompoundStmt *Block,
                       const ASTContext &Ctx) {
  if (!M.CallRange.valid())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation CallEnd =
      SM.getComposedLoc(FID, M.CallRange.Offset + M.CallRange.Length);
  std::optional<Token> Next =
      Lexer::findNextToken(CallEnd.getLocWithOffset(-1), SM, Ctx.getLangOpts());
  if (!Next || !Next->is(tok::semi))
    return;
  unsigned SemiEnd = SM.getFileOffset(Next->getLocation()) + 1;
  TextRange Stmt{M.CallRange.Offset, SemiEnd - M.CallRange.Offset};
  M.WholeStmt = Stmt;
  if (!Block)
    return;
  M.StmtRange = Stmt;
  M.BlockOffset = SM.getFileOffset(SM.getExpansionLoc(Block->getLBracLoc()));
}

/// Reads the header of a host loop that might move into its kernel: which
/// variables it declares and reads, and why it cannot move, if it cannot.
class RepeatHeaderScanner {
public:
  RepeatHeaderScanner(RepeatLoop &R, const ASTContext &Ctx) : R(R), Ctx(Ctx) {}

  void scan(const Stmt *S) {
    if (!S || !R.Unsupported.empty())
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD || !VD->getType()->isIntegerType()) {
          R.Unsupported = "the loop declares something other than an integer";
          return;
        }
        R.LoopVars.push_back(VD->getNameAsString());
        scan(VD->getInit());
      }
      return;
    }
    if (isa<CallExpr>(S) || isa<CXXConstructExpr>(S) || isa<LambdaExpr>(S)) {
      R.Unsupported = "the loop header calls a function";
      return;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
      changes(U->getSubExpr());
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      changes(B->getLHS());
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
        reads(*VD);
    for (const Stmt *Child : S->children())
      scan(Child);
  }

private:
  void changes(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    std::string Name = Ref ? Ref->getDecl()->getNameAsString() : "";
    if (!Ref || !llvm::is_contained(R.LoopVars, Name))
      R.Unsupported = "the loop header changes '" +
                      (Ref ? Name : exprText(E, Ctx)) +
                      "', which is not a variable of the loop";
  }

  void reads(const VarDecl &VD) {
    std::string Name = VD.getNameAsString();
    if (llvm::is_contained(R.LoopVars, Name) ||
        llvm::any_of(R.Names, [&](const ScalarUse &S) { return S.Name == Name; }))
      return;
    QualType T = VD.getType().getNonReferenceType();
    if (!T->isArithmeticType() && !T->isEnumeralType()) {
      R.Unsupported = "the loop header names '" + Name + "', which is not a number";
      return;
    }
    ScalarUse S;
    S.Name = Name;
    S.Type = typeText(T, Ctx);
    R.Names.push_back(std::move(S));
  }

  RepeatLoop &R;
  const ASTContext &Ctx;
};

/// Records the host `for` loop whose body is the launch's block
/// (KernelModel::Repeat): the planner knows the body is launches only when
/// it finds as many sites of the loop as the body has statements.
void setRepeatLoop(KernelModel &M, const CompoundStmt *Block, ASTContext &Ctx) {
  if (!M.StmtRange.valid() || Block->size() == 0)
    return;
  DynTypedNodeList Parents = Ctx.getParents(*Block);
  const auto *For = Parents.size() == 1 ? Parents[0].get<ForStmt>() : nullptr;
  if (!For || For->getBody() != Block)
    return;
  RepeatLoop R;
  R.BodySize = Block->size();
  R.Range = fileRange(For->getSourceRange(), Ctx);
  R.Header = fileRange(SourceRange(For->getForLoc(), For->getRParenLoc()), Ctx);
  if (!R.Range.valid() || !R.Header.valid())
    return;
  R.Pos = positionOf(For->getForLoc(), Ctx);
  RepeatHeaderScanner Scanner(R, Ctx);
  if (For->getConditionVariable() || !For->getCond())
    R.Unsupported = "the loop has no plain condition";
  Scanner.scan(For->getInit());
  Scanner.scan(For->getCond());
  Scanner.scan(For->getInc());
  M.Repeat = std::move(R);
}

/// A launch that is all an `if` without `else` does, in a block: the `if`
/// is the statement of that block (KernelModel::Condition).
void setCondition(KernelModel &M, const Stmt &Launch, FileID FID, ASTContext &Ctx) {
  if (!M.WholeStmt.valid())
    return;
  DynTypedNodeList Parents = Ctx.getParents(Launch);
  if (Parents.size() != 1)
    return;
  if (const auto *Then = Parents[0].get<CompoundStmt>()) {
    Parents = Ctx.getParents(*Then);
    if (Parents.size() != 1)
      return;
  }
  const auto *If = Parents[0].get<IfStmt>();
  if (!If || guardedLaunch(*If) != &Launch)
    return;
  DynTypedNodeList Outer = Ctx.getParents(*If);
  const auto *Block = Outer.size() == 1 ? Outer[0].get<CompoundStmt>() : nullptr;
  TextRange IfRange = fileRange(If->getSourceRange(), Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Block || !IfRange.valid() ||
      SM.getFileID(SM.getExpansionLoc(If->getBeginLoc())) != FID)
    return;
  unsigned End = std::max(IfRange.Offset + IfRange.Length,
                          M.WholeStmt.Offset + M.WholeStmt.Length);
  M.StmtRange = {IfRange.Offset, End - IfRange.Offset};
  M.BlockOffset = SM.getFileOffset(SM.getExpansionLoc(Block->getLBracLoc()));
  M.Repeat.reset();
  LaunchCondition C;
  C.Text = exprText(If->getCond(), Ctx);
  C.Pos = positionOf(If->getCond()->getBeginLoc(), Ctx);
  C.Effects = analyzeHostExpr(*If->getCond(), Ctx);
  for (const std::string &N : C.Effects.Reads)
    if (!llvm::is_contained(M.HostNames, N))
      M.HostNames.push_back(N);
  M.Condition = std::move(C);
  M.Before = analyzeHostGap(*Block, *If, Ctx);
}

/// See KernelModel::TopDeclOffset.
unsigned topDeclarationOffset(const Decl *D, const ASTContext &Ctx) {
  // An instantiation of a member template is written where its pattern is
  // (an instantiation's lexical context is its class).
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
      D = Pattern;
  // The lexical context: an out-of-line member's definition is written at
  // namespace scope, not in its class.
  while (!isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl>(
      D->getLexicalDeclContext()))
    D = cast<Decl>(D->getLexicalDeclContext());
  // A template's header (`template <class T>`, maybe on a line of its
  // own) belongs to the declaration, for the template and for each of its
  // instantiations (whose models the launches are).
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    // An instantiation: the definition it was instantiated from.
    if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
      FD = Pattern;
    D = FD;
    if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
      D = T;
  }
  if (const auto *RD = dyn_cast<CXXRecordDecl>(D)) {
    if (const CXXRecordDecl *Pattern = RD->getTemplateInstantiationPattern())
      RD = Pattern;
    D = RD;
    if (const ClassTemplateDecl *T = RD->getDescribedClassTemplate())
      D = T;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
  StringRef Text = SM.getBufferData(SM.getFileID(Begin));
  unsigned Offset = SM.getFileOffset(Begin);
  // To the start of the line, then up over comment lines just above.
  size_t Line = Text.take_front(Offset).rfind('\n');
  Offset = Line == StringRef::npos ? 0 : Line + 1;
  while (Offset > 0) {
    size_t Prev = Text.take_front(Offset - 1).rfind('\n');
    size_t PrevStart = Prev == StringRef::npos ? 0 : Prev + 1;
    if (!Text.slice(PrevStart, Offset).ltrim().starts_with("//"))
      break;
    Offset = PrevStart;
  }
  return Offset;
}

/// The files of a unit whose launches kfuse models: the main file and the
/// project's own headers (under the project root, not system headers).
class ProjectFiles {
public:
  ProjectFiles(const SourceManager &SM, std::string Root)
      : SM(SM), Root(std::move(Root)) {}

  /// The absolute path of \p FID if it is a project file, else "".
  const std::string &pathOf(FileID FID) {
    auto [It, New] = Cache.try_emplace(FID);
    if (!New)
      return It->second;
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
    if (!FE || (FID != SM.getMainFileID() &&
                SrcMgr::isSystem(SM.getFileCharacteristic(SM.getLocForStartOfFile(FID)))))
      return It->second;
    SmallString<256> Path(FE->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    StringRef P = Path;
    if (FID == SM.getMainFileID() ||
        (P.consume_front(Root) && !P.empty() && llvm::sys::path::is_separator(P.front())))
      It->second = std::string(Path);
    return It->second;
  }
  const std::string &pathOf(SourceLocation Loc) {
    return pathOf(SM.getFileID(SM.getExpansionLoc(Loc)));
  }

  /// Every project file the unit read, the main file first.
  std::vector<std::string> all() {
    std::vector<std::string> Out;
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      FileID FID = SM.translateFile(It->first);
      if (FID.isValid() && !pathOf(FID).empty() && FID != SM.getMainFileID())
        Out.push_back(pathOf(FID));
    }
    llvm::sort(Out);
    Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
    Out.insert(Out.begin(), pathOf(SM.getMainFileID()));
    return Out;
  }

private:
  const SourceManager &SM;
  std::string Root;
  llvm::DenseMap<FileID, std::string> Cache;
};

/// Team-level calls inside a team kernel (`parallel_for(TeamThreadRange(
/// team, n), ...)`) are part of that kernel, not launches.
bool isNestedPolicy(const Expr *Arg) {
  static constexpr llvm::StringLiteral Nested[] = {
      "TeamThreadRange", "ThreadVectorRange", "TeamVectorRange",
      "TeamThreadMDRange", "ThreadVectorMDRange", "TeamVectorMDRange"};
  auto IsNested = [](StringRef Name) {
    return llvm::is_contained(Nested, Name) || Name.contains("RangeBoundariesStruct");
  };
  const Expr *E = stripWrappers(Arg);
  std::string Template = templateNameOf(E->getType());
  if (IsNested(StringRef(Template).rsplit("::").second.empty()
                   ? StringRef(Template)
                   : StringRef(Template).rsplit("::").second))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (const FunctionDecl *FD = Call->getDirectCallee())
      return FD->getIdentifier() && IsNested(FD->getName());
    if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreImpCasts()))
      return IsNested(ULE->getName().getAsString());
  }
  return false;
}

/// The statement a launch call is, when it is one (not part of a larger
/// expression): its parent is a statement such as a block or a brace-less
/// `if`, looking through the cleanups of temporaries.
bool isWholeStatement(const CallExpr *Call, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*Call);
  while (Parents.size() == 1 && Parents[0].get<ExprWithCleanups>())
    Parents = Ctx.getParents(*Parents[0].get<ExprWithCleanups>());
  if (Parents.size() != 1)
    return false;
  const Stmt *P = Parents[0].get<Stmt>();
  return P && !isa<Expr>(P);
}

class LaunchCallback : public MatchFinder::MatchCallback {
public:
  LaunchCallback(std::vector<KernelModel> &Out, ProjectFiles &Files)
      : Out(Out), Files(Files) {}

  void run(const MatchFinder::MatchResult &Result) override {
    const auto *Call = Result.Nodes.getNodeAs<CallExpr>(LaunchCall);
    const auto *Callee = Result.Nodes.getNodeAs<FunctionDecl>(LaunchCallee);
    const auto *Dependent =
        Result.Nodes.getNodeAs<UnresolvedLookupExpr>(DependentCallee);
    const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>(EnclosingFunction);
    std::string Name = Callee ? Callee->getName().str()
                            : Dependent->getName().getAsString();
    const SourceManager &SM = Result.Context->getSourceManager();
    FileID FID = SM.getFileID(SM.getExpansionLoc(Call->getBeginLoc()));
    const std::string &File = Files.pathOf(FID);
    if (File.empty())
      return;
    for (const Expr *Arg : Call->arguments())
      if (!isa<StringLiteral>(Arg->IgnoreParenImpCasts()) &&
          !templateNameOf(Arg->getType()).empty()) {
        if (isNestedPolicy(Arg))
          return;
        break;
      } else if (isNestedPolicy(Arg)) {
        return;
      }

    KernelModel M = analyzeLaunch(Call, kindOf(Name), Callee, *Result.Context);
    M.File = File;
    const auto *Block = Result.Nodes.getNodeAs<CompoundStmt>(EnclosingBlock);
    if (Block || isWholeStatement(Call, *Result.Context))
      setStatementRange(M, FID, Block, *Result.Context);
    const Stmt *Statement = Call;
    for (DynTypedNodeList P = Result.Context->getParents(*Call);
         P.size() == 1 && P[0].get<ExprWithCleanups>();
         P = Result.Context->getParents(*P[0].get<ExprWithCleanups>()))
      Statement = P[0].get<ExprWithCleanups>();
    if (Block) {
      setRepeatLoop(M, Block, *Result.Context);
      M.Before = analyzeHostGap(*Block, *Statement, *Result.Context);
    }
    M.HostNames = hostNamesOf(*Call);
    for (const std::string &N : M.Policy.HelperReads) // a policy helper's globals
      if (!llvm::is_contained(M.HostNames, N))
        M.HostNames.push_back(N);
    setCondition(M, *Statement, FID, *Result.Context);
    M.Id.Function = Fn ? enclosingFunctionName(Fn) : "<global>";
    if (Fn)
      M.TopDeclOffset = topDeclarationOffset(Fn, *Result.Context);
    M.InTemplate = !Callee || (Fn && (Fn->isTemplateInstantiation() ||
                                      Fn->isDependentContext() ||
                                      Fn->getDeclContext()->isDependentContext()));
    bool Instantiated = Callee && Fn && !Fn->isDependentContext();
    M.DependentLaunch = M.InTemplate && (!Callee || Call->isInstantiationDependent());

    // A launch in a template is matched in the pattern and in every
    // instantiation; keep one model, preferring the first instantiation,
    // whose types are known.
    bool Typed = Instantiated || !M.InTemplate;
    if (M.InTemplate && SM.getFileID(SM.getExpansionLoc(Call->getBeginLoc())) !=
                            SM.getMainFileID()) {
      M.TemplateWhy = "the template is in a header, which other units may instantiate with "
                      "other types";
      M.TemplateInHeader = true;
    }
    std::string Shape = Instantiated ? templateShape(M) : std::string();
    auto [It, Inserted] =
        ByPlace.try_emplace({FID.getHashValue(), M.CallRange.Offset}, Out.size());
    bool DependsOnParams = M.DependentLaunch;
    if (Inserted) {
      M.Instantiations = Instantiated;
      Out.push_back(std::move(M));
      HasTypes.push_back(Typed);
      Shapes.push_back(Shape);
    } else if (!HasTypes[It->second] && Instantiated) {
      DependsOnParams |= Out[It->second].DependentLaunch;
      Out[It->second] = std::move(M);
      Out[It->second].Instantiations = 1;
      Out[It->second].DependentLaunch = DependsOnParams;
      HasTypes[It->second] = true;
      Shapes[It->second] = Shape;
    } else if (Instantiated) {
      KernelModel &First = Out[It->second];
      ++First.Instantiations;
      if (First.StoresOnlyLocals && !M.StoresOnlyLocals) {
        First.StoresOnlyLocals = false;
        First.FirstStore = M.FirstStore;
      }
      if (Shapes[It->second] != Shape) {
        First.TemplateWhy = "its instantiations use their Views differently";
        First.TemplateInHeader = false;
      } else {
        mergeInstantiation(First, M);
      }
    } else {
      Out[It->second].DependentLaunch |= DependsOnParams;
    }
  }

private:
  std::vector<KernelModel> &Out;
  ProjectFiles &Files;
  std::map<std::pair<unsigned, unsigned>, size_t> ByPlace;
  std::vector<bool> HasTypes;
  std::vector<std::string> Shapes; ///< of the first instantiation
};

class LaunchConsumer : public ASTConsumer {
public:
  LaunchConsumer(FileModel &Out, const FinderOptions &Opts)
      : Out(Out), Opts(Opts) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    Out.Sites =
        LaunchFinder::collect(Ctx, Opts, &Out.ProjectFiles, &Out.Functions, &Out.PointerFields);
  }

private:
  FileModel &Out;
  const FinderOptions &Opts;
};

class LaunchAction : public ASTFrontendAction {
public:
  LaunchAction(FileModel &Out, const FinderOptions &Opts)
      : Out(Out), Opts(Opts) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<LaunchConsumer>(Out, Opts);
  }

private:
  FileModel &Out;
  const FinderOptions &Opts;
};

class LaunchActionFactory : public tooling::FrontendActionFactory {
public:
  LaunchActionFactory(FileModel &Out, const FinderOptions &Opts)
      : Out(Out), Opts(Opts) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LaunchAction>(Out, Opts);
  }

private:
  FileModel &Out;
  const FinderOptions &Opts;
};

} // namespace

std::vector<KernelModel> LaunchFinder::collect(ASTContext &Ctx,
                                               const FinderOptions &Opts,
                                               std::vector<std::string> *ReadFiles,
                                               std::vector<FunctionSummary> *Functions,
                                               std::map<std::string, std::string> *Fields) {
  // Only declarations written in the project's files are traversed (the
  // main file and headers under the project root): the Kokkos headers hold
  // launches of their own and most of the unit's AST.
  const SourceManager &SM = Ctx.getSourceManager();
  std::string MainFile;
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID())) {
    SmallString<256> Path(FE->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    MainFile = std::string(Path);
  }
  ProjectFiles Files(SM, projectRootFor(MainFile, Opts.ProjectRoot));
  std::vector<Decl *> Scope;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(D))
      if (NS->getIdentifier() &&
          llvm::is_contained({"Kokkos", "desul", "std"}, NS->getName()))
        continue;
    if (!Files.pathOf(D->getLocation()).empty())
      Scope.push_back(D);
  }
  Ctx.setTraversalScope(Scope);

  std::vector<KernelModel> Sites;
  LaunchCallback Callback(Sites, Files);
  MatchFinder Finder;
  auto LaunchName = hasAnyName("::Kokkos::parallel_for",
                               "::Kokkos::parallel_reduce",
                               "::Kokkos::parallel_scan");
  Finder.addMatcher(
      callExpr(anyOf(callee(functionDecl(LaunchName).bind(LaunchCallee)),
                     callee(unresolvedLookupExpr(
                                hasAnyDeclaration(namedDecl(LaunchName)))
                                .bind(DependentCallee))),
               optionally(hasAncestor(functionDecl().bind(EnclosingFunction))),
               optionally(anyOf(
                   hasParent(compoundStmt().bind(EnclosingBlock)),
                   hasParent(exprWithCleanups(
                       hasParent(compoundStmt().bind(EnclosingBlock)))))))
          .bind(LaunchCall),
      &Callback);
  Finder.matchAST(Ctx);
  if (Fields) // (under the project's traversal scope: its parent map)
    *Fields = pointerFieldUses(Ctx, Scope, [&](SourceLocation Loc) { return Files.pathOf(Loc); });
  Ctx.setTraversalScope({Ctx.getTranslationUnitDecl()});
  if (ReadFiles)
    *ReadFiles = Files.all();

  for (KernelModel &M : Sites) {
    std::string Root = projectRootFor(MainFile, Opts.ProjectRoot);
    M.Id.RelFile = relativePath(M.File, Root);
    M.Id.Hash = hashLaunchText(M.CallText);
  }
  assignOrdinals(Sites);
  if (Functions)
    *Functions = summarizeFunctions(
        Ctx, Scope, Sites, [&](SourceLocation Loc) { return Files.pathOf(Loc); });
  return Sites;
}

LaunchFinder::LaunchFinder(const tooling::CompilationDatabase &DB,
                           FinderOptions Opts)
    : DB(DB), Opts(std::move(Opts)) {}

FileModel LaunchFinder::analyzeFile(StringRef File) {
  FileModel Out;
  Out.File = File.str();
  std::string Abs = absolutePath(File);
  if (!llvm::sys::fs::exists(Abs)) {
    Out.Failed = true;
    Out.Error = "no such file";
    return Out;
  }
  // The JSON database guesses commands for files it does not list (the
  // guess carries a Heuristic); kfuse parses only what the build compiles.
  std::vector<tooling::CompileCommand> Commands = DB.getCompileCommands(Abs);
  if (llvm::none_of(Commands, [](const tooling::CompileCommand &C) {
        return C.Heuristic.empty();
      })) {
    Out.Failed = true;
    Out.Error = "no compile command for this file in the compilation database";
    return Out;
  }
  // ClangTool aborts the process when it cannot enter a command's directory.
  for (const tooling::CompileCommand &C : Commands)
    if (C.Heuristic.empty() && !llvm::sys::fs::is_directory(C.Directory)) {
      Out.Failed = true;
      Out.Error = "the compilation database runs its command in '" + C.Directory +
                  "', which is not a directory";
      return Out;
    }
  // A file system of the tool's own: ClangTool moves the working directory
  // to each compile command's, and the process-wide one is shared by the
  // parses that `-j` runs at once (a relative path of one unit would resolve
  // against another's directory). Paths are made absolute through the
  // FileManager, which asks this file system.
  tooling::ClangTool Tool(DB, {Abs}, std::make_shared<PCHContainerOperations>(),
                          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
                              llvm::vfs::createPhysicalFileSystem().release()));
  Tool.appendArgumentsAdjuster(kfuseArgumentsAdjuster(Opts.RuntimeIncludeDir));
  LaunchActionFactory Factory(Out, Opts);
  if (Tool.run(&Factory) != 0) {
    Out.Failed = true;
    Out.Error = "does not compile; its launches are not reported";
    Out.Sites.clear();
    Out.ProjectFiles.clear();
  }
  return Out;
}

FileModel LaunchFinder::analyzeCode(
    StringRef Code, StringRef FileName, const std::vector<std::string> &Args,
    FinderOptions Opts,
    const std::vector<std::pair<std::string, std::string>> &VirtualFiles) {
  FileModel Out;
  Out.File = FileName.str();
  std::vector<std::string> Adjusted =
      kfuseArgumentsAdjuster(Opts.RuntimeIncludeDir)(std::vector<std::string>{"clang++"}, FileName);
  Adjusted.erase(Adjusted.begin());
  Adjusted.insert(Adjusted.end(), Args.begin(), Args.end());
  bool OK = tooling::runToolOnCodeWithArgs(
      std::make_unique<LaunchAction>(Out, Opts), Code, Adjusted,
      FileName, "kfuse", std::make_shared<PCHContainerOperations>(),
      VirtualFiles);
  if (!OK) {
    Out.Failed = true;
    Out.Error = "does not compile";
  }
  return Out;
}

} // namespace kfuse
