//===- KernelBodyAnalyzer.cpp - Views, scalars and loops of a body --------===//

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

void KernelBodyAnalyzer::recordUnknown(const Expr *At, std::string Why,
                                       bool MayWrite) {
  UnknownAccess U;
  U.Text = exprText(At, Ctx);
  U.Why = std::move(Why);
  U.Pos = positionOf(At->getBeginLoc(), Ctx);
  U.MayWrite = MayWrite;
  Model.Unknown.push_back(std::move(U));
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
    Forms.back().Value = indexValue(Idx, ValueScope(), 0);
  }
  recordAccess(V, Known, E, std::move(Forms), U);
  // Index expressions are read, each at its own elements (not through the
  // pointer an access through a pointer stands for).
  const Expr *Saved = ThroughPointer;
  ThroughPointer = nullptr;
  for (const Expr *Idx : Indices)
    visit(Idx, Use());
  ThroughPointer = Saved;
}

void KernelBodyAnalyzer::recordAccess(ViewUse &V, bool Known, const Expr *E,
                                      SmallVector<IndexExpr, 4> Indices, const Use &U) {
  // Through a pointer into the View: any element (an expression of no
  // index, not one its data choose), made where the body indexes the
  // pointer.
  if (ThroughPointer) {
    E = ThroughPointer;
    for (IndexExpr &I : Indices)
      I = IndexExpr{exprText(ThroughPointer, Ctx), IndexForm::Other, "", 0, {}};
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
  A.Always = !A.InLoop && Conditional == 0 && !Exited;
  V.Mode = Known ? combine(V.Mode, A.Mode) : A.Mode;
  if (A.Mode == AccessMode::PassedToCall)
    Model.Notes.push_back("element of View '" + V.Name +
                          "' passed by reference to '" + U.Callee + "' at " +
                          A.Pos.File + ":" + std::to_string(A.Pos.Line));
  V.Accesses.push_back(std::move(A));
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
    visitChildren(S, Use());
    Exited = true;
    return;
  }
  if (isa<GotoStmt, IndirectGotoStmt>(S))
    Exited = true;
  // A branch: what it accesses is not accessed on every iteration.
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    for (const Stmt *Head : {If->getInit(), static_cast<const Stmt *>(
                                                If->getConditionVariableDeclStmt())})
      if (Head)
        visit(Head, Use());
    if (If->getCond())
      visit(If->getCond(), Use());
    ++Conditional;
    for (const Stmt *Branch : {If->getThen(), If->getElse()})
      if (Branch)
        visit(Branch, Use());
    --Conditional;
    return;
  }
  // (A lambda's body runs where it is called, if ever; a handler where
  // something was thrown; `a ?: b`'s right only where `a` is zero.)
  if (isa<WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt, LambdaExpr, CXXCatchStmt,
          BinaryConditionalOperator>(S)) {
    ++Conditional;
    visitChildren(S, Use());
    --Conditional;
    return;
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
    // A local pointer pointed elsewhere than at the body's own storage
    // (`q = &a(i)`, `q = p + 1`): what it reaches, before or after in the
    // body's text, is not known.
    if (BO->getOpcode() == BO_Assign)
      if (const auto *To = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
          To && To->getType()->isPointerType() && isa<VarDecl>(To->getDecl()) &&
          isLocal(To->getDecl()) && !argumentFor(To->getDecl()) &&
          !PointerLocals.count(cast<VarDecl>(To->getDecl())) &&
          (pointerTarget(BO->getRHS()) || !outsideMemory(BO->getRHS()).empty()))
        recordUnknown(BO,
                      "the pointer '" + To->getDecl()->getNameAsString() + "' set to '" +
                          exprText(BO->getRHS(), Ctx) + "'",
                      /*MayWrite=*/true);
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
    if (BO->isLogicalOp()) {
      visit(BO->getLHS(), Use());
      ++Conditional;
      visit(BO->getRHS(), Use());
      --Conditional;
      return;
    }
    return visitChildren(S, Use());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp())
      return visit(UO->getSubExpr(), Use{AccessMode::ReadWrite, ""});
    if (UO->getOpcode() == UO_AddrOf) {
      // (An address handed to any callee may be stored through.)
      Use Taken = U.Mode == AccessMode::Atomic || U.Mode == AccessMode::PassedToCall
                      ? U
                      : Use{AccessMode::PassedToCall, "&"};
      Taken.Unresolved = false;
      return visit(UO->getSubExpr(), Taken);
    }
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
    ++Conditional;
    visit(CO->getTrueExpr(), U);
    visit(CO->getFalseExpr(), U);
    --Conditional;
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
    // The variable itself changed as \p U uses it: written, its address
    // taken, or handed by reference to a callee known to take it so (a
    // pointer handed on by value is not changed).
    auto Changed = [&](const ValueDecl *D) {
      return U.Mode == AccessMode::Write || U.Mode == AccessMode::ReadWrite ||
             (U.Mode == AccessMode::PassedToCall && !U.Unresolved &&
              (U.Callee == "&" || !D->getType()->isPointerType()));
    };
    // A parameter taken by value and changed (`i = i - 1` in a followed
    // call, `++i` of the kernel's own index): what it indexes is no longer
    // what its argument, or the launch index, says.
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
        P && !P->getType()->isReferenceType() &&
        (P->getDeclContext() == Fn || llvm::is_contained(Following, P->getDeclContext())) &&
        Changed(P))
      recordUnknown(DRE,
                    P->getDeclContext() == Fn
                        ? "the kernel's parameter '" + P->getNameAsString() +
                              "', changed in its body"
                        : "the parameter '" + P->getNameAsString() + "', changed in '" +
                              cast<NamedDecl>(P->getDeclContext())->getNameAsString() + "'",
                    /*MayWrite=*/true);
    // A loop's variable changed in its body (`if (c) k++;`): the loop does
    // not run over the range its header says, which its accesses, the
    // planners and merged loops assume.
    if (const auto *LV = dyn_cast<VarDecl>(DRE->getDecl());
        LV && (llvm::is_contained(LoopVarDecls, LV) || llvm::is_contained(LoopBoundDecls, LV)) &&
        Changed(LV))
      recordUnknown(DRE,
                    std::string(llvm::is_contained(LoopVarDecls, LV) ? "the loop variable '"
                                                                     : "the loop bound '") +
                        LV->getNameAsString() + "', changed in its loop's body",
                    /*MayWrite=*/true);
    // An object parameter of a followed call (`m.n` read in `spacing(m)`):
    // the kernel uses the object its argument names, as if written there.
    if (const Expr *Arg = argumentFor(DRE->getDecl());
        Arg && DRE->getType()->isRecordType() && holdsMemory(DRE->getType()))
      return visit(Arg, Use());
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

} // namespace kfuse
