//===- KernelBodyRows.cpp - Accessors of a captured object ----------------===//
//
// The part of the kernel body analysis that reads accessors: one returning
// an element of a View member (`d.vol(i)`), and rows (RowAccessor.h),
// `list.row(i)` as called in the body, or, where the body is written in a
// template and the call is dependent, as called in each instance.
//
//===----------------------------------------------------------------------===//

#include "effects/KernelBodyAnalyzer.h"
#include "effects/BodyForms.h"
#include "model/LaunchAnalyzer.h"
#include "model/KokkosAST.h"
#include "effects/RowAccessor.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/DeclCXX.h"
#include "effects/StoreFinder.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace kfuse {
using namespace body;
namespace {

/// The node of class \p T in \p S written exactly where \p At is, or null.
template <class T> const T *counterpart(const Stmt *S, const Stmt *At) {
  if (!S)
    return nullptr;
  if (const auto *N = dyn_cast<T>(S);
      N && N->getBeginLoc() == At->getBeginLoc() && N->getEndLoc() == At->getEndLoc())
    return N;
  for (const Stmt *Child : S->children())
    if (const T *Found = counterpart<T>(Child, At))
      return Found;
  return nullptr;
}

/// The variable of \p S declared where \p VD is, or null.
const VarDecl *counterpartVar(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getLocation() == VD->getLocation())
        return V;
  for (const Stmt *Child : S->children())
    if (const VarDecl *Found = counterpartVar(Child, VD))
      return Found;
  return nullptr;
}

bool samePaths(ArrayRef<MemberView> A, ArrayRef<MemberView> B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (A[I].Path != B[I].Path || A[I].Private != B[I].Private)
      return false;
  return true;
}

} // namespace

SmallVector<const CXXMemberCallExpr *, 2>
KernelBodyAnalyzer::resolvedCalls(const Expr *E) const {
  SmallVector<const CXXMemberCallExpr *, 2> Out;
  E = E->IgnoreUnlessSpelledInSource();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    Out.push_back(MC);
    return Out;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call || !Call->isTypeDependent() || Instances.empty() ||
      !isa<CXXDependentScopeMemberExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    return Out;
  for (const FunctionDecl *I : Instances) {
    const auto *MC = counterpart<CXXMemberCallExpr>(I->getBody(), Call);
    if (!MC)
      return {};
    Out.push_back(MC);
  }
  return Out;
}

bool KernelBodyAnalyzer::rowCall(const Expr *E, bool &Writable) const {
  Writable = false;
  SmallVector<const CXXMemberCallExpr *, 2> Calls = resolvedCalls(E);
  for (const CXXMemberCallExpr *MC : Calls) {
    bool Own = false;
    if (!rowAccessor(MC->getMethodDecl(), Ctx) ||
        !rowType(MC->getMethodDecl()->getReturnType(), Own))
      return false;
    Writable |= Own;
  }
  return !Calls.empty();
}

bool KernelBodyAnalyzer::rowValue(const Expr *E) const {
  bool Writable = false;
  return rowCall(E, Writable) && !Writable;
}

bool KernelBodyAnalyzer::rowCopy(const VarDecl *VD, const Expr *Init) {
  bool Writable = false;
  if (!rowCall(Init, Writable))
    return false;
  // As declared, or as each instance declares it.
  SmallVector<QualType, 2> Types;
  if (!VD->getType()->isDependentType()) {
    Types.push_back(VD->getType());
  } else {
    for (const FunctionDecl *I : Instances) {
      const VarDecl *Own = counterpartVar(I->getBody(), VD);
      if (!Own)
        return false;
      Types.push_back(Own->getType());
    }
  }
  for (QualType T : Types) {
    bool Own = false;
    // A copy, or a reference to const bound to the row.
    if ((T->isReferenceType() && !T.getNonReferenceType().isConstQualified()) ||
        !rowType(T.getNonReferenceType(), Own))
      return false;
    Writable |= Own;
  }
  if (Types.empty())
    return false;
  if (Writable)
    WritableRows.insert(VD);
  RowLocals.insert(VD);
  return true;
}

bool KernelBodyAnalyzer::rowChanged(const Expr *E, const Use &U) {
  if (U.Mode == AccessMode::Read)
    return false;
  // The row itself, or a member of it (`r.ptr`).
  const Expr *Base = E->IgnoreParenImpCasts();
  for (const auto *ME = dyn_cast<MemberExpr>(Base); ME && !ME->isArrow();
       ME = dyn_cast<MemberExpr>(Base))
    Base = ME->getBase()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || !RowLocals.contains(VD))
    return false;
  recordUnknown(E, "the row '" + VD->getNameAsString() + "' changed after it was handed out",
                /*MayWrite=*/true);
  return true;
}

bool KernelBodyAnalyzer::writableRowUse(const CallExpr *Call, const Use &U) {
  // The object the call is made on, as written.
  const Expr *Object = nullptr;
  unsigned FirstArg = 0;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    Object = MC->getImplicitObjectArgument();
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
             Op && Op->getNumArgs() > 0 && isa_and_nonnull<CXXMethodDecl>(Op->getDirectCallee())) {
    Object = Op->getArg(0);
    FirstArg = 1;
  } else if (const auto *D =
                 dyn_cast<CXXDependentScopeMemberExpr>(Call->getCallee()->IgnoreParenImpCasts())) {
    Object = D->isImplicitAccess() ? nullptr : D->getBase();
  } else if (Call->isTypeDependent()) {
    Object = Call->getCallee(); // `r(k)` on a row of dependent type
  }
  const auto *Ref = Object ? dyn_cast<DeclRefExpr>(Object->IgnoreParenImpCasts()) : nullptr;
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || !WritableRows.contains(VD))
    return false;
  // The methods called: the call's own, or its counterparts in the instances.
  SmallVector<const FunctionDecl *, 2> Callees;
  if (const FunctionDecl *FD = Call->getDirectCallee())
    Callees.push_back(FD);
  else
    for (const FunctionDecl *I : Instances) {
      const auto *Own = counterpart<CallExpr>(I->getBody(), Call);
      const FunctionDecl *FD = Own ? Own->getDirectCallee() : nullptr;
      if (!FD) {
        Callees.clear();
        break;
      }
      Callees.push_back(FD);
    }
  bool Reads = U.Mode == AccessMode::Read && !Callees.empty() &&
               llvm::all_of(Callees, [&](const FunctionDecl *FD) {
                 return StoreFinder(Ctx).firstStore(*FD, nullptr).empty();
               });
  if (!Reads)
    recordUnknown(Call,
                  "the row '" + VD->getNameAsString() +
                      "', which holds a pointer that is not to const, used other than to read",
                  /*MayWrite=*/true);
  for (unsigned I = FirstArg; I < Call->getNumArgs(); ++I)
    visit(Call->getArg(I), Use());
  return true;
}

std::string KernelBodyAnalyzer::rowRefusal(const VarDecl *VD, const Expr *Init) const {
  SmallVector<const CXXMemberCallExpr *, 2> Calls = resolvedCalls(Init);
  for (const CXXMemberCallExpr *MC : Calls) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    QualType R = MD ? MD->getReturnType() : QualType();
    bool Writable = false;
    if (R.isNull() || R->isReferenceType() || !R->isRecordType() || rowType(R, Writable))
      continue;
    return "what '" + MD->getNameAsString() + "' returns (" +
           typeText(R.getUnqualifiedType(), Ctx) + (Calls.size() > 1 ? ", in an instance" : "") +
           "), copied into '" + VD->getNameAsString() +
           "', holds more than numbers and pointers to numbers";
  }
  return "";
}

bool KernelBodyAnalyzer::rowAccess(const CallExpr *Call) {
  SmallVector<const CXXMemberCallExpr *, 2> Calls = resolvedCalls(Call);
  if (Calls.empty())
    return false;
  // The object as written.
  const Expr *Object = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    Object = MC->getImplicitObjectArgument();
  } else {
    const auto *D = cast<CXXDependentScopeMemberExpr>(Call->getCallee()->IgnoreParenImpCasts());
    if (D->isImplicitAccess() || D->isArrow())
      return false;
    Object = D->getBase();
  }
  std::optional<ViewRef> Ref = pathRef(Object);
  // A captured object, a member, or a path from one; not a local copy.
  if (!Ref || Ref->Local || (!Ref->RootDecl && !Ref->IsMember))
    return false;
  // Every instance's object: the Views of each (instances of a template
  // over several list types hold different ones).
  SmallVector<MemberView, 4> Members;
  bool Alike = true;
  for (size_t K = 0; K < Calls.size(); ++K) {
    SmallVector<MemberView, 4> Own;
    if (!rowAccessor(Calls[K]->getMethodDecl(), Ctx) ||
        !memberViews(Calls[K]->getImplicitObjectArgument()->getType(), Own))
      return false;
    Alike &= K == 0 || samePaths(Members, Own);
    for (MemberView &MV : Own)
      if (llvm::none_of(Members, [&](const MemberView &X) { return X.Path == MV.Path; }))
        Members.push_back(std::move(MV));
  }
  std::string Text = exprText(Call, Ctx);
  for (const MemberView &MV : Members) {
    ViewRef R = *Ref;
    if (R.Root.empty())
      R.Root = R.Name;
    R.Name += "." + MV.Path;
    R.Private |= MV.Private;
    bool Known = false;
    ViewUse &V = viewFor(R, MV.Type, "", Known);
    V.Accessor = Calls.front()->getMethodDecl()->getNameAsString();
    // A public path from a lambda's capture or from the functor's member:
    // the guard and the profile name it (in every instance alike); private
    // members on it through pointers to them, where each can be spelled.
    V.Named = !R.Private && Alike;
    if (Alike && R.Private && !Ref->Private && !Ref->IsMember && Ref->RootDecl &&
        !MV.Fields.empty()) { // (a lambda's capture: a functor's members are read otherwise)
      V.Steps = privateSteps(*Ref, MV.Fields);
      V.Named = !V.Steps.empty();
    }
    // Some elements, which the body's data choose.
    SmallVector<IndexExpr, 4> Indices(std::max(1u, V.Rank),
                                      IndexExpr{Text, IndexForm::Indirect, "", 0, {}});
    recordAccess(V, Known, Call, std::move(Indices), Use());
    V.Accesses.back().Through = Text;
  }
  for (const Expr *Arg : Call->arguments())
    visit(Arg, Use());
  return true;
}

/// A spelling of \p T that code at namespace scope anywhere in the unit
/// can write, or "" (a local or unnamed class, an anonymous namespace's, a
/// type that depends on a template's parameters).
static std::string globalSpelling(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType() || T->isInstantiationDependentType())
    return "";
  for (QualType Q = T; !Q.isNull();) {
    const CXXRecordDecl *RD = Q->getAsCXXRecordDecl();
    if (RD && (RD->isLocalClass() || RD->isInAnonymousNamespace() || !RD->getIdentifier()))
      return "";
    if (!Q->isPointerType() && !Q->isReferenceType())
      break;
    Q = Q->getPointeeType();
  }
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressScope = false;
  Policy.FullyQualifiedName = true;
  std::string S = TypeName::getFullyQualifiedName(T, Ctx, Policy, /*WithGlobalNsPrefix=*/true);
  if (StringRef(S).contains("(anonymous") || StringRef(S).contains("(lambda") ||
      StringRef(S).contains("(unnamed"))
    return "";
  return S;
}

std::vector<ViewUse::MemberStep>
KernelBodyAnalyzer::privateSteps(const ViewRef &Object,
                                 ArrayRef<const FieldDecl *> Path) const {
  // Not in an instance of a template: its members' types are spelled as
  // that instance has them, which another instance may not.
  for (const DeclContext *DC = Fn; DC; DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC);
        FD && (FD->isTemplateInstantiation() || FD->isDependentContext()))
      return {};
    if (isa<ClassTemplateSpecializationDecl>(DC))
      return {};
  }
  std::vector<ViewUse::MemberStep> Steps;
  SmallVector<StringRef, 4> Before;
  StringRef(Object.Name).split(Before, '.');
  for (size_t I = 1; I < Before.size(); ++I) // after the root
    Steps.push_back({Before[I].str(), ""});
  for (const FieldDecl *F : Path) {
    ViewUse::MemberStep Step{F->getNameAsString(), ""};
    if (F->getAccess() != AS_public) {
      Step.Class = globalSpelling(Ctx.getRecordType(F->getParent()), Ctx);
      if (Step.Class.empty() || F->isBitField() || F->getType()->isReferenceType())
        return {};
    }
    Steps.push_back(std::move(Step));
  }
  return Steps;
}

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
    // Private members on the way are named through pointers to them,
    // where each can be spelled outside its class.
    V.Named = !Object.Private;
    if (!Ref->Private && Object.Private) {
      V.Steps = privateSteps(*Ref, A.Path);
      V.Named = !V.Steps.empty();
    }
    SmallVector<IndexExpr, 4> Indices;
    for (size_t I = 0; I < A.Params.size(); ++I) {
      if (A.Params[I] >= 0) {
        Indices.push_back(classifyIndex(Call->getArg(A.Params[I])));
        Indices.back().Range = fileRange(Call->getArg(A.Params[I])->getSourceRange(), Ctx);
        Indices.back().Value = indexValue(Call->getArg(A.Params[I]), ValueScope(), 0);
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

} // namespace kfuse
