//===- KernelBodyPointers.cpp - Memory a body reaches through pointers ----===//
//
// The part of the kernel body analysis that reads pointers: what an
// expression reaches that is no View (outsideMemory), raw pointers a lambda
// captures (p[i + k]), and pointers into a View's elements (`&v(k, 0)`,
// `v.data()`, `&p[k]` handed to a function), which reach that View.
//
//===----------------------------------------------------------------------===//

#include "effects/KernelBodyAnalyzer.h"
#include "effects/BodyForms.h"
#include "model/KokkosAST.h"
#include "model/LaunchAnalyzer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

using namespace clang;

namespace kfuse {
using namespace body;

std::string KernelBodyAnalyzer::outsideMemory(const Expr *E) const {
  if (!E)
    return "";
  E = E->IgnoreParenImpCasts();
  // A value built here from nothing (`Tag()`, `T{}`): it points nowhere.
  if (const auto *C = dyn_cast<CXXUnresolvedConstructExpr>(E); C && C->getNumArgs() == 0)
    return "";
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 0)
    return "";
  if (isa<CXXScalarValueInitExpr>(E))
    return "";
  if (const auto *L = dyn_cast<InitListExpr>(E); L && L->getNumInits() == 0)
    return "";
  // The address of a local number or of an element of a local array.
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf && bodyStorage(E)) {
    const Expr *Root = UO->getSubExpr()->IgnoreParenImpCasts();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Root))
      Root = AS->getBase()->IgnoreParenImpCasts();
    if (!pointerTarget(Root))
      return "";
  }
  // Down to the variable the expression starts from: `d` in `d.p[i]`.
  const Expr *Cur = E;
  while (true) {
    if (const auto *ME = dyn_cast<MemberExpr>(Cur))
      Cur = ME->getBase()->IgnoreParenImpCasts();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Cur))
      Cur = AS->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  QualType T = E->getType().getNonReferenceType();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Cur)) {
    // A number read through a path (`nodes[j]`) reaches nothing more: the
    // read itself is recorded where it is visited.
    if (Cur != E && !holdsMemory(T))
      return "";
    // A parameter of a followed call reaches what its argument does.
    if (const Expr *Arg = argumentFor(DRE->getDecl()); Arg && Cur == E)
      return outsideMemory(Arg);
    if (const Expr *Arg = argumentFor(DRE->getDecl()); Arg && holdsMemory(Arg->getType()))
      if (std::string Why = outsideMemory(Arg); !Why.empty())
        return "'" + exprText(E, Ctx) + "' of " + Why;
    // A pointer into a View, handed on: any element of the View.
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && PointerLocals.count(VD))
      return "the pointer '" + VD->getNameAsString() + "' into a View";
    // Locals were checked where they got their value; functions and
    // enumerators hold no memory.
    if (isLocal(DRE->getDecl()) || !isa<VarDecl>(DRE->getDecl()))
      return "";
  } else if (!isa<CXXThisExpr>(Cur)) {
    if (!holdsMemory(T) || isKokkosView(T))
      return "";
    // Pointer arithmetic on a captured pointer (`p + i`): name it.
    if (const auto *BO = dyn_cast<BinaryOperator>(Cur); BO && BO->isAdditiveOp())
      for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Side->IgnoreParenImpCasts());
            Ref && !isLocal(Ref->getDecl()) && Side->getType()->isAnyPointerType())
          return "the raw pointer '" + Ref->getDecl()->getNameAsString() + "' moved by '" +
                 exprText(Cur, Ctx) + "'";
    return "an expression";
  }
  // Arrays (of numbers) captured by copy or held by the functor are its
  // own copies. FIXME: a `[&]` lambda captures them by reference.
  if (isa<CXXThisExpr>(E))
    return "'*this'";
  std::string Text = "'" + exprText(E, Ctx) + "'";
  if (T->isAnyPointerType())
    return "raw pointer " + Text;
  if (holdsMemory(T) && !isKokkosView(T))
    return Text;
  return "";
}

bool KernelBodyAnalyzer::capturedPointerAccess(const ArraySubscriptExpr *E, const Use &U,
                                               bool InBody) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->getBase()->IgnoreParenImpCasts());
  if (!Ref || !Ref->refersToEnclosingVariableOrCapture() || (!Following.empty() && !InBody))
    return false;
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (!VD || isLocal(VD))
    return false;
  QualType T = VD->getType().getNonReferenceType();
  const auto *PT = T->getAs<PointerType>();
  if (!PT || !PT->getPointeeType()->isArithmeticType())
    return false;
  std::string Name = VD->getNameAsString();
  ViewUse *Found = nullptr;
  for (ViewUse &V : Model.Views)
    if (V.Name == Name)
      Found = &V;
  if (Found && !Found->Pointer)
    return false;
  bool Known = Found != nullptr;
  if (!Found) {
    ViewUse V;
    V.Name = Name;
    V.Pointer = true;
    V.Type = typeText(T.getUnqualifiedType(), Ctx);
    V.PortableType = portableTypeText(T.getUnqualifiedType(), Ctx);
    V.ValueType = typeText(PT->getPointeeType(), Ctx);
    V.ValueTypeCanonical =
        typeText(PT->getPointeeType().getCanonicalType().getUnqualifiedType(), Ctx);
    V.Rank = 1;
    V.Layout = "LayoutRight";
    // `double *p = a.data();`: the View it came from.
    if (const Expr *Init = VD->getInit())
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Init->IgnoreParenImpCasts()))
        if (const CXXMethodDecl *MD = MC->getMethodDecl();
            MD && MD->getIdentifier() && MD->getName() == "data" && MC->getNumArgs() == 0)
          if (const auto *From = dyn_cast<DeclRefExpr>(
                  MC->getImplicitObjectArgument()->IgnoreParenImpCasts());
              From && isKokkosView(From->getType()) && isa<VarDecl>(From->getDecl()))
            V.DataOf = From->getDecl()->getNameAsString();
    Model.Views.push_back(std::move(V));
    Found = &Model.Views.back();
  }
  const Expr *Index[] = {E->getIdx()};
  recordAccess(*Found, Known, E, ArrayRef<const Expr *>(Index), U);
  return true;
}

const KernelBodyAnalyzer::PointerTarget *
KernelBodyAnalyzer::pointerTarget(const Expr *Pointer) const {
  const Expr *E = Pointer->IgnoreParenCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp())
    return pointerTarget(BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const Expr *Arg = argumentFor(DRE->getDecl()))
      return pointerTarget(Arg);
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    auto It = VD ? PointerLocals.find(VD) : PointerLocals.end();
    return It == PointerLocals.end() ? nullptr : &It->second;
  }
  // Written in place: `&v(i, 0)` handed to a function, `v.data()`.
  auto It = PointerExprs.find(E);
  if (It == PointerExprs.end()) {
    PointerTarget T;
    if (!addressInView(E, T))
      return nullptr;
    It = PointerExprs.try_emplace(E, T).first;
  }
  return &It->second;
}

bool KernelBodyAnalyzer::addressInView(const Expr *E, PointerTarget &T) const {
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf) {
    const Expr *Sub = UO->getSubExpr()->IgnoreParens();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub)) {
      // An element of a raw pointer to numbers the lambda captures
      // (`&p[k]`, handed to a function that stores its result there).
      const auto *Ref = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
      const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      const auto *PT = VD ? VD->getType().getNonReferenceType()->getAs<PointerType>() : nullptr;
      if (!Ref || !Ref->refersToEnclosingVariableOrCapture() || !VD || isLocal(VD) || !PT ||
          !PT->getPointeeType()->isArithmeticType())
        return false;
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Sub)) {
      std::optional<ViewRef> Ref =
          Op->getNumArgs() > 0 ? viewRef(Op->getArg(0)) : std::nullopt;
      if ((Op->getOperator() != OO_Call && Op->getOperator() != OO_Subscript) || !Ref ||
          Ref->Local)
        return false;
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Sub)) {
      // An accessor returning the element by reference (`d.nodelist(k, 0)`).
      SmallVector<AccessorElement, 2> Elements;
      std::optional<ViewRef> Ref = pathRef(MC->getImplicitObjectArgument());
      if (!MC->getMethodDecl() || !MC->getMethodDecl()->getReturnType()->isReferenceType() ||
          !accessorElements(MC->getMethodDecl(), Elements) || !Ref || Ref->IsMember ||
          Ref->Local || !Ref->RootDecl)
        return false;
    } else {
      return false;
    }
    T.Element = Sub;
    return true;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    std::optional<ViewRef> Ref = viewRef(MC->getImplicitObjectArgument());
    if (!MD || !MD->getIdentifier() || MD->getName() != "data" || !Ref || Ref->Local)
      return false;
    T.View = MC->getImplicitObjectArgument();
    return true;
  }
  return false;
}

bool KernelBodyAnalyzer::pointerInit(const VarDecl *VD, const Expr *Init) {
  if (!VD->getType()->isPointerType() || VD->getType()->getPointeeType()->isPointerType())
    return false;
  // A copy of one, or an address in a View (`&d.nodelist(k, 0)`, `v.data() + 1`).
  const PointerTarget *T = pointerTarget(Init);
  if (!T)
    return false;
  PointerLocals[VD] = *T;
  PointerLocals[VD].Fixed = T->Element && fixedElement(VD, T->Element);
  Model.PointsIntoViews = true;
  visitIndices(*T, Init);
  return true;
}

bool KernelBodyAnalyzer::fixedElement(const VarDecl *VD, const Expr *Element) const {
  // Declared in the kernel's own body (not in a followed call, whose
  // parameters stand for arguments).
  if (!Following.empty() || VD->getParentFunctionOrMethod() != Fn || !Fn->hasBody())
    return false;
  // The element's indices: the kernel's parameters (its index: a change of
  // it is an unknown access of its own), const captures, literals and
  // arithmetic of them.
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(Element);
  if (!Op || (Op->getOperator() != OO_Call && Op->getOperator() != OO_Subscript))
    return false;
  // (A reference to a const index cannot change it either.)
  auto Fixed = [](QualType T) {
    return !T->isReferenceType() || T.getNonReferenceType().isConstQualified();
  };
  for (unsigned I = 1; I < Op->getNumArgs(); ++I) {
    SmallVector<const Stmt *, 8> Work{Op->getArg(I)};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        const auto *Var = dyn_cast<VarDecl>(DRE->getDecl());
        bool Param = isa_and_nonnull<ParmVarDecl>(Var) && Var->getDeclContext() == Fn &&
                     Fixed(Var->getType());
        // (Const in the body: a copy the lambda took, not one by reference
        // or of a mutable lambda, which the body could change.)
        bool Capture = Var && DRE->refersToEnclosingVariableOrCapture() && !isLocal(Var) &&
                       !Var->getType()->isReferenceType() && DRE->getType().isConstQualified();
        if (!Param && !Capture)
          return false;
      } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
        if (!BO->isAdditiveOp() && !BO->isMultiplicativeOp())
          return false;
      } else if (!isa<IntegerLiteral, ImplicitCastExpr, ParenExpr>(S)) {
        return false;
      }
      for (const Stmt *Child : S->children())
        if (Child)
          Work.push_back(Child);
    }
  }
  // The pointer itself never changes: no assignment, increment, address
  // taken or binding to a reference anywhere in the body.
  bool Changed = false;
  SmallVector<std::pair<const Stmt *, const Stmt *>, 32> Work{{Fn->getBody(), nullptr}};
  while (!Work.empty() && !Changed) {
    auto [S, Parent] = Work.pop_back_val();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD) {
      // Read (an lvalue-to-rvalue conversion, or indexed) and nothing else.
      const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
      Changed = !Cast || Cast->getCastKind() != CK_LValueToRValue;
    }
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back({Child, S});
  }
  return !Changed;
}

void KernelBodyAnalyzer::visitIndices(const PointerTarget &T, const Expr *Pointer) {
  // Where a variable holds it, its indices were read where it got its value.
  if (isa<DeclRefExpr>(Pointer->IgnoreParenCasts()))
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(Pointer->IgnoreParenCasts())) {
    visit(BO->getLHS()->getType()->isPointerType() ? BO->getRHS() : BO->getLHS(), Use());
    return visitIndices(T, BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS());
  }
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(T.Element))
    for (unsigned I = 1; I < Op->getNumArgs(); ++I)
      visit(Op->getArg(I), Use());
  else if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(T.Element))
    for (const Expr *Arg : MC->arguments())
      visit(Arg, Use());
}

void KernelBodyAnalyzer::recordThroughPointer(const PointerTarget &T, const Expr *At,
                                              const Expr *Pointer, const Use &U) {
  Model.PointsIntoViews = true;
  // `*p` or `p[0]` where `p` stands for an address written in place
  // (`f(&q[k])`: its indices evaluated there, once): the element itself;
  // at another offset, or through a local pointer, any element.
  const Expr *Written = Pointer->IgnoreParenCasts();
  while (const auto *DRE = dyn_cast<DeclRefExpr>(Written)) {
    const Expr *Arg = argumentFor(DRE->getDecl());
    if (!Arg)
      break;
    Written = Arg->IgnoreParenCasts();
  }
  bool Element = false;
  if (T.Element && isa<DeclRefExpr>(Pointer->IgnoreParenCasts()) &&
      (isa<UnaryOperator>(Written) || T.Fixed)) {
    Expr::EvalResult R;
    const auto *AS = dyn_cast<ArraySubscriptExpr>(At);
    // (At == Pointer: the pointer handed to an atomic, which updates the
    // element it holds.)
    Element = isa<UnaryOperator>(At) || At == Pointer ||
              (AS && !AS->getIdx()->isValueDependent() && AS->getIdx()->EvaluateAsInt(R, Ctx) &&
               R.Val.getInt() == 0);
  }
  const Expr *Saved = ThroughPointer;
  ThroughPointer = Element ? nullptr : At;
  bool Done = false;
  if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(T.Element)) {
    Done = capturedPointerAccess(AS, U, /*InBody=*/true);
  } else if (T.View) {
    bool Known = false;
    ViewUse &V = viewFor(T.View, Known);
    recordAccess(V, Known, At, SmallVector<IndexExpr, 4>(std::max(1u, V.Rank)), U);
    Done = true;
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(T.Element)) {
    Done = accessorAccess(MC, U);
  } else {
    Done = visitViewAccess(T.Element, U);
  }
  ThroughPointer = Saved;
  if (!Done)
    recordUnknown(At, "a pointer into a View kfuse cannot name", /*MayWrite=*/true);
}

bool KernelBodyAnalyzer::bodyStorage(const Expr *Arg) const {
  if (pointerTarget(Arg))
    return true;
  const Expr *E = Arg->IgnoreParenImpCasts();
  bool Address = false;
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf) {
    E = UO->getSubExpr()->IgnoreParenImpCasts();
    Address = true;
  }
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    E = AS->getBase()->IgnoreParenImpCasts();
    Address = true;
  }
  if (pointerTarget(E))
    return true;
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return false;
  if (const Expr *Bound = argumentFor(DRE->getDecl()))
    return bodyStorage(Bound);
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || !isLocal(VD) || VD->getType()->isReferenceType())
    return false;
  // Not what the model reads as indices: a loop's variable or bound, a
  // parameter (a function storing through its address changes them).
  if (isa<ParmVarDecl>(VD) || llvm::is_contained(LoopVarDecls, VD) ||
      llvm::is_contained(LoopBoundDecls, VD))
    return false;
  // A local array, or the address of a local number or of an element of
  // a local array.
  return Ctx.getAsConstantArrayType(VD->getType()) ||
         (Address && !VD->getType()->isPointerType());
}

} // namespace kfuse
