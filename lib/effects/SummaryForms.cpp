//===- SummaryForms.cpp - What host expressions are, by their form --------===//

#include "effects/SummaryForms.h"
#include "effects/HostWalker.h"
#include "effects/HostCodeAnalyzer.h"
#include "model/KokkosAST.h"
#include "model/LaunchAnalyzer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace kfuse {
namespace summary {

const Expr *bare(const Expr *E) {
  while (true) {
    const Expr *Prev = E;
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    if (E == Prev)
      return E;
  }
}

bool hasViewMember(QualType T, unsigned Depth) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 3 || isKokkosView(T))
    return false;
  for (const FieldDecl *F : RD->fields())
    if (isKokkosView(F->getType()) || hasViewMember(F->getType(), Depth + 1))
      return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (hasViewMember(B.getType(), Depth + 1))
      return true;
  return false;
}

bool ownStorage(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    return V && V->hasLocalStorage() && !V->getType()->isReferenceType();
  }
  // A plain data member (no View, pointer or reference) of such an object.
  auto Member = [](const ValueDecl *D, const Expr *Object) {
    const auto *F = dyn_cast<FieldDecl>(D);
    return F && !F->getType()->isReferenceType() && !F->getType()->isPointerType() &&
           !isKokkosView(F->getType()) &&
           (ownStorage(Object) || hasViewMember(Object->getType()));
  };
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return !M->isArrow() && Member(M->getMemberDecl(), M->getBase());
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const FunctionDecl *Def = nullptr;
    if (!MD || MD->isVirtual() || MC->getNumArgs() != 0 || !MD->hasBody(Def) ||
        MC->getImplicitObjectArgument()->getType()->isPointerType())
      return false;
    const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
    const auto *Ret = Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front())
                                                : nullptr;
    const auto *Field = Ret && Ret->getRetValue()
                            ? dyn_cast<MemberExpr>(Ret->getRetValue()->IgnoreParenImpCasts())
                            : nullptr;
    return Field && isa<CXXThisExpr>(Field->getBase()->IgnoreParenImpCasts()) &&
           Member(Field->getMemberDecl(), MC->getImplicitObjectArgument());
  }
  return false;
}

/// An index computed from variables and literals by + - * / % alone
/// (`s - 1`): nothing read through a pointer, nothing called.
static bool indexOfNames(const Expr *I) {
  I = bare(I);
  if (const auto *B = dyn_cast<BinaryOperator>(I))
    return (B->isAdditiveOp() || B->isMultiplicativeOp()) && indexOfNames(B->getLHS()) &&
           indexOfNames(B->getRHS());
  if (const auto *Ref = dyn_cast<DeclRefExpr>(I)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    return VD && !VD->getType()->isReferenceType() && VD->getType()->isIntegralOrEnumerationType();
  }
  return isa<IntegerLiteral>(I);
}

bool namesOnly(const Expr *E) {
  E = bare(E);
  // A copy, or a View converted to another View type (`View<const double *>`
  // from `View<double *>`): a handle, no element read.
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return C->getNumArgs() >= 1 &&
           llvm::all_of(llvm::drop_begin(C->arguments()),
                        [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }) &&
           (C->getConstructor()->isCopyOrMoveConstructor() ||
            (isKokkosView(C->getType()) && isKokkosView(C->getArg(0)->getType()))) &&
           namesOnly(C->getArg(0));
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref) &&
           namesOnly(U->getSubExpr());
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return namesOnly(M->getBase());
  // An element of a standard container named so (`stages[s - 1]`), at an
  // index computed from names: a handle, as a member is.
  if (const Expr *Container = host::containerElement(E)) {
    const auto *Call = cast<CallExpr>(E);
    return namesOnly(Container) && llvm::all_of(Call->arguments(), [&](const Expr *A) {
             return A == Container || indexOfNames(A);
           });
  }
  return isa<DeclRefExpr>(E) || isa<CXXThisExpr>(E) || isa<IntegerLiteral>(E) ||
         isa<FloatingLiteral>(E) || isa<CXXBoolLiteralExpr>(E) || isa<StringLiteral>(E) ||
         isa<CharacterLiteral>(E) || isa<CXXNullPtrLiteralExpr>(E);
}

bool handlesOnly(QualType T, unsigned Depth) {
  T = T.getNonReferenceType().getCanonicalType();
  if (isKokkosView(T))
    return true;
  if (T->isArithmeticType() || T->isEnumeralType())
    return true;
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 3 || RD->isUnion())
    return false;
  // Kokkos' own classes of Views (StaticCrsGraph) assign them member by
  // member; a project class's own assignment may do anything.
  const DeclContext *DC = RD;
  while (DC->getParent() && !DC->getParent()->isTranslationUnit())
    DC = DC->getParent();
  const auto *Top = dyn_cast<NamespaceDecl>(DC);
  bool Kokkos = Top && Top->getIdentifier() && Top->getName() == "Kokkos";
  if (!Kokkos && (RD->hasUserDeclaredCopyAssignment() || RD->hasUserDeclaredMoveAssignment()))
    return false;
  for (const FieldDecl *F : RD->fields())
    if (F->getType()->isReferenceType() || !handlesOnly(F->getType(), Depth + 1))
      return false;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (B.isVirtual() || !handlesOnly(B.getType(), Depth + 1))
      return false;
  return true;
}

bool buildsFromHandles(const Expr *Init, unsigned Depth) {
  if (!Init || Depth > 3)
    return false;
  Init = Init->IgnoreParenImpCasts();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Init))
    Init = Cleanups->getSubExpr()->IgnoreParenImpCasts();
  if (!handlesOnly(Init->getType()))
    return false;
  auto Literal = [](const Expr *E) {
    return isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) || isa<CXXBoolLiteralExpr>(E);
  };
  // A handle or a literal; never a number read from a variable (it might
  // be a reduction's result).
  auto Handle = [&](const Expr *A) {
    A = A->IgnoreParenImpCasts();
    return isa<CXXDefaultArgExpr>(A) || Literal(A) ||
           (isKokkosView(A->getType().getNonReferenceType()) && namesOnly(A));
  };
  if (const auto *List = dyn_cast<InitListExpr>(Init))
    return llvm::all_of(List->inits(), Handle);
  const auto *C = dyn_cast<CXXConstructExpr>(Init);
  if (!C)
    return false;
  if (!llvm::all_of(C->arguments(), Handle))
    return false;
  const CXXConstructorDecl *Ctor = C->getConstructor();
  if (Ctor->isTrivial() || (Ctor->isImplicit() && Ctor->isCopyOrMoveConstructor()))
    return true;
  const FunctionDecl *Def = nullptr;
  if (!Ctor->hasBody(Def) || !Def)
    return false;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  if (!Body || !Body->body_empty())
    return false;
  // Each member from a parameter, a literal or a handle; each base built
  // so too.
  for (const CXXCtorInitializer *I : cast<CXXConstructorDecl>(Def)->inits()) {
    const Expr *E = I->getInit()->IgnoreParenImpCasts();
    if (I->isBaseInitializer()) {
      if (!buildsFromHandles(E, Depth + 1))
        return false;
      continue;
    }
    if (!I->isMemberInitializer() || isa<CXXDefaultInitExpr>(E))
      return false;
    if (const auto *Copy = dyn_cast<CXXConstructExpr>(E);
        Copy && Copy->getNumArgs() == 1 && isKokkosView(Copy->getType()))
      E = Copy->getArg(0)->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    bool Param = Ref && isa<ParmVarDecl>(Ref->getDecl()) &&
                 cast<ParmVarDecl>(Ref->getDecl())->getDeclContext() == Def;
    if (!Param && !Literal(E))
      return false;
  }
  return true;
}

bool getterCall(const Expr *E) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!MD || MD->isVirtual() || MC->getNumArgs() != 0 || !MD->hasBody(Def) ||
      !namesOnly(MC->getImplicitObjectArgument()))
    return false;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front())
                                              : nullptr;
  const Expr *Value = Ret && Ret->getRetValue() ? bare(Ret->getRetValue()) : nullptr;
  if (const auto *Copy = dyn_cast_or_null<CXXConstructExpr>(Value);
      Copy && Copy->getNumArgs() == 1 && Copy->getConstructor()->isCopyOrMoveConstructor())
    Value = bare(Copy->getArg(0));
  const auto *Field = dyn_cast_or_null<MemberExpr>(Value);
  return Field && isa<CXXThisExpr>(Field->getBase()->IgnoreParenImpCasts()) &&
         !Field->getType()->isReferenceType();
}

bool memberOfName(const Expr *E) {
  const auto *M = dyn_cast<MemberExpr>(bare(E));
  if (!M || !isa<FieldDecl>(M->getMemberDecl()))
    return false;
  const Expr *Base = bare(M->getBase());
  if (isa<CXXThisExpr>(Base))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
    return isa<VarDecl>(Ref->getDecl());
  return memberOfName(Base);
}

bool assignsHandle(const Stmt *S) {
  const auto *E = dyn_cast<Expr>(S);
  const auto *Op = E ? dyn_cast<CXXOperatorCallExpr>(bare(E)) : nullptr;
  if (!Op || Op->getOperator() != OO_Equal || Op->getNumArgs() != 2 ||
      !namesOnly(Op->getArg(0)))
    return false;
  QualType T = Op->getArg(0)->getType();
  const Expr *R = bare(Op->getArg(1));
  if (!isKokkosView(T)) {
    return handlesOnly(T) &&
           T.getCanonicalType().getUnqualifiedType() ==
               R->getType().getCanonicalType().getUnqualifiedType() &&
           (namesOnly(R) || getterCall(R));
  }
  if (!isKokkosView(Op->getArg(1)->getType()))
    return false;
  if (const auto *C = dyn_cast<CXXConstructExpr>(R); C && C->getNumArgs() == 0)
    return true;
  return namesOnly(R);
}

const FieldDecl *assignedMember(const Stmt *S, const Expr *&Value) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return nullptr;
  E = bare(E);
  const Expr *Target = nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
    Target = Op->getArg(0);
    Value = Op->getArg(1);
  } else if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Assign) {
    Target = B->getLHS();
    Value = B->getRHS();
  }
  const auto *M = Target ? dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts()) : nullptr;
  if (!M || !isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(M->getMemberDecl());
}

bool repeatable(const Stmt *S, const SourceManager &SM, unsigned Depth) {
  if (!S)
    return true;
  if (Depth > 4)
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    return false;
  if (isa<CXXNewExpr, CXXDeleteExpr, LambdaExpr, StmtExpr, CXXThrowExpr>(S))
    return false;
  if (const auto *C = dyn_cast<CXXConstructExpr>(S))
    if (!C->getConstructor()->isTrivial() && !isLibraryFunction(C->getConstructor(), SM))
      return false;
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = C->getDirectCallee();
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
    if (!FD || (MD && MD->isVirtual()))
      return false;
    if (isLibraryFunction(FD, SM)) {
      static constexpr llvm::StringLiteral Math[] = {
          "abs", "fabs", "sqrt", "cbrt", "pow", "exp", "log", "floor", "ceil", "min", "max",
          "fmin", "fmax", "sin", "cos", "tan"};
      OverloadedOperatorKind K = FD->getOverloadedOperator();
      if (!(MD && MD->isConst()) && K != OO_Subscript && K != OO_Call &&
          !(FD->getIdentifier() && llvm::is_contained(Math, FD->getName())))
        return false;
    } else {
      const FunctionDecl *Def = nullptr;
      const auto *Body = FD->hasBody(Def) ? dyn_cast<CompoundStmt>(Def->getBody()) : nullptr;
      const auto *Ret = Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front())
                                                  : nullptr;
      if (!Ret || !repeatable(Ret->getRetValue(), SM, Depth + 1))
        return false;
    }
  }
  for (const Stmt *Child : S->children())
    if (!repeatable(Child, SM, Depth))
      return false;
  return true;
}

} // namespace summary
} // namespace kfuse
