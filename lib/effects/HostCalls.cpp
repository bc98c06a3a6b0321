//===- HostCalls.cpp - Host code's calls and the bodies it follows --------===//
//
// Part of HostWalker (HostWalker.h): calls, constructions and their
// arguments, and the bodies of the project's functions they run (each
// summarised once, SummaryCache), or why kfuse cannot follow them.
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

void HostWalker::call(const CallExpr *Call) {
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

void HostWalker::calledOn(const Expr *Object) {
  Root R = rootOf(Object);
  if (!R.Known)
    return walk(Object);
  add(Out.Reads, R.Name);
}

void HostWalker::construct(const CXXConstructExpr *C) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  for (unsigned I = 0; I < C->getNumArgs(); ++I)
    argument(C->getArg(I), I < Ctor->getNumParams() ? Ctor->getParamDecl(I) : nullptr,
             Ctor);
  if (!Ctor->isTrivial() && !Ctor->isImplicit())
    callee(Ctor, false, C);
}

void HostWalker::arguments(const CallExpr *Call, const FunctionDecl *FD, unsigned FirstArg) {
  for (unsigned I = FirstArg; I < Call->getNumArgs(); ++I) {
    unsigned P = I - FirstArg;
    argument(Call->getArg(I), P < FD->getNumParams() ? FD->getParamDecl(P) : nullptr, FD);
  }
}

void HostWalker::argument(const Expr *Arg, const ParmVarDecl *Param, const FunctionDecl *FD) {
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

void HostWalker::callee(const FunctionDecl *FD, bool OnThis, const Stmt *At,
            const Root *Target) {
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

void HostWalker::unseen(const FunctionDecl *FD, bool Virtual) {
  llvm::SmallString<128> Usr;
  if (index::generateUSRForDecl(FD, Usr))
    return (void)(Out.OpaqueBeyondCalls = true);
  addUnseen({std::string(Usr), FD->getQualifiedNameAsString(), Virtual});
}

void HostWalker::addUnseen(const Summary::UnseenCall &U) {
  if (llvm::none_of(Out.Unseen, [&](const Summary::UnseenCall &X) {
        return X.Usr == U.Usr && X.Virtual == U.Virtual;
      }))
    Out.Unseen.push_back(U);
}

} // namespace host
} // namespace kfuse
