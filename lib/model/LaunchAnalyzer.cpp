//===- LaunchAnalyzer.cpp - Model one Kokkos launch call ------------------===//

#include "model/LaunchAnalyzer.h"
#include "model/LaunchParts.h"
#include "effects/StoreFinder.h"
#include "effects/FunctionSummarizer.h"
#include "effects/HostCodeAnalyzer.h"
#include "effects/KernelBodyAnalyzer.h"
#include "model/KokkosAST.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace kfuse {

/// \p E, or the View it converts where \p E builds a View from another of
/// the same elements (`View<const double *>` from a `View<double *>`): one
/// View, under a type that only reads.
static const Expr *throughViewConversion(const Expr *E) {
  const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E);
  if (!CE || isa<CXXTemporaryObjectExpr>(CE) || CE->getNumArgs() == 0 ||
      !isKokkosView(CE->getType()) ||
      !isKokkosView(CE->getArg(0)->getType().getNonReferenceType()))
    return E;
  // (Kokkos' converting constructor has a defaulted second parameter.)
  for (unsigned I = 1; I < CE->getNumArgs(); ++I)
    if (!isa<CXXDefaultArgExpr>(CE->getArg(I)))
      return E;
  return stripWrappers(CE->getArg(0));
}

TextRange fileRange(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (CR.isInvalid())
    return {};
  std::pair<FileID, unsigned> B = SM.getDecomposedLoc(CR.getBegin());
  std::pair<FileID, unsigned> E = SM.getDecomposedLoc(CR.getEnd());
  if (B.first != E.first || E.second < B.second)
    return {};
  return TextRange{B.second, E.second - B.second};
}

/// The statement of block \p Block that holds \p S (S itself, or the `if`
/// around it), or null when S is nested deeper.
static const Stmt *statementIn(const CompoundStmt &Block, const Stmt &S, ASTContext &Ctx) {
  const Stmt *At = &S;
  while (true) {
    DynTypedNodeList P = Ctx.getParents(*At);
    if (P.size() != 1)
      return nullptr;
    if (P[0].get<CompoundStmt>() == &Block)
      return At;
    const Stmt *Up = P[0].get<Stmt>();
    if (!Up || !(isa<ExprWithCleanups, IfStmt>(Up) || isa<Expr>(Up)))
      return nullptr;
    At = Up;
  }
}

/// True if \p S names \p Var outside the lambdas that Kokkos launches take
/// and that copy it for a kernel (one capturing it by reference may assign
/// it).
static bool namedOutsideKernels(const Stmt *S, const VarDecl *Var) {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = C->getDirectCallee();
    std::string Name = FD ? FD->getQualifiedNameAsString() : "";
    auto Copies = [&](const Expr *A) {
      const auto *L = dyn_cast<LambdaExpr>(stripWrappers(A));
      return L && llvm::all_of(L->captures(), [&](const LambdaCapture &Cap) {
               return !Cap.capturesVariable() || Cap.getCapturedVar() != Var ||
                      Cap.getCaptureKind() == LCK_ByCopy;
             });
    };
    if (Name == "Kokkos::parallel_for" || Name == "Kokkos::parallel_reduce" ||
        Name == "Kokkos::parallel_scan")
      return llvm::any_of(C->arguments(), [&](const Expr *A) {
        return !Copies(A) && namedOutsideKernels(A, Var);
      });
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == Var)
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *Ch) { return namedOutsideKernels(Ch, Var); });
}

/// ViewUse::Fresh for the Views lambda \p Arg of launch \p Call captures:
/// a local View allocated with a label, named between its declaration and
/// the launch only by kernels. What its block runs after the launch cannot
/// change the View the launch captured.
static void markFresh(const CallExpr &Call, const Expr &Arg, KernelModel &M, ASTContext &Ctx) {
  const auto *L = dyn_cast<LambdaExpr>(stripWrappers(&Arg));
  if (!L)
    return;
  for (ViewUse &V : M.Views) {
    if (!V.Root.empty() || V.IsMember || V.Local || !V.Accessor.empty())
      continue;
    const VarDecl *Var = nullptr;
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable())
        if (const auto *D = dyn_cast<VarDecl>(C.getCapturedVar()); D && D->getName() == V.Name)
          Var = D;
    if (!Var || !Var->isLocalVarDecl() || !Var->hasLocalStorage() || !Var->getInit() ||
        Var->getType()->isReferenceType())
      continue;
    const auto *Alloc = dyn_cast<CXXConstructExpr>(stripWrappers(Var->getInit()));
    if (!Alloc || Alloc->getNumArgs() < 2 || !isKokkosView(Alloc->getType()) ||
        !(isStringType(Alloc->getArg(0)->getType()) ||
          isa<StringLiteral>(Alloc->getArg(0)->IgnoreParenImpCasts())))
      continue;
    // The block that declares it, and its statement that holds the launch.
    DynTypedNodeList P = Ctx.getParents(*Var);
    const auto *Decl = P.size() == 1 ? P[0].get<DeclStmt>() : nullptr;
    DynTypedNodeList Q = Decl ? Ctx.getParents(*Decl) : DynTypedNodeList(DynTypedNode());
    const auto *Block = Decl && Q.size() == 1 ? Q[0].get<CompoundStmt>() : nullptr;
    if (!Block)
      continue;
    const Stmt *Holder = &Call;
    while (Holder) {
      DynTypedNodeList Up = Ctx.getParents(*Holder);
      if (Up.size() != 1)
        Holder = nullptr;
      else if (Up[0].get<CompoundStmt>() == Block)
        break;
      else
        Holder = Up[0].get<Stmt>();
    }
    if (!Holder)
      continue;
    // Also another variable of its declaration (`v("v", n), w = v`).
    bool After = false, Named = llvm::any_of(Decl->decls(), [&](const clang::Decl *D) {
      const auto *Other = dyn_cast<VarDecl>(D);
      return Other && Other != Var && namedOutsideKernels(Other->getInit(), Var);
    });
    for (const Stmt *S : Block->body()) {
      if (After)
        Named |= namedOutsideKernels(S, Var);
      After |= S == Decl;
      if (S == Holder)
        break;
    }
    V.Fresh = !Named;
  }
}

/// See FunctorModel::Bound. \p Call is the launch, \p Arg its functor.
static void bindObject(const CallExpr &Call, const Expr &Arg, KernelModel &M,
                       ASTContext &Ctx) {
  FunctorModel &F = M.Functor;
  const Expr *E = stripWrappers(&Arg);
  if (F.Kind != FunctorModel::Form::Object || isa<CXXThisExpr>(E->IgnoreParenImpCasts()) ||
      (isa<UnaryOperator>(E) &&
       isa<CXXThisExpr>(cast<UnaryOperator>(E)->getSubExpr()->IgnoreParenImpCasts())))
    return;
  auto Fail = [&](std::string Why) { F.BindWhy = std::move(Why); };
  // A functor object the launching object holds (`parallel_for(n, scale)`
  // or `this->scale` in a method, `scale` a data member): its Views are named by their path
  // (`scale.a`), as a struct's are; code changing `scale` blocks a move,
  // and the fused launch copies the object where it runs, as the launch did.
  // (Not a reference member: the object it refers to may have other names.)
  if (const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
      ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
      isa<FieldDecl>(ME->getMemberDecl()) &&
      !ME->getMemberDecl()->getType()->isReferenceType()) {
    const std::string Holder = ME->getMemberDecl()->getNameAsString();
    for (const ViewUse &V : M.Views) {
      if (V.Local)
        continue;
      if (!V.IsMember || !V.Root.empty())
        return Fail("the View '" + V.Name + "' is reached through another object");
      if (V.PrivateMember)
        return Fail("the member '" + V.Name + "' of '" + F.Text +
                    "' is private: the guard cannot name it");
    }
    for (ViewUse &V : M.Views)
      if (!V.Local) {
        V.Member = V.Name;
        V.Name = Holder + "." + V.Name;
        V.Root = Holder;
      }
    F.Bound = true;
    return;
  }
  const VarDecl *Var = nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    Var = dyn_cast<VarDecl>(Ref->getDecl());
    // Not a static local: built once, it may hold Views of an earlier call.
    if (!Var || !Var->isLocalVarDecl() || !Var->hasLocalStorage() || !Var->getInit() ||
        Var->getType()->isReferenceType())
      return Fail("the functor '" + F.Text + "' is not a local object built where it is declared");
    E = stripWrappers(Var->getInit());
  }
  // In a template, an object built from dependent arguments has no type
  // or constructor yet (`Slope functor(u, du, p)`, a ParenListExpr).
  if (E->getType().isNull() || E->isInstantiationDependent())
    return Fail("the functor '" + F.Text +
                "' is built from arguments that depend on a template parameter");
  const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->getDefinition()->getNumBases())
    return Fail("the functor's class has base classes, whose members kfuse does not follow");
  RD = RD->getDefinition();
  // Field -> the expression its value is copied from.
  std::map<const FieldDecl *, const Expr *> Init;
  // Field -> the argument and the path of public members its value is
  // copied from (`u(s.u)`, a View of the object `s` given): the View `s.u`.
  std::map<const FieldDecl *, std::pair<const Expr *, std::string>> InitPath;
  // Arguments the constructor reads only as such paths to Views: objects
  // holding Views, which the fused launch need not evaluate.
  std::set<const Expr *> PathsOnly;
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    unsigned I = 0;
    for (const FieldDecl *FD : RD->fields())
      if (I < IL->getNumInits())
        Init[FD] = IL->getInit(I++);
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    const FunctionDecl *Def = nullptr;
    if (!CE->getConstructor()->hasBody(Def))
      if (const FunctionDecl *Pattern = CE->getConstructor()->getTemplateInstantiationPattern())
        Pattern->hasBody(Def);
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Def);
    const auto *Body = Ctor ? dyn_cast_or_null<CompoundStmt>(Ctor->getBody()) : nullptr;
    if (!Body || !Body->body_empty())
      return Fail("the constructor of '" + F.ClassName +
                  "' is not visible or does more than copy its arguments");
    std::set<const ParmVarDecl *> PathUse, OtherUse;
    for (const CXXCtorInitializer *I : Ctor->inits()) {
      if (!I->isMemberInitializer() || !I->isWritten())
        continue;
      const Expr *X = throughViewConversion(stripWrappers(I->getInit()));
      if (const auto *PL = dyn_cast<ParenListExpr>(X); PL && PL->getNumExprs() == 1)
        X = throughViewConversion(stripWrappers(PL->getExpr(0)));
      const auto *Ref = dyn_cast<DeclRefExpr>(X);
      const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
      if (P && P->getFunctionScopeIndex() < CE->getNumArgs()) {
        Init[I->getMember()] = CE->getArg(P->getFunctionScopeIndex());
        OtherUse.insert(P);
        continue;
      }
      // `s.u`, `s.fields.u`: public data members down from a parameter.
      std::string Path;
      const Expr *Base = X;
      while (const auto *ME = dyn_cast<MemberExpr>(Base)) {
        const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
        if (!FD || FD->getAccess() != AS_public || ME->isArrow())
          break;
        Path = "." + FD->getNameAsString() + Path;
        Base = ME->getBase()->IgnoreParenImpCasts();
      }
      const auto *BaseRef = dyn_cast<DeclRefExpr>(Base);
      const auto *BP = BaseRef ? dyn_cast<ParmVarDecl>(BaseRef->getDecl()) : nullptr;
      if (BP && !Path.empty() && isKokkosView(X->getType().getNonReferenceType()) &&
          BP->getFunctionScopeIndex() < CE->getNumArgs()) {
        InitPath[I->getMember()] = {CE->getArg(BP->getFunctionScopeIndex()), Path};
        PathUse.insert(BP);
        continue;
      }
      // Any other use of a parameter reads the argument as it is.
      std::vector<const Stmt *> Work{I->getInit()};
      while (!Work.empty()) {
        const Stmt *S = Work.back();
        Work.pop_back();
        if (const auto *R = dyn_cast_or_null<DeclRefExpr>(S))
          if (const auto *PV = dyn_cast<ParmVarDecl>(R->getDecl()))
            OtherUse.insert(PV);
        if (S)
          for (const Stmt *C : S->children())
            Work.push_back(C);
      }
    }
    for (const ParmVarDecl *P : PathUse)
      if (!OtherUse.count(P))
        PathsOnly.insert(stripWrappers(CE->getArg(P->getFunctionScopeIndex())));
  } else {
    return Fail("the functor '" + F.Text + "' is not built from its Views where it is launched");
  }
  // A temporary is built where the fused launch runs, before the kernels
  // of the group launched before it: what it is built from other than View
  // handles must be plain values that nothing in between could change
  // unseen (the names it reads are the launch's, which code between may
  // not change).
  if (!Var) {
    std::vector<const Expr *> Args;
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      Args.assign(IL->inits().begin(), IL->inits().end());
    else
      for (const Expr *A : cast<CXXConstructExpr>(E)->arguments())
        Args.push_back(A);
    for (const Expr *A : Args) {
      if (isKokkosView(A->getType().getNonReferenceType()) || PathsOnly.count(stripWrappers(A)))
        continue;
      HostStatement H = analyzeHostExpr(*A, Ctx);
      if (!H.Opaque.empty() || !H.Changes.empty() || !H.TouchesViews.empty() ||
          !H.TouchesObjects.empty())
        return Fail("the functor '" + F.Text + "' is built from '" + exprText(A, Ctx) +
                    "', which kfuse cannot evaluate before the kernels launched before it");
    }
  }
  std::vector<std::pair<ViewUse *, std::string>> Binding;
  for (ViewUse &V : M.Views) {
    if (V.Local)
      continue;
    if (!V.IsMember || !V.Root.empty())
      return Fail("the View '" + V.Name + "' is reached through another object");
    const FieldDecl *Field = nullptr;
    for (const FieldDecl *FD : RD->fields())
      if (FD->getName() == V.Name)
        Field = FD;
    auto It = Field ? Init.find(Field) : Init.end();
    auto PathIt = Field ? InitPath.find(Field) : InitPath.end();
    const Expr *X = It != Init.end()       ? stripWrappers(It->second)
                    : PathIt != InitPath.end() ? stripWrappers(PathIt->second.first)
                                               : nullptr;
    X = throughViewConversion(X);
    const auto *Ref = X ? dyn_cast<DeclRefExpr>(X) : nullptr;
    const auto *Source = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    bool ByPath = PathIt != InitPath.end() && It == Init.end();
    if (!Source || (!ByPath && !isKokkosView(Source->getType().getNonReferenceType())))
      return Fail("the member '" + V.Name + "' of '" + F.ClassName +
                  "' is not copied from a View variable where the functor is built");
    if (Var && V.PrivateMember)
      return Fail("the member '" + V.Name + "' of '" + F.Text +
                  "' is private: the guard cannot check it still holds the View it was built "
                  "from");
    std::string Name = Source->getNameAsString() + (ByPath ? PathIt->second.second : "");
    for (const auto &[Other, N] : Binding)
      if (N == Name)
        return Fail("the members '" + Other->Name + "' and '" + V.Name +
                    "' hold one View, '" + Name + "'");
    Binding.emplace_back(&V, Name);
  }
  if (Var) {
    // Nothing between the declaration and the launch may change the object
    // or the Views it was built from.
    DynTypedNodeList P = Ctx.getParents(*Var);
    const auto *Decl = P.size() == 1 ? P[0].get<DeclStmt>() : nullptr;
    DynTypedNodeList Q = Decl ? Ctx.getParents(*Decl) : DynTypedNodeList(DynTypedNode());
    const auto *Block = Decl && Q.size() == 1 ? Q[0].get<CompoundStmt>() : nullptr;
    const Stmt *Launch = Block ? statementIn(*Block, Call, Ctx) : nullptr;
    // Declared in an enclosing block (before a loop around the launch):
    // named where the fused group launches, the guard checks that it still
    // holds the Views it was bound to (FusedKernelEmitter), whatever the
    // code between does.
    if (!Launch && !(Block && Block->getSourceRange().fullyContains(Call.getSourceRange())))
      return Fail("'" + F.Text + "' is not declared in the block of its launch");
    std::vector<std::string> Kept = {Var->getNameAsString()};
    for (const auto &[V, N] : Binding)
      Kept.push_back(llvm::StringRef(N).split('.').first.str()); // `s` of `s.u`
    bool Between = false;
    llvm::ArrayRef<Stmt *> Before;
    if (Launch)
      Before = llvm::ArrayRef<Stmt *>(Block->body_begin(), Block->body_end());
    for (const Stmt *S : Before) {
      if (S == Launch)
        break;
      if (Between) {
        HostStatement H = analyzeHostStmt(*S, Ctx);
        if (!H.Opaque.empty())
          return Fail("the code between the declaration of '" + F.Text + "' and its launch " +
                      H.Opaque);
        for (const std::string &C : H.Changes)
          if (llvm::is_contained(Kept, C))
            return Fail("the code between the declaration of '" + F.Text +
                        "' and its launch changes '" + C + "'");
      }
      Between |= S == Decl;
    }
  }
  for (auto &[V, N] : Binding) {
    V->Member = V->Name;
    V->Name = N;
    // A View of an object given (`s.u`): code changing `s` changes it.
    if (size_t Dot = N.find('.'); Dot != std::string::npos)
      V->Root = N.substr(0, Dot);
  }
  F.Bound = true;
  F.BoundVariable = Var != nullptr;
  if (Var)
    F.VariableOffset = fileRange(Var->getSourceRange(), Ctx).Offset;
}

/// A Kokkos reducer's type as any scope can name it: its template with its
/// value arguments spelled portably, its memory space (where the result
/// lives, the host for a variable) left to its default; "" when there is
/// no such spelling.
static std::string reducerTypeText(QualType T, const ASTContext &Ctx) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec)
    return "";
  std::vector<std::string> Args;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    if (A.getKind() != TemplateArgument::Type)
      return "";
    std::string Name = typeText(A.getAsType(), Ctx);
    if (StringRef(Name).ends_with("Space"))
      break; // the last argument
    std::string Text = portableTypeText(A.getAsType(), Ctx);
    if (Text.empty())
      return "";
    Args.push_back(Text);
  }
  return "Kokkos::" + Spec->getNameAsString() + "<" + llvm::join(Args, ", ") + ">";
}

/// True if evaluating the policy \p Arg again, earlier, gives the same
/// bounds and changes nothing: a variable, or a call of a helper whose
/// arguments change nothing and whose body only declares locals and returns
/// a value computed from numbers (no View data, no call kfuse cannot see).
/// The names the helper's body reads (globals among them) go to
/// \p Reads: code between launches that changes them keeps them apart.
static bool reevaluable(const Expr &Arg, ASTContext &Ctx, std::vector<std::string> &Reads) {
  auto Clean = [](const HostStatement &H, bool ObjectsToo) {
    return H.Opaque.empty() && H.TouchesViews.empty() &&
           (ObjectsToo || H.TouchesObjects.empty());
  };
  const Expr *E = stripWrappers(&Arg);
  if (isa<DeclRefExpr>(E))
    return true;
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || isa<CXXMethodDecl>(FD))
    return false;
  for (const Expr *A : Call->arguments()) {
    HostStatement H = analyzeHostExpr(*A, Ctx);
    // Naming an object passes it; what the body does with it is below.
    if (!H.Changes.empty() || !Clean(H, isa<DeclRefExpr>(A->IgnoreParenImpCasts())))
      return false;
  }
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return false;
  std::vector<std::string> Locals;
  for (const Stmt *S : Body->body()) {
    HostStatement H;
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      if (!R->getRetValue())
        return false;
      H = analyzeHostExpr(*R->getRetValue(), Ctx);
    } else if (isa<DeclStmt>(S)) {
      H = analyzeHostStmt(*S, Ctx);
      Locals.insert(Locals.end(), H.Declares.begin(), H.Declares.end());
    } else {
      return false;
    }
    if (!Clean(H, false))
      return false;
    for (const std::string &C : H.Changes)
      if (!llvm::is_contained(Locals, C))
        return false;
    for (const std::string &R : H.Reads)
      if (!llvm::is_contained(Locals, R) && !llvm::is_contained(Reads, R))
        Reads.push_back(R);
  }
  return true;
}

static void analyzeResult(ArrayRef<const Expr *> Results, KernelModel &M,
                          const ASTContext &Ctx) {
  ReductionModel &R = *M.Reduction;
  if (Results.empty()) {
    R.Reducer = M.Kind == LaunchKind::Scan ? "" : "functor-defined";
    return;
  }
  if (Results.size() > 1)
    M.Notes.push_back("several reduction results: only the first is modelled");
  const Expr *E = stripWrappers(Results[0]);
  QualType T = E->getType().getNonReferenceType().getUnqualifiedType();
  if (R.TemplateTyped.empty() && namesTemplateParameter(E->getType()))
    R.TemplateTyped = typeText(E->getType(), Ctx);
  R.ResultText = exprText(Results[0], Ctx);
  R.ResultArgText = R.ResultText;
  R.ResultType = typeText(T, Ctx);
  std::string Template = templateNameOf(T);
  auto IsScalarVariable = [](const Expr *X) {
    const auto *Ref = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return Ref && isa<VarDecl>(Ref->getDecl()) &&
           Ref->getType().getNonReferenceType()->isArithmeticType();
  };
  if (isKokkosView(T)) {
    R.Reducer = "Sum";
    R.ResultIsView = true;
  } else if (StringRef(Template).starts_with("Kokkos::")) {
    R.Reducer = lastComponent(Template).str();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      if (CE->getNumArgs() >= 1) {
        R.ResultText = exprText(CE->getArg(0), Ctx);
        R.ScalarVariable = IsScalarVariable(CE->getArg(0));
        const auto *Ref = dyn_cast<DeclRefExpr>(CE->getArg(0)->IgnoreParenImpCasts());
        R.ReducerType = reducerTypeText(T, Ctx);
        R.ReducerVariable = Ref && isa<VarDecl>(Ref->getDecl()) && !R.ReducerType.empty();
      }
  } else {
    R.Reducer = "Sum";
    R.ScalarVariable = IsScalarVariable(E);
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    R.ClassVariable = Ref && isa<VarDecl>(Ref->getDecl()) && T->isRecordType();
  }
}

KernelModel analyzeLaunch(const CallExpr *Call, LaunchKind Kind,
                          const FunctionDecl *Callee, const ASTContext &Ctx) {
  KernelModel M;
  M.Kind = Kind;
  M.Pos = positionOf(Call->getBeginLoc(), Ctx);
  M.CallText = exprText(Call, Ctx);
  M.CallRange = fileRange(Call->getSourceRange(), Ctx);
  M.FromMacro = Call->getBeginLoc().isMacroID() &&
                !Ctx.getSourceManager().isMacroArgExpansion(Call->getBeginLoc());
  if (M.FromMacro) {
    // The macro the user wrote (the outermost expansion).
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = Call->getBeginLoc();
    while (Loc.isMacroID()) {
      StringRef Name = Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
      if (!Name.empty())
        M.MacroName = Name.str();
      Loc = SM.getImmediateMacroCallerLoc(Loc);
    }
  }

  SmallVector<const Expr *, 5> Args;
  for (const Expr *A : Call->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      Args.push_back(A);

  int LabelIdx = -1;
  if (Callee) {
    for (unsigned I = 0; I < Callee->getNumParams() && I < Args.size(); ++I)
      if (isStringType(Callee->getParamDecl(I)->getType()))
        LabelIdx = I;
  } else if (!Args.empty() &&
             (isStringType(Args[0]->getType()) ||
              isa<StringLiteral>(Args[0]->IgnoreParenImpCasts()))) {
    LabelIdx = 0;
  }

  M.LabelKind = "none";
  SmallVector<const Expr *, 4> Rest;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (static_cast<int>(I) != LabelIdx) {
      Rest.push_back(Args[I]);
      continue;
    }
    const Expr *L = stripWrappers(Args[I]);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(L); CE && CE->getNumArgs())
      L = CE->getArg(0)->IgnoreParenImpCasts();
    if (const auto *SL = dyn_cast<StringLiteral>(L->IgnoreParenImpCasts())) {
      M.LabelKind = "literal";
      M.Label = SL->getString().str();
    } else {
      M.LabelKind = "expression";
      M.Label = exprText(Args[I], Ctx);
    }
  }

  if (Rest.size() < 2) {
    M.Notes.push_back("launch arguments not recognised");
    return M;
  }
  if (Kind != LaunchKind::For)
    M.Reduction.emplace();
  QualType WorkTag;
  analyzePolicy(Rest[0], M, Ctx, WorkTag);
  if (M.Policy.End.empty() &&
      (M.Policy.Kind == PolicyKind::Range || M.Policy.Kind == PolicyKind::MDRange))
    M.Policy.OpaqueBounds =
        reevaluable(*Rest[0], const_cast<ASTContext &>(Ctx), M.Policy.HelperReads);
  analyzeFunctor(Rest[1], M, Ctx, WorkTag);
  bindObject(*Call, *Rest[1], M, const_cast<ASTContext &>(Ctx));
  markFresh(*Call, *Rest[1], M, const_cast<ASTContext &>(Ctx));
  if (M.Reduction)
    analyzeResult(ArrayRef<const Expr *>(Rest).drop_front(2), M, Ctx);
  return M;
}

} // namespace kfuse
