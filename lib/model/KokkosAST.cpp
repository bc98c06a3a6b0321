//===- KokkosAST.cpp - Recognising Kokkos types and expressions -----------===//

#include "model/KokkosAST.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace kfuse {

static std::string qualifiedTemplateName(const TemplateDecl *TD) {
  return TD ? TD->getQualifiedNameAsString() : std::string();
}

std::string templateNameOf(QualType T) {
  if (T.isNull())
    return "";
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    return qualifiedTemplateName(TST->getTemplateName().getAsTemplateDecl());
  if (const auto *RD = T->getAsCXXRecordDecl())
    if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      return qualifiedTemplateName(CTS->getSpecializedTemplate());
  return "";
}

bool isKokkosView(QualType T) {
  // Views derive from ViewTraits only; checking the template name is enough
  // and keeps unrelated classes with a View member out.
  return templateNameOf(T) == "Kokkos::View";
}

static bool holdsMemory(QualType T, unsigned Depth) {
  if (T.isNull() || T->isDependentType() || Depth > 8)
    return true;
  if (T->isReferenceType() || T->isAnyPointerType() || T->isMemberPointerType() ||
      isKokkosView(T))
    return true;
  if (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    return holdsMemory(AT->getElementType(), Depth + 1);
  if (T->isArithmeticType() || T->isEnumeralType() || T->isNullPtrType())
    return false;
  // (A C struct is a RecordDecl without bases.)
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD)
    return !T->isBuiltinType();
  RD = RD->getDefinition();
  if (!RD)
    return true;
  for (const FieldDecl *F : RD->fields())
    if (holdsMemory(F->getType(), Depth + 1))
      return true;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    for (const CXXBaseSpecifier &B : CRD->bases())
      if (holdsMemory(B.getType(), Depth + 1))
        return true;
  return false;
}

bool holdsMemory(QualType T) { return holdsMemory(T, 0); }

/// The template arguments of a View type, from whichever form the type has.
static ArrayRef<TemplateArgument> viewArgs(QualType T) {
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    return TST->template_arguments();
  if (const auto *RD = T->getAsCXXRecordDecl())
    if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      return CTS->getTemplateArgs().asArray();
  return {};
}

void describeView(QualType T, const ASTContext &Ctx, ViewUse &Out) {
  Out.Type = typeText(T.getNonReferenceType().getUnqualifiedType(), Ctx);
  Out.PortableType = portableTypeText(T, Ctx);
  ArrayRef<TemplateArgument> Args = viewArgs(T);
  // Canonical specializations hold one pack: View<DataType, Properties...>.
  SmallVector<TemplateArgument, 4> Flat;
  for (const TemplateArgument &A : Args) {
    if (A.getKind() == TemplateArgument::Pack)
      for (const TemplateArgument &P : A.pack_elements())
        Flat.push_back(P);
    else
      Flat.push_back(A);
  }
  if (Flat.empty() || Flat[0].getKind() != TemplateArgument::Type)
    return;
  QualType Data = Flat[0].getAsType();
  unsigned Rank = 0;
  while (true) {
    if (const auto *PT = Data->getAs<PointerType>()) {
      ++Rank;
      Data = PT->getPointeeType();
    } else if (const auto *AT = Ctx.getAsArrayType(Data)) {
      ++Rank;
      Data = AT->getElementType();
    } else {
      break;
    }
  }
  Out.Rank = Rank;
  Out.ValueType = typeText(Data, Ctx);
  Out.ValueTypeCanonical = typeText(Data.getCanonicalType().getUnqualifiedType(), Ctx);
  for (size_t I = 1; I < Flat.size(); ++I) {
    if (Flat[I].getKind() != TemplateArgument::Type)
      continue;
    const auto *RD = Flat[I].getAsType()->getAsCXXRecordDecl();
    if (!RD)
      continue;
    StringRef Name = RD->getName();
    if (Name.starts_with("Layout"))
      Out.Layout = Name.str();
  }
}

std::string rangeText(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (CR.isInvalid()) {
    // A range inside one macro argument: take the spelling.
    CR = CharSourceRange::getTokenRange(SM.getSpellingLoc(R.getBegin()),
                                        SM.getSpellingLoc(R.getEnd()));
  }
  bool Invalid = false;
  StringRef Text = Lexer::getSourceText(CR, SM, Ctx.getLangOpts(), &Invalid);
  return Invalid ? std::string() : Text.str();
}

std::string exprText(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "";
  return rangeText(E->getSourceRange(), Ctx);
}

SourcePos positionOf(SourceLocation Loc, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  SourcePos Pos;
  if (P.isValid()) {
    // Absolute: a compile command's directory is not the user's, and
    // several files may be parsed at once.
    SmallString<256> File(P.getFilename());
    if (!llvm::sys::path::is_absolute(File))
      SM.getFileManager().makeAbsolutePath(File);
    llvm::sys::path::remove_dots(File, /*remove_dot_dot=*/true);
    Pos.File = std::string(File);
    Pos.Line = P.getLine();
    Pos.Column = P.getColumn();
  }
  return Pos;
}

const Expr *stripWrappers(const Expr *E) {
  while (E) {
    const Expr *Prev = E;
    E = E->IgnoreParenImpCasts();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
      E = FC->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && !isa<CXXTemporaryObjectExpr>(CE) && CE->getNumArgs() == 1 &&
             CE->getConstructor()->isCopyOrMoveConstructor())
      E = CE->getArg(0);
    if (E == Prev)
      return E;
  }
  return E;
}

std::string typeText(QualType T, const ASTContext &Ctx) {
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = true;
  PP.SuppressScope = false;
  PP.FullyQualifiedName = false;
  return T.getAsString(PP);
}

/// True if every type \p T names is built in or declared in the Kokkos or
/// standard namespaces; \p Spaces is set when one is an execution or memory
/// space (or a Device of them).
static bool namesOnlyLibraryTypes(QualType T, bool &Spaces, unsigned Depth = 0) {
  if (Depth > 16)
    return false;
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isBuiltinType())
    return true;
  if (const auto *PT = T->getAs<PointerType>())
    return namesOnlyLibraryTypes(PT->getPointeeType(), Spaces, Depth + 1);
  if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    return (isa<ConstantArrayType>(AT) || isa<IncompleteArrayType>(AT)) &&
           namesOnlyLibraryTypes(AT->getElementType(), Spaces, Depth + 1);
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  const NamespaceDecl *Top = nullptr;
  for (const DeclContext *DC = RD->getDeclContext(); DC && !DC->isTranslationUnit();
       DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Top = NS;
    else if (!isa<LinkageSpecDecl>(DC))
      return false; // a nested class: keep to namespace members
  if (!Top || !Top->getIdentifier() ||
      !llvm::is_contained({"Kokkos", "std"}, Top->getName()))
    return false;
  StringRef Name = RD->getName();
  if (Name.ends_with("Space") || Name == "Device" || Name == "Serial" ||
      Name == "OpenMP" || Name == "Threads" || Name == "Cuda" || Name == "HIP" ||
      Name == "SYCL" || Name == "HPX" || Name.starts_with("OpenMPTarget"))
    Spaces = true;
  if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    for (const TemplateArgument &A : CTS->getTemplateArgs().asArray()) {
      auto One = [&](const TemplateArgument &X) {
        if (X.getKind() == TemplateArgument::Type)
          return namesOnlyLibraryTypes(X.getAsType(), Spaces, Depth + 1);
        return X.getKind() == TemplateArgument::Integral;
      };
      if (A.getKind() == TemplateArgument::Pack) {
        for (const TemplateArgument &P : A.pack_elements())
          if (!One(P))
            return false;
      } else if (!One(A)) {
        return false;
      }
    }
  return true;
}

std::string portableTypeText(QualType T, const ASTContext &Ctx) {
  T = T.getNonReferenceType().getUnqualifiedType();
  bool Spaces = false;
  if (T.isNull() || T->isDependentType() || !namesOnlyLibraryTypes(T, Spaces))
    return "";
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = true;
  PP.SuppressScope = false;
  PP.FullyQualifiedName = true;
  PP.PrintCanonicalTypes = true;
  std::string Canonical = T.getCanonicalType().getUnqualifiedType().getAsString(PP);
  if (Spaces && Canonical != typeText(T, Ctx))
    return "";
  return Canonical;
}

std::string qualifiedClassText(QualType T, const ASTContext &Ctx) {
  T = T.getNonReferenceType().getUnqualifiedType();
  const auto *RD = T.isNull() || T->isDependentType() ? nullptr : T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || isa<ClassTemplateSpecializationDecl>(RD))
    return "";
  for (const DeclContext *DC = RD->getDeclContext(); !DC->isTranslationUnit();
       DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || NS->isAnonymousNamespace())
      return "";
  }
  return "::" + RD->getQualifiedNameAsString();
}

} // namespace kfuse
