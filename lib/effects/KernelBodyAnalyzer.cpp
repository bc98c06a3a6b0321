//===- KernelBodyAnalyzer.cpp - Views, scalars and loops of a body --------===//

#include "effects/KernelBodyAnalyzer.h"
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

bool KernelBodyAnalyzer::isLocal(const ValueDecl *D) const {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (DC == Fn || llvm::is_contained(Following, DC))
      return true;
  return false;
}

const Expr *KernelBodyAnalyzer::argumentFor(const ValueDecl *D) const {
  auto It = Arguments.find(D);
  return It == Arguments.end() ? nullptr : It->second;
}

bool KernelBodyAnalyzer::calleeLocal(const ValueDecl *D) const {
  if (Following.empty() || argumentFor(D))
    return false;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (llvm::is_contained(Following, DC))
      return true;
  return false;
}

std::optional<KernelBodyAnalyzer::ViewRef>
KernelBodyAnalyzer::viewRef(const Expr *E) const {
  if (!E || !isKokkosView(stripWrappers(E)->getType()))
    return std::nullopt;
  return pathRef(E);
}

std::optional<KernelBodyAnalyzer::ViewRef>
KernelBodyAnalyzer::pathRef(const Expr *E) const {
  if (!E)
    return std::nullopt;
  E = stripWrappers(E);
  // `a`, `this->a`, `field.a`, `this->field.sub.a`: a path of public data
  // members down from a capture or from *this.
  SmallVector<std::string, 4> Path;
  ViewRef R;
  const Expr *Cur = E;
  while (const auto *ME = dyn_cast<MemberExpr>(Cur)) {
    if (!isa<FieldDecl>(ME->getMemberDecl()))
      return std::nullopt;
    Path.push_back(ME->getMemberDecl()->getNameAsString());
    AccessSpecifier Access = ME->getMemberDecl()->getAccess();
    R.Private |= Access != AS_public;
    Cur = ME->getBase()->IgnoreParenImpCasts();
    if (Access != AS_public) {
      const auto *Op = dyn_cast_or_null<CXXMethodDecl>(Fn);
      const auto *Owner = dyn_cast<CXXRecordDecl>(ME->getMemberDecl()->getDeclContext());
      R.ClassReadable &= isa<CXXThisExpr>(Cur) &&
                         (Access == AS_protected ||
                          (Op && Owner &&
                           Owner->getCanonicalDecl() == Op->getParent()->getCanonicalDecl()));
    }
    if (ME->isArrow() && !isa<CXXThisExpr>(Cur))
      return std::nullopt;
  }
  std::reverse(Path.begin(), Path.end());
  if (isa<CXXThisExpr>(Cur)) {
    R.IsMember = true;
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(Cur);
             DRE && Path.empty() && argumentFor(DRE->getDecl())) {
    // A View parameter of a followed call: the View its argument names.
    return pathRef(argumentFor(DRE->getDecl()));
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(Cur); DRE && argumentFor(DRE->getDecl())) {
    // A member of an object parameter of a followed call (`d.m_x`): the
    // path from the object its argument names.
    std::optional<ViewRef> Object = pathRef(argumentFor(DRE->getDecl()));
    if (!Object)
      return std::nullopt;
    Object->Private |= R.Private;
    Object->ClassReadable &= R.ClassReadable && !R.Private;
    if (Object->Root.empty())
      Object->Root = Object->Name;
    Object->Name += "." + llvm::join(Path, ".");
    return Object;
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(Cur)) {
    R.Local = isLocal(DRE->getDecl());
    R.RootDecl = DRE->getDecl();
    Path.insert(Path.begin(), DRE->getDecl()->getNameAsString());
  } else {
    return std::nullopt;
  }
  R.Name = llvm::join(Path, ".");
  if (Path.size() > 1)
    R.Root = Path.front();
  return R;
}

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

void KernelBodyAnalyzer::recordUnknown(const Expr *At, std::string Why,
                                       bool MayWrite) {
  UnknownAccess U;
  U.Text = exprText(At, Ctx);
  U.Why = std::move(Why);
  U.Pos = positionOf(At->getBeginLoc(), Ctx);
  U.MayWrite = MayWrite;
  Model.Unknown.push_back(std::move(U));
}

/// View methods that read only the View's metadata, never its elements.
static bool isMetadataMethod(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("extent", "extent_int", "size", "span", "stride", "rank", true)
      .Cases("stride_0", "stride_1", "stride_2", "stride_3", "label", true)
      .Cases("use_count", "span_is_contiguous", "is_allocated", "layout",
             "dimension_0", true)
      .Default(false);
}

static bool isAtomicFunction(StringRef QualifiedName) {
  return QualifiedName.starts_with("Kokkos::atomic_") ||
         QualifiedName.starts_with("Kokkos::Impl::atomic_") ||
         QualifiedName.starts_with("desul::atomic_");
}

void KernelBodyAnalyzer::analyze(const Stmt *Body) {
  if (!Body)
    return;
  if (const auto *Block = dyn_cast<CompoundStmt>(Body))
    for (const Stmt *S : Block->body()) {
      BodyStatement B;
      B.Range = fileRange(S->getSourceRange(), Ctx);
      if (isa<ForStmt>(S))
        B.Kind = BodyStatement::Form::Loop;
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        B.Kind = BodyStatement::Form::Declaration;
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D))
            B.Declares.push_back(VD->getNameAsString());
      }
      Model.Statements.push_back(std::move(B));
    }
  visit(Body, Use());
  // A captured pointer the body also uses other than indexed (`p + 1`,
  // `*p`, passed on) may reach any of its elements: an unknown access.
  for (const ViewUse &V : Model.Views)
    if (V.Pointer)
      for (const ScalarUse &S : Model.Scalars)
        if (S.Name == V.Name) {
          UnknownAccess U;
          U.Text = V.Name;
          U.Why = "the raw pointer '" + V.Name + "', used other than indexed";
          U.Pos = V.Accesses.empty() ? SourcePos() : V.Accesses.front().Pos;
          Model.Unknown.push_back(std::move(U));
        }
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

void KernelBodyAnalyzer::visitChildren(const Stmt *S, const Use &U) {
  for (const Stmt *Child : S->children())
    if (Child)
      visit(Child, U);
}

ViewUse &KernelBodyAnalyzer::viewFor(const Expr *ViewExpr, bool &Known) {
  return viewFor(viewRef(ViewExpr), stripWrappers(ViewExpr)->getType(),
                 exprText(ViewExpr, Ctx), Known);
}

ViewUse &KernelBodyAnalyzer::viewFor(const std::optional<ViewRef> &Ref, QualType Type,
                                     const std::string &Text, bool &Known) {
  std::string Name = Ref ? Ref->Name : Text;
  for (ViewUse &V : Model.Views)
    if (V.Name == Name) {
      Known = true;
      return V;
    }
  Known = false;
  ViewUse V;
  V.Name = Name;
  V.IsMember = Ref && Ref->IsMember;
  V.Local = Ref && Ref->Local;
  if (Ref)
    V.Root = Ref->Root;
  if (Ref && !V.Root.empty() && Ref->RootDecl)
    if (const CXXRecordDecl *RD =
            Ref->RootDecl->getType().getNonReferenceType()->getAsCXXRecordDecl()) {
      FunctorModel Class;
      describeClass(RD, Class, Ctx);
      if (!Class.ClassTemplate) {
        V.RootClass = Class.SpelledClass;
        V.RootFile = Class.ClassFile;
        V.RootOffset = Class.ClassOffset;
        V.RootFileOnly = Class.ClassFileOnly;
      }
    }
  V.PrivateMember = Ref && Ref->Private;
  V.ClassReadable = Ref && Ref->IsMember && Ref->ClassReadable;
  describeView(Type, Ctx, V);
  Model.Views.push_back(std::move(V));
  return Model.Views.back();
}

static bool isAtomicView(const ViewUse &V) {
  return V.Type.find("Atomic") != std::string::npos;
}

void KernelBodyAnalyzer::recordViewEscape(const Expr *ViewExpr, const Use &U,
                                          const Expr *At) {
  bool Known = false;
  ViewUse &V = viewFor(ViewExpr, Known);
  ViewAccess A;
  A.Mode = AccessMode::PassedToCall;
  A.Callee = U.Callee;
  A.Pos = positionOf(At->getBeginLoc(), Ctx);
  V.Mode = Known ? combine(V.Mode, A.Mode) : A.Mode;
  V.Accesses.push_back(A);
  Model.Notes.push_back("View '" + V.Name + "' passed to opaque call '" +
                        U.Callee + "' at " + A.Pos.File + ":" +
                        std::to_string(A.Pos.Line));
}

bool KernelBodyAnalyzer::visitViewAccess(const Expr *E, const Use &U) {
  const Expr *Object = nullptr;
  SmallVector<const Expr *, 4> Indices;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    OverloadedOperatorKind K = Op->getOperator();
    if ((K != OO_Call && K != OO_Subscript) || Op->getNumArgs() == 0 ||
        !isKokkosView(Op->getArg(0)->getType()))
      return false;
    Object = Op->getArg(0);
    for (unsigned I = 1; I < Op->getNumArgs(); ++I)
      Indices.push_back(Op->getArg(I));
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!isKokkosView(MC->getImplicitObjectArgument()->getType()) && accessorAccess(MC, U))
      return true;
    if (!MD || !MD->getIdentifier() || MD->getName() != "access" ||
        !isKokkosView(MC->getImplicitObjectArgument()->getType()))
      return false;
    Object = MC->getImplicitObjectArgument();
    for (const Expr *Arg : MC->arguments())
      Indices.push_back(Arg);
  } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // Inside a template, `a(i)` on a dependent View is a plain CallExpr
    // whose callee is the View itself.
    if (Call->getDirectCallee() || !viewRef(Call->getCallee()))
      return false;
    Object = Call->getCallee();
    for (const Expr *Arg : Call->arguments())
      Indices.push_back(Arg);
  } else {
    return false;
  }

  bool Known = false;
  ViewUse &V = viewFor(Object, Known);
  recordAccess(V, Known, E, Indices, U);
  return true;
}

void KernelBodyAnalyzer::recordAccess(ViewUse &V, bool Known, const Expr *E,
                                      ArrayRef<const Expr *> Indices, const Use &U) {
  SmallVector<IndexExpr, 4> Forms;
  for (const Expr *Idx : Indices) {
    Forms.push_back(classifyIndex(Idx));
    Forms.back().Range = fileRange(Idx->getSourceRange(), Ctx);
  }
  recordAccess(V, Known, E, std::move(Forms), U);
  // Index expressions are read.
  for (const Expr *Idx : Indices)
    visit(Idx, Use());
}

void KernelBodyAnalyzer::recordAccess(ViewUse &V, bool Known, const Expr *E,
                                      SmallVector<IndexExpr, 4> Indices, const Use &U) {
  // Through a pointer into the View: any element, made where the body
  // indexes the pointer.
  if (ThroughPointer) {
    E = ThroughPointer;
    for (IndexExpr &I : Indices)
      I = IndexExpr{exprText(ThroughPointer, Ctx), IndexForm::Indirect, "", 0, {}};
  }
  ViewAccess A;
  A.Mode = isAtomicView(V) ? AccessMode::Atomic : U.Mode;
  A.Callee = U.Callee;
  A.Pos = positionOf(E->getBeginLoc(), Ctx);
  // In a followed call, where the kernel's own body makes the access: its
  // outermost call (the text the planners compare with the body's loops).
  A.Range = fileRange((Following.empty() ? E : CallSite)->getSourceRange(), Ctx);
  A.Indices.assign(Indices.begin(), Indices.end());
  if (ThroughPointer)
    A.Through = exprText(ThroughPointer, Ctx);
  A.InLoop = LoopDepth > 0;
  V.Mode = Known ? combine(V.Mode, A.Mode) : A.Mode;
  if (A.Mode == AccessMode::PassedToCall)
    Model.Notes.push_back("element of View '" + V.Name +
                          "' passed by reference to '" + U.Callee + "' at " +
                          A.Pos.File + ":" + std::to_string(A.Pos.Line));
  V.Accesses.push_back(std::move(A));
}

namespace {
/// One element of a View member that an accessor's body reads: the path of
/// data members down from `this` to the View and, for each index, the
/// accessor's parameter it is (-1: an expression of them, Index).
struct AccessorElement {
  SmallVector<const FieldDecl *, 2> Path;
  QualType ViewType;
  SmallVector<int, 4> Params;
  SmallVector<const Expr *, 4> Index;
  bool Returned = false; ///< the element the accessor returns
};

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
} // namespace

bool KernelBodyAnalyzer::accessorAccess(const CXXMemberCallExpr *Call, const Use &U) {
  SmallVector<AccessorElement, 2> Elements;
  if (!accessorElements(Call->getMethodDecl(), Elements))
    return false;
  std::optional<ViewRef> Ref = pathRef(Call->getImplicitObjectArgument());
  // A captured object or a path from one; not *this, not a local copy.
  if (!Ref || Ref->IsMember || Ref->Local || !Ref->RootDecl)
    return false;
  for (const AccessorElement &A : Elements)
    for (int P : A.Params)
      if (P >= int(Call->getNumArgs()))
        return false;
  for (const AccessorElement &A : Elements) {
    ViewRef Object = *Ref;
    if (Object.Root.empty())
      Object.Root = Object.Name;
    for (const FieldDecl *F : A.Path) {
      Object.Name += "." + F->getNameAsString();
      Object.Private |= F->getAccess() != AS_public;
    }
    bool Known = false;
    ViewUse &V = viewFor(Object, A.ViewType, "", Known);
    V.Accessor = Call->getMethodDecl()->getNameAsString();
    // A path of public members from a lambda's capture: the guard and the
    // profile name it, though the body reads it through the accessor.
    V.Named = !Object.Private;
    SmallVector<IndexExpr, 4> Indices;
    for (size_t I = 0; I < A.Params.size(); ++I) {
      if (A.Params[I] >= 0) {
        Indices.push_back(classifyIndex(Call->getArg(A.Params[I])));
        Indices.back().Range = fileRange(Call->getArg(A.Params[I])->getSourceRange(), Ctx);
      } else {
        // Computed in the accessor's body: any element, from an element
        // of another View (Indirect), else from the arguments of the
        // parameters it names (the launch index or loop variable they
        // depend on, as for an index written in the body).
        IndexExpr Index{exprText(A.Index[I], Ctx), IndexForm::Other, "", 0, {}};
        if (containsViewAccess(A.Index[I]))
          Index.Form = IndexForm::Indirect;
        SmallVector<const Stmt *, 8> Work{A.Index[I]};
        while (!Work.empty() && Index.Form == IndexForm::Other) {
          const Stmt *S = Work.pop_back_val();
          if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
            if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl())) {
              const IndexExpr Arg = classifyIndex(Call->getArg(P->getFunctionScopeIndex()));
              if (Arg.Form == IndexForm::Indirect)
                Index.Form = IndexForm::Indirect;
              else if (!Arg.Var.empty() && (Index.Var.empty() || IndexParams.contains(Arg.Var)))
                Index.Var = Arg.Var;
            }
          for (const Stmt *Child : S->children())
            if (Child)
              Work.push_back(Child);
        }
        Indices.push_back(std::move(Index));
      }
    }
    recordAccess(V, Known, Call, std::move(Indices), A.Returned ? U : Use());
  }
  // Its arguments are read (the captures they name too).
  for (const Expr *Arg : Call->arguments())
    visit(Arg, Use());
  return true;
}

namespace {
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
} // namespace

bool KernelBodyAnalyzer::followOwnCall(const CallExpr *Call, const CXXMethodDecl *MD,
                                       unsigned FirstArg, const Use &U) {
  // The kernel is a functor's operator, so `this` is the functor.
  const auto *Kernel = dyn_cast_or_null<CXXMethodDecl>(Fn);
  if (!Kernel || Kernel->getParent()->isLambda() || !MD || MD->isVirtual() || MD->isStatic())
    return false;
  const FunctionDecl *Def = nullptr;
  if (!MD->hasBody(Def) || !followBody(Call, Def, FirstArg, U))
    return false;
  // The body reaches the object beyond its data members: a copy of the
  // body outside the class could not call the method.
  Model.ThisBeyondMembers = true;
  return true;
}

bool KernelBodyAnalyzer::followFreeCall(const CallExpr *Call, const FunctionDecl *FD,
                                        const Use &U) {
  const FunctionDecl *Def = nullptr;
  if (!FD || isa<CXXMethodDecl>(FD) || !FD->hasBody(Def) || !Def ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return false;
  // Worth following where it reaches memory of the kernel's: a View, an
  // object holding Views, a pointer into one (a function of numbers and
  // local arrays touches nothing else).
  bool Reaches = false;
  for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams(); ++I) {
    QualType T = Def->getParamDecl(I)->getType().getNonReferenceType();
    Reaches |= isKokkosView(T) || (T->isRecordType() && holdsMemory(T) && !tagType(T)) ||
               (T->isPointerType() && pointerTarget(Call->getArg(I)));
  }
  if (!Reaches)
    return false;
  if (!followBody(Call, Def, 0, U))
    return false;
  Model.FollowsCalls = true;
  return true;
}

bool KernelBodyAnalyzer::followBody(const CallExpr *Call, const FunctionDecl *Def,
                                    unsigned FirstArg, const Use &U) {
  if (!Def || !Def->getBody() || Def == Fn || llvm::is_contained(Following, Def) ||
      Following.size() >= 4 || !followable(Def->getBody()))
    return false;
  if (Call->getNumArgs() < FirstArg || Call->getNumArgs() - FirstArg != Def->getNumParams())
    return false;
  // Numbers (by value, or by reference: the argument read and written),
  // Views (by value or const reference: the argument's View) and tags.
  SmallVector<bool, 4> Written, Reached;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    QualType T = P->getType(), V = T.getNonReferenceType();
    bool MutableRef = T->isReferenceType() && !V.isConstQualified();
    // A value of numbers by reference (`eng_virial_type &ev`) bound to a
    // local of the caller: what the body stores there stays in the kernel.
    const auto *Ref = dyn_cast<DeclRefExpr>(Call->getArg(I + FirstArg)->IgnoreParenImpCasts());
    bool LocalValue = MutableRef && V->isRecordType() && !holdsMemory(V) && Ref &&
                      isLocal(Ref->getDecl());
    const Expr *Arg = Call->getArg(I + FirstArg);
    // Accesses through it recorded where the body makes them: an object
    // holding Views (by value or const reference) that the kernel
    // captures, or a pointer to numbers in the kernel's own storage or
    // into a View.
    bool Through = false;
    if (isKokkosView(V)) {
      if (MutableRef)
        return false;
      Through = true;
    } else if (V->isPointerType()) {
      QualType Pointee = V->getPointeeType();
      while (const auto *A = Ctx.getAsArrayType(Pointee))
        Pointee = A->getElementType();
      if (!Pointee->isArithmeticType() || !bodyStorage(Arg))
        return false;
      Through = true;
    } else if (V->isRecordType() && holdsMemory(V) && !MutableRef && !tagType(V)) {
      std::optional<ViewRef> Object = pathRef(Arg);
      if (!Object || Object->Local || Object->IsMember || !Object->RootDecl)
        return false;
      Through = true;
    } else if (!(V->isArithmeticType() || V->isEnumeralType() || tagType(V) || LocalValue)) {
      return false;
    }
    Written.push_back(Through ? false : MutableRef);
    Reached.push_back(Through);
  }
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const Expr *Arg = Call->getArg(I + FirstArg);
    Arguments[Def->getParamDecl(I)] = Arg;
    // A View, an object or a pointer argument is read where the body
    // reaches through its parameter.
    if (!Reached[I])
      visit(Arg, Written[I] ? Use{AccessMode::ReadWrite, ""} : Use());
    else if (const PointerTarget *T = pointerTarget(Arg))
      visitIndices(*T, Arg);
    else if (Def->getParamDecl(I)->getType()->isPointerType())
      visit(Arg, Use()); // the kernel's own storage: indices read
  }
  QualType R = Def->getReturnType();
  Use Saved = ReturnUse;
  ReturnUse = R->isReferenceType() && !R.getNonReferenceType().isConstQualified() ? U : Use();
  if (Following.empty())
    CallSite = Call;
  Following.push_back(Def);
  visit(Def->getBody(), Use());
  Following.pop_back();
  ReturnUse = Saved;
  return true;
}

void KernelBodyAnalyzer::recordScalar(const ValueDecl *D, bool IsMember,
                                      const Use &U, const Expr *Ref) {
  std::string Name = D->getNameAsString();
  bool Written =
      U.Mode == AccessMode::Write || U.Mode == AccessMode::ReadWrite;
  TextRange Where = fileRange(Ref->getSourceRange(), Ctx);
  for (ScalarUse &S : Model.Scalars)
    if (S.Name == Name) {
      S.Written |= Written;
      S.Refs.push_back(Where);
      return;
    }
  ScalarUse S;
  S.Refs.push_back(Where);
  S.Name = Name;
  S.Type = typeText(D->getType(), Ctx);
  S.PortableType = portableTypeText(D->getType(), Ctx);
  S.IsMember = IsMember;
  S.PrivateMember = IsMember && D->getAccess() != clang::AS_public;
  S.Written = Written;
  Model.Scalars.push_back(std::move(S));
}

void KernelBodyAnalyzer::visitCall(const CallExpr *Call, const Use &U) {
  if (writableRowUse(Call, U))
    return;
  const FunctionDecl *FD = Call->getDirectCallee();
  std::string Name = FD ? FD->getQualifiedNameAsString()
                        : exprText(Call->getCallee(), Ctx);
  bool Atomic = isAtomicFunction(Name);
  unsigned FirstArg = 0;

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    const Expr *Obj = MC->getImplicitObjectArgument();
    if (std::optional<ViewRef> Ref = viewRef(Obj)) {
      StringRef Method = FD && FD->getIdentifier() ? FD->getName() : "";
      if (!isMetadataMethod(Method)) {
        recordViewEscape(Obj, Use{AccessMode::PassedToCall,
                                  Ref->Name + "." + Method.str()},
                         Call);
      } else {
        bool Known = false;
        viewFor(Obj, Known).MetadataUsed = true;
      }
    } else if (Obj && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()) &&
               followOwnCall(Call, MC->getMethodDecl(), 0, U)) {
      return;
    } else if (Obj && rowAccess(Call)) {
      return;
    } else if (Obj) {
      // An accessor of a captured object may reach any memory the object
      // holds.
      std::string Why =
          numberGetter(MC->getMethodDecl()) || rowValue(Obj) ? "" : outsideMemory(Obj);
      if (!Why.empty()) {
        StringRef Method = FD && FD->getIdentifier() ? FD->getName() : "";
        recordUnknown(Call, "method '" + Method.str() + "' of " + Why,
                      /*MayWrite=*/true);
      }
      visit(Obj, Use());
    }
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
    // `v[i]` on a captured std::vector or a user array class; `(*this)(TagB(),
    // i)`, another operator of the functor, whose body is not followed.
    const auto *Deref = Op->getNumArgs() >= 1
                            ? dyn_cast<UnaryOperator>(Op->getArg(0)->IgnoreParenImpCasts())
                            : nullptr;
    bool OwnOperator = Deref && Deref->getOpcode() == UO_Deref &&
                       isa<CXXThisExpr>(Deref->getSubExpr()->IgnoreParenImpCasts());
    // An operator on dependent operands in a template, where lookup found
    // some `operator*` (any header may declare one: CUDA's do): resolved
    // only in each instantiation, whose stores are judged there. As
    // written it reads and writes as the built-in operator, as when no
    // overload is visible and Clang builds the built-in form.
    bool Unresolved =
        !FD && isa<UnresolvedLookupExpr>(Op->getCallee()->IgnoreParenImpCasts());
    if (Unresolved) {
      // nothing of its own: the operands below
    } else if (OwnOperator && FD && isa<CXXMethodDecl>(FD) &&
               followOwnCall(Call, cast<CXXMethodDecl>(FD), 1, U)) {
      return;
    } else if (OwnOperator && FD && isa<CXXMethodDecl>(FD)) {
      FirstArg = 1; // `*this` is said here, not also as a dereference
      recordUnknown(Call,
                    "a call of another '" + FD->getNameAsString() +
                        "' of its own object, whose body kfuse does not follow into",
                    /*MayWrite=*/true);
    } else if (FD && isa<CXXMethodDecl>(FD) && Op->getNumArgs() >= 1 &&
               !viewRef(Op->getArg(0)) && !rowValue(Op->getArg(0))) {
      if (std::string Why = outsideMemory(Op->getArg(0)); !Why.empty())
        recordUnknown(Call, "operator of " + Why, /*MayWrite=*/true);
    }
    // Assignments to class-typed lvalues (complex, user types).
    OverloadedOperatorKind K = Op->getOperator();
    if (Op->getNumArgs() >= 1 &&
        (K == OO_Equal || K == OO_PlusEqual || K == OO_MinusEqual ||
         K == OO_StarEqual || K == OO_SlashEqual || K == OO_PlusPlus ||
         K == OO_MinusMinus)) {
      visit(Op->getArg(0), Use{K == OO_Equal ? AccessMode::Write
                                             : AccessMode::ReadWrite,
                               ""});
      for (unsigned I = 1; I < Op->getNumArgs(); ++I)
        visit(Op->getArg(I), Use());
      return;
    }
    if (Unresolved) {
      for (const Expr *Arg : Op->arguments())
        visit(Arg, Use());
      return;
    }
  } else if (rowAccess(Call)) {
    return; // `list.row(i)` as written in a template, resolved in its instances
  } else if (!Atomic && followFreeCall(Call, FD, U)) {
    return;
  } else {
    // A call of a member of its own object that a template resolves only in
    // each instantiation (`this->operator()(Tag(), i, e)`): followed into the
    // one overload taking as many arguments, whose class (template) tags
    // match; else what its body touches is not known here.
    const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
    auto OnThis = [](bool Implicit, const Expr *Base) {
      return Implicit || isa<CXXThisExpr>(Base->IgnoreParenImpCasts());
    };
    const auto *DSME = dyn_cast<CXXDependentScopeMemberExpr>(Callee);
    const auto *UME = dyn_cast<UnresolvedMemberExpr>(Callee);
    if (!FD && ((DSME && OnThis(DSME->isImplicitAccess(), DSME->getBase())) ||
                (UME && OnThis(UME->isImplicitAccess(), UME->getBase())))) {
      if (const CXXMethodDecl *Only = UME ? onlyOverload(UME, Call) : nullptr;
          Only && followOwnCall(Call, Only, 0, U))
        return;
      std::string Member = DSME ? DSME->getMember().getAsString()
                                : UME->getMemberName().getAsString();
      recordUnknown(Call,
                    "a call of '" + Member +
                        "' that the template resolves only in each instantiation, whose "
                        "body kfuse does not follow into",
                    /*MayWrite=*/true);
    }
    visit(Call->getCallee(), Use());
  }

  unsigned ParamShift = isa<CXXOperatorCallExpr>(Call) &&
                                FD && isa<CXXMethodDecl>(FD)
                            ? 1
                            : 0;
  for (unsigned I = FirstArg; I < Call->getNumArgs(); ++I) {
    const Expr *Arg = Call->getArg(I);
    if (viewRef(Arg)) {
      recordViewEscape(Arg, Use{AccessMode::PassedToCall, Name}, Arg);
      continue;
    }
    if (Atomic && I == 0) {
      visit(Arg, Use{AccessMode::Atomic, Name});
      continue;
    }
    // The object of a member operator was looked at above.
    if (I > 0 || !ParamShift)
      if (std::string Why = outsideMemory(Arg); !Why.empty())
        recordUnknown(Arg, Why + " passed to '" + Name + "'", /*MayWrite=*/true);
    QualType ParamT;
    if (FD && I >= ParamShift && I - ParamShift < FD->getNumParams())
      ParamT = FD->getParamDecl(I - ParamShift)->getType();
    bool ByMutableRef = false;
    if (ParamT.isNull()) {
      ByMutableRef = !FD; // unknown callee: assume the worst
    } else if (ParamT->isReferenceType() || ParamT->isPointerType()) {
      QualType Pointee = ParamT->getPointeeType();
      ByMutableRef = !Pointee.isConstQualified();
    }
    visit(Arg, ByMutableRef ? Use{AccessMode::PassedToCall, Name} : Use());
  }
}

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
  if (!L.Var.empty())
    LoopVars.push_back(L.Var);
  ++LoopDepth;
  visit(For->getBody(), Use());
  --LoopDepth;
  if (!L.Var.empty())
    LoopVars.pop_back();
}

void KernelBodyAnalyzer::visit(const Stmt *S, const Use &U) {
  if (const auto *For = dyn_cast<ForStmt>(S))
    return visitFor(For);
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    // In a followed call, its result, used as the call's.
    if (!Following.empty()) {
      if (Ret->getRetValue())
        visit(Ret->getRetValue(), ReturnUse);
      return;
    }
    Model.EarlyExit = true;
  }
  // Data members through `this` are read above it (MemberExpr); any other
  // `this` reaches the object itself.
  if (isa<CXXThisExpr>(S))
    Model.ThisBeyondMembers = true;

  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D)) {
        Locals.insert(VD);
        if (const Expr *Init = VD->getInit()) {
          QualType T = VD->getType();
          bool MutableRef = T->isReferenceType() &&
                            !T.getNonReferenceType().isConstQualified();
          if (MutableRef && !isKokkosView(T))
            Model.Notes.push_back("reference '" + VD->getNameAsString() +
                                  "' binds an element: treated as read-write");
          if (pointerInit(VD, Init))
            continue; // its accesses are recorded where it is indexed
          if (viewRef(Init))
            recordViewEscape(Init, Use{AccessMode::PassedToCall, "<copy>"},
                             Init);
          else if (rowCopy(VD, Init))
            ; // reads recorded where the row is made (rowAccess)
          else if (const auto *From = dyn_cast<DeclRefExpr>(Init->IgnoreParenImpCasts());
                   From && isa<VarDecl>(From->getDecl()) &&
                   RowLocals.contains(cast<VarDecl>(From->getDecl())))
            RowLocals.insert(VD); // a copy of a row: the same memory
          else if (std::string Why = rowRefusal(VD, Init); !Why.empty())
            recordUnknown(Init, Why, /*MayWrite=*/true);
          else if (std::string Why = outsideMemory(Init);
                   !Why.empty() && holdsMemory(T))
            recordUnknown(Init, Why + " copied into '" + VD->getNameAsString() + "'",
                          /*MayWrite=*/true);
          if (!viewRef(Init))
            visit(Init, MutableRef ? Use{AccessMode::ReadWrite, ""} : Use());
        }
      }
    return;
  }

  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return visitChildren(S, Use());

  if (visitViewAccess(E, U))
    return;

  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E); AS && capturedPointerAccess(AS, U))
    return;
  // Memory reached through a raw pointer: `p[i]`, `*p`, `p->x`.
  const Expr *Pointer = nullptr;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    Pointer = AS->getBase();
  else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    Pointer = UO->getSubExpr();
  else if (const auto *ME = dyn_cast<MemberExpr>(E);
           ME && ME->isArrow() && !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    Pointer = ME->getBase();
  if (Pointer) {
    if (const PointerTarget *T = pointerTarget(Pointer)) {
      recordThroughPointer(*T, E, Pointer, U);
      visitIndices(*T, Pointer);
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
        visit(AS->getIdx(), Use());
      return;
    }
    if (std::string Why = outsideMemory(Pointer); !Why.empty())
      recordUnknown(E, "through " + Why, U.Mode != AccessMode::Read);
    visitChildren(S, Use());
    // `p[i] = x`: the pointer's own value is read, what it points to written.
    const Expr *Root = Pointer->IgnoreParenImpCasts();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Root))
      Root = AS->getBase()->IgnoreParenImpCasts();
    const ValueDecl *D = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Root))
      D = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(Root);
             ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      D = ME->getMemberDecl();
    if (D && U.Mode != AccessMode::Read)
      for (ScalarUse &Sc : Model.Scalars)
        if (Sc.Name == D->getNameAsString())
          Sc.WrittenThrough = true;
    return;
  }

  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      visit(BO->getLHS(), Use{BO->isCompoundAssignmentOp()
                                  ? AccessMode::ReadWrite
                                  : AccessMode::Write,
                              ""});
      visit(BO->getRHS(), Use());
      return;
    }
    if (BO->getOpcode() == BO_Comma) {
      visit(BO->getLHS(), Use());
      visit(BO->getRHS(), U);
      return;
    }
    return visitChildren(S, Use());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp())
      return visit(UO->getSubExpr(), Use{AccessMode::ReadWrite, ""});
    if (UO->getOpcode() == UO_AddrOf)
      return visit(UO->getSubExpr(),
                   U.Mode == AccessMode::Atomic ||
                           U.Mode == AccessMode::PassedToCall
                       ? U
                       : Use{AccessMode::PassedToCall, "&"});
    return visitChildren(S, Use());
  }
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      return visit(Cast->getSubExpr(), Use());
    return visit(Cast->getSubExpr(), U);
  }
  if (isa<ParenExpr, MaterializeTemporaryExpr, ExprWithCleanups,
          CXXBindTemporaryExpr>(E))
    return visitChildren(S, U);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    visit(CO->getCond(), Use());
    visit(CO->getTrueExpr(), U);
    visit(CO->getFalseExpr(), U);
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return visitCall(Call, U);

  if (rowChanged(E, U))
    return visitChildren(S, Use());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (viewRef(E)) {
      recordViewEscape(E, Use{AccessMode::PassedToCall, "<copy>"}, E);
      return;
    }
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (PointerLocals.count(VD) && U.Mode != AccessMode::Read)
        recordUnknown(DRE,
                      "the pointer '" + VD->getNameAsString() +
                          "' into a View, changed or handed on by reference",
                      /*MayWrite=*/true);
      if (DRE->refersToEnclosingVariableOrCapture() &&
          !Locals.contains(VD))
        recordScalar(VD, false, U, DRE);
      // A row that could be stored through, used other than by a call.
      if (WritableRows.contains(VD))
        recordUnknown(DRE,
                      "the row '" + VD->getNameAsString() +
                          "', which holds a pointer that is not to const, used other than to read",
                      /*MayWrite=*/true);
    }
    return;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (viewRef(E)) {
      recordViewEscape(E, Use{AccessMode::PassedToCall, "<copy>"}, E);
      return;
    }
    if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
      if (isa<FieldDecl>(ME->getMemberDecl()))
        recordScalar(ME->getMemberDecl(), true, U, ME);
      return;
    }
    return visit(ME->getBase(), Use());
  }
  visitChildren(S, Use());
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
  Model.PointsIntoViews = true;
  visitIndices(*T, Init);
  return true;
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
      isa<UnaryOperator>(Written)) {
    Expr::EvalResult R;
    const auto *AS = dyn_cast<ArraySubscriptExpr>(At);
    Element = isa<UnaryOperator>(At) ||
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
  // A local array, or the address of a local number or of an element of
  // a local array.
  return Ctx.getAsConstantArrayType(VD->getType()) ||
         (Address && !VD->getType()->isPointerType());
}

} // namespace kfuse
