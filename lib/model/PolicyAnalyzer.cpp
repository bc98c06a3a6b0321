//===- PolicyAnalyzer.cpp - The policy of one Kokkos launch --------------===//

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

StringRef lastComponent(StringRef Qualified) {
  size_t Pos = Qualified.rfind("::");
  return Pos == StringRef::npos ? Qualified : Qualified.substr(Pos + 2);
}

bool isStringType(QualType T) {
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

void analyzePolicy(const Expr *Arg, KernelModel &M,
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

} // namespace kfuse
