//===- KernelBodyIndices.cpp - Indices and inner loops of a body ----------===//
//
// Part of KernelBodyAnalyzer (KernelBodyAnalyzer.h): the form of each index
// (the launch index plus a constant, an inner loop's variable, a value read
// from a View, ...) and the inner for loops a body runs, with the variables
// and bounds their bodies must leave alone.
//
//===----------------------------------------------------------------------===//

#include "effects/KernelBodyAnalyzer.h"
#include "effects/BodyForms.h"
#include "clang/Basic/SourceManager.h"
#include "model/KokkosAST.h"
#include "model/LaunchAnalyzer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace clang;

namespace kfuse {
using namespace body;

IndexExpr KernelBodyAnalyzer::classifyIndex(const Expr *Original) {
  IndexExpr Out;
  Out.Text = exprText(Original, Ctx);
  const Expr *E = Original->IgnoreParenImpCasts();
  // A parameter of a followed call is its argument.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const Expr *Arg = argumentFor(DRE->getDecl()))
      return classifyIndex(Arg); // its text the argument's, as the caller wrote it
  // A variable and an offset: the kernel's index or loop variable, or a
  // parameter of a followed call bound to one plus an offset.
  auto VarOf = [&](const Expr *X, int64_t &Offset) -> std::string {
    Offset = 0;
    const auto *DRE = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    if (!DRE || calleeLocal(DRE->getDecl()))
      return "";
    if (const Expr *Arg = argumentFor(DRE->getDecl())) {
      IndexExpr A = classifyIndex(Arg);
      if (A.Form != IndexForm::LaunchIndex && A.Form != IndexForm::LoopVar)
        return "";
      Offset = A.Offset;
      return A.Var;
    }
    return DRE->getDecl()->getNameAsString();
  };
  auto ConstOf = [&](const Expr *X, int64_t &V) {
    if (X->isValueDependent() || X->isTypeDependent())
      return false;
    Expr::EvalResult R;
    if (!X->EvaluateAsInt(R, Ctx))
      return false;
    V = R.Val.getInt().getExtValue();
    return true;
  };
  auto SetVar = [&](const std::string &Name, int64_t Offset) {
    if (IndexParams.contains(Name)) {
      Out.Form = IndexForm::LaunchIndex;
    } else if (llvm::is_contained(LoopVars, Name)) {
      Out.Form = IndexForm::LoopVar;
    } else {
      return false;
    }
    Out.Var = Name;
    Out.Offset = Offset;
    return true;
  };

  int64_t C = 0;
  if (ConstOf(E, C)) {
    Out.Form = IndexForm::Constant;
    Out.Offset = C;
    return Out;
  }
  int64_t At = 0;
  if (std::string V = VarOf(E, At); !V.empty() && SetVar(V, At))
    return Out;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
      int64_t LAt = 0, RAt = 0;
      std::string L = VarOf(BO->getLHS(), LAt), R = VarOf(BO->getRHS(), RAt);
      if (!L.empty() && ConstOf(BO->getRHS(), C) &&
          SetVar(L, LAt + (BO->getOpcode() == BO_Add ? C : -C)))
        return Out;
      if (!R.empty() && BO->getOpcode() == BO_Add && ConstOf(BO->getLHS(), C) &&
          SetVar(R, RAt + C))
        return Out;
    }
  }
  if (containsViewAccess(E)) {
    Out.Form = IndexForm::Indirect;
    return Out;
  }
  Out.Form = IndexForm::Other;
  // Name the index parameter the expression depends on, if any, else the
  // inner-loop variable.
  SmallVector<const Stmt *, 8> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const Expr *Arg = argumentFor(DRE->getDecl())) {
        Work.push_back(Arg);
        continue;
      }
      if (calleeLocal(DRE->getDecl()))
        continue;
      std::string N = DRE->getDecl()->getNameAsString();
      if (IndexParams.contains(N)) {
        Out.Var = N;
        break;
      }
      if (Out.Var.empty() && llvm::is_contained(LoopVars, N))
        Out.Var = N;
    }
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return Out;
}

bool KernelBodyAnalyzer::containsViewAccess(const Stmt *S) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const Expr *Arg = argumentFor(DRE->getDecl()))
      return containsViewAccess(Arg);
  // A call of the functor's own member (`at_idx(i)`) may return an
  // element; a getter of a number member does not.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
    if (const Expr *Obj = MC->getImplicitObjectArgument();
        Obj && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()) &&
        !numberGetter(MC->getMethodDecl()))
      return true;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S))
    if ((Op->getOperator() == OO_Call || Op->getOperator() == OO_Subscript) &&
        Op->getNumArgs() > 0 && isKokkosView(Op->getArg(0)->getType()))
      return true;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (!Call->getDirectCallee() && viewRef(Call->getCallee()))
      return true;
  // An element through a pointer into a View (`nodes[j]`).
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S); AS && pointerTarget(AS->getBase()))
    return true;
  for (const Stmt *Child : S->children())
    if (Child && containsViewAccess(Child))
      return true;
  return false;
}

void KernelBodyAnalyzer::visitFor(const ForStmt *For) {
  InnerLoop L;
  L.Depth = LoopDepth + 1;
  L.Pos = positionOf(For->getForLoc(), Ctx);
  L.Range = fileRange(For->getSourceRange(), Ctx);
  if (For->getBody())
    L.BodyRange = fileRange(For->getBody()->getSourceRange(), Ctx);
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl())) {
        L.Var = VD->getNameAsString();
        L.Begin = exprText(VD->getInit(), Ctx);
      }
  }
  if (const Expr *Cond = For->getCond()) {
    L.Cond = exprText(Cond, Ctx);
    const Expr *C = Cond->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(C)) {
      if (BO->getOpcode() == BO_LT || BO->getOpcode() == BO_NE)
        L.End = exprText(BO->getRHS(), Ctx);
      else if (BO->getOpcode() == BO_LE)
        L.End = "(" + exprText(BO->getRHS(), Ctx) + ") + 1";
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
      if (Op->getOperator() == OO_Less && Op->getNumArgs() == 2)
        L.End = exprText(Op->getArg(1), Ctx);
    }
  }
  if (For->getInc())
    L.Step = exprText(For->getInc(), Ctx);
  // A loop of a followed call is not one of the body's (whose text the
  // emitter may copy): its variable is known while it runs, nothing more.
  if (Following.empty())
    Model.Loops.push_back(L);

  if (For->getInit())
    visit(For->getInit(), Use());
  if (For->getCond())
    visit(For->getCond(), Use());
  if (For->getInc())
    visit(For->getInc(), Use());
  const VarDecl *Var = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()); DS && DS->isSingleDecl())
    Var = dyn_cast<VarDecl>(DS->getSingleDecl());
  // The variables its condition and step read besides its own.
  size_t Bounds = LoopBoundDecls.size();
  SmallVector<const Stmt *, 8> Work;
  for (const Stmt *H : {static_cast<const Stmt *>(For->getCond()),
                        static_cast<const Stmt *>(For->getInc())})
    if (H)
      Work.push_back(H);
  while (!Work.empty()) {
    const Stmt *H = Work.pop_back_val();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(H))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()); VD && VD != Var)
        LoopBoundDecls.push_back(VD);
    for (const Stmt *Child : H->children())
      if (Child)
        Work.push_back(Child);
  }
  if (!L.Var.empty())
    LoopVars.push_back(L.Var);
  LoopVarDecls.push_back(Var);
  ++LoopDepth;
  visit(For->getBody(), Use());
  --LoopDepth;
  LoopVarDecls.pop_back();
  LoopBoundDecls.resize(Bounds);
  if (!L.Var.empty())
    LoopVars.pop_back();
}

} // namespace kfuse
