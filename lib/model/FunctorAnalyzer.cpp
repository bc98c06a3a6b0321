//===- FunctorAnalyzer.cpp - The functor of one Kokkos launch ------------===//

#include "model/LaunchParts.h"
#include "model/LaunchAnalyzer.h"
#include "effects/StoreFinder.h"
#include "effects/FunctionSummarizer.h"
#include "effects/HostCodeAnalyzer.h"
#include "effects/KernelBodyAnalyzer.h"
#include "model/KokkosAST.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <algorithm>

using namespace clang;

namespace kfuse {

/// The name of the Kokkos lambda macro a lambda is written with, or its
/// capture introducer.
static std::string lambdaIntroducer(const LambdaExpr *L,
                                    const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = L->getBeginLoc();
  while (Loc.isMacroID()) {
    StringRef Name = Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
    if (Name.starts_with("KOKKOS_"))
      return Name.str();
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return rangeText(L->getIntroducerRange(), Ctx);
}

/// Index parameters are what remains once the work tag (first) and the
/// reduction or scan arguments (last) are removed.
static std::vector<const ParmVarDecl *>
indexParams(const FunctionDecl *FD, LaunchKind Kind, bool HasTag) {
  std::vector<const ParmVarDecl *> Params(FD->param_begin(), FD->param_end());
  size_t Drop = Kind == LaunchKind::Reduce ? 1 : Kind == LaunchKind::Scan ? 2 : 0;
  if (HasTag && !Params.empty())
    Params.erase(Params.begin());
  if (Params.size() >= Drop)
    Params.resize(Params.size() - Drop);
  return Params;
}

bool namesTemplateParameter(QualType T, unsigned Depth) {
  if (T.isNull() || Depth > 8)
    return false;
  if (T->isDependentType() || T->getAs<SubstTemplateTypeParmType>())
    return true;
  if (const auto *R = T->getAs<ReferenceType>())
    return namesTemplateParameter(R->getPointeeType(), Depth + 1);
  if (const auto *P = T->getAs<PointerType>())
    return namesTemplateParameter(P->getPointeeType(), Depth + 1);
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    for (const TemplateArgument &A : TST->template_arguments())
      if (A.getKind() == TemplateArgument::Type && namesTemplateParameter(A.getAsType(), Depth + 1))
        return true;
  return false;
}

/// The definitions the unit instantiated of \p Op, written in a template:
/// the specializations of a member template, and where it is written in a
/// class template, the same member of each specialization of the class.
static std::vector<const FunctionDecl *> instancesOf(const FunctionDecl &Op) {
  std::vector<const FunctionDecl *> Out;
  auto Add = [&](const FunctionDecl *F) {
    const FunctionDecl *Def = nullptr;
    if (F->hasBody(Def) && Def->getBody() && !Def->isDependentContext() &&
        !llvm::is_contained(Out, Def))
      Out.push_back(Def);
  };
  const FunctionTemplateDecl *T = Op.getDescribedFunctionTemplate();
  if (!T)
    T = Op.getPrimaryTemplate();
  if (T)
    for (const FunctionDecl *Spec : T->specializations())
      Add(Spec);
  const auto *MD = dyn_cast<CXXMethodDecl>(&Op);
  const ClassTemplateDecl *Class = MD ? MD->getParent()->getDescribedClassTemplate() : nullptr;
  if (!Class)
    return Out;
  for (const ClassTemplateSpecializationDecl *Spec : Class->specializations()) {
    const CXXRecordDecl *Defined = Spec->getDefinition();
    if (!Defined)
      continue;
    for (const Decl *D : Defined->decls()) {
          if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
        const FunctionTemplateDecl *From = FT->getInstantiatedFromMemberTemplate();
              if (T && From && From->getCanonicalDecl() == T->getCanonicalDecl())
          for (const FunctionDecl *FS : FT->specializations())
            Add(FS);
      } else if (const auto *M = dyn_cast<CXXMethodDecl>(D)) {
        const FunctionDecl *From = M->getInstantiatedFromMemberFunction();
        if (From && From->getCanonicalDecl() == Op.getCanonicalDecl())
          Add(M);
      }
    }
  }
  return Out;
}

namespace {
/// Collects what a kernel body names that namespace scope cannot reach:
/// types declared in a function but outside the body (`using Real = double;`
/// in main), and member functions called on `this`.
class LocalTypeFinder : public RecursiveASTVisitor<LocalTypeFinder> {
public:
  LocalTypeFinder(SourceRange Body, const ASTContext &Ctx, std::vector<std::string> &Out,
                  std::vector<KernelModel::TemplateParam> &Params)
      : Body(Body), Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out), Params(Params) {}

  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) { return note(TL.getTypedefNameDecl()); }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return note(TL.getDecl()); }
  /// In an instantiation, the template's parameters (`T(2)`, `N`): the
  /// fused functor, at namespace scope, gets them from the launch site.
  /// A pack's element has no name of its own there: out of reach.
  bool VisitSubstTemplateTypeParmTypeLoc(SubstTemplateTypeParmTypeLoc TL) {
    return param(TL.getTypePtr()->getReplacedParameter(), true,
                 portableTypeText(TL.getTypePtr()->getReplacementType(), Ctx), "");
  }
  bool VisitSubstNonTypeTemplateParmExpr(SubstNonTypeTemplateParmExpr *E) {
    std::string Value, Type;
    Expr::EvalResult R;
    const Expr *X = E->getReplacement();
    if (X->getType()->isIntegralOrEnumerationType() && !X->isValueDependent() &&
        X->EvaluateAsInt(R, Ctx) && !X->getType()->isEnumeralType()) {
      Value = std::to_string(R.Val.getInt().getExtValue());
      Type = portableTypeText(X->getType().getUnqualifiedType(), Ctx);
    }
    return param(E->getParameter(), false, Value, Type);
  }
  /// In a lambda's body, a name declared in a class around it (a static
  /// helper `limit(x)`, a static member, an enumerator): a copy of the body
  /// outside the class cannot name it unqualified, nor at all when it is
  /// not public.
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (ofEnclosingClass(E->getDecl(), E->hasQualifier()))
      add(E->getDecl());
    return true;
  }
  /// The lambda's class when the body walked is a lambda's, else null.
  const CXXRecordDecl *Lambda = nullptr;
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const Expr *Object = Call->getImplicitObjectArgument();
    if (Object && isa<CXXThisExpr>(Object->IgnoreParenImpCasts()) && Call->getMethodDecl() &&
        !llvm::is_contained(Out, Call->getMethodDecl()->getNameAsString()))
      Out.push_back(Call->getMethodDecl()->getNameAsString());
    return true;
  }

private:
  bool add(const NamedDecl *D) {
    if (D && D->getIdentifier() && !llvm::is_contained(Out, D->getNameAsString()))
      Out.push_back(D->getNameAsString());
    return true;
  }
  bool param(const NamedDecl *D, bool IsType, std::string Spelled, std::string ValueType) {
    if (!D || !D->getIdentifier())
      return true;
    if (D->isParameterPack())
      return add(D);
    KernelModel::TemplateParam P{D->getNameAsString(), IsType, Spelled, ValueType};
    if (!llvm::is_contained(Params, P))
      Params.push_back(P);
    return true;
  }
  /// \p D is a member of a class around the lambda, which a copy of its
  /// body outside the class cannot name: unqualified (\p Qualified false),
  /// or not public.
  bool ofEnclosingClass(const NamedDecl *D, bool Qualified) const {
    // An unscoped enum's enumerators are named in the enum's own scope.
    const auto *Class = dyn_cast<CXXRecordDecl>(D->getDeclContext()->getRedeclContext());
    if (!Lambda || !Class)
      return false;
    for (const DeclContext *C = Lambda->getDeclContext(); C; C = C->getParent())
      if (const auto *Around = dyn_cast<CXXRecordDecl>(C);
          Around && Around->getCanonicalDecl() == Class->getCanonicalDecl())
        return !Qualified || accessOf(D) != AS_public;
    return false;
  }
  /// A member's access; an enumerator's is its enum's.
  static AccessSpecifier accessOf(const NamedDecl *D) {
    if (isa<EnumConstantDecl>(D))
      return cast<EnumDecl>(D->getDeclContext())->getAccess();
    return D->getAccess();
  }
  bool note(const NamedDecl *D) {
    if (D && Lambda && ofEnclosingClass(D, false))
      return add(D);
    if (!D || !D->getDeclContext()->isFunctionOrMethod())
      return true;
    SourceLocation At = D->getLocation();
    bool InBody = !SM.isBeforeInTranslationUnit(At, Body.getBegin()) &&
                  !SM.isBeforeInTranslationUnit(Body.getEnd(), At);
    if (!InBody && !llvm::is_contained(Out, D->getNameAsString()))
      Out.push_back(D->getNameAsString());
    return true;
  }
  SourceRange Body;
  const ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<std::string> &Out;
  std::vector<KernelModel::TemplateParam> &Params;
};
} // namespace

static void analyzeBody(const FunctionDecl *Op, bool HasTag, KernelModel &M,
                        const ASTContext &Ctx) {
  FunctorModel &F = M.Functor;
  std::vector<const ParmVarDecl *> Params = indexParams(Op, M.Kind, HasTag);
  for (const ParmVarDecl *P : Params)
    F.IndexParams.push_back(P->getNameAsString());
  if (!Params.empty())
    F.IndexType = typeText(Params.front()->getType(), Ctx);
  if (M.Reduction && Op->getNumParams() > Params.size() + (HasTag ? 1 : 0)) {
    const ParmVarDecl *Acc = Op->getParamDecl(Params.size() + (HasTag ? 1 : 0));
    M.Reduction->AccumulatorParam = Acc->getNameAsString();
    M.Reduction->AccumulatorType = typeText(Acc->getType(), Ctx);
    if (M.Reduction->TemplateTyped.empty() && namesTemplateParameter(Acc->getType()))
      M.Reduction->TemplateTyped = M.Reduction->AccumulatorType;
    M.Reduction->AccumulatorPortable =
        portableTypeText(Acc->getType().getNonReferenceType().getUnqualifiedType(), Ctx);
    M.Reduction->AccumulatorQualified = qualifiedClassText(Acc->getType(), Ctx);
  }
  const FunctionDecl *Def = nullptr;
  // A member of a class template specialization that nothing instantiated
  // yet: its pattern's body is the one written.
  if (!Op->hasBody(Def))
    if (const FunctionDecl *Pattern = Op->getTemplateInstantiationPattern())
      Pattern->hasBody(Def);
  // A member template of a class template specialization (a force's
  // `template <bool STACKPARAMS> operator()(TagHalfNeigh<STACKPARAMS>, ...)`
  // in ForceLJNeigh<NeighborClass>): the body is the member template's as
  // written in the class template.
  if (!Def) {
    const FunctionTemplateDecl *T = Op->getDescribedFunctionTemplate();
    if (!T)
      T = Op->getPrimaryTemplate();
    if (T) {
      while (const FunctionTemplateDecl *From = T->getInstantiatedFromMemberTemplate())
        T = From;
      T->getTemplatedDecl()->hasBody(Def);
    }
  }
  if (!Def || !Def->getBody()) {
    M.Notes.push_back("functor body not visible in this translation unit");
    return;
  }
  F.BodyVisible = true;
  F.BodyPos = positionOf(Def->getBody()->getBeginLoc(), Ctx);
  F.BodyRange = fileRange(Def->getBody()->getSourceRange(), Ctx);
  F.BodyText = rangeText(Def->getBody()->getSourceRange(), Ctx);
  declarationsOf(*Def->getBody(), Ctx, M);
  // Where the body read is a member template's as written, its dependent
  // calls and its stores are judged in the specializations the unit
  // instantiated (their calls resolved), every one.
  std::vector<const FunctionDecl *> Instances;
  if (Def->isDependentContext())
    Instances = instancesOf(*Op);
  KernelBodyAnalyzer Body(Ctx, M, F.IndexParams, Def);
  Body.setInstances(Instances);
  Body.analyze(Def->getBody());
  if (Instances.empty())
    Instances.push_back(Def);
  unsigned AccumulatorIndex = Params.size() + (HasTag ? 1 : 0);
  for (const FunctionDecl *I : Instances) {
    const FunctionDecl *IDef = nullptr;
    if (!I->hasBody(IDef))
      IDef = I;
    const ParmVarDecl *Accumulator =
        M.Reduction && IDef->getNumParams() > AccumulatorIndex ? IDef->getParamDecl(AccumulatorIndex)
                                                               : nullptr;
    M.FirstStore = StoreFinder(Ctx).firstStore(*IDef, Accumulator);
    if (!M.FirstStore.empty())
      break;
  }
  M.StoresOnlyLocals = M.FirstStore.empty();
  LocalTypeFinder Scoped(Def->getBody()->getSourceRange(), Ctx, M.ScopedNames,
                         M.TemplateParams);
  const auto *Method = dyn_cast<CXXMethodDecl>(Def);
  Scoped.Lambda = Method && Method->getParent()->isLambda() ? Method->getParent() : nullptr;
  Scoped.TraverseStmt(Def->getBody());
}

/// The operator() of \p RD that a launch with work tag \p Tag calls, which
/// takes \p Arity parameters (the tag, the indices, a reduction's
/// accumulator, a scan's accumulator and flag) where several overloads take
/// the tag: one class often serves a parallel_for and a parallel_reduce.
static const FunctionDecl *selectCallOperator(const CXXRecordDecl *RD,
                                              StringRef Tag, QualType TagType,
                                              unsigned Arity, const ASTContext &Ctx) {
  // `Outer<T>::TagHalf<1>` -> `TagHalf<1>`; `TagHalf<1>` -> `TagHalf`.
  auto Last = [](StringRef T) {
    size_t Angle = T.find('<');
    size_t Colon = T.substr(0, Angle).rfind("::");
    return Colon == StringRef::npos ? T : T.substr(Colon + 2);
  };
  StringRef TagName = Last(Tag);
  StringRef TagTemplate = TagName.take_until([](char C) { return C == '<'; });
  const FunctionDecl *Fallback = nullptr;
  auto Consider = [&](const FunctionDecl *FD) -> bool {
    if (FD->getOverloadedOperator() != OO_Call)
      return false;
    QualType First = FD->getNumParams()
                         ? FD->getParamDecl(0)->getType().getNonReferenceType()
                         : QualType();
    const auto *FirstRD = First.isNull() ? nullptr : First->getAsCXXRecordDecl();
    // A class, or a class template's specialization that depends on the
    // operator's own template parameters (`Tag<B>`), but not a team member.
    bool FirstIsTag = FirstRD ? !FirstRD->getName().contains("member")
                              : !First.isNull() && First->getAs<TemplateSpecializationType>() &&
                                    !llvm::StringRef(typeText(First, Ctx)).contains("member");
    if (TagName.empty()) {
      if (!FirstIsTag)
        return true;
      Fallback = Fallback ? Fallback : FD;
      return false;
    }
    if (First.isNull())
      return false;
    if (!TagType.isNull() &&
        Ctx.hasSameUnqualifiedType(First, TagType.getNonReferenceType()))
      return true;
    // Spelled alike (`TagHalfNeigh<0>`), or the tag template an operator()
    // template takes (`template <int E> operator()(TagHalfNeigh<E>, ...)`).
    std::string FirstText = typeText(First.getUnqualifiedType(), Ctx);
    StringRef FirstName = Last(FirstText);
    if (FirstName == TagName)
      return true;
    if (!First->isDependentType() || FD->getDescribedFunctionTemplate() == nullptr)
      return FirstRD && FirstRD->getIdentifier() && FirstRD->getName() == TagName;
    return FirstName.take_until([](char C) { return C == '<'; }) == TagTemplate;
  };
  const FunctionDecl *First = nullptr;
  for (const Decl *D : RD->decls()) {
    const FunctionDecl *FD = dyn_cast<FunctionDecl>(D);
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      FD = FTD->getTemplatedDecl();
    if (FD && Consider(FD)) {
      if (FD->getNumParams() == Arity)
        return FD;
      First = First ? First : FD;
    }
  }
  return First ? First : Fallback;
}

/// The names \p RD and its bases declare besides non-static data members
/// (methods, types, static members, enumerators): a body copied out of the
/// class cannot name them.
void classScopeNames(const CXXRecordDecl *RD, std::vector<std::string> &Out) {
  if (!RD || !RD->hasDefinition())
    return;
  RD = RD->getDefinition();
  for (const Decl *D : RD->decls()) {
    if (isa<FieldDecl>(D) || D->isImplicit())
      continue;
    if (const auto *E = dyn_cast<EnumDecl>(D))
      for (const EnumConstantDecl *C : E->enumerators())
        Out.push_back(C->getNameAsString());
    if (const auto *ND = dyn_cast<NamedDecl>(D); ND && ND->getIdentifier())
      Out.push_back(ND->getNameAsString());
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    classScopeNames(B.getType()->getAsCXXRecordDecl(), Out);
}

void describeClass(const CXXRecordDecl *RD, FunctorModel &F, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  F.ClassTemplate = isa<ClassTemplateSpecializationDecl>(RD);
  classScopeNames(RD, F.ClassScopeNames);
  std::vector<std::string> Parts;
  for (const DeclContext *DC = RD; DC && !DC->isTranslationUnit(); DC = DC->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (NS->isAnonymousNamespace()) {
        F.ClassFileOnly = true;
        continue;
      }
      Parts.push_back(NS->getNameAsString());
    } else if (const auto *R = dyn_cast<CXXRecordDecl>(DC)) {
      if (!R->getIdentifier())
        return; // unnamed: cannot be spelled
      Parts.push_back(R->getNameAsString());
    } else if (!isa<LinkageSpecDecl>(DC)) {
      F.ClassFileOnly = true; // a local class
      return;
    }
  }
  std::reverse(Parts.begin(), Parts.end());
  F.SpelledClass = llvm::join(Parts, "::");
  SourceLocation Loc = SM.getExpansionLoc(RD->getLocation());
  F.ClassOffset = SM.getFileOffset(SM.getExpansionLoc(RD->getBeginLoc()));
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(Loc))) {
    llvm::SmallString<256> Path(FE->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    F.ClassFile = std::string(Path);
  }
}

/// KernelModel::Held: the View members of \p RD (public ones, unless
/// \p All), named from \p Prefix.
static void heldMembers(const CXXRecordDecl *RD, const std::string &Prefix, bool All,
                        unsigned DeclOffset, KernelModel &M) {
  if (!RD || !RD->hasDefinition())
    return;
  for (const FieldDecl *F : RD->getDefinition()->fields())
    if (isKokkosView(F->getType()) && (All || F->getAccess() == AS_public) &&
        F->getIdentifier())
      M.Held.push_back({Prefix + F->getName().str(), DeclOffset});
}

/// Where \p D is declared in the file of the launch at \p Loc; 0 elsewhere.
static unsigned declOffset(const ValueDecl *D, SourceLocation Loc, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(D->getLocation());
  if (SM.getFileID(At) != SM.getFileID(SM.getExpansionLoc(Loc)))
    return 0;
  return SM.getFileOffset(At);
}

/// KernelModel::Held of the lambda \p L.
static void heldByLambda(const LambdaExpr *L, KernelModel &M, const ASTContext &Ctx) {
  for (const LambdaCapture &C : L->captures()) {
    if (C.capturesThis()) {
      if (const CXXMethodDecl *Op = L->getCallOperator())
        if (const auto *Outer = dyn_cast<CXXMethodDecl>(Op->getParent()->getDeclContext()))
          heldMembers(Outer->getParent(), "this->", /*All=*/true, 0, M);
      continue;
    }
    if (!C.capturesVariable())
      continue;
    const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar());
    if (!VD || !VD->getIdentifier())
      continue;
    QualType T = VD->getType().getNonReferenceType();
    unsigned Offset = VD->hasGlobalStorage() ? 0 : declOffset(VD, L->getBeginLoc(), Ctx);
    if (isKokkosView(T))
      M.Held.push_back({VD->getName().str(), Offset});
    else if (!T->isDependentType())
      heldMembers(T->getAsCXXRecordDecl(), VD->getName().str() + ".", /*All=*/false, Offset, M);
  }
}

void analyzeFunctor(const Expr *Arg, KernelModel &M,
                           const ASTContext &Ctx, QualType WorkTag) {
  FunctorModel &F = M.Functor;
  F.Text = exprText(Arg, Ctx);
  F.Range = fileRange(Arg->getSourceRange(), Ctx);
  const Expr *E = stripWrappers(Arg);
  bool HasTag = !M.Policy.WorkTag.empty();

  if (const auto *L = dyn_cast<LambdaExpr>(E)) {
    F.Kind = FunctorModel::Form::Lambda;
    F.LambdaMacro = lambdaIntroducer(L, Ctx);
    F.CopiesOnly = llvm::all_of(L->captures(), [](const LambdaCapture &C) {
      return C.getCaptureKind() == LCK_ByCopy;
    });
    if (const CXXMethodDecl *Op = L->getCallOperator())
      analyzeBody(Op, HasTag, M, Ctx);
    heldByLambda(L, M, Ctx);
    return;
  }

  QualType T = E->getType().getNonReferenceType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition()) {
    F.Kind = FunctorModel::Form::Unknown;
    M.Notes.push_back("functor type '" + typeText(T, Ctx) +
                      "' not known in this translation unit");
    return;
  }
  F.Kind = FunctorModel::Form::Object;
  F.ClassName = RD->getQualifiedNameAsString();
  if (const auto *Var = dyn_cast<DeclRefExpr>(E); Var && isa<VarDecl>(Var->getDecl()))
    heldMembers(RD, Var->getDecl()->getNameAsString() + ".", /*All=*/false,
                cast<VarDecl>(Var->getDecl())->hasGlobalStorage()
                    ? 0
                    : declOffset(Var->getDecl(), Arg->getBeginLoc(), Ctx),
                M);
  describeClass(RD->getDefinition(), F, Ctx);
  unsigned Arity = (HasTag ? 1 : 0) + std::max(1u, unsigned(M.Policy.Rank)) +
                   (M.Kind == LaunchKind::Reduce ? 1 : M.Kind == LaunchKind::Scan ? 2 : 0);
  const FunctionDecl *Op =
      selectCallOperator(RD->getDefinition(), M.Policy.WorkTag, WorkTag, Arity, Ctx);
  if (!Op) {
    M.Notes.push_back("no operator() of '" + F.ClassName +
                      "' matches the launch");
    return;
  }
  std::string Sig = "operator()(";
  for (unsigned I = 0; I < Op->getNumParams(); ++I)
    Sig += (I ? ", " : "") + typeText(Op->getParamDecl(I)->getType(), Ctx);
  F.OperatorSignature = Sig + ")";
  analyzeBody(Op, HasTag, M, Ctx);
  // The class reduces its own way where it declares init, join or final,
  // or a value_type other than the accumulator's number: a value_type that
  // is that number reduces as a sum does (Kokkos value-initialises and
  // adds).
  const CXXRecordDecl *Def = RD->getDefinition();
  for (const char *Member : {"init", "join", "final"})
    F.ReductionMembers |= !Def->lookup(&Ctx.Idents.get(Member)).empty();
  QualType Acc;
  if (M.Kind == LaunchKind::Reduce && Op->getNumParams() == Arity)
    Acc = Op->getParamDecl(Arity - 1)->getType().getNonReferenceType();
  for (const NamedDecl *D : Def->lookup(&Ctx.Idents.get("value_type"))) {
    const auto *TD = dyn_cast<TypedefNameDecl>(D);
    F.ReductionMembers |=
        !TD || Acc.isNull() || !Acc->isArithmeticType() ||
        !Ctx.hasSameUnqualifiedType(TD->getUnderlyingType(), Acc);
  }
  // An operator a base class declares may name what is private to that
  // base, which the functor's own member functions cannot.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Op);
      !Method || Method->getParent()->getCanonicalDecl() != RD->getCanonicalDecl())
    for (ViewUse &V : M.Views)
      V.ClassReadable = false;
}

} // namespace kfuse
