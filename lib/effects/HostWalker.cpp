//===- HostWalker.cpp - Host statements and expressions: names, lvalues ---===//
//
// Part of HostWalker (HostWalker.h): the walk of statements and expressions,
// what they name, change and read, and memory reached through members and
// pointers. Calls are followed in HostCalls.cpp.
//
//===----------------------------------------------------------------------===//

#include "effects/HostWalker.h"
#include "model/KokkosAST.h"
#include "model/LaunchAnalyzer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace kfuse {
namespace host {

bool isLaunchFunction(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  std::string Q = FD->getQualifiedNameAsString();
  return Q == "Kokkos::parallel_for" || Q == "Kokkos::parallel_reduce" ||
         Q == "Kokkos::parallel_scan";
}

bool isViewMetadata(const FunctionDecl *FD) {
  static constexpr llvm::StringLiteral Names[] = {
      "extent",      "extent_int", "size",       "span",     "span_is_contiguous",
      "stride",      "stride_0",   "stride_1",   "stride_2", "stride_3",
      "stride_4",    "stride_5",   "stride_6",   "stride_7", "rank",
      "rank_dynamic", "label",     "is_allocated", "use_count", "layout",
      "required_allocation_size"};
  return FD && FD->getIdentifier() && llvm::is_contained(Names, FD->getName());
}

bool holdsViews(QualType T, unsigned Depth) {
  if (T.isNull() || T->isDependentType() || Depth > 8)
    return true;
  T = T.getNonReferenceType();
  if (isKokkosView(T))
    return true;
  if (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    return holdsViews(AT->getElementType(), Depth + 1);
  if (const auto *PT = T->getAs<PointerType>())
    return holdsViews(PT->getPointeeType(), Depth + 1);
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (!RD->hasDefinition())
    return true;
  RD = RD->getDefinition();
  if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    for (const TemplateArgument &A : CTS->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type && holdsViews(A.getAsType(), Depth + 1))
        return true;
  if (RD->isLambda())
    return llvm::any_of(RD->fields(), [&](const FieldDecl *F) {
      return holdsViews(F->getType(), Depth + 1);
    });
  for (const FieldDecl *F : RD->fields())
    if (holdsViews(F->getType(), Depth + 1))
      return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (holdsViews(B.getType(), Depth + 1))
      return true;
  return false;
}

bool isStringPointer(QualType T) {
  const auto *PT = T->getAs<PointerType>();
  return PT && PT->getPointeeType()->isCharType();
}

void HostWalker::walk(const Stmt *S) {
  if (!S)
    return;
  // `v(i)` whose value is loaded (not assigned, not bound to a reference):
  // a read of the View's elements.
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S);
      Cast && Cast->getCastKind() == CK_LValueToRValue)
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Cast->getSubExpr()->IgnoreParens()))
      ElementLoads.insert(Op);
  // Every name declared in the statement, in nested scopes too: none of
  // them can be named before it (the guard's Views).
  if (const auto *DS = dyn_cast<DeclStmt>(S); DS && Depth == 0)
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        add(Out.Declares, VD->getNameAsString());
  if (const auto *E = dyn_cast<Expr>(S); E && E->isTypeDependent()) {
    opaque("'" + exprText(E, Ctx) + "' depends on a template parameter", S);
    return;
  }
  if (isa<ReturnStmt>(S) && Depth == 0)
    return opaque("'return' between the launches", S);
  if ((isa<BreakStmt>(S) || isa<ContinueStmt>(S)) && Loops == 0 && Depth == 0)
    return opaque(std::string("'") + (isa<BreakStmt>(S) ? "break" : "continue") +
                      "' between the launches",
                  S);
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S)) {
    if (Depth == 0)
      return opaque("'goto' between the launches", S);
  } else if (isa<CXXThrowExpr>(S)) {
    return opaque("a 'throw' between the launches", S);
  } else if (isa<AsmStmt>(S)) {
    return opaque("inline assembly between the launches", S);
  } else if (isa<CoreturnStmt>(S) || isa<CoroutineBodyStmt>(S) ||
             isa<CoawaitExpr>(S) || isa<CoyieldExpr>(S)) {
    return opaque("a coroutine statement between the launches", S);
  } else if (isa<CXXDeleteExpr>(S)) {
    return opaque("a 'delete' between the launches", S);
  }
  if (const auto *For = dyn_cast<CXXForRangeStmt>(S)) {
    if (Depth == 0)
      add(Out.Declares, For->getLoopVariable()->getNameAsString());
    walk(For->getInit());
    walk(For->getRangeInit());
    ++Loops;
    walk(For->getBody());
    --Loops;
    return;
  }
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<SwitchStmt>(S)) {
    ++Loops;
    children(S);
    --Loops;
    return;
  }
  if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    // Its body runs when it is called, perhaps here: count it here.
    if (Depth == 0)
      for (const ParmVarDecl *P : L->getCallOperator()->parameters())
        add(Out.Declares, P->getNameAsString());
    for (const Expr *Init : L->capture_inits())
      walk(Init);
    walk(L->getBody());
    return;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (B->isAssignmentOp()) {
      changes(B->getLHS());
      walk(B->getRHS());
      return;
    }
    // `v.data() == nullptr`: the pointer is compared, no element read.
    if (B->isComparisonOp()) {
      for (const Expr *Side : {B->getLHS(), B->getRHS()})
        if (!isComparedViewData(Side))
          walk(Side);
      return;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) {
      changes(U->getSubExpr());
      return;
    }
    if (U->getOpcode() == UO_Deref) {
      pointerUse(U->getSubExpr());
      return;
    }
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(S)) {
    if (A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()) {
      children(S);
      return;
    }
    walk(A->getIdx());
    // `sizes[r]`: a number read through a pointer, as `input->rate`.
    if (const Expr *P = A->getBase()->IgnoreParenImpCasts();
        !isa<CXXThisExpr>(P) && (isa<DeclRefExpr>(P) || isa<MemberExpr>(P)) &&
        pointerRead(P, A))
      return;
    pointerUse(A->getBase());
    return;
  }
  if (const auto *M = dyn_cast<MemberExpr>(S)) {
    member(M);
    return;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    use(Ref);
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    call(Call);
    return;
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(S)) {
    construct(Construct);
    return;
  }
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(S)) {
    if (const CXXDestructorDecl *D = Bind->getTemporary()->getDestructor())
      if (!D->isTrivial())
        callee(D, false, S);
    walk(Bind->getSubExpr());
    return;
  }
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(S)) {
    walk(Default->getExpr());
    return;
  }
  if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(S)) {
    walk(Default->getExpr());
    return;
  }
  if (isa<CompoundStmt>(S) || isa<IfStmt>(S) || isa<CXXTryStmt>(S)) {
    ++Nesting;
    children(S);
    --Nesting;
    return;
  }
  children(S);
}

void HostWalker::finish() {
  for (const std::string &N : Loaded)
    if (!Touched.count(N) && !llvm::is_contained(Out.ReadOnlyViews, N))
      Out.ReadOnlyViews.push_back(N);
}

void HostWalker::add(std::vector<std::string> &To, const std::string &Name) {
  if (!Name.empty() && !llvm::is_contained(To, Name))
    To.push_back(Name);
}

void HostWalker::opaque(const std::string &Why, const Stmt *At, bool Call) {
  Out.OpaqueOther = true;
  Out.OpaqueBeyondCalls |= !Call;
  if (!Out.Opaque.empty())
    return;
  Out.Opaque = Why;
  Out.OpaquePos = positionOf(At->getBeginLoc(), Ctx);
}

void HostWalker::merge(const Summary &From) {
  for (const std::string &N : From.Declares)
    add(Out.Declares, N);
  for (const std::string &N : From.Changes)
    add(Out.Changes, N);
  for (const std::string &N : From.Reads)
    add(Out.Reads, N);
  for (const std::string &N : From.TouchesViews) {
    add(Out.TouchesViews, N);
    Touched.insert(N);
  }
  for (const std::string &N : From.TouchesObjects)
    add(Out.TouchesObjects, N);
  for (const std::string &N : From.PointerReads)
    add(Out.PointerReads, N);
  for (const HostStatement::FieldUse &U : From.FieldPointers)
    addField(U);
  for (const HostStatement::ReferenceUse &U : From.ThroughReferences) {
    auto It = llvm::find_if(Out.ThroughReferences, [&](const HostStatement::ReferenceUse &X) {
      return X.Name == U.Name;
    });
    if (It == Out.ThroughReferences.end())
      Out.ThroughReferences.push_back(U);
    else
      It->Written |= U.Written;
  }
  for (const Summary::UnseenCall &U : From.Unseen)
    addUnseen(U);
  for (const SourcePos &P : From.Launches)
    if (llvm::none_of(Out.Launches, [&](const SourcePos &L) {
          return L.File == P.File && L.Line == P.Line && L.Column == P.Column;
        }))
      Out.Launches.push_back(P);
  Out.OpaqueOther |= From.OpaqueOther;
  Out.OpaqueBeyondCalls |= From.OpaqueBeyondCalls;
  if (Out.Opaque.empty() && !From.Opaque.empty()) {
    Out.Opaque = From.Opaque;
    Out.OpaquePos = From.OpaquePos;
  }
}

void HostWalker::children(const Stmt *S) {
  for (const Stmt *Child : S->children())
    walk(Child);
}

std::string HostWalker::nameOf(const VarDecl *VD) const {
  if (Depth > 0 && !(VD->hasGlobalStorage() && !VD->isStaticLocal()))
    return "";
  return VD->getNameAsString();
}

const Expr *containerElement(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  const auto *MD = Call ? dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee()) : nullptr;
  if (!MD || MD->isStatic())
    return nullptr;
  const Expr *Object = nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (Op->getOperator() != OO_Subscript)
      return nullptr;
    Object = Op->getArg(0);
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    if (!MD->getIdentifier() || !llvm::is_contained({"at", "front", "back"}, MD->getName()))
      return nullptr;
    Object = MC->getImplicitObjectArgument();
  }
  const CXXRecordDecl *Class = MD->getParent();
  if (!Object || Object->getType()->isPointerType() || !Class->getIdentifier() ||
      !Class->isInStdNamespace() ||
      !llvm::is_contained({"array", "vector", "deque"}, Class->getName()))
    return nullptr;
  return Object;
}

HostWalker::Root HostWalker::rootOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return {true, nameOf(VD), VD->getType()};
    return {true, "", QualType()};
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = M->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Base))
      return {true, Depth == 0 ? M->getMemberDecl()->getNameAsString()
                    : TrackThis ? ThisPrefix + M->getMemberDecl()->getNameAsString()
                                : "",
              M->getType()};
    if (!M->isArrow())
      return rootOf(Base);
    return {};
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
    if (A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      return rootOf(A->getBase());
  // An element of a standard container (`stages[s]`), as of an array.
  if (const Expr *Container = containerElement(E))
    return rootOf(Container);
  if (isa<MaterializeTemporaryExpr>(E) || isa<CXXTemporaryObjectExpr>(E) ||
      isa<CXXConstructExpr>(E) || isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E))
    return {true, "", QualType()}; // a temporary
  return {};
}

void HostWalker::changes(const Expr *E) {
  const Expr *Plain = E->IgnoreParenImpCasts();
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(Plain)) {
    walk(A->getIdx());
    // `array[which] = t` through a pointer data member.
    if (!A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType() &&
        fieldPointer(A->getBase(), A, "writes"))
      return;
  }
  if (isa<CXXOperatorCallExpr>(Plain) || isa<CallExpr>(Plain)) {
    // `h(i) = x`, `v[i] = x`: the call says what it touches (walked below).
    // Other than a View's element: what the reference it returns refers
    // to changes, a member of the object it is called on
    // (`d.dtcourant() = x`), or memory kfuse cannot name.
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Plain);
    if (Op && Op->getNumArgs() > 0 && isKokkosView(Op->getArg(0)->getType()))
      return walk(Plain);
    const auto *MC = dyn_cast<CXXMemberCallExpr>(Plain);
    const Expr *Object = MC ? MC->getImplicitObjectArgument() : Op ? Op->getArg(0) : nullptr;
    if (Object && isKokkosView(Object->getType()))
      return walk(Plain);
    // Walked once, into a summary of its own, then merged: walking it
    // twice (here and for the summary) doubles the work at every level
    // of a chain such as `std::cout << a << b << ...`.
    Summary Value; // what the call reads, at this depth
    HostWalker W(Ctx, Cache, Value, Depth, TrackThis);
    W.Loops = Loops;
    W.Nesting = Nesting;
    W.walk(Plain);
    merge(Value);
    Root R = Object && !Object->getType()->isPointerType() ? rootOf(Object->IgnoreParenImpCasts())
                                                            : Root();
    if (!R.Known || !Value.Opaque.empty())
      return opaque("'" + exprText(E, Ctx) + "' changes memory kfuse cannot name", E);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Object->IgnoreParenImpCasts()))
      throughReference(Ref, true);
    add(Out.Changes, R.Name);
    return;
  }
  Root R = rootOf(Plain);
  if (!R.Known) {
    walk(Plain);
    return opaque("'" + exprText(E, Ctx) + "' changes memory kfuse cannot name", E);
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Plain))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()); VD && boundToViewData(VD))
      return opaque("writes through the reference '" + VD->getNameAsString() +
                        "', bound to an element of a View",
                    E);
  // `out = 1`, `p.x = 1`: written into what a reference parameter refers to.
  const Expr *Base = Plain;
  while (const auto *M = dyn_cast_or_null<MemberExpr>(Base))
    Base = M->isArrow() ? nullptr : M->getBase()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Base))
    throughReference(Ref, true);
  add(Out.Changes, R.Name);
  if (!R.Type.isNull() && holdsViews(R.Type))
    touch(R);
}

void HostWalker::touch(const Root &R, bool Load) {
  if (R.Name.empty())
    return;
  add(isKokkosView(R.Type) ? Out.TouchesViews : Out.TouchesObjects, R.Name);
  (Load ? Loaded : Touched).insert(R.Name);
}

bool HostWalker::boundToViewData(const VarDecl *VD) {
  if (!VD->getType()->isReferenceType() || holdsViews(VD->getType()) ||
      isa<ParmVarDecl>(VD) || !VD->getInit())
    return false;
  auto Key = std::make_tuple(VD, Depth > 0, TrackThis);
  if (auto It = Cache.BoundToViewData.find(Key); It != Cache.BoundToViewData.end())
    return It->second;
  Summary Init; // a scratch summary of the initializer, at this depth
  HostWalker W(Ctx, Cache, Init, Depth, TrackThis);
  W.walk(VD->getInit());
  bool Bound =
      !Init.TouchesViews.empty() || !Init.TouchesObjects.empty() || !Init.Opaque.empty();
  Cache.BoundToViewData[Key] = Bound;
  return Bound;
}

void HostWalker::throughReference(const DeclRefExpr *Ref, bool Written) {
  const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
  if (Depth != 0 || !P || !P->getType()->isReferenceType())
    return;
  QualType T = P->getType().getNonReferenceType();
  if (holdsViews(T) || isKokkosView(T))
    return;
  std::string Type = typeText(T.getCanonicalType().getUnqualifiedType(), Ctx);
  for (HostStatement::ReferenceUse &U : Out.ThroughReferences)
    if (U.Name == P->getNameAsString()) {
      U.Written |= Written;
      return;
    }
  Out.ThroughReferences.push_back({P->getNameAsString(), Type, Written});
}

void HostWalker::use(const DeclRefExpr *Ref) {
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (!VD)
    return;
  throughReference(Ref, false);
  if (boundToViewData(VD))
    return opaque("uses the reference '" + VD->getNameAsString() +
                      "', bound to an element of a View",
                  Ref);
  Root R{true, nameOf(VD), VD->getType()};
  if (holdsViews(VD->getType()))
    touch(R);
  else
    add(Out.Reads, R.Name);
}

void HostWalker::member(const MemberExpr *M) {
  const Expr *Base = M->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(Base)) {
    Root R = rootOf(M);
    if (holdsViews(M->getType()))
      touch(R);
    else
      add(Out.Reads, R.Name);
    return;
  }
  if (M->isArrow()) {
    // `input->rate`: a number read through a pointer to an object is
    // memory of that type only (C++'s aliasing rules).
    const Expr *P = M->getBase()->IgnoreParenImpCasts();
    if (!isa<CXXThisExpr>(P) && (isa<DeclRefExpr>(P) || isa<MemberExpr>(P)) &&
        pointerRead(P, M))
      return;
    return pointerUse(M->getBase());
  }
  // `sys.box`: a number read from an object that also holds Views reads
  // the object, it touches none of its Views.
  if (!holdsViews(M->getType())) {
    Root R = rootOf(M);
    if (R.Known && !R.Name.empty()) {
      add(Out.Reads, R.Name);
      const Expr *Object = Base;
      while (const auto *Inner = dyn_cast_or_null<MemberExpr>(Object))
        Object = Inner->isArrow() ? nullptr : Inner->getBase()->IgnoreParenImpCasts();
      if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Object))
        throughReference(Ref, false);
      return;
    }
  }
  walk(M->getBase());
}

bool HostWalker::isComparedViewData(const Expr *E) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
  if (!MC || !MC->getMethodDecl() || !MC->getMethodDecl()->getIdentifier() ||
      MC->getMethodDecl()->getName() != "data" || MC->getNumArgs() != 0)
    return false;
  const Expr *Obj = MC->getImplicitObjectArgument();
  return isKokkosView(Obj->getType()) && rootOf(Obj).Known;
}

bool HostWalker::pointerRead(const Expr *P, const Expr *E) {
  QualType T = E->getType().getCanonicalType().getUnqualifiedType();
  if (!T->isArithmeticType() || !rootOf(P).Known)
    return false;
  if (fieldPointer(P, E, "reads"))
    return true;
  if (T->isAnyCharacterType())
    return false;
  add(Out.Reads, rootOf(P).Name);
  std::string Type = typeText(T, Ctx);
  add(Out.PointerReads, Type);
  if (Out.Opaque.empty()) {
    Out.Opaque = "reads '" + exprText(E, Ctx) + "' (a " + Type + ") through a pointer";
    Out.OpaquePos = positionOf(E->getBeginLoc(), Ctx);
  }
  return true;
}

void HostWalker::addField(const HostStatement::FieldUse &U) {
  if (!llvm::is_contained(Out.FieldPointers, U))
    Out.FieldPointers.push_back(U);
}

bool HostWalker::fieldPointer(const Expr *P, const Expr *E, llvm::StringRef Verb) {
  const auto *M = dyn_cast<MemberExpr>(P->IgnoreParenImpCasts());
  const auto *F = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
  const auto *PT = F ? F->getType()->getAs<PointerType>() : nullptr;
  if (!PT || !PT->getPointeeType()->isArithmeticType())
    return false;
  walk(M);
  std::string Name = F->getQualifiedNameAsString();
  addField({Name,
            typeText(PT->getPointeeType().getCanonicalType().getUnqualifiedType(), Ctx),
            Verb == "writes"});
  if (Out.Opaque.empty()) {
    Out.Opaque = (Verb + " '" + exprText(E, Ctx) + "' through the pointer member '" + Name + "'")
                     .str();
    Out.OpaquePos = positionOf(E->getBeginLoc(), Ctx);
  }
  return true;
}

void HostWalker::pointerUse(const Expr *Pointer) {
  const Expr *P = Pointer->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(P))
    return;
  walk(P);
  opaque("reads or writes through the pointer '" + exprText(Pointer, Ctx) + "'", Pointer);
}

} // namespace host
} // namespace kfuse
