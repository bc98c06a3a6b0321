//===- KernelBodyCalls.cpp - Calls a kernel body makes ------------------===//
//
// The part of the kernel body analysis that reads calls: of View methods,
// atomics, accessors, and functions of the program it follows into (the
// functor's own members and operators, device functions), each parameter
// standing for its argument.
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
  // A return in its body leaves the call, not the kernel.
  bool SavedExited = Exited;
  visit(Def->getBody(), Use());
  Exited = SavedExited;
  Following.pop_back();
  ReturnUse = Saved;
  return true;
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
      // An address written in place (`&g(c)`): that element, updated.
      if (isa<UnaryOperator>(Arg->IgnoreParenImpCasts())) {
        visit(Arg, Use{AccessMode::Atomic, Name});
        continue;
      }
      // The element a pointer holds (`double *p = &g(c)`, `v.data() + c`):
      // updated there, read and written, as one written in place is.
      if (const PointerTarget *T = pointerTarget(Arg)) {
        recordThroughPointer(*T, Arg, Arg, Use{AccessMode::Atomic, Name});
        visitIndices(*T, Arg);
        continue;
      }
      // Any other pointer (a raw pointer the kernel captures, one it
      // computes): memory kfuse cannot place.
      if (std::string Why = outsideMemory(Arg); !Why.empty())
        recordUnknown(Arg, Why + " updated by '" + Name + "'", /*MayWrite=*/true);
      visit(Arg, Use());
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
    Use Passed{AccessMode::PassedToCall, Name};
    Passed.Unresolved = ParamT.isNull();
    visit(Arg, ByMutableRef ? Passed : Use());
  }
}

} // namespace kfuse
