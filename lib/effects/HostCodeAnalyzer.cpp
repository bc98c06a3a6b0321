//===- HostCodeAnalyzer.cpp - What host code between launches does --------===//

#include "effects/HostCodeAnalyzer.h"
#include "model/KokkosAST.h"
#include "model/LaunchAnalyzer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace kfuse {
namespace {

bool isLaunchFunction(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  std::string Q = FD->getQualifiedNameAsString();
  return Q == "Kokkos::parallel_for" || Q == "Kokkos::parallel_reduce" ||
         Q == "Kokkos::parallel_scan";
}

/// View methods that read only its shape.
bool isViewMetadata(const FunctionDecl *FD) {
  static constexpr llvm::StringLiteral Names[] = {
      "extent",      "extent_int", "size",       "span",     "span_is_contiguous",
      "stride",      "stride_0",   "stride_1",   "stride_2", "stride_3",
      "stride_4",    "stride_5",   "stride_6",   "stride_7", "rank",
      "rank_dynamic", "label",     "is_allocated", "use_count", "layout",
      "required_allocation_size"};
  return FD && FD->getIdentifier() && llvm::is_contained(Names, FD->getName());
}

/// True if a value of type \p T can reach the elements of a View: a View,
/// or a class (or array) with one among its members, bases or template
/// arguments (`std::vector<View>`).
bool holdsViews(QualType T, unsigned Depth = 0) {
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

/// A pointer host code may pass around without kfuse losing track of
/// memory: a C string.
bool isStringPointer(QualType T) {
  const auto *PT = T->getAs<PointerType>();
  return PT && PT->getPointeeType()->isCharType();
}

/// What a function body does to memory outside itself: the globals it
/// touches (named), and why it may touch anything, if it may.
using Summary = HostStatement;

struct SummaryCache {
  std::map<std::pair<const FunctionDecl *, bool>, Summary> Bodies;
  /// HostWalker::boundToViewData, by variable, depth (0 or not) and TrackThis.
  std::map<std::tuple<const VarDecl *, bool, bool>, bool> BoundToViewData;
};

class HostWalker {
public:
  /// \p Depth 0 walks a statement of the gap; deeper walks a callee's body,
  /// where only globals (and, with \p TrackThis, members of `this`) are
  /// recorded.
  HostWalker(ASTContext &Ctx, SummaryCache &Cache, Summary &Out, unsigned Depth,
             bool TrackThis)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Cache(Cache), Out(Out), Depth(Depth),
        TrackThis(TrackThis) {}

  void walk(const Stmt *S) {
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

  /// After the walk of a statement: the Views whose elements it only
  /// loaded (HostStatement::ReadOnlyViews).
  void finish() {
    for (const std::string &N : Loaded)
      if (!Touched.count(N) && !llvm::is_contained(Out.ReadOnlyViews, N))
        Out.ReadOnlyViews.push_back(N);
  }

private:
  static void add(std::vector<std::string> &To, const std::string &Name) {
    if (!Name.empty() && !llvm::is_contained(To, Name))
      To.push_back(Name);
  }

  /// Marks the statement as one that may touch any memory (\p Call: only
  /// because of a call recorded in Unseen).
  void opaque(const std::string &Why, const Stmt *At, bool Call = false) {
    Out.OpaqueOther = true;
    Out.OpaqueBeyondCalls |= !Call;
    if (!Out.Opaque.empty())
      return;
    Out.Opaque = Why;
    Out.OpaquePos = positionOf(At->getBeginLoc(), Ctx);
  }

  /// Adds what \p From, a summary of an expression walked at this depth,
  /// found, as if it had been walked into this one.
  void merge(const Summary &From) {
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

  void children(const Stmt *S) {
    for (const Stmt *Child : S->children())
      walk(Child);
  }

  /// The name host code knows \p VD by, or "" for a variable local to a
  /// callee (invisible outside it).
  std::string nameOf(const VarDecl *VD) const {
    if (Depth > 0 && !(VD->hasGlobalStorage() && !VD->isStaticLocal()))
      return "";
    return VD->getNameAsString();
  }

  struct Root {
    bool Known = false; ///< the lvalue is part of a variable (or needs none)
    std::string Name;   ///< that variable ("" when local to a callee)
    QualType Type;      ///< the variable's type
  };

  /// The variable an lvalue is part of: `a` for `a`, `s.x` and `arr[i]`,
  /// the member for `this->m`.
  Root rootOf(const Expr *E) {
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
    if (isa<MaterializeTemporaryExpr>(E) || isa<CXXTemporaryObjectExpr>(E) ||
        isa<CXXConstructExpr>(E) || isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E))
      return {true, "", QualType()}; // a temporary
    return {};
  }

  /// \p E is assigned or incremented, or its address taken.
  void changes(const Expr *E) {
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

  void touch(const Root &R, bool Load = false) {
    if (R.Name.empty())
      return;
    add(isKokkosView(R.Type) ? Out.TouchesViews : Out.TouchesObjects, R.Name);
    (Load ? Loaded : Touched).insert(R.Name);
  }

  /// A local reference bound to an element of a View (`double &e = h(0)`):
  /// using it reads or writes that View's data under another name.
  bool boundToViewData(const VarDecl *VD) {
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

  /// \p Ref names a reference parameter of the function walked (not of
  /// a callee: those are bound to its arguments): what it refers to may be
  /// anything of its type, an element of a View too. Views, and objects
  /// holding them, are followed as such.
  void throughReference(const DeclRefExpr *Ref, bool Written) {
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

  void use(const DeclRefExpr *Ref) {
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

  void member(const MemberExpr *M) {
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

  /// `v.data()` of a View named by a variable or member.
  bool isComparedViewData(const Expr *E) {
    const auto *MC = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
    if (!MC || !MC->getMethodDecl() || !MC->getMethodDecl()->getIdentifier() ||
        MC->getMethodDecl()->getName() != "data" || MC->getNumArgs() != 0)
      return false;
    const Expr *Obj = MC->getImplicitObjectArgument();
    return isKokkosView(Obj->getType()) && rootOf(Obj).Known;
  }

  /// \p E, a number read through the pointer \p P (a variable or member):
  /// the pointer's value is read, and memory of that number's type only
  /// (C++'s aliasing rules). False if \p E is no such read.
  bool pointerRead(const Expr *P, const Expr *E) {
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

  /// \p E, a number read or written (\p Verb) through \p P, a pointer
  /// data member to numbers (`array[which]`): recorded by the member
  /// (FieldPointers). False if \p P is no such member.
  void addField(const HostStatement::FieldUse &U) {
    if (!llvm::is_contained(Out.FieldPointers, U))
      Out.FieldPointers.push_back(U);
  }

  bool fieldPointer(const Expr *P, const Expr *E, llvm::StringRef Verb) {
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

  /// Memory reached through a raw pointer: it may be anything.
  void pointerUse(const Expr *Pointer) {
    const Expr *P = Pointer->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(P))
      return;
    walk(P);
    opaque("reads or writes through the pointer '" + exprText(Pointer, Ctx) + "'", Pointer);
  }

  void call(const CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (isLaunchFunction(FD)) {
      SourcePos P = positionOf(Call->getBeginLoc(), Ctx);
      if (llvm::none_of(Out.Launches, [&](const SourcePos &L) {
            return L.File == P.File && L.Line == P.Line && L.Column == P.Column;
          }))
        Out.Launches.push_back(P);
      return opaque("launches a kernel", Call, true);
    }
    const Expr *Object = nullptr;
    unsigned FirstArg = 0;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      Object = MC->getImplicitObjectArgument();
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
               Op && isa_and_nonnull<CXXMethodDecl>(FD) && Op->getNumArgs() > 0) {
      Object = Op->getArg(0);
      FirstArg = 1;
    }
    if (!FD) {
      walk(Call->getCallee());
      for (const Expr *A : Call->arguments())
        walk(A);
      return opaque("calls through '" + exprText(Call->getCallee(), Ctx) +
                        "', which kfuse cannot follow",
                    Call);
    }
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (Object && MD && !MD->isStatic()) {
      Root Target; // the object whose members the method's body names
      bool ThroughPointer = Object->getType()->isPointerType();
      QualType ObjectType = ThroughPointer ? Object->getType()->getPointeeType()
                                           : Object->getType();
      const Expr *Plain = Object->IgnoreParenImpCasts();
      bool OnThis = isa<CXXThisExpr>(Plain);
      if (isKokkosView(ObjectType)) {
        // Views are handles: their methods touch the elements or the shape.
        if (!isViewMetadata(FD)) {
          Root R = rootOf(Plain);
          if (!R.Known)
            walk(Plain);
          bool Load = ElementLoads.count(Call) &&
                      (FD->getOverloadedOperator() == OO_Call ||
                       FD->getOverloadedOperator() == OO_Subscript);
          touch(R.Known ? R : Root(), Load);
          if (FD->getOverloadedOperator() == OO_Equal)
            add(Out.Changes, R.Name);
        }
        arguments(Call, FD, FirstArg);
        return;
      }
      // A virtual call: what the overriders do is for the planner, which
      // may see them all (Unseen); the object and the arguments are used.
      if (MD->isVirtual() && !MD->hasAttr<FinalAttr>() && !MD->getParent()->hasAttr<FinalAttr>()) {
        if (!OnThis)
          calledOn(Plain);
        arguments(Call, FD, FirstArg);
        unseen(MD, true);
        return opaque("calls the virtual function '" + MD->getNameAsString() +
                          "', whose overrider kfuse cannot know",
                      Call, true);
      }
      if (!OnThis && !isLibraryFunction(FD, SM) && !FD->hasBody()) {
        // Its body in another unit says what it does to the object.
        calledOn(Plain);
      } else if (ThroughPointer && !OnThis) {
        pointerUse(Object);
      } else if (!OnThis) {
        Root R = rootOf(Plain);
        const FunctionDecl *Def = nullptr;
        if (!R.Known) {
          walk(Plain);
        } else if (!isLibraryFunction(FD, SM) && FD->hasBody(Def)) {
          // Its body says what it does to the object's members.
          Target = R;
          Target.Type = ObjectType;
        } else {
          if (!MD->isConst())
            add(Out.Changes, R.Name);
          if (holdsViews(ObjectType))
            touch({true, R.Name, ObjectType});
          else if (MD->isConst())
            add(Out.Reads, R.Name);
        }
      }
      arguments(Call, FD, FirstArg);
      callee(FD, OnThis, Call, Target.Known ? &Target : nullptr);
      return;
    }
    arguments(Call, FD, FirstArg);
    callee(FD, false, Call);
  }

  /// \p Object, the object (or the pointer to it) a method is called on
  /// whose body the planner judges (Unseen: a virtual one, or one whose
  /// body another unit holds): what the body does with the object's
  /// members is judged there, here the variable is read.
  void calledOn(const Expr *Object) {
    Root R = rootOf(Object);
    if (!R.Known)
      return walk(Object);
    add(Out.Reads, R.Name);
  }

  void construct(const CXXConstructExpr *C) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    for (unsigned I = 0; I < C->getNumArgs(); ++I)
      argument(C->getArg(I), I < Ctor->getNumParams() ? Ctor->getParamDecl(I) : nullptr,
               Ctor);
    if (!Ctor->isTrivial() && !Ctor->isImplicit())
      callee(Ctor, false, C);
  }

  void arguments(const CallExpr *Call, const FunctionDecl *FD, unsigned FirstArg) {
    for (unsigned I = FirstArg; I < Call->getNumArgs(); ++I) {
      unsigned P = I - FirstArg;
      argument(Call->getArg(I), P < FD->getNumParams() ? FD->getParamDecl(P) : nullptr, FD);
    }
  }

  /// An argument: what it names is used, a non-const reference parameter
  /// may change it, a raw pointer may reach anything.
  void argument(const Expr *Arg, const ParmVarDecl *Param, const FunctionDecl *FD) {
    QualType PT = Param ? Param->getType() : Arg->getType();
    // A function of the project whose body the planner judges (Unseen: a
    // virtual one, or one whose body another unit holds) says there what
    // it does with an object passed by pointer or reference: here its
    // variable is read (and may change).
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    bool Judged = !isLibraryFunction(FD, SM) && (!FD->hasBody() || (MD && MD->isVirtual()));
    const Expr *Plain = Arg->IgnoreParenImpCasts();
    // (`&system`: the object whose address it is, which may change.)
    bool Address = false;
    if (const auto *U = dyn_cast<UnaryOperator>(Plain); Judged && U && U->getOpcode() == UO_AddrOf) {
      Plain = U->getSubExpr()->IgnoreParenImpCasts();
      Address = PT->isPointerType() && !PT->getPointeeType().isConstQualified();
    }
    const auto *Member = dyn_cast<MemberExpr>(Plain);
    if (Judged && (Arg->getType()->isPointerType() || PT->isReferenceType()) &&
        (isa<DeclRefExpr>(Plain) ||
         (Member && isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts())))) {
      Root R = rootOf(Plain);
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Plain))
        throughReference(Ref, false);
      add(Out.Reads, R.Name);
      if (Address || (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())) {
        add(Out.Changes, R.Name);
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Plain))
          throughReference(Ref, true);
      }
      return;
    }
    if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified()) {
      Root R = rootOf(Arg);
      // Not part of a variable (`p[i]`, `in->rate`, `d.dt()`): written
      // through a pointer, or through the reference a call returns
      // (changes() walks it).
      if (!R.Known)
        return changes(Arg);
      walk(Arg);
      add(Out.Changes, R.Name);
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts()))
        throughReference(Ref, true);
      return;
    }
    walk(Arg);
    // The address of a local number, or of a local value of numbers
    // (`reduce(&e, 1)`, `gettimeofday(&tv, nullptr)`): the callee may
    // change it, and reach nothing else through it.
    if (const auto *U = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
        U && U->getOpcode() == UO_AddrOf)
      if (const auto *Ref = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
            VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType() &&
            (VD->getType()->isArithmeticType() ||
             (VD->getType()->isRecordType() && !holdsMemory(VD->getType()))))
          return add(Out.Changes, VD->getNameAsString());
    QualType AT = Arg->IgnoreParenImpCasts()->getType();
    if ((AT->isPointerType() || PT->isPointerType()) && !isStringPointer(AT) &&
        !isa<StringLiteral>(Arg->IgnoreParenImpCasts()) &&
        !isa<CXXThisExpr>(Arg->IgnoreParenImpCasts()) &&
        !Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNull))
      opaque("passes the pointer '" + exprText(Arg, Ctx) + "' to '" +
                 FD->getNameAsString() + "'",
             Arg, Judged);
  }

  /// Follows a call into \p FD: what its body does to globals (and, for a
  /// method of the enclosing object, to its members).
  void callee(const FunctionDecl *FD, bool OnThis, const Stmt *At,
              const Root *Target = nullptr) {
    if (isLibraryFunction(FD, SM))
      return;
    std::string Name = FD->getNameAsString();
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Def) {
      unseen(FD, false);
      return opaque("calls '" + Name + "', whose body kfuse cannot see", At, true);
    }
    if (Depth >= 6)
      return opaque("calls '" + Name + "' through too many levels of calls", At);
    bool This = (OnThis && (Depth == 0 || TrackThis)) || Target;
    auto Key = std::make_pair(Def, This);
    auto It = Cache.Bodies.find(Key);
    if (It == Cache.Bodies.end()) {
      It = Cache.Bodies.emplace(Key, Summary()).first; // recursion: in progress
      Summary S;
      HostWalker W(Ctx, Cache, S, Depth + 1, This);
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
        for (const CXXCtorInitializer *Init : Ctor->inits())
          W.walk(Init->getInit());
      W.walk(Def->getBody());
      S.Declares.clear();
      Cache.Bodies[Key] = S;
      It = Cache.Bodies.find(Key);
    }
    const Summary &S = It->second;
    // Members of the object the method ran on ("this->m" in its summary):
    // of the target object, or of this function's own object.
    auto Map = [&](const std::string &N, std::vector<std::string> &To, bool Data) {
      llvm::StringRef Member(N);
      if (&To == &Out.TouchesViews) { // (what the callee does with it is not known here)
        Touched.insert(N);
        if (Member.starts_with(ThisPrefix))
          Touched.insert(Member.drop_front(llvm::StringRef(ThisPrefix).size()).str());
      }
      if (!Member.consume_front(ThisPrefix))
        return add(To, N);
      if (Target) {
        if (Data)
          return add(Out.TouchesObjects, Target->Name);
        return add(&To == &Out.Changes ? Out.Changes : Out.Reads, Target->Name);
      }
      add(To, Depth == 0 ? Member.str() : N);
    };
    for (const std::string &N : S.Changes)
      Map(N, Out.Changes, false);
    for (const std::string &N : S.Reads)
      Map(N, Out.Reads, false);
    for (const std::string &N : S.TouchesViews)
      Map(N, Out.TouchesViews, true);
    for (const std::string &N : S.TouchesObjects)
      Map(N, Out.TouchesObjects, true);
    for (const Summary::UnseenCall &U : S.Unseen)
      addUnseen(U);
    Out.Launches.insert(Out.Launches.end(), S.Launches.begin(), S.Launches.end());
    // Numbers it reads through pointers are read here.
    if (!S.Opaque.empty() && !S.OpaqueOther) {
      for (const std::string &T : S.PointerReads)
        add(Out.PointerReads, T);
      for (const HostStatement::FieldUse &U : S.FieldPointers)
        addField(U);
      if (Out.Opaque.empty()) {
        Out.Opaque = "calls '" + Name + "', which " + S.Opaque;
        Out.OpaquePos = positionOf(At->getBeginLoc(), Ctx);
      }
    } else if (!S.Opaque.empty())
      opaque("calls '" + Name + "', which " +
                 (llvm::StringRef(S.Opaque).starts_with("calls ") ? S.Opaque
                  : "has " + S.Opaque),
             At, !S.OpaqueBeyondCalls);
  }

  /// Records a call of \p FD whose body this unit lacks, or a virtual one.
  void unseen(const FunctionDecl *FD, bool Virtual) {
    llvm::SmallString<128> Usr;
    if (index::generateUSRForDecl(FD, Usr))
      return (void)(Out.OpaqueBeyondCalls = true);
    addUnseen({std::string(Usr), FD->getQualifiedNameAsString(), Virtual});
  }
  void addUnseen(const Summary::UnseenCall &U) {
    if (llvm::none_of(Out.Unseen, [&](const Summary::UnseenCall &X) {
          return X.Usr == U.Usr && X.Virtual == U.Virtual;
        }))
      Out.Unseen.push_back(U);
  }

  /// How a callee's summary names the members of the object it ran on.
  static constexpr const char *ThisPrefix = "this->";

  ASTContext &Ctx;
  const SourceManager &SM;
  SummaryCache &Cache;
  Summary &Out;
  /// Element accesses whose value is loaded; the Views loaded so, and those
  /// used otherwise (which are not only read).
  std::set<const Expr *> ElementLoads;
  std::set<std::string> Loaded, Touched;
  unsigned Depth;
  bool TrackThis;
  unsigned Loops = 0;
  unsigned Nesting = 0;
};

/// The end of statement \p S through its `;`, or of its last token.
unsigned statementEnd(const Stmt &S, const ASTContext &Ctx) {
  TextRange R = fileRange(S.getSourceRange(), Ctx);
  if (!R.valid())
    return 0;
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getFileID(SM.getExpansionLoc(S.getBeginLoc()));
  SourceLocation End = SM.getComposedLoc(FID, R.Offset + R.Length);
  std::optional<Token> Next =
      Lexer::findNextToken(End.getLocWithOffset(-1), SM, Ctx.getLangOpts());
  if (Next && Next->is(tok::semi))
    return SM.getFileOffset(Next->getLocation()) + 1;
  return R.Offset + R.Length;
}

/// True if a preprocessor directive lies in [From, To) of \p FID.
bool hasDirective(FileID FID, unsigned From, unsigned To, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Text = SM.getBufferData(FID);
  if (To > Text.size() || From >= To)
    return false;
  // The raw lexer needs the buffer's terminating null: lex from From and
  // stop at To.
  Lexer Raw(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Text.begin(),
            Text.begin() + From, Text.end());
  Token T;
  bool More = true;
  while (More) {
    More = !Raw.LexFromRawLexer(T);
    if (SM.getFileOffset(T.getLocation()) >= To || T.is(tok::eof))
      return false;
    if (T.is(tok::hash) && T.isAtStartOfLine())
      return true;
  }
  return false;
}

} // namespace

static bool isLaunchCall(const Stmt *S);

const Stmt *guardedLaunch(const IfStmt &If) {
  if (If.getElse() || If.getInit() || If.getConditionVariable() || If.isConstexpr() ||
      If.isConsteval())
    return nullptr;
  const Stmt *Then = If.getThen();
  if (const auto *Block = dyn_cast<CompoundStmt>(Then)) {
    if (Block->size() != 1)
      return nullptr;
    Then = Block->body_front();
  }
  return isLaunchCall(Then) ? Then : nullptr;
}

bool isLaunchStatement(const Stmt *S) {
  if (const auto *If = dyn_cast_or_null<IfStmt>(S))
    return guardedLaunch(*If) != nullptr;
  return isLaunchCall(S);
}

HostStatement analyzeHostExpr(const Expr &E, ASTContext &Ctx) {
  return analyzeHostStmt(E, Ctx);
}

/// The View variable \p St copies from when it is one
/// `Kokkos::deep_copy(dst, src)` of two distinct View variables, else "".
static std::string copySource(const Stmt *St) {
  if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(St))
    St = Cleanups->getSubExpr();
  const auto *Call = dyn_cast_or_null<CallExpr>(St);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || FD->getQualifiedNameAsString() != "Kokkos::deep_copy" || Call->getNumArgs() != 2)
    return "";
  const VarDecl *Vars[2] = {nullptr, nullptr};
  for (unsigned I = 0; I < 2; ++I) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreImplicit()->IgnoreParenImpCasts());
    Vars[I] = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Vars[I] || !isKokkosView(Vars[I]->getType().getNonReferenceType()))
      return "";
  }
  return Vars[0] == Vars[1] ? "" : Vars[1]->getNameAsString();
}

HostStatement analyzeHostStmt(const Stmt &St, ASTContext &Ctx) {
  HostStatement S;
  S.Range = fileRange(St.getSourceRange(), Ctx);
  S.Pos = positionOf(St.getBeginLoc(), Ctx);
  SummaryCache Cache;
  HostWalker W(Ctx, Cache, S, 0, false);
  W.walk(&St);
  W.finish();
  if (std::string Source = copySource(&St); !Source.empty())
    S.ReadOnlyViews.push_back(Source);
  return S;
}

static bool isLaunchCall(const Stmt *S) {
  if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(S))
    S = Cleanups->getSubExpr();
  const auto *Call = dyn_cast_or_null<CallExpr>(S);
  if (!Call)
    return false;
  if (isLaunchFunction(Call->getDirectCallee()))
    return true;
  if (const auto *ULE =
          dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreImpCasts()))
    return llvm::is_contained({"parallel_for", "parallel_reduce", "parallel_scan"},
                              ULE->getName().getAsString());
  return false;
}

std::optional<HostGap> analyzeHostGap(const CompoundStmt &Block, const Stmt &Launch,
                                      ASTContext &Ctx) {
  std::vector<const Stmt *> Body(Block.body_begin(), Block.body_end());
  auto At = llvm::find(Body, &Launch);
  if (At == Body.end())
    return std::nullopt;
  auto Prev = At;
  while (Prev != Body.begin() && !isLaunchStatement(*std::prev(Prev)))
    --Prev;
  if (Prev == Body.begin())
    return std::nullopt;
  HostGap Gap;
  Gap.From = statementEnd(**std::prev(Prev), Ctx);
  TextRange LaunchRange = fileRange(Launch.getSourceRange(), Ctx);
  Gap.To = LaunchRange.Offset;
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getFileID(SM.getExpansionLoc(Launch.getBeginLoc()));
  Gap.Directive = hasDirective(FID, Gap.From, Gap.To, Ctx);
  SummaryCache Cache;
  for (auto It = Prev; It != At; ++It) {
    HostStatement S;
    S.Range = fileRange((*It)->getSourceRange(), Ctx);
    S.Pos = positionOf((*It)->getBeginLoc(), Ctx);
    HostWalker W(Ctx, Cache, S, 0, false);
    W.walk(*It);
    W.finish();
    if (std::string Source = copySource(*It); !Source.empty())
      S.ReadOnlyViews.push_back(Source);
    Gap.Statements.push_back(std::move(S));
  }
  return Gap;
}

std::vector<std::string> hostNamesOf(const CallExpr &Call) {
  std::vector<std::string> Out;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    std::string Name;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      if (isa<VarDecl>(Ref->getDecl()))
        Name = Ref->getDecl()->getNameAsString();
    } else if (const auto *M = dyn_cast<MemberExpr>(S)) {
      if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
        Name = M->getMemberDecl()->getNameAsString();
    }
    if (!Name.empty() && !llvm::is_contained(Out, Name))
      Out.push_back(Name);
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  for (const Expr *Arg : Call.arguments())
    Walk(Arg);
  return Out;
}

/// A function of a standard C interface that its standard says touches the
/// program's memory only through its arguments, wherever its header lies (an
/// MPI installation, or a serial stub of it, is often included with -I): the
/// OpenMP runtime's queries, and MPI's environment, point-to-point and
/// collective calls. A nonblocking receive writes its buffer when it completes
/// (`MPI_Wait(&req, ...)`), but the program may not touch that buffer until
/// then, so no kernel between its start and its completion does; one-sided
/// communication (windows) is not among them.
static bool standardInterface(const FunctionDecl *FD) {
  if (!FD->isExternC() || !FD->getIdentifier())
    return false;
  llvm::StringRef Name = FD->getName();
  if (Name.consume_front("omp_"))
    return Name.starts_with("get_") || Name == "in_parallel";
  if (!Name.consume_front("MPI_") && !Name.consume_front("PMPI_"))
    return false;
  static constexpr llvm::StringLiteral Mpi[] = {
      "Wtime", "Wtick", "Init", "Init_thread", "Initialized", "Finalize", "Finalized", "Abort",
      "Comm_rank", "Comm_size", "Get_processor_name", "Get_count", "Barrier", "Bcast", "Reduce",
      "Allreduce", "Gather", "Gatherv", "Allgather", "Allgatherv", "Scatter", "Scatterv",
      "Alltoall", "Alltoallv", "Scan", "Exscan", "Send", "Ssend", "Rsend", "Recv", "Sendrecv",
      "Sendrecv_replace", "Probe", "Isend", "Irecv", "Wait", "Waitall", "Waitany", "Test",
      "Testall", "Cart_coords", "Cart_rank", "Cart_shift", "Dims_create"};
  return llvm::is_contained(Mpi, Name);
}

bool isLibraryFunction(const FunctionDecl *FD, const SourceManager &SM) {
  if (FD->getBuiltinID() || SM.isInSystemHeader(FD->getLocation()) || standardInterface(FD))
    return true;
  const DeclContext *DC = FD->getDeclContext();
  const NamespaceDecl *Top = nullptr;
  for (; DC && !DC->isTranslationUnit(); DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Top = NS;
  return Top && Top->getIdentifier() &&
         llvm::is_contained({"std", "Kokkos", "__gnu_cxx"}, Top->getName());
}

} // namespace kfuse
