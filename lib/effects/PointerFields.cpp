//===- PointerFields.cpp - pointer members holding allocations of their own ===//

#include "effects/PointerFields.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang;

namespace kfuse {
namespace {

/// A pointer to numbers: what host code reads through such a member is of
/// that type only.
bool pointerToNumbers(QualType T) {
  const auto *P = T->getAs<PointerType>();
  return P && P->getPointeeType()->isArithmeticType();
}

/// An expression giving memory of its own: `new double[n]`, `malloc(...)`
/// (or `calloc`, `realloc` of the member itself is not), a null pointer.
bool ownAllocation(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return true;
  E = E->IgnoreParenCasts();
  if (isa<CXXNewExpr>(E) ||
      E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *FD = Call->getDirectCallee(); FD && FD->getIdentifier())
      return llvm::is_contained({"malloc", "calloc", "aligned_alloc"}, FD->getName());
  return false;
}

class Uses : public RecursiveASTVisitor<Uses> {
public:
  Uses(ASTContext &Ctx, llvm::function_ref<std::string(SourceLocation)> ProjectPath)
      : Ctx(Ctx), ProjectPath(ProjectPath) {}

  std::map<std::string, std::string> Out;

  bool VisitFieldDecl(FieldDecl *F) {
    if (tracked(F) && F->hasInClassInitializer() &&
        !ownAllocation(F->getInClassInitializer(), Ctx))
      escape(F, "initialised otherwise", F->getLocation());
    return true;
  }

  bool VisitCXXConstructorDecl(CXXConstructorDecl *C) {
    for (const CXXCtorInitializer *I : C->inits())
      if (I->isWritten() && I->getMember() && tracked(I->getMember()) &&
          !ownAllocation(I->getInit(), Ctx))
        escape(I->getMember(), "initialised otherwise", I->getSourceLocation());
    return true;
  }

  bool VisitMemberExpr(MemberExpr *M) {
    const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!F || !tracked(F))
      return true;
    Out.try_emplace(key(F), "");
    Fields.try_emplace(key(F), F);
    if (std::string Why = use(M); !Why.empty())
      escape(F, Why, M->getBeginLoc());
    return true;
  }

  /// A member named in a template where its object's type is not known
  /// yet: any member of that name may be used any way.
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *M) {
    Dependent.insert(M->getMember().getAsString());
    return true;
  }

  void finish() {
    for (auto &[Name, Why] : Out)
      if (Why.empty() && Dependent.count(llvm::StringRef(Name).rsplit("::").second.str()))
        Why = "named in a template";
      else if (Why.empty() && Fields.count(Name) && everyUseHere(Fields[Name]))
        Why = OwnInEveryUnit;
  }

private:
  std::map<std::string, const FieldDecl *> Fields;

  /// True if every use of \p F is in this unit: a private member of a class
  /// (not a template, no friends, no nested classes) whose member functions
  /// all have their bodies here.
  static bool everyUseHere(const FieldDecl *F) {
    const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
    if (F->getAccess() != AS_private || !RD || RD->hasFriends() ||
        RD->getDescribedClassTemplate() || isa<ClassTemplateSpecializationDecl>(RD) ||
        RD->isDependentContext())
      return false;
    for (const Decl *D : RD->decls()) {
      if (const auto *Nested = dyn_cast<CXXRecordDecl>(D); Nested && !Nested->isImplicit())
        return false;
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(D); T && !T->getTemplatedDecl()->hasBody())
        return false;
      if (const auto *M = dyn_cast<CXXMethodDecl>(D);
          M && !M->isImplicit() && !M->isDefaulted() && !M->isDeleted() && !M->hasBody())
        return false;
    }
    return true;
  }

  bool tracked(const FieldDecl *F) const {
    return pointerToNumbers(F->getType()) && !ProjectPath(F->getLocation()).empty();
  }

  static std::string key(const FieldDecl *F) { return F->getQualifiedNameAsString(); }

  void escape(const FieldDecl *F, const std::string &Why, SourceLocation At) {
    std::string &Entry = Out[key(F)];
    if (!Entry.empty())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(At));
    Entry = Why + (P.isValid() ? " (" + llvm::sys::path::filename(P.getFilename()).str() + ":" +
                                     std::to_string(P.getLine()) + ")"
                               : std::string());
  }

  /// Why the use \p M of a tracked member lets its value go elsewhere, or "".
  std::string use(const MemberExpr *M) {
    const Expr *E = M;
    // Up through parentheses and the load of the pointer.
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      if (Parents.size() != 1)
        return "used in several places at once";
      const auto *P = Parents[0].get<Expr>();
      if (!P)
        return Parents[0].get<ReturnStmt>() ? "returned" : "used as a statement of its own";
      if (isa<ParenExpr>(P) || (isa<ImplicitCastExpr>(P) &&
                                cast<ImplicitCastExpr>(P)->getCastKind() == CK_LValueToRValue)) {
        E = P;
        continue;
      }
      if (const auto *A = dyn_cast<ArraySubscriptExpr>(P))
        return A->getBase()->IgnoreParenImpCasts() != M ? "used as an index" : element(A);
      if (const auto *U = dyn_cast<UnaryOperator>(P))
        return U->getOpcode() == UO_Deref ? element(U) : "its address or value is taken";
      if (isa<CXXDeleteExpr>(P))
        return "";
      if (const auto *C = dyn_cast<ImplicitCastExpr>(P))
        if (C->getCastKind() == CK_PointerToBoolean)
          return "";
      if (const auto *B = dyn_cast<BinaryOperator>(P)) {
        if (B->getOpcode() == BO_Assign && B->getLHS()->IgnoreParens() == E)
          return ownAllocation(B->getRHS(), Ctx) ? "" : "assigned another pointer";
        if (B->isEqualityOp() || B->isRelationalOp())
          return "";
      }
      if (const auto *Call = dyn_cast<CallExpr>(P)) {
        const FunctionDecl *FD = Call->getDirectCallee();
        return "passed to '" + (FD ? FD->getNameAsString() : std::string("a call")) + "'";
      }
      return "copied";
    }
  }

  /// Why the element \p E (`p[i]`, `*p`) lets the memory be reached
  /// otherwise (its address taken, a reference bound to it), or "" where it
  /// is loaded, assigned, or incremented.
  std::string element(const Expr *E) {
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      if (Parents.size() != 1)
        return "an element used in several places at once";
      const auto *P = Parents[0].get<Expr>();
      if (!P) {
        const auto *S = Parents[0].get<Stmt>();
        return S && !isa<ReturnStmt>(S) ? "" : "an element bound to a reference";
      }
      if (isa<ParenExpr>(P)) {
        E = P;
        continue;
      }
      if (const auto *C = dyn_cast<ImplicitCastExpr>(P))
        return C->getCastKind() == CK_LValueToRValue ? "" : "an element converted";
      if (const auto *B = dyn_cast<BinaryOperator>(P))
        return B->isAssignmentOp() && B->getLHS()->IgnoreParens() == E ? ""
                                                                        : "an element used";
      if (const auto *U = dyn_cast<UnaryOperator>(P))
        return U->isIncrementDecrementOp() ? "" : "an element's address taken";
      return "an element's address or reference taken";
    }
  }

  ASTContext &Ctx;
  llvm::function_ref<std::string(SourceLocation)> ProjectPath;
  std::set<std::string> Dependent;
};

} // namespace

std::map<std::string, std::string>
pointerFieldUses(ASTContext &Ctx, llvm::ArrayRef<Decl *> Decls,
                 llvm::function_ref<std::string(SourceLocation)> ProjectPath) {
  Uses U(Ctx, ProjectPath);
  for (Decl *D : Decls)
    U.TraverseDecl(D);
  U.finish();
  return std::move(U.Out);
}

} // namespace kfuse
