//===- RowAccessor.cpp - Rows handed out by an object's accessor ---------===//

#include "effects/RowAccessor.h"
#include <optional>
#include "effects/HostCodeAnalyzer.h"
#include "model/KokkosAST.h"
#include "effects/StoreFinder.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace kfuse {
namespace {

constexpr unsigned MaxDepth = 4;

bool number(QualType T) { return T->isArithmeticType() || T->isEnumeralType(); }

bool rowType(QualType T, bool &Writable, unsigned Depth) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > MaxDepth)
    return false;
  RD = RD->getDefinition();
  if (RD->isPolymorphic() || RD->isLambda())
    return false;
  for (const FieldDecl *F : RD->fields()) {
    QualType FT = F->getType();
    if (number(FT))
      continue;
    if (FT->isPointerType() && number(FT->getPointeeType())) {
      Writable |= !FT->getPointeeType().isConstQualified();
      continue;
    }
    return false;
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!rowType(B.getType(), Writable, Depth + 1))
      return false;
  return true;
}

/// True if \p S names no variable but locals, parameters and constants, and
/// calls only library functions and project functions (constructors too)
/// whose bodies are of the same kind: no pointer it yields comes from
/// anywhere but the Views of `this` and of its arguments.
bool ownDataOnly(const Stmt *S, const SourceManager &SM, unsigned Depth);

bool ownFunction(const FunctionDecl *FD, const SourceManager &SM, unsigned Depth) {
  if (!FD)
    return false;
  if (isLibraryFunction(FD, SM))
    return true;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isVirtual())
    return false;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def->getBody())
    return FD->isTrivial() || FD->isDefaulted();
  if (Depth >= MaxDepth)
    return false;
  if (const auto *C = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : C->inits())
      if (!ownDataOnly(Init->getInit(), SM, Depth + 1))
        return false;
  return ownDataOnly(Def->getBody(), SM, Depth + 1);
}

bool ownDataOnly(const Stmt *S, const SourceManager &SM, unsigned Depth) {
  if (!S)
    return true;
  if (isa<LambdaExpr, CXXNewExpr, CXXDeleteExpr, AsmStmt, CXXThrowExpr>(S))
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && !VD->hasLocalStorage() && !VD->isConstexpr() &&
        !(VD->getType().isConstQualified() && number(VD->getType())))
      return false;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (!ownFunction(Call->getDirectCallee(), SM, Depth))
      return false;
  if (const auto *C = dyn_cast<CXXConstructExpr>(S))
    if (!ownFunction(C->getConstructor(), SM, Depth))
      return false;
  for (const Stmt *Child : S->children())
    if (!ownDataOnly(Child, SM, Depth))
      return false;
  return true;
}

bool memberViews(QualType T, const std::string &Prefix, bool Private, unsigned Depth,
                 SmallVectorImpl<MemberView> &Out,
                 std::optional<SmallVector<const FieldDecl *, 2>> Fields) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > MaxDepth)
    return false;
  RD = RD->getDefinition();
  for (const FieldDecl *F : RD->fields()) {
    QualType FT = F->getType();
    std::string Path = Prefix + F->getNameAsString();
    bool P = Private || F->getAccess() != AS_public;
    std::optional<SmallVector<const FieldDecl *, 2>> Own = Fields;
    if (Own)
      Own->push_back(F);
    if (isKokkosView(FT))
      Out.push_back({Path, FT, P, Own ? *Own : SmallVector<const FieldDecl *, 2>()});
    else if (!holdsMemory(FT))
      continue;
    else if (FT->isReferenceType() || FT->isAnyPointerType() ||
             !memberViews(FT, Path + ".", P, Depth + 1, Out, Own))
      return false;
  }
  // (Through a base: no path of data members alone.)
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!memberViews(B.getType(), Prefix, Private || B.getAccessSpecifier() != AS_public,
                     Depth + 1, Out, std::nullopt))
      return false;
  return true;
}

} // namespace

bool rowType(QualType T, bool &Writable) {
  Writable = false;
  return rowType(T, Writable, 0);
}

bool constRowType(QualType T) {
  bool Writable = false;
  return rowType(T, Writable) && !Writable;
}

bool rowAccessor(const CXXMethodDecl *MD, const ASTContext &Ctx) {
  if (!MD || !MD->isConst() || MD->isVirtual() || MD->isStatic())
    return false;
  QualType R = MD->getReturnType();
  bool Writable = false;
  if (R->isReferenceType() || !rowType(R, Writable))
    return false;
  for (const ParmVarDecl *P : MD->parameters()) {
    QualType T = P->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
      return false;
    if (!number(T.getNonReferenceType()))
      return false;
  }
  const FunctionDecl *Def = nullptr;
  if (!MD->hasBody(Def) || !Def->getBody())
    return false;
  if (!StoreFinder(Ctx).firstStore(*Def, nullptr).empty())
    return false;
  return ownDataOnly(Def->getBody(), Ctx.getSourceManager(), 0);
}

bool memberViews(QualType T, SmallVectorImpl<MemberView> &Out) {
  return memberViews(T, "", false, 0, Out, SmallVector<const FieldDecl *, 2>());
}

} // namespace kfuse
