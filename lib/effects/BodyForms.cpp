//===- BodyForms.cpp - Forms of functions a kernel body calls ---------===//
//
// What the kernel body analysis asks of a function it sees called, by its
// form alone: an accessor returning a View member's element, a getter of
// a number, a body kfuse may follow, a tag, an overload.
//
//===----------------------------------------------------------------------===//

#include "effects/BodyForms.h"
#include "model/KokkosAST.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace kfuse {
namespace body {
namespace {
/// The path of data members down from `this` that \p E is, or false.
bool thisPath(const Expr *E, SmallVectorImpl<const FieldDecl *> &Path) {
  E = E->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F)
      return false;
    Path.insert(Path.begin(), F);
    E = ME->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(E))
      return true;
  }
  return false;
}

/// Collects the View elements \p E reads into \p Out, where \p E is made
/// of nothing else than the parameters of \p Def, literals and arithmetic:
/// `m_g.entries(m_g.row_map(r) + idx)` (a region's element list).
bool accessorExpr(const Expr *E, const FunctionDecl *Def, bool Returned,
                  SmallVectorImpl<AccessorElement> &Out) {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
    return P && P->getDeclContext() == Def;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return B->isAdditiveOp() || B->isMultiplicativeOp()
               ? accessorExpr(B->getLHS(), Def, false, Out) &&
                     accessorExpr(B->getRHS(), Def, false, Out)
               : false;
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
  if (!Op || (Op->getOperator() != OO_Call && Op->getOperator() != OO_Subscript) ||
      Op->getNumArgs() < 2 || !isKokkosView(Op->getArg(0)->getType()))
    return false;
  AccessorElement A;
  if (!thisPath(Op->getArg(0), A.Path))
    return false;
  A.ViewType = A.Path.back()->getType();
  A.Returned = Returned;
  for (unsigned I = 1; I < Op->getNumArgs(); ++I) {
    const Expr *Idx = Op->getArg(I)->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(Idx);
    const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
    A.Params.push_back(P && P->getDeclContext() == Def ? int(P->getFunctionScopeIndex()) : -1);
    A.Index.push_back(Idx);
    if (!accessorExpr(Idx, Def, false, Out))
      return false;
  }
  Out.push_back(std::move(A));
  return true;
}

/// True if \p E, in the body of \p Def, is computed from numbers only:
/// literals, \p Def's parameters, number members of `*this`, arithmetic.
bool numberExpr(const Expr *E, const FunctionDecl *Def) {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
    return (P && P->getDeclContext() == Def && P->getType()->isArithmeticType()) ||
           isa<EnumConstantDecl>(Ref->getDecl());
  }
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) &&
           isa<FieldDecl>(M->getMemberDecl()) && M->getType()->isArithmeticType() &&
           !M->getMemberDecl()->getType()->isReferenceType();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
           numberExpr(B->getLHS(), Def) && numberExpr(B->getRHS(), Def);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
            U->getOpcode() == UO_LNot || U->getOpcode() == UO_Not) &&
           numberExpr(U->getSubExpr(), Def);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return numberExpr(C->getCond(), Def) && numberExpr(C->getTrueExpr(), Def) &&
           numberExpr(C->getFalseExpr(), Def);
  return false;
}
} // namespace

/// View methods that read only the View's metadata, never its elements.
bool isMetadataMethod(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("extent", "extent_int", "size", "span", "stride", "rank", true)
      .Cases("stride_0", "stride_1", "stride_2", "stride_3", "label", true)
      .Cases("use_count", "span_is_contiguous", "is_allocated", "layout",
             "dimension_0", true)
      .Default(false);
}

bool isAtomicFunction(StringRef QualifiedName) {
  return QualifiedName.starts_with("Kokkos::atomic_") ||
         QualifiedName.starts_with("Kokkos::Impl::atomic_") ||
         QualifiedName.starts_with("desul::atomic_");
}






/// A getter of a number (`int size() const { return n; }`): its body is one
/// `return` of numbers only, so calling it on an object reads that object's
/// own copy and touches no memory the object reaches.
bool numberGetter(const CXXMethodDecl *MD) {
  const FunctionDecl *Def = nullptr;
  if (!MD || MD->isVirtual() || !MD->hasBody(Def) ||
      !MD->getReturnType()->isArithmeticType())
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front()) : nullptr;
  return Ret && Ret->getRetValue() && numberExpr(Ret->getRetValue(), Def);
}

/// The View elements accessor \p MD reads, the one it returns last: its
/// body is one `return` of an element of a View member (`Real_t &x(Index_t
/// i) const { return m_x[i]; }`), indexed by its parameters or by
/// arithmetic on them and on elements of other View members.
bool accessorElements(const CXXMethodDecl *MD, SmallVectorImpl<AccessorElement> &Out) {
  // Not virtual: through a reference, an override may do anything.
  const FunctionDecl *Def = nullptr;
  if (!MD || MD->isVirtual() || !MD->hasBody(Def))
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front()) : nullptr;
  const Expr *Value = Ret && Ret->getRetValue() ? Ret->getRetValue()->IgnoreParenImpCasts() : nullptr;
  // The returned element, not a number computed from elements.
  if (!Value || !isa<CXXOperatorCallExpr>(Value) || !accessorExpr(Value, Def, true, Out))
    return false;
  return !Out.empty() && Out.back().Returned;
}

/// True if \p S holds no statement a followed call may not: a loop other
/// than a `for` (whose variable is a local of the callee), a lambda, a jump,
/// inline assembly or exceptions.
bool followable(const Stmt *S) {
  if (isa<WhileStmt, DoStmt, CXXForRangeStmt, LambdaExpr, GotoStmt, AsmStmt,
          CXXTryStmt, CXXThrowExpr>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (Child && !followable(Child))
      return false;
  return true;
}

/// An empty class: a work tag, passed to select an operator.
bool tagType(QualType T) {
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  // A tag a template names through its parameters (`Tag<EVFLAG>`): its
  // class template's pattern.
  if (!RD)
    if (const auto *TST = T->getAs<TemplateSpecializationType>())
      if (const auto *CT = dyn_cast_or_null<ClassTemplateDecl>(
              TST->getTemplateName().getAsTemplateDecl()))
        RD = CT->getTemplatedDecl();
  return RD && RD->hasDefinition() && RD->isEmpty();
}

/// The class (template) of \p T, by which tags tell overloads apart, or
/// null for other types.
const Decl *classOf(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    return TST->getTemplateName().getAsTemplateDecl();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
    return RD->getDescribedClassTemplate()
               ? static_cast<const Decl *>(RD->getDescribedClassTemplate())
               : RD->getCanonicalDecl();
  return nullptr;
}

/// The one method \p M may name for \p Call (an unresolved call in a
/// template): the only candidate taking as many arguments whose parameters
/// of a class (template) are of each argument's; null if not exactly one.
const CXXMethodDecl *onlyOverload(const UnresolvedMemberExpr *M, const CallExpr *Call) {
  const CXXMethodDecl *Only = nullptr;
  for (const NamedDecl *D : M->decls()) {
    const NamedDecl *U = D->getUnderlyingDecl();
    const auto *MD = dyn_cast<CXXMethodDecl>(U);
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(U))
      MD = dyn_cast<CXXMethodDecl>(FT->getTemplatedDecl());
    if (!MD || MD->getNumParams() != Call->getNumArgs() ||
        MD->getMinRequiredArguments() != MD->getNumParams())
      continue;
    bool Matches = true;
    for (unsigned I = 0; I < MD->getNumParams() && Matches; ++I) {
      const Decl *P = classOf(MD->getParamDecl(I)->getType());
      const Decl *A = classOf(Call->getArg(I)->getType());
      Matches = !P || !A || P == A;
    }
    if (!Matches)
      continue;
    if (Only)
      return nullptr;
    Only = MD;
  }
  return Only;
}

} // namespace body
} // namespace kfuse
