//===- LaunchAnalyzer.cpp - Model one Kokkos launch call ------------------===//

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

TextRange fileRange(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (CR.isInvalid())
    return {};
  std::pair<FileID, unsigned> B = SM.getDecomposedLoc(CR.getBegin());
  std::pair<FileID, unsigned> E = SM.getDecomposedLoc(CR.getEnd());
  if (B.first != E.first || E.second < B.second)
    return {};
  return TextRange{B.second, E.second - B.second};
}

/// PolicyModel::EndBase and EndOffset of the 1-D end \p End.
static void setEndBase(PolicyModel &P, const Expr *End, const ASTContext &Ctx) {
  End = End->IgnoreParenImpCasts();
  P.EndOffset = 0;
  if (const auto *B = dyn_cast<BinaryOperator>(End);
      B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub))
    if (const auto *K = dyn_cast<IntegerLiteral>(B->getRHS()->IgnoreParenImpCasts())) {
      int64_t V = K->getValue().getLimitedValue(1 << 20);
      P.EndOffset = B->getOpcode() == BO_Add ? V : -V;
      End = B->getLHS()->IgnoreParenImpCasts();
    }
  P.EndBase = exprText(End, Ctx);
}

static StringRef lastComponent(StringRef Qualified) {
  size_t Pos = Qualified.rfind("::");
  return Pos == StringRef::npos ? Qualified : Qualified.substr(Pos + 2);
}

static bool isStringType(QualType T) {
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD->getIdentifier() && RD->getName() == "basic_string";
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType()->isCharType();
  return T->isArrayType() && T->getArrayElementTypeNoTypeQual()->isCharType();
}

/// Template arguments of a class type, packs flattened.
static SmallVector<TemplateArgument, 4> templateArgsOf(QualType T) {
  SmallVector<TemplateArgument, 4> Out;
  ArrayRef<TemplateArgument> Args;
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    Args = TST->template_arguments();
  else if (const auto *RD = T->getAsCXXRecordDecl())
    if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      Args = CTS->getTemplateArgs().asArray();
  for (const TemplateArgument &A : Args) {
    if (A.getKind() == TemplateArgument::Pack)
      Out.append(A.pack_begin(), A.pack_end());
    else
      Out.push_back(A);
  }
  return Out;
}

static bool isExecutionSpaceName(StringRef Name) {
  return llvm::is_contained({"Serial", "OpenMP", "Threads", "Cuda", "HIP",
                             "SYCL", "OpenMPTarget", "HPX", "OpenACC",
                             "DefaultExecutionSpace",
                             "DefaultHostExecutionSpace"},
                            Name);
}

/// The elements of an initializer list argument ({0, 0} in MDRangePolicy).
static std::vector<std::string> initListElements(const Expr *E,
                                                 const ASTContext &Ctx) {
  while (E) {
    E = stripWrappers(E);
    if (const auto *IL = dyn_cast<InitListExpr>(E)) {
      if (const InitListExpr *Syn = IL->getSyntacticForm())
        IL = Syn;
      std::vector<std::string> Out;
      for (const Expr *Init : IL->inits())
        Out.push_back(exprText(Init, Ctx));
      return Out;
    }
    if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E))
      E = SIL->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && CE->getNumArgs() == 1)
      E = CE->getArg(0);
    else
      break;
  }
  return {};
}

namespace {
/// Collects PolicyModel::GlobalNames of a policy expression.
class GlobalNameFinder : public RecursiveASTVisitor<GlobalNameFinder> {
public:
  GlobalNameFinder(const ASTContext &Ctx, PolicyModel &P) : Ctx(Ctx), P(P) {}

  bool VisitStmt(Stmt *S) {
    macro(S->getBeginLoc());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl()->getDeclContext()->getRedeclContext()->isFileContext())
      add(E->getDecl());
    return true;
  }
  bool VisitTypeLoc(TypeLoc TL) {
    macro(TL.getBeginLoc());
    if (auto TT = TL.getAs<TypedefTypeLoc>())
      add(TT.getTypedefNameDecl());
    else if (auto Tag = TL.getAs<TagTypeLoc>())
      add(Tag.getDecl());
    else if (auto TST = TL.getAs<TemplateSpecializationTypeLoc>())
      if (TemplateDecl *T = TST.getTypePtr()->getTemplateName().getAsTemplateDecl())
        add(T);
    return true;
  }

private:
  void add(const NamedDecl *D) {
    if (!D->getIdentifier() || !D->getDeclContext()->getRedeclContext()->isFileContext())
      return;
    add(D->getName(), Ctx.getSourceManager().getExpansionLoc(D->getCanonicalDecl()->getLocation()));
  }
  /// A macro the policy names (an index type, `T_INT`), declared where its
  /// definition is.
  void macro(SourceLocation Loc) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (!Loc.isMacroID())
      return;
    llvm::StringRef Name = Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
    if (!Name.empty())
      add(Name, SM.getSpellingLoc(Loc));
  }
  void add(llvm::StringRef Name, SourceLocation Loc) {
    if (llvm::is_contained(P.GlobalNames, Name))
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    std::string File;
    if (Loc.isValid() && !SM.isInSystemHeader(Loc))
      File = positionOf(Loc, Ctx).File;
    P.GlobalNames.push_back(Name.str());
    P.GlobalFiles.push_back(File);
  }

  const ASTContext &Ctx;
  PolicyModel &P;
};
} // namespace

static void analyzePolicy(const Expr *Arg, KernelModel &M,
                          const ASTContext &Ctx, QualType &WorkTag) {
  PolicyModel &P = M.Policy;
  P.Text = exprText(Arg, Ctx);
  P.Range = fileRange(Arg->getSourceRange(), Ctx);
  GlobalNameFinder(Ctx, P).TraverseStmt(const_cast<Expr *>(Arg));
  const Expr *E = stripWrappers(Arg);
  QualType T = E->getType().getNonReferenceType().getUnqualifiedType();

  if (T->isIntegerType()) {
    P.Kind = PolicyKind::Count;
    P.TypeName = "count";
    P.Begin = {"0"};
    P.End = {P.Text};
    setEndBase(P, E, Ctx);
    return;
  }

  std::string Template = templateNameOf(T);
  StringRef Name = lastComponent(Template);
  P.TypeName = Name.empty() ? typeText(T, Ctx) : Name.str();
  if (Name == "RangePolicy")
    P.Kind = PolicyKind::Range;
  else if (Name == "MDRangePolicy")
    P.Kind = PolicyKind::MDRange;
  else if (Name == "TeamPolicy")
    P.Kind = PolicyKind::Team;
  else
    P.Kind = PolicyKind::Other;

  for (const TemplateArgument &A : templateArgsOf(T)) {
    if (A.getKind() != TemplateArgument::Type)
      continue;
    QualType AT = A.getAsType();
    std::string Text = typeText(AT, Ctx);
    std::string ArgTemplate = std::string(lastComponent(templateNameOf(AT)));
    const auto *RD = AT->getAsCXXRecordDecl();
    StringRef RecordName =
        RD && RD->getIdentifier() ? RD->getName() : StringRef();
    if (AT->isIntegerType() || ArgTemplate == "IndexType") {
      P.IndexType = Text;
    } else if (ArgTemplate == "Schedule") {
      P.Schedule = Text;
    } else if (ArgTemplate == "Rank") {
      // The canonical specialization holds the rank as an integer (as
      // written, through an alias, it is an expression).
      SmallVector<TemplateArgument, 4> RankArgs = templateArgsOf(AT.getCanonicalType());
      if (!RankArgs.empty() &&
          RankArgs[0].getKind() == TemplateArgument::Integral)
        P.Rank = RankArgs[0].getAsIntegral().getZExtValue();
    } else if (isExecutionSpaceName(RecordName) ||
               isExecutionSpaceName(lastComponent(Text))) {
      P.ExecSpace = Text;
    } else if (ArgTemplate == "LaunchBounds" ||
               ArgTemplate == "WorkItemProperty") {
      continue;
    } else if (AT->isDependentType() &&
               (StringRef(Text).contains_insensitive("space") ||
                StringRef(Text).contains_insensitive("device"))) {
      // `MDRangePolicy<exec_space, Rank<2>>` in a class template whose
      // `exec_space` depends on a template parameter.
      P.ExecSpace = Text;
    } else {
      P.WorkTag = Text;
      WorkTag = AT;
      if (const CXXRecordDecl *RD = AT->getAsCXXRecordDecl()) {
        FunctorModel Tag;
        describeClass(RD, Tag, Ctx);
        // A tag of a class template given numbers (`TagPairs<0>`): its
        // name and the numbers, as any scope that sees the template names it
        // (a `bool` as `true`/`false`; an enumerator is not spelled).
        if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
            Spec && !Tag.SpelledClass.empty()) {
          std::vector<std::string> Args;
          for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
            if (A.getKind() != TemplateArgument::Integral ||
                A.getIntegralType()->isEnumeralType())
              continue;
            if (A.getIntegralType()->isBooleanType())
              Args.push_back(A.getAsIntegral().getBoolValue() ? "true" : "false");
            else
              Args.push_back(llvm::toString(A.getAsIntegral(), 10));
          }
          if (Args.size() == Spec->getTemplateArgs().size()) {
            Tag.SpelledClass += "<" + llvm::join(Args, ", ") + ">";
            Tag.ClassTemplate = false;
          }
        }
        if (!Tag.ClassTemplate && !Tag.SpelledClass.empty()) {
          P.WorkTagClass = Tag.SpelledClass;
          P.WorkTagFile = Tag.ClassFile;
          P.WorkTagOffset = Tag.ClassOffset;
          P.WorkTagFileOnly = Tag.ClassFileOnly;
        }
      }
    }
  }

  // Find the constructor call: written in place, or the initializer of a
  // local policy variable.
  const Expr *Construct = E;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getInit())
        Construct = stripWrappers(VD->getInit());
  SmallVector<const Expr *, 4> CtorArgs;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Construct)) {
    for (const Expr *A : CE->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        CtorArgs.push_back(A);
  } else if (const auto *PL = dyn_cast<ParenListExpr>(Construct)) {
    for (unsigned I = 0; I < PL->getNumExprs(); ++I)
      CtorArgs.push_back(PL->getExpr(I));
  } else if (const auto *UC = dyn_cast<CXXUnresolvedConstructExpr>(Construct)) {
    CtorArgs.append(UC->arg_begin(), UC->arg_end());
  }

  if (P.Kind == PolicyKind::Range) {
    SmallVector<const Expr *, 2> Bounds;
    for (const Expr *A : CtorArgs) {
      QualType AT = A->getType();
      if (AT->isIntegerType() || AT->isDependentType())
        Bounds.push_back(A);
    }
    P.OtherArgs = CtorArgs.size() > Bounds.size();
    if (Bounds.size() >= 2) {
      P.Begin = {exprText(Bounds[0], Ctx)};
      P.End = {exprText(Bounds[1], Ctx)};
      setEndBase(P, Bounds[1], Ctx);
    } else {
      M.Notes.push_back("range bounds of '" + P.Text + "' not recognised");
    }
  } else if (P.Kind == PolicyKind::MDRange) {
    SmallVector<std::vector<std::string>, 2> Lists;
    for (const Expr *A : CtorArgs) {
      std::vector<std::string> L = initListElements(A, Ctx);
      if (!L.empty())
        Lists.push_back(std::move(L));
    }
    P.OtherArgs = CtorArgs.size() > 2; // a tiling
    if (Lists.size() >= 2) {
      P.Begin = Lists[0];
      P.End = Lists[1];
      if (P.Rank < P.End.size())
        P.Rank = P.End.size();
    } else {
      M.Notes.push_back("MDRangePolicy bounds of '" + P.Text +
                        "' not recognised");
    }
  } else if (P.Kind == PolicyKind::Team) {
    if (CtorArgs.size() >= 2) {
      P.LeagueSize = exprText(CtorArgs[0], Ctx);
      P.TeamSize = exprText(CtorArgs[1], Ctx);
    }
  } else {
    M.Notes.push_back("policy '" + P.Text + "' not recognised");
  }
}

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
/// True if \p T, a type of an instantiated template, was supplied (in
/// whole or in part: `KfT &`, `Kokkos::Max<KfT>`) by a template parameter,
/// or is dependent.
static bool namesTemplateParameter(QualType T, unsigned Depth = 0) {
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
  LocalTypeFinder(SourceRange Body, const SourceManager &SM, std::vector<std::string> &Out,
                  std::vector<KernelModel::TemplateParam> &Params)
      : Body(Body), SM(SM), Out(Out), Params(Params) {}

  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) { return note(TL.getTypedefNameDecl()); }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return note(TL.getDecl()); }
  /// In an instantiation, the template's parameters (`T(2)`, `N`): the
  /// fused functor, at namespace scope, gets them from the launch site.
  /// A pack's element has no name of its own there: out of reach.
  bool VisitSubstTemplateTypeParmTypeLoc(SubstTemplateTypeParmTypeLoc TL) {
    return param(TL.getTypePtr()->getReplacedParameter(), true);
  }
  bool VisitSubstNonTypeTemplateParmExpr(SubstNonTypeTemplateParmExpr *E) {
    return param(E->getParameter(), false);
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
  bool param(const NamedDecl *D, bool IsType) {
    if (!D || !D->getIdentifier())
      return true;
    if (D->isParameterPack())
      return add(D);
    KernelModel::TemplateParam P{D->getNameAsString(), IsType};
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
  LocalTypeFinder Scoped(Def->getBody()->getSourceRange(), Ctx.getSourceManager(),
                         M.ScopedNames, M.TemplateParams);
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

static void analyzeFunctor(const Expr *Arg, KernelModel &M,
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
  for (const char *Member : {"value_type", "init", "join", "final"})
    F.ReductionMembers |= !RD->getDefinition()->lookup(&Ctx.Idents.get(Member)).empty();
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
  // An operator a base class declares may name what is private to that
  // base, which the functor's own member functions cannot.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Op);
      !Method || Method->getParent()->getCanonicalDecl() != RD->getCanonicalDecl())
    for (ViewUse &V : M.Views)
      V.ClassReadable = false;
}

/// The statement of block \p Block that holds \p S (S itself, or the `if`
/// around it), or null when S is nested deeper.
static const Stmt *statementIn(const CompoundStmt &Block, const Stmt &S, ASTContext &Ctx) {
  const Stmt *At = &S;
  while (true) {
    DynTypedNodeList P = Ctx.getParents(*At);
    if (P.size() != 1)
      return nullptr;
    if (P[0].get<CompoundStmt>() == &Block)
      return At;
    const Stmt *Up = P[0].get<Stmt>();
    if (!Up || !(isa<ExprWithCleanups, IfStmt>(Up) || isa<Expr>(Up)))
      return nullptr;
    At = Up;
  }
}

/// True if \p S names \p Var outside the lambdas that Kokkos launches take
/// and that copy it for a kernel (one capturing it by reference may assign
/// it).
static bool namedOutsideKernels(const Stmt *S, const VarDecl *Var) {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = C->getDirectCallee();
    std::string Name = FD ? FD->getQualifiedNameAsString() : "";
    auto Copies = [&](const Expr *A) {
      const auto *L = dyn_cast<LambdaExpr>(stripWrappers(A));
      return L && llvm::all_of(L->captures(), [&](const LambdaCapture &Cap) {
               return !Cap.capturesVariable() || Cap.getCapturedVar() != Var ||
                      Cap.getCaptureKind() == LCK_ByCopy;
             });
    };
    if (Name == "Kokkos::parallel_for" || Name == "Kokkos::parallel_reduce" ||
        Name == "Kokkos::parallel_scan")
      return llvm::any_of(C->arguments(), [&](const Expr *A) {
        return !Copies(A) && namedOutsideKernels(A, Var);
      });
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == Var)
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *Ch) { return namedOutsideKernels(Ch, Var); });
}

/// ViewUse::Fresh for the Views lambda \p Arg of launch \p Call captures:
/// a local View allocated with a label, named between its declaration and
/// the launch only by kernels. What its block runs after the launch cannot
/// change the View the launch captured.
static void markFresh(const CallExpr &Call, const Expr &Arg, KernelModel &M, ASTContext &Ctx) {
  const auto *L = dyn_cast<LambdaExpr>(stripWrappers(&Arg));
  if (!L)
    return;
  for (ViewUse &V : M.Views) {
    if (!V.Root.empty() || V.IsMember || V.Local || !V.Accessor.empty())
      continue;
    const VarDecl *Var = nullptr;
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable())
        if (const auto *D = dyn_cast<VarDecl>(C.getCapturedVar()); D && D->getName() == V.Name)
          Var = D;
    if (!Var || !Var->isLocalVarDecl() || !Var->hasLocalStorage() || !Var->getInit() ||
        Var->getType()->isReferenceType())
      continue;
    const auto *Alloc = dyn_cast<CXXConstructExpr>(stripWrappers(Var->getInit()));
    if (!Alloc || Alloc->getNumArgs() < 2 || !isKokkosView(Alloc->getType()) ||
        !(isStringType(Alloc->getArg(0)->getType()) ||
          isa<StringLiteral>(Alloc->getArg(0)->IgnoreParenImpCasts())))
      continue;
    // The block that declares it, and its statement that holds the launch.
    DynTypedNodeList P = Ctx.getParents(*Var);
    const auto *Decl = P.size() == 1 ? P[0].get<DeclStmt>() : nullptr;
    DynTypedNodeList Q = Decl ? Ctx.getParents(*Decl) : DynTypedNodeList(DynTypedNode());
    const auto *Block = Decl && Q.size() == 1 ? Q[0].get<CompoundStmt>() : nullptr;
    if (!Block)
      continue;
    const Stmt *Holder = &Call;
    while (Holder) {
      DynTypedNodeList Up = Ctx.getParents(*Holder);
      if (Up.size() != 1)
        Holder = nullptr;
      else if (Up[0].get<CompoundStmt>() == Block)
        break;
      else
        Holder = Up[0].get<Stmt>();
    }
    if (!Holder)
      continue;
    // Also another variable of its declaration (`v("v", n), w = v`).
    bool After = false, Named = llvm::any_of(Decl->decls(), [&](const clang::Decl *D) {
      const auto *Other = dyn_cast<VarDecl>(D);
      return Other && Other != Var && namedOutsideKernels(Other->getInit(), Var);
    });
    for (const Stmt *S : Block->body()) {
      if (After)
        Named |= namedOutsideKernels(S, Var);
      After |= S == Decl;
      if (S == Holder)
        break;
    }
    V.Fresh = !Named;
  }
}

/// See FunctorModel::Bound. \p Call is the launch, \p Arg its functor.
static void bindObject(const CallExpr &Call, const Expr &Arg, KernelModel &M,
                       ASTContext &Ctx) {
  FunctorModel &F = M.Functor;
  const Expr *E = stripWrappers(&Arg);
  if (F.Kind != FunctorModel::Form::Object || isa<CXXThisExpr>(E->IgnoreParenImpCasts()) ||
      (isa<UnaryOperator>(E) &&
       isa<CXXThisExpr>(cast<UnaryOperator>(E)->getSubExpr()->IgnoreParenImpCasts())))
    return;
  auto Fail = [&](std::string Why) { F.BindWhy = std::move(Why); };
  const VarDecl *Var = nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    Var = dyn_cast<VarDecl>(Ref->getDecl());
    // Not a static local: built once, it may hold Views of an earlier call.
    if (!Var || !Var->isLocalVarDecl() || !Var->hasLocalStorage() || !Var->getInit() ||
        Var->getType()->isReferenceType())
      return Fail("the functor '" + F.Text + "' is not a local object built where it is declared");
    E = stripWrappers(Var->getInit());
  }
  // In a template, an object built from dependent arguments has no type
  // or constructor yet (`Slope functor(u, du, p)`, a ParenListExpr).
  if (E->getType().isNull() || E->isInstantiationDependent())
    return Fail("the functor '" + F.Text +
                "' is built from arguments that depend on a template parameter");
  const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->getDefinition()->getNumBases())
    return Fail("the functor's class has base classes, whose members kfuse does not follow");
  RD = RD->getDefinition();
  // Field -> the expression its value is copied from.
  std::map<const FieldDecl *, const Expr *> Init;
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    unsigned I = 0;
    for (const FieldDecl *FD : RD->fields())
      if (I < IL->getNumInits())
        Init[FD] = IL->getInit(I++);
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    const FunctionDecl *Def = nullptr;
    if (!CE->getConstructor()->hasBody(Def))
      if (const FunctionDecl *Pattern = CE->getConstructor()->getTemplateInstantiationPattern())
        Pattern->hasBody(Def);
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Def);
    const auto *Body = Ctor ? dyn_cast_or_null<CompoundStmt>(Ctor->getBody()) : nullptr;
    if (!Body || !Body->body_empty())
      return Fail("the constructor of '" + F.ClassName +
                  "' is not visible or does more than copy its arguments");
    for (const CXXCtorInitializer *I : Ctor->inits()) {
      if (!I->isMemberInitializer() || !I->isWritten())
        continue;
      const Expr *X = stripWrappers(I->getInit());
      if (const auto *PL = dyn_cast<ParenListExpr>(X); PL && PL->getNumExprs() == 1)
        X = stripWrappers(PL->getExpr(0));
      const auto *Ref = dyn_cast<DeclRefExpr>(X);
      const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
      if (P && P->getFunctionScopeIndex() < CE->getNumArgs())
        Init[I->getMember()] = CE->getArg(P->getFunctionScopeIndex());
    }
  } else {
    return Fail("the functor '" + F.Text + "' is not built from its Views where it is launched");
  }
  // A temporary is built where the fused launch runs, before the kernels
  // of the group launched before it: what it is built from other than View
  // handles must be plain values that nothing in between could change
  // unseen (the names it reads are the launch's, which code between may
  // not change).
  if (!Var) {
    std::vector<const Expr *> Args;
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      Args.assign(IL->inits().begin(), IL->inits().end());
    else
      for (const Expr *A : cast<CXXConstructExpr>(E)->arguments())
        Args.push_back(A);
    for (const Expr *A : Args) {
      if (isKokkosView(A->getType().getNonReferenceType()))
        continue;
      HostStatement H = analyzeHostExpr(*A, Ctx);
      if (!H.Opaque.empty() || !H.Changes.empty() || !H.TouchesViews.empty() ||
          !H.TouchesObjects.empty())
        return Fail("the functor '" + F.Text + "' is built from '" + exprText(A, Ctx) +
                    "', which kfuse cannot evaluate before the kernels launched before it");
    }
  }
  std::vector<std::pair<ViewUse *, std::string>> Binding;
  for (ViewUse &V : M.Views) {
    if (V.Local)
      continue;
    if (!V.IsMember || !V.Root.empty())
      return Fail("the View '" + V.Name + "' is reached through another object");
    const FieldDecl *Field = nullptr;
    for (const FieldDecl *FD : RD->fields())
      if (FD->getName() == V.Name)
        Field = FD;
    auto It = Field ? Init.find(Field) : Init.end();
    const Expr *X = It == Init.end() ? nullptr : stripWrappers(It->second);
    const auto *Ref = X ? dyn_cast<DeclRefExpr>(X) : nullptr;
    const auto *Source = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Source || !isKokkosView(Source->getType().getNonReferenceType()))
      return Fail("the member '" + V.Name + "' of '" + F.ClassName +
                  "' is not copied from a View variable where the functor is built");
    if (Var && V.PrivateMember)
      return Fail("the member '" + V.Name + "' of '" + F.Text +
                  "' is private: the guard cannot check it still holds the View it was built "
                  "from");
    std::string Name = Source->getNameAsString();
    for (const auto &[Other, N] : Binding)
      if (N == Name)
        return Fail("the members '" + Other->Name + "' and '" + V.Name +
                    "' hold one View, '" + Name + "'");
    Binding.emplace_back(&V, Name);
  }
  if (Var) {
    // Nothing between the declaration and the launch may change the object
    // or the Views it was built from.
    DynTypedNodeList P = Ctx.getParents(*Var);
    const auto *Decl = P.size() == 1 ? P[0].get<DeclStmt>() : nullptr;
    DynTypedNodeList Q = Decl ? Ctx.getParents(*Decl) : DynTypedNodeList(DynTypedNode());
    const auto *Block = Decl && Q.size() == 1 ? Q[0].get<CompoundStmt>() : nullptr;
    const Stmt *Launch = Block ? statementIn(*Block, Call, Ctx) : nullptr;
    // Declared in an enclosing block (before a loop around the launch):
    // named where the fused group launches, the guard checks that it still
    // holds the Views it was bound to (FusedKernelEmitter), whatever the
    // code between does.
    if (!Launch && !(Block && Block->getSourceRange().fullyContains(Call.getSourceRange())))
      return Fail("'" + F.Text + "' is not declared in the block of its launch");
    std::vector<std::string> Kept = {Var->getNameAsString()};
    for (const auto &[V, N] : Binding)
      Kept.push_back(N);
    bool Between = false;
    llvm::ArrayRef<Stmt *> Before;
    if (Launch)
      Before = llvm::ArrayRef<Stmt *>(Block->body_begin(), Block->body_end());
    for (const Stmt *S : Before) {
      if (S == Launch)
        break;
      if (Between) {
        HostStatement H = analyzeHostStmt(*S, Ctx);
        if (!H.Opaque.empty())
          return Fail("the code between the declaration of '" + F.Text + "' and its launch " +
                      H.Opaque);
        for (const std::string &C : H.Changes)
          if (llvm::is_contained(Kept, C))
            return Fail("the code between the declaration of '" + F.Text +
                        "' and its launch changes '" + C + "'");
      }
      Between |= S == Decl;
    }
  }
  for (auto &[V, N] : Binding) {
    V->Member = V->Name;
    V->Name = N;
  }
  F.Bound = true;
  F.BoundVariable = Var != nullptr;
  if (Var)
    F.VariableOffset = fileRange(Var->getSourceRange(), Ctx).Offset;
}

/// A Kokkos reducer's type as any scope can name it: its template with its
/// value arguments spelled portably, its memory space (where the result
/// lives, the host for a variable) left to its default; "" when there is
/// no such spelling.
static std::string reducerTypeText(QualType T, const ASTContext &Ctx) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec)
    return "";
  std::vector<std::string> Args;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    if (A.getKind() != TemplateArgument::Type)
      return "";
    std::string Name = typeText(A.getAsType(), Ctx);
    if (StringRef(Name).ends_with("Space"))
      break; // the last argument
    std::string Text = portableTypeText(A.getAsType(), Ctx);
    if (Text.empty())
      return "";
    Args.push_back(Text);
  }
  return "Kokkos::" + Spec->getNameAsString() + "<" + llvm::join(Args, ", ") + ">";
}

/// True if evaluating the policy \p Arg again, earlier, gives the same
/// bounds and changes nothing: a variable, or a call of a helper whose
/// arguments change nothing and whose body only declares locals and returns
/// a value computed from numbers (no View data, no call kfuse cannot see).
/// The names the helper's body reads (globals among them) go to
/// \p Reads: code between launches that changes them keeps them apart.
static bool reevaluable(const Expr &Arg, ASTContext &Ctx, std::vector<std::string> &Reads) {
  auto Clean = [](const HostStatement &H, bool ObjectsToo) {
    return H.Opaque.empty() && H.TouchesViews.empty() &&
           (ObjectsToo || H.TouchesObjects.empty());
  };
  const Expr *E = stripWrappers(&Arg);
  if (isa<DeclRefExpr>(E))
    return true;
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || isa<CXXMethodDecl>(FD))
    return false;
  for (const Expr *A : Call->arguments()) {
    HostStatement H = analyzeHostExpr(*A, Ctx);
    // Naming an object passes it; what the body does with it is below.
    if (!H.Changes.empty() || !Clean(H, isa<DeclRefExpr>(A->IgnoreParenImpCasts())))
      return false;
  }
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return false;
  std::vector<std::string> Locals;
  for (const Stmt *S : Body->body()) {
    HostStatement H;
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      if (!R->getRetValue())
        return false;
      H = analyzeHostExpr(*R->getRetValue(), Ctx);
    } else if (isa<DeclStmt>(S)) {
      H = analyzeHostStmt(*S, Ctx);
      Locals.insert(Locals.end(), H.Declares.begin(), H.Declares.end());
    } else {
      return false;
    }
    if (!Clean(H, false))
      return false;
    for (const std::string &C : H.Changes)
      if (!llvm::is_contained(Locals, C))
        return false;
    for (const std::string &R : H.Reads)
      if (!llvm::is_contained(Locals, R) && !llvm::is_contained(Reads, R))
        Reads.push_back(R);
  }
  return true;
}

static void analyzeResult(ArrayRef<const Expr *> Results, KernelModel &M,
                          const ASTContext &Ctx) {
  ReductionModel &R = *M.Reduction;
  if (Results.empty()) {
    R.Reducer = M.Kind == LaunchKind::Scan ? "" : "functor-defined";
    return;
  }
  if (Results.size() > 1)
    M.Notes.push_back("several reduction results: only the first is modelled");
  const Expr *E = stripWrappers(Results[0]);
  QualType T = E->getType().getNonReferenceType().getUnqualifiedType();
  if (R.TemplateTyped.empty() && namesTemplateParameter(E->getType()))
    R.TemplateTyped = typeText(E->getType(), Ctx);
  R.ResultText = exprText(Results[0], Ctx);
  R.ResultArgText = R.ResultText;
  R.ResultType = typeText(T, Ctx);
  std::string Template = templateNameOf(T);
  auto IsScalarVariable = [](const Expr *X) {
    const auto *Ref = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return Ref && isa<VarDecl>(Ref->getDecl()) &&
           Ref->getType().getNonReferenceType()->isArithmeticType();
  };
  if (isKokkosView(T)) {
    R.Reducer = "Sum";
    R.ResultIsView = true;
  } else if (StringRef(Template).starts_with("Kokkos::")) {
    R.Reducer = lastComponent(Template).str();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      if (CE->getNumArgs() >= 1) {
        R.ResultText = exprText(CE->getArg(0), Ctx);
        R.ScalarVariable = IsScalarVariable(CE->getArg(0));
        const auto *Ref = dyn_cast<DeclRefExpr>(CE->getArg(0)->IgnoreParenImpCasts());
        R.ReducerType = reducerTypeText(T, Ctx);
        R.ReducerVariable = Ref && isa<VarDecl>(Ref->getDecl()) && !R.ReducerType.empty();
      }
  } else {
    R.Reducer = "Sum";
    R.ScalarVariable = IsScalarVariable(E);
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    R.ClassVariable = Ref && isa<VarDecl>(Ref->getDecl()) && T->isRecordType();
  }
}

KernelModel analyzeLaunch(const CallExpr *Call, LaunchKind Kind,
                          const FunctionDecl *Callee, const ASTContext &Ctx) {
  KernelModel M;
  M.Kind = Kind;
  M.Pos = positionOf(Call->getBeginLoc(), Ctx);
  M.CallText = exprText(Call, Ctx);
  M.CallRange = fileRange(Call->getSourceRange(), Ctx);
  M.FromMacro = Call->getBeginLoc().isMacroID() &&
                !Ctx.getSourceManager().isMacroArgExpansion(Call->getBeginLoc());
  if (M.FromMacro) {
    // The macro the user wrote (the outermost expansion).
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = Call->getBeginLoc();
    while (Loc.isMacroID()) {
      StringRef Name = Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
      if (!Name.empty())
        M.MacroName = Name.str();
      Loc = SM.getImmediateMacroCallerLoc(Loc);
    }
  }

  SmallVector<const Expr *, 5> Args;
  for (const Expr *A : Call->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      Args.push_back(A);

  int LabelIdx = -1;
  if (Callee) {
    for (unsigned I = 0; I < Callee->getNumParams() && I < Args.size(); ++I)
      if (isStringType(Callee->getParamDecl(I)->getType()))
        LabelIdx = I;
  } else if (!Args.empty() &&
             (isStringType(Args[0]->getType()) ||
              isa<StringLiteral>(Args[0]->IgnoreParenImpCasts()))) {
    LabelIdx = 0;
  }

  M.LabelKind = "none";
  SmallVector<const Expr *, 4> Rest;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (static_cast<int>(I) != LabelIdx) {
      Rest.push_back(Args[I]);
      continue;
    }
    const Expr *L = stripWrappers(Args[I]);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(L); CE && CE->getNumArgs())
      L = CE->getArg(0)->IgnoreParenImpCasts();
    if (const auto *SL = dyn_cast<StringLiteral>(L->IgnoreParenImpCasts())) {
      M.LabelKind = "literal";
      M.Label = SL->getString().str();
    } else {
      M.LabelKind = "expression";
      M.Label = exprText(Args[I], Ctx);
    }
  }

  if (Rest.size() < 2) {
    M.Notes.push_back("launch arguments not recognised");
    return M;
  }
  if (Kind != LaunchKind::For)
    M.Reduction.emplace();
  QualType WorkTag;
  analyzePolicy(Rest[0], M, Ctx, WorkTag);
  if (M.Policy.End.empty() &&
      (M.Policy.Kind == PolicyKind::Range || M.Policy.Kind == PolicyKind::MDRange))
    M.Policy.OpaqueBounds =
        reevaluable(*Rest[0], const_cast<ASTContext &>(Ctx), M.Policy.HelperReads);
  analyzeFunctor(Rest[1], M, Ctx, WorkTag);
  bindObject(*Call, *Rest[1], M, const_cast<ASTContext &>(Ctx));
  markFresh(*Call, *Rest[1], M, const_cast<ASTContext &>(Ctx));
  if (M.Reduction)
    analyzeResult(ArrayRef<const Expr *>(Rest).drop_front(2), M, Ctx);
  return M;
}

} // namespace kfuse
