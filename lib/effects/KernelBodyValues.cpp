//===- KernelBodyValues.cpp - The value of an index as a term -------------===//
//
// Part of KernelBodyAnalyzer (KernelBodyAnalyzer.h): IndexExpr::Value, the
// value an index computes written as a term of the launch indices,
// literals, captured numbers and elements of Views. Locals are replaced by
// their initialisers (where never changed after), accessors of captured
// objects by what they return (where their body is that one return), so
// `ielem` after `int ielem = d.element(r, i);` and `d.element(r, i)`
// written in place are one term. Conversions that keep every value are
// left out; others are part of the term.
//
// A term says nothing about when it is evaluated: the planners that
// compare two kernels' terms check that nothing either kernel writes is
// read by them.
//
//===----------------------------------------------------------------------===//

#include "effects/KernelBodyAnalyzer.h"
#include "model/KokkosAST.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace kfuse {

namespace {

/// True if converting an integer of type \p From to \p To keeps every
/// value.
bool keepsValue(QualType From, QualType To, const ASTContext &Ctx) {
  From = From.getCanonicalType().getUnqualifiedType();
  To = To.getCanonicalType().getUnqualifiedType();
  if (From == To)
    return true;
  if (!From->isIntegerType() || !To->isIntegerType() || To->isBooleanType())
    return false;
  uint64_t F = Ctx.getTypeSize(From), T = Ctx.getTypeSize(To);
  bool FS = From->isSignedIntegerOrEnumerationType(), TS = To->isSignedIntegerOrEnumerationType();
  return (T > F && (TS || !FS)) || (T == F && TS == FS);
}

const char *opName(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: return "+";
  case BO_Sub: return "-";
  case BO_Mul: return "*";
  case BO_Div: return "/";
  case BO_Rem: return "%";
  case BO_Shl: return "<<";
  case BO_Shr: return ">>";
  case BO_And: return "&";
  case BO_Or: return "|";
  case BO_Xor: return "^";
  default: return nullptr;
  }
}

} // namespace

bool KernelBodyAnalyzer::neverChanged(const VarDecl *VD) const {
  if (!Fn || !Fn->hasBody() || VD->getParentFunctionOrMethod() != Fn || !VD->getInit() ||
      VD->getType()->isReferenceType() || isa<ParmVarDecl>(VD))
    return false;
  SmallVector<std::pair<const Stmt *, const Stmt *>, 32> Work{{Fn->getBody(), nullptr}};
  while (!Work.empty()) {
    auto [S, Parent] = Work.pop_back_val();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD) {
      const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
      if (!Cast || Cast->getCastKind() != CK_LValueToRValue)
        return false;
    }
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back({Child, S});
  }
  return true;
}

bool KernelBodyAnalyzer::capturedRoot(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E))
    E = ME->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(E))
    return true; // the functor's own object
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE && DRE->refersToEnclosingVariableOrCapture() && !argumentFor(DRE->getDecl()) &&
         !calleeLocal(DRE->getDecl()) && !isLocal(DRE->getDecl());
}

std::string KernelBodyAnalyzer::valueViewName(const Expr *E, const ValueScope &Scope) const {
  E = E->IgnoreParenImpCasts();
  if (!Scope.Accessor) {
    std::optional<ViewRef> Ref = viewRef(E);
    if (!Ref || Ref->Local || !capturedRoot(E))
      return "";
    return Ref->Name;
  }
  // In an accessor: members of `this`, the object the accessor was called on.
  std::vector<std::string> Path;
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow() && !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return "";
    if (!isa<FieldDecl>(ME->getMemberDecl()))
      return "";
    Path.insert(Path.begin(), ME->getMemberDecl()->getNameAsString());
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  if (!isa<CXXThisExpr>(E) || Path.empty())
    return "";
  return Scope.This + llvm::join(Path, ".");
}

std::string KernelBodyAnalyzer::indexValue(const Expr *E, const ValueScope &Scope,
                                           unsigned Depth) const {
  if (!E || Depth > 12 || E->isValueDependent() || E->isTypeDependent())
    return "";
  // Temporaries bound to a parameter by const reference: their value.
  while (true) {
    E = E->IgnoreParens();
    if (const auto *Full = dyn_cast<FullExpr>(E))
      E = Full->getSubExpr();
    else if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
      E = Temp->getSubExpr();
    else
      break;
  }
  QualType T = E->getType().getNonReferenceType();
  if (!T->isIntegralOrEnumerationType())
    return "";
  if (Expr::EvalResult R; !E->HasSideEffects(Ctx) && E->EvaluateAsInt(R, Ctx))
    return std::to_string(R.Val.getInt().getExtValue());

  // Conversions: left out where they keep every value.
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = Cast->getSubExpr();
    CastKind K = Cast->getCastKind();
    if (K == CK_LValueToRValue || K == CK_NoOp)
      return indexValue(Sub, Scope, Depth + 1);
    if (K != CK_IntegralCast)
      return "";
    std::string Inner = indexValue(Sub, Scope, Depth + 1);
    if (Inner.empty() || keepsValue(Sub->getType(), T, Ctx))
      return Inner;
    return "(cast " + T.getCanonicalType().getUnqualifiedType().getAsString() + " " + Inner +
           ")";
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    const char *Op = opName(BO->getOpcode());
    if (!Op)
      return "";
    std::string L = indexValue(BO->getLHS(), Scope, Depth + 1),
                R = indexValue(BO->getRHS(), Scope, Depth + 1);
    if (L.empty() || R.empty())
      return "";
    return std::string("(") + Op + " " + L + " " + R + ")";
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Minus && UO->getOpcode() != UO_Plus)
      return "";
    std::string X = indexValue(UO->getSubExpr(), Scope, Depth + 1);
    if (X.empty() || UO->getOpcode() == UO_Plus)
      return X;
    return "(neg " + X + ")";
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (auto It = Scope.Params.find(D); It != Scope.Params.end())
      return It->second;
    if (Scope.Accessor)
      return "";
    if (const Expr *Arg = argumentFor(D))
      return indexValue(Arg, ValueScope(), Depth + 1);
    if (calleeLocal(D))
      return "";
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      return "";
    // The kernel's index (a change of it is an unknown access of its own).
    if (isa<ParmVarDecl>(VD) && VD->getDeclContext() == Fn) {
      auto It = llvm::find(IndexOrder, VD->getNameAsString());
      if (It == IndexOrder.end())
        return "";
      return "i" + std::to_string(It - IndexOrder.begin());
    }
    // A copy the lambda took (const in its body).
    if (DRE->refersToEnclosingVariableOrCapture() && !isLocal(VD) &&
        !VD->getType()->isReferenceType() && DRE->getType().isConstQualified())
      return "$" + VD->getNameAsString();
    // A local never changed: its initialiser (converted to its type).
    if (Locals.contains(VD) && neverChanged(VD))
      return indexValue(VD->getInit(), ValueScope(), Depth + 1);
    return "";
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // A number member of the functor's own object, const in its operator.
    if (Scope.Accessor || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) ||
        !isa<FieldDecl>(ME->getMemberDecl()) || !ME->getType().isConstQualified())
      return "";
    return "$" + ME->getMemberDecl()->getNameAsString();
  }
  // An element of a View.
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if ((Op->getOperator() != OO_Call && Op->getOperator() != OO_Subscript) ||
        Op->getNumArgs() < 2 || !isKokkosView(Op->getArg(0)->getType()))
      return "";
    std::string Name = valueViewName(Op->getArg(0), Scope);
    if (Name.empty())
      return "";
    std::vector<std::string> Args;
    for (unsigned I = 1; I < Op->getNumArgs(); ++I) {
      Args.push_back(indexValue(Op->getArg(I), Scope, Depth + 1));
      if (Args.back().empty())
        return "";
    }
    return "@" + Name + "(" + llvm::join(Args, ",") + ")";
  }
  // An accessor whose body is one return: what it returns, its parameters
  // bound to the arguments' terms and `this` to the object.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const FunctionDecl *Def = nullptr;
    if (!MD || MD->isVirtual() || !MD->hasBody(Def) || !Def)
      return "";
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
    if (!Body || Body->size() != 1)
      return "";
    const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
    if (!Ret || !Ret->getRetValue())
      return "";
    ValueScope Inner;
    Inner.Accessor = true;
    const Expr *Obj = MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Obj)) {
      if (Scope.Accessor)
        Inner.This = Scope.This;
      else
        return ""; // the functor's own members: named without a path
    } else if (Scope.Accessor) {
      return "";
    } else {
      std::optional<ViewRef> Ref = pathRef(MC->getImplicitObjectArgument());
      if (!Ref || Ref->IsMember || Ref->Local || !Ref->RootDecl || !capturedRoot(Obj))
        return "";
      Inner.This = Ref->Name + ".";
    }
    const auto *Method = cast<CXXMethodDecl>(Def);
    if (Method->getNumParams() != MC->getNumArgs())
      return "";
    for (unsigned I = 0; I < MC->getNumArgs(); ++I) {
      const ParmVarDecl *P = Method->getParamDecl(I);
      if (!P->getType().getNonReferenceType()->isIntegralOrEnumerationType())
        return "";
      std::string Arg = indexValue(MC->getArg(I), Scope, Depth + 1);
      if (Arg.empty())
        return "";
      // A parameter by value converts its argument.
      if (!P->getType()->isReferenceType() &&
          !keepsValue(MC->getArg(I)->getType(), P->getType(), Ctx))
        Arg = "(cast " + P->getType().getCanonicalType().getUnqualifiedType().getAsString() +
              " " + Arg + ")";
      Inner.Params[P] = Arg;
    }
    std::string Result = indexValue(Ret->getRetValue(), Inner, Depth + 1);

    QualType R = Def->getReturnType();
    if (!Result.empty() && !R->isReferenceType() &&
        !keepsValue(Ret->getRetValue()->getType(), R, Ctx))
      Result = "(cast " + R.getCanonicalType().getUnqualifiedType().getAsString() + " " +
               Result + ")";
    return Result;
  }
  return "";
}

} // namespace kfuse
