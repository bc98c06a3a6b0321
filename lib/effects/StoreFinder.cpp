//===- StoreFinder.cpp - Memory a kernel body may store to ---------------===//

#include "effects/StoreFinder.h"
#include "effects/HostCodeAnalyzer.h"
#include "model/KokkosAST.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace kfuse {
namespace {

/// Calls followed into bodies before giving up.
constexpr unsigned MaxDepth = 6;

bool assigningOperator(OverloadedOperatorKind K) {
  switch (K) {
  case OO_Equal:
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_StarEqual:
  case OO_SlashEqual:
  case OO_PercentEqual:
  case OO_AmpEqual:
  case OO_PipeEqual:
  case OO_CaretEqual:
  case OO_LessLessEqual:
  case OO_GreaterGreaterEqual:
  case OO_PlusPlus:
  case OO_MinusMinus:
    return true;
  default:
    return false;
  }
}

/// A nested Kokkos pattern whose lambda's last parameter is the value it
/// reduces into (`parallel_reduce(TeamThreadRange(t, n), [&](int j, double
/// &s) {...}, sum)`).
bool nestedReduction(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  std::string Q = FD->getQualifiedNameAsString();
  return Q == "Kokkos::parallel_reduce" || Q == "Kokkos::parallel_scan";
}

} // namespace

std::string StoreFinder::firstStore(const FunctionDecl &Fn, const ParmVarDecl *Accumulator) {
  LocalRefs.clear();
  Frames.clear();
  if (Accumulator)
    LocalRefs.insert(Accumulator);
  const FunctionDecl *Def = nullptr;
  if (!Fn.hasBody(Def) || !Def->getBody())
    return "its body is not visible";
  Frames.insert(Def);
  return walk(Def->getBody(), Scope());
}

std::string StoreFinder::at(const std::string &What, const Stmt *S) const {
  SourcePos P = positionOf(S->getBeginLoc(), Ctx);
  return What + " (" + llvm::sys::path::filename(P.File).str() + ":" + std::to_string(P.Line) +
         ")";
}

bool StoreFinder::local(const Expr *E, const Scope &In) const {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (!VD)
      return false;
    if (LocalRefs.count(VD))
      return true;
    // A variable of a function walked (not one a lambda captured from the
    // host by reference); a local pointer assigned changes the pointer only.
    return VD->hasLocalStorage() && !VD->getType()->isReferenceType() &&
           Frames.count(VD->getParentFunctionOrMethod());
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = M->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Base))
      return In.ThisLocal;
    return !M->isArrow() && local(Base, In);
  }
  // An element of a local array, or of the accumulator (an array
  // reduction's pointer).
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = A->getBase()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
        return LocalRefs.count(VD) ||
               (VD->hasLocalStorage() && VD->getType()->isConstantArrayType() &&
                Frames.count(VD->getParentFunctionOrMethod()));
    return false;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    if (const auto *Ref = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
      return LocalRefs.count(Ref->getDecl());
  return false;
}

std::string StoreFinder::walk(const Stmt *S, const Scope &In) {
  if (!S)
    return "";
  if (isa<CXXDependentScopeMemberExpr, UnresolvedLookupExpr, UnresolvedMemberExpr,
          CXXUnresolvedConstructExpr, DependentScopeDeclRefExpr>(S))
    return at("'" + exprText(cast<Expr>(S), Ctx) + "' of a template not instantiated", S);
  if (isa<CXXNewExpr, CXXDeleteExpr, AsmStmt, CXXThrowExpr>(S))
    return at("an allocation, `asm` or `throw`", S);
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp()) {
    if (!local(B->getLHS(), In))
      return at("a store to '" + exprText(B->getLHS(), Ctx) + "'", S);
  } else if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp()) {
    if (!local(U->getSubExpr(), In))
      return at("a store to '" + exprText(U->getSubExpr(), Ctx) + "'", S);
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
             Op && assigningOperator(Op->getOperator()) && Op->getNumArgs() >= 1 &&
             isa_and_nonnull<CXXMethodDecl>(Op->getDirectCallee())) {
    // `c += x` on a class (a complex number): a store to its object; the
    // operator's own body stores into that object only.
    if (!local(Op->getArg(0), In))
      return at("a store to '" + exprText(Op->getArg(0), Ctx) + "'", S);
    for (unsigned I = 1; I < Op->getNumArgs(); ++I)
      if (std::string Why = walk(Op->getArg(I), In); !Why.empty())
        return Why;
    return "";
  } else if (const auto *C = dyn_cast<CallExpr>(S)) {
    return call(C, In);
  } else if (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
    return construct(C, In);
  } else if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    Frames.insert(L->getCallOperator());
    for (const Expr *Init : L->capture_inits())
      if (std::string Why = walk(Init, In); !Why.empty())
        return Why;
    return walk(L->getBody(), In);
  }
  for (const Stmt *Child : S->children())
    if (std::string Why = walk(Child, In); !Why.empty())
      return Why;
  return "";
}

std::string StoreFinder::call(const CallExpr *Call, const Scope &In) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return at("a call through '" + exprText(Call->getCallee(), Ctx) + "'", Call);
  const Expr *Object = nullptr;
  llvm::SmallVector<const Expr *, 4> Args(Call->arguments());
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    Object = MC->getImplicitObjectArgument();
  } else if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) && !Args.empty()) {
    Object = Args.front();
    Args.erase(Args.begin());
  }
  // The lambda of a nested reduction accumulates into its last parameter.
  if (nestedReduction(FD))
    for (const Expr *A : Args)
      if (const auto *L = dyn_cast<LambdaExpr>(A->IgnoreParenImpCasts()))
        if (const CXXMethodDecl *Op = L->getCallOperator(); Op && Op->getNumParams() >= 2)
          LocalRefs.insert(Op->getParamDecl(Op->getNumParams() - 1));
  return into(FD, Object, Args, Call, In);
}

std::string StoreFinder::construct(const CXXConstructExpr *C, const Scope &In) {
  llvm::SmallVector<const Expr *, 4> Args(C->arguments());
  return into(C->getConstructor(), nullptr, Args, C, In);
}

std::string StoreFinder::into(const FunctionDecl *FD, const Expr *Object,
                              llvm::ArrayRef<const Expr *> Args, const Stmt *At,
                              const Scope &In) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  bool Ctor = isa<CXXConstructorDecl>(FD);
  if (MD && MD->isVirtual())
    return at("a call of the virtual '" + FD->getNameAsString() + "'", At);
  if (std::string Name = FD->getQualifiedNameAsString();
      llvm::StringRef(Name).contains("atomic"))
    return at("the atomic '" + Name + "'", At);
  // Whether the callee's object is local: a local variable, a temporary,
  // or `this` where that is.
  // (The object a constructor builds is new: its own to store into.)
  bool ObjectLocal = Ctor;
  if (Object) {
    if (std::string Why = walk(Object, In); !Why.empty())
      return Why;
    const Expr *O = Object->IgnoreParenImpCasts();
    ObjectLocal = isa<CXXThisExpr>(O) ? In.ThisLocal : O->isPRValue() || local(O, In);
  }
  for (const Expr *A : Args)
    if (std::string Why = walk(A, In); !Why.empty())
      return Why;
  // Parameters that may carry a store out: a non-const reference or a
  // pointer. The argument must be local (or the callee's body is read).
  std::vector<const ParmVarDecl *> BoundToLocals;
  for (unsigned I = 0; I < Args.size() && I < FD->getNumParams(); ++I) {
    QualType T = FD->getParamDecl(I)->getType();
    bool Out = (T->isReferenceType() && !T.getNonReferenceType().isConstQualified()) ||
               (T->isPointerType() && !T->getPointeeType().isConstQualified());
    if (!Out || isa<CXXDefaultArgExpr>(Args[I]) ||
        Args[I]->isNullPointerConstant(const_cast<ASTContext &>(Ctx),
                                       Expr::NPC_ValueDependentIsNotNull))
      continue;
    if (T->isReferenceType() && local(Args[I], In)) {
      BoundToLocals.push_back(FD->getParamDecl(I));
      continue;
    }
    if (isLibraryFunction(FD, Ctx.getSourceManager()) || !FD->hasBody())
      return at("'" + exprText(Args[I], Ctx) + "' passed to '" + FD->getNameAsString() + "'",
                At);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  if (isLibraryFunction(FD, SM)) {
    // The libraries store only through their arguments and into their
    // own state: a non-const method on an object not local may store there.
    if (MD && !Ctor && !MD->isStatic() && !MD->isConst() && !ObjectLocal)
      return at("the call of '" + FD->getNameAsString() + "' on '" +
                    (Object ? exprText(Object, Ctx) : std::string("this")) + "'",
                At);
    return "";
  }
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def->getBody()) {
    if (FD->isTrivial() || (Ctor && FD->isDefaulted()))
      return "";
    return at("a call of '" + FD->getNameAsString() + "', whose body kfuse cannot see", At);
  }
  if (In.Depth >= MaxDepth)
    return at("a call of '" + FD->getNameAsString() + "' through too many levels", At);
  // A method's stores into its own object are local when the object is.
  Scope Inner{MD && !MD->isStatic() && ObjectLocal, In.Depth + 1};
  // Its definition's parameters, which its body names, stand for locals
  // for this call only.
  std::vector<const ValueDecl *> Added;
  for (const ParmVarDecl *P : BoundToLocals)
    if (unsigned Index = P->getFunctionScopeIndex(); Index < Def->getNumParams())
      if (LocalRefs.insert(Def->getParamDecl(Index)).second)
        Added.push_back(Def->getParamDecl(Index));
  std::string Why;
  Frames.insert(Def);
  if (const auto *C = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : C->inits())
      if (Why.empty())
        Why = walk(Init->getInit(), Inner);
  if (Why.empty())
    Why = walk(Def->getBody(), Inner);
  for (const ValueDecl *D : Added)
    LocalRefs.erase(D);
  return Why;
}

} // namespace kfuse
