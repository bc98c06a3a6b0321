//===- FunctionSummarizer.cpp - Function bodies, for chains across functions ===//

#include "effects/FunctionSummarizer.h"
#include "effects/SummaryForms.h"
#include "effects/HostCodeAnalyzer.h"
#include "model/KokkosAST.h"
#include "model/LaunchAnalyzer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include <functional>
#include <set>

using namespace clang;

namespace kfuse {
using namespace summary;
namespace {

/// How messages name \p FD: a template's instance as the template
/// (`Stream::triad`, not `Stream<float>::triad` where the run may have used
/// another instance).
std::string displayName(const FunctionDecl *FD) {
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    return Pattern->getQualifiedNameAsString();
  return FD->getQualifiedNameAsString();
}

class Summarizer {
public:
  Summarizer(ASTContext &Ctx, const std::vector<KernelModel> &Sites,
             llvm::function_ref<std::string(SourceLocation)> ProjectPath)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Sites(Sites), ProjectPath(ProjectPath) {}

  /// An overrider whose body the unit lacks: its name and what it
  /// overrides, no body (FunctionSummary::Unsummarized).
  FunctionSummary unsummarized(const CXXMethodDecl *MD) {
    FunctionSummary S;
    S.Usr = usrOf(MD);
    S.Name = displayName(MD);
    S.File = ProjectPath(MD->getLocation());
    S.Pos = positionOf(MD->getLocation(), Ctx);
    S.Method = true;
    S.Unsummarized = true;
    S.Overrides = overridesOf(MD);
    return S;
  }

  /// The methods \p MD overrides, directly or not, by USR.
  static std::vector<std::string> overridesOf(const CXXMethodDecl *MD) {
    std::vector<std::string> Out;
    for (const CXXMethodDecl *O : MD->overridden_methods()) {
      Out.push_back(usrOf(O));
      for (std::string &U : overridesOf(O))
        Out.push_back(std::move(U));
    }
    return Out;
  }

  FunctionSummary summarize(const FunctionDecl *FD) {
    resolveThroughInstances(FD);
    FunctionSummary S;
    S.Usr = usrOf(FD);
    S.Name = displayName(FD);
    S.File = ProjectPath(FD->getLocation());
    for (const ParmVarDecl *P : FD->parameters()) {
      S.Params.push_back(P->getNameAsString());
      S.ParamsByReference.push_back(P->getType()->isLValueReferenceType());
    }
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD)) {
      S.Method = MD->isInstance();
      S.Overrides = overridesOf(MD);
      FunctorModel Class;
      describeClass(MD->getParent(), Class, Ctx);
      S.SpelledClass = Class.SpelledClass;
      S.ClassFile = Class.ClassFile;
      S.ClassFileOnly = Class.ClassFileOnly || Class.ClassTemplate;
    }
    S.Pos = positionOf(FD->getLocation(), Ctx);
    File = S.File;
    FID = SM.getFileID(SM.getExpansionLoc(FD->getBody()->getBeginLoc()));
    S.Body = block(FD->getBody());
    return S;
  }

  /// The function a call of \p FD runs as summarized: the template an
  /// instantiation of a function template comes from (VisitFunctionDecl).
  static const FunctionDecl *calleeOf(const FunctionDecl *FD) {
    const FunctionTemplateDecl *T = FD->getPrimaryTemplate();
    if (T && FD->isTemplateInstantiation() && !T->getDeclContext()->isDependentContext())
      return T->getTemplatedDecl();
    return FD;
  }

  /// Where \p FD is a function template as written: each call whose
  /// callee depends on its parameters (`first<C>(a, n)`), resolved where
  /// every instantiation of the unit calls an instance of one function
  /// template there (or one function), as calleeOf names it.
  void resolveThroughInstances(const FunctionDecl *FD) {
    Resolved.clear();
    const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate();
    if (!T)
      return;
    llvm::DenseMap<unsigned, const FunctionDecl *> Seen;
    for (const FunctionDecl *Spec : T->specializations()) {
      const FunctionDecl *Def = nullptr;
      if (!Spec->isTemplateInstantiation() || !Spec->hasBody(Def) || !Def->getBody())
        continue;
      llvm::SmallVector<const Stmt *, 32> Work{Def->getBody()};
      while (!Work.empty()) {
        const Stmt *X = Work.pop_back_val();
        if (const auto *Call = dyn_cast<CallExpr>(X))
          if (const FunctionDecl *Callee = Call->getDirectCallee()) {
            unsigned At = Call->getBeginLoc().getRawEncoding();
            const FunctionDecl *Named = calleeOf(Callee);
            auto [It, New] = Seen.try_emplace(At, Named);
            if (!New && It->second && It->second->getCanonicalDecl() != Named->getCanonicalDecl())
              It->second = nullptr; // instantiations disagree
          }
        for (const Stmt *Child : X->children())
          if (Child)
            Work.push_back(Child);
      }
    }
    for (const auto &[At, Named] : Seen)
      if (Named)
        Resolved[At] = Named;
  }

  /// The function \p Call runs: its direct callee, else what
  /// resolveThroughInstances found at its place.
  const FunctionDecl *calleeFor(const CallExpr *Call) const {
    if (const FunctionDecl *FD = Call->getDirectCallee())
      return FD;
    auto It = Resolved.find(Call->getBeginLoc().getRawEncoding());
    return It == Resolved.end() ? nullptr : It->second;
  }

  static std::string usrOf(const Decl *D) {
    llvm::SmallString<128> Buf;
    if (index::generateUSRForDecl(D, Buf))
      return "";
    return std::string(Buf);
  }

private:
  std::vector<FlowStatement> block(const Stmt *S) {
    std::vector<FlowStatement> Out;
    if (const auto *C = dyn_cast_or_null<CompoundStmt>(S)) {
      for (const Stmt *Child : C->body())
        Out.push_back(statement(Child));
    } else if (S) {
      Out.push_back(statement(S));
    }
    return Out;
  }

  FlowStatement statement(const Stmt *S) {
    FlowStatement F;
    F.Range = fileRange(S->getSourceRange(), Ctx);
    F.Pos = positionOf(S->getBeginLoc(), Ctx);
    lines(F, S);
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      F.Returns = true;
      if (R->getRetValue()) {
        F.Effects = analyzeHostExpr(*R->getRetValue(), Ctx);
        const auto *Call = dyn_cast<CallExpr>(R->getRetValue()->IgnoreImplicit());
        const FunctionDecl *FD = Call && !isa<CXXOperatorCallExpr>(Call)
                                     ? calleeFor(Call)
                                     : nullptr;
        const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
        if (FD && !(MD && MD->isVirtual()) && !ProjectPath(FD->getLocation()).empty())
          F.TailCallee = usrOf(calleeOf(FD));
      }
      F.Effects.Range = F.Range;
      F.Effects.Pos = F.Pos;
      return F;
    }
    F.Effects = analyzeHostStmt(*S, Ctx);
    if (isLaunchStatement(S) && !isa<IfStmt>(S)) {
      F.Kind = FlowStatement::Form::Launch;
      for (const KernelModel &M : Sites)
        if (M.File == File && (M.CallRange.Offset == F.Range.Offset ||
                               M.StmtRange.Offset == F.Range.Offset))
          F.Site = M.Id.str();
      return F;
    }
    if (const auto *If = dyn_cast<IfStmt>(S);
        If && !If->getInit() && !If->getConditionVariable() && !If->isConstexpr()) {
      F.Kind = FlowStatement::Form::If;
      F.Header = analyzeHostExpr(*If->getCond(), Ctx);
      F.CondText = exprText(If->getCond(), Ctx);
      F.HasElse = If->getElse() != nullptr;
      F.Body = block(If->getThen());
      if (F.HasElse)
        F.Else = block(If->getElse());
      if (const auto *Then = dyn_cast<CompoundStmt>(If->getThen())) {
        unsigned Brace = SM.getFileOffset(SM.getExpansionLoc(Then->getLBracLoc()));
        F.ThenLineAfter = lineAfter(Brace + 1);
        F.ThenIndent = F.Body.empty() ? F.Indent + "  " : F.Body.front().Indent;
      }
      return F;
    }
    if (const auto *C = dyn_cast<CompoundStmt>(S)) {
      F.Kind = FlowStatement::Form::Block;
      F.Body = block(C);
      return F;
    }
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      F.Kind = FlowStatement::Form::Loop;
      HostStatement H;
      for (const Stmt *Part : {(const Stmt *)For->getInit(), (const Stmt *)For->getCond(),
                               (const Stmt *)For->getInc()})
        if (Part)
          merge(H, analyzeHostStmt(*Part, Ctx));
      if (For->getConditionVariable())
        H.Opaque = "a condition variable in the loop header";
      F.Header = std::move(H);
      F.Body = block(For->getBody());
      return F;
    }
    if (const auto *While = dyn_cast<WhileStmt>(S); While && !While->getConditionVariable()) {
      F.Kind = FlowStatement::Form::Loop;
      F.Header = analyzeHostExpr(*While->getCond(), Ctx);
      F.Body = block(While->getBody());
      return F;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S);
        DS && llvm::all_of(DS->decls(), [](const Decl *D) { return isa<TypedefNameDecl>(D); }))
      for (const Decl *D : DS->decls())
        F.DeclaresTypes.push_back(cast<TypedefNameDecl>(D)->getNameAsString());
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      F.CopiesHandles = llvm::all_of(DS->decls(), [](const Decl *D) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD || VD->getType()->isReferenceType() || !VD->getInit())
          return false;
        return isKokkosView(VD->getType()) ? namesOnly(VD->getInit())
                                           : buildsFromHandles(VD->getInit());
      });
    else
      F.AssignsHandle = assignsHandle(S);
    const Expr *Value = nullptr;
    if (const FieldDecl *Member = assignedMember(S, Value); Member && Member->getIdentifier()) {
      F.AssignedMember = Member->getNameAsString();
      F.AssignedValue = fileRange(Value->getSourceRange(), Ctx);
    }
    call(F, S);
    return F;
  }

  static void merge(HostStatement &To, const HostStatement &From) {
    auto Add = [](std::vector<std::string> &A, const std::vector<std::string> &B) {
      for (const std::string &N : B)
        if (!llvm::is_contained(A, N))
          A.push_back(N);
    };
    Add(To.Declares, From.Declares);
    Add(To.Changes, From.Changes);
    Add(To.Reads, From.Reads);
    Add(To.TouchesViews, From.TouchesViews);
    Add(To.TouchesObjects, From.TouchesObjects);
    for (const HostStatement::ReferenceUse &U : From.ThroughReferences) {
      auto It = llvm::find_if(To.ThroughReferences, [&](const HostStatement::ReferenceUse &X) {
        return X.Name == U.Name;
      });
      if (It == To.ThroughReferences.end())
        To.ThroughReferences.push_back(U);
      else
        It->Written |= U.Written;
    }
    if (To.Opaque.empty()) {
      To.Opaque = From.Opaque;
      To.OpaquePos = From.OpaquePos;
    }
    To.OpaqueOther |= From.OpaqueOther;
    To.OpaqueBeyondCalls |= From.OpaqueBeyondCalls;
    for (const HostStatement::UnseenCall &U : From.Unseen)
      To.Unseen.push_back(U);
    To.Launches.insert(To.Launches.end(), From.Launches.begin(), From.Launches.end());
    for (const std::string &T : From.PointerReads)
      if (!llvm::is_contained(To.PointerReads, T))
        To.PointerReads.push_back(T);
    for (const HostStatement::FieldUse &F : From.FieldPointers)
      if (!llvm::is_contained(To.FieldPointers, F))
        To.FieldPointers.push_back(F);
  }

  /// `f(a);`, `obj.f(a);`, `p->f(a);`, `x = f(a);` or `T x = f(a);` for a
  /// function of the project.
  void call(FlowStatement &F, const Stmt *S) {
    const Expr *E = nullptr;
    if (const auto *X = dyn_cast<Expr>(S)) {
      E = bare(X);
      if (const auto *B = dyn_cast<BinaryOperator>(E)) {
        if (!B->isAssignmentOp())
          return;
        const auto *Ref = dyn_cast<DeclRefExpr>(bare(B->getLHS()));
        if (!Ref || holdsMemory(B->getLHS()->getType()))
          return;
        E = bare(B->getRHS());
      }
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      const auto *VD = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      if (!VD || !VD->getInit() || holdsMemory(VD->getType()))
        return;
      E = bare(VD->getInit());
    }
    // `f(x) / n`: the call, and an operand that changes nothing and
    // touches no View (numbers read through pointers are for the planner).
    const Expr *Rest = nullptr;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(E);
        B && (B->isMultiplicativeOp() || B->isAdditiveOp())) {
      const Expr *L = bare(B->getLHS());
      bool Left = isa<CallExpr>(L) && !isa<CXXOperatorCallExpr>(L);
      E = Left ? L : bare(B->getRHS());
      Rest = Left ? B->getRHS() : B->getLHS();
    }
    const auto *Call = dyn_cast_or_null<CallExpr>(E);
    if (!Call || isa<CXXOperatorCallExpr>(Call))
      return;
    const FunctionDecl *FD = calleeFor(Call);
    if (!FD || ProjectPath(FD->getLocation()).empty())
      return;
    if (Rest) {
      HostStatement O = analyzeHostExpr(*Rest, Ctx);
      if (!O.Changes.empty() || O.OpaqueOther || !O.TouchesViews.empty() ||
          !O.TouchesObjects.empty() || !O.ThroughReferences.empty() || !repeatable(Rest, SM))
        return;
      if (!O.Opaque.empty())
        O.Opaque = "its operand '" + exprText(Rest, Ctx) + "' " + O.Opaque;
      F.Around = std::move(O);
    }
    F.Kind = FlowStatement::Form::Call;
    F.Callee = usrOf(calleeOf(FD));
    F.CalleeName = FD->getQualifiedNameAsString();
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      const Expr *Object = bare(MC->getImplicitObjectArgument());
      bool Direct = false;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Object))
        Direct = !Ref->getType()->isReferenceType() && !Ref->getDecl()->getType()->isReferenceType() &&
                 !MC->getImplicitObjectArgument()->getType()->isPointerType();
      if (MD && MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
          !MD->getParent()->hasAttr<FinalAttr>() && !Direct) {
        F.Virtual = true;
        F.ObjectText = exprText(MC->getImplicitObjectArgument(), Ctx);
        F.ObjectIsPointer = MC->getImplicitObjectArgument()->getType()->isPointerType();
      }
      if (!namesOnly(MC->getImplicitObjectArgument()))
        F.CallProblem = "the object '" + exprText(MC->getImplicitObjectArgument(), Ctx) +
                        "' is computed";
    }
    F.ArgsExact = Call->getNumArgs() == FD->getNumParams();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      F.Args.push_back(exprText(Arg, Ctx));
      // A variable, a copy of one (a View passed by value), or its address
      // (`&system`): the same each time.
      const Expr *Named = bare(Arg);
      if (const auto *C = dyn_cast<CXXConstructExpr>(Named);
          C && C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor() &&
          (C->getConstructor()->isTrivial() || isLibraryFunction(C->getConstructor(), SM)))
        Named = bare(C->getArg(0));
      if (const auto *U = dyn_cast<UnaryOperator>(Named); U && U->getOpcode() == UO_AddrOf)
        Named = U->getSubExpr()->IgnoreParenImpCasts();
      const auto *Ref = dyn_cast<DeclRefExpr>(Named);
      F.ArgsLocal.push_back(ownStorage(Arg));
      auto Plain = [&](QualType T) {
        return Ctx.getCanonicalType(T.getNonReferenceType()).getUnqualifiedType();
      };
      if (isa<CXXDefaultArgExpr>(Arg) || I >= FD->getNumParams() ||
          Plain(Arg->getType()) != Plain(FD->getParamDecl(I)->getType()))
        F.ArgsExact = false;
      // Other than a variable: an expression whose evaluation changes
      // nothing (`domain.regElemSize(r)`), so evaluating it once more is
      // as evaluating it once.
      else if ((!Ref || !isa<VarDecl>(Ref->getDecl())) && !memberOfName(Named)) {
        HostStatement E = analyzeHostExpr(*Arg, Ctx);
        F.ArgsExact &= E.Changes.empty() && !E.OpaqueOther && E.TouchesViews.empty() &&
                       E.TouchesObjects.empty() && E.ThroughReferences.empty() &&
                       repeatable(Arg, SM);
      }
    }
    // Arguments that only name variables bind them; others are evaluated
    // (with a kernel perhaps pending, when this call holds the second).
    for (const Expr *Arg : Call->arguments()) {
      if (isa<CXXDefaultArgExpr>(Arg) || namesOnly(Arg))
        continue;
      HostStatement E = analyzeHostExpr(*Arg, Ctx);
      if (E.OpaqueOther || !E.TouchesViews.empty() || !E.TouchesObjects.empty()) {
        F.ArgsProblem = "its argument '" + exprText(Arg, Ctx) + "' " +
                        (!E.Opaque.empty() ? E.Opaque : "uses View data");
        return;
      }
      // Numbers read through pointers: the planner compares their types
      // with the kernels' Views.
      if ((!E.PointerReads.empty() || !E.FieldPointers.empty()) &&
          F.ArgsPointerReads.Opaque.empty()) {
        F.ArgsPointerReads.Opaque = "its argument '" + exprText(Arg, Ctx) + "' " + E.Opaque;
        F.ArgsPointerReads.OpaquePos = E.OpaquePos;
      }
      for (const std::string &T : E.PointerReads)
        if (!llvm::is_contained(F.ArgsPointerReads.PointerReads, T))
          F.ArgsPointerReads.PointerReads.push_back(T);
      for (const HostStatement::FieldUse &P : E.FieldPointers)
        if (!llvm::is_contained(F.ArgsPointerReads.FieldPointers, P))
          F.ArgsPointerReads.FieldPointers.push_back(P);
    }
  }

  /// Fills where whole lines can be inserted around \p S.
  void lines(FlowStatement &F, const Stmt *S) {
    if (!F.Range.valid())
      return;
    llvm::StringRef Text = SM.getBufferData(FID);
    unsigned Begin = F.Range.Offset;
    unsigned Start = Begin;
    while (Start > 0 && (Text[Start - 1] == ' ' || Text[Start - 1] == '\t'))
      --Start;
    if (Start == 0 || Text[Start - 1] == '\n') {
      F.LineBegin = Start;
      F.Indent = Text.slice(Start, Begin).str();
    }
    unsigned End = F.Range.Offset + F.Range.Length;
    unsigned P = End;
    while (P < Text.size() && (Text[P] == ' ' || Text[P] == '\t'))
      ++P;
    if (P < Text.size() && Text[P] == ';')
      End = P + 1;
    F.LineAfter = lineAfter(End, Text);
  }

  unsigned lineAfter(unsigned From) { return lineAfter(From, SM.getBufferData(FID)); }

  /// Just past the end of the line holding \p From, when only blanks or a
  /// line comment follow it there; ~0u otherwise.
  static unsigned lineAfter(unsigned From, llvm::StringRef Text) {
    unsigned P = From;
    while (P < Text.size() && (Text[P] == ' ' || Text[P] == '\t'))
      ++P;
    if (Text.substr(P).starts_with("//"))
      P = Text.find('\n', P) == llvm::StringRef::npos ? Text.size() : Text.find('\n', P);
    if (P < Text.size() && Text[P] == '\n')
      return P + 1;
    return ~0u;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const std::vector<KernelModel> &Sites;
  llvm::function_ref<std::string(SourceLocation)> ProjectPath;
  std::string File;
  FileID FID;
  /// resolveThroughInstances: by the raw location of each call.
  llvm::DenseMap<unsigned, const FunctionDecl *> Resolved;
};

class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  FunctionCollector(Summarizer &S, llvm::function_ref<std::string(SourceLocation)> ProjectPath,
                    std::vector<FunctionSummary> &Out)
      : S(S), ProjectPath(ProjectPath), Out(Out) {}

  /// Instantiations too: their virtual methods may override the project's.
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    // A function template (outside any class template): summarized as
    // written, which every instantiation runs; what depends on its
    // parameters is opaque there. Calls of its instantiations name it
    // (Summarizer::calleeOf).
    if (FD->getDescribedFunctionTemplate() && !FD->getDeclContext()->isDependentContext() &&
        FD->doesThisDeclarationHaveABody() && FD->getBody() &&
        !ProjectPath(FD->getLocation()).empty()) {
      Out.push_back(S.summarize(FD));
      return true;
    }
    if (FD->isDependentContext() || FD->isTemplateInstantiation()) {
      // A virtual method of a class template's specialization may be the
      // overrider a virtual call between two launches runs: summarized as
      // instantiated (its types known), or marked when its body is not
      // here. The template as written runs nowhere.
      // A member function of a class template's specialization (not itself
      // a function template's instance) is summarized as instantiated too:
      // a launch of `*this` in it is placed through its calls.
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      bool Member = MD && !FD->getPrimaryTemplate() &&
                    isa<ClassTemplateSpecializationDecl>(MD->getParent());
      if (!MD || !(Member || (MD->isVirtual() && MD->size_overridden_methods())) ||
          FD->isDependentContext() || ProjectPath(FD->getLocation()).empty())
        return true;
      if (FD->doesThisDeclarationHaveABody() && FD->getBody())
        Out.push_back(S.summarize(FD));
      else
        Out.push_back(S.unsummarized(MD));
      return true;
    }
    if (!FD->doesThisDeclarationHaveABody() || !FD->getBody()) {
      // An overrider this unit declares and does not define: its body may
      // be in a unit not given (a library of the project), so a virtual
      // call it may answer is not judged on the others alone (a unit that
      // defines it gives way to it).
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (MD && MD->isVirtual() && !MD->isPureVirtual() && MD->size_overridden_methods() &&
          !FD->isDefined() && FD->isFirstDecl() && !ProjectPath(FD->getLocation()).empty())
        Out.push_back(S.unsummarized(MD));
      return true;
    }
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getParent()->isLambda())
      return true;
    if (ProjectPath(FD->getLocation()).empty())
      return true;
    Out.push_back(S.summarize(FD));
    return true;
  }

private:
  Summarizer &S;
  llvm::function_ref<std::string(SourceLocation)> ProjectPath;
  std::vector<FunctionSummary> &Out;
};

class DeclarationFiles : public RecursiveASTVisitor<DeclarationFiles> {
public:
  DeclarationFiles(const ASTContext &Ctx, SourceRange Body) : Ctx(Ctx), Body(Body) {}

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (const auto *VD = dyn_cast<VarDecl>(D); VD && !VD->hasGlobalStorage())
      return true; // a capture, a local or a parameter
    add(D, true);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    // Reached through its object; a member of `this` is one of the body's
    // own (BodyMemberFiles).
    bool OwnMember = isa<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts());
    add(E->getMemberDecl(), false, OwnMember);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    add(E->getConstructor()->getParent(), true);
    return true;
  }
  bool VisitTypeLoc(TypeLoc TL) {
    if (auto TT = TL.getAs<TypedefTypeLoc>())
      add(TT.getTypedefNameDecl(), true);
    else if (auto Tag = TL.getAs<TagTypeLoc>())
      add(Tag.getDecl(), true);
    else if (auto TST = TL.getAs<TemplateSpecializationTypeLoc>())
      if (TemplateDecl *T = TST.getTypePtr()->getTemplateName().getAsTemplateDecl())
        add(T, true);
    return true;
  }

  std::set<std::string> Files;
  std::set<std::string> MemberFiles; ///< declaring only members of `this`
  /// Of the names looked up from the body's scope, the one whose first
  /// declaration in the body's own file comes last, and where.
  std::string Last;
  unsigned LastOffset = 0;

private:
  void add(const Decl *D, bool ByName, bool OwnMember = false) {
    if (!D)
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    // Where it is first declared: what a copy of the body needs before it.
    const Decl *First = D->getCanonicalDecl();
    SourceLocation Loc = SM.getExpansionLoc(First->getLocation());
    if (ByName && Loc.isValid() && !SM.isInSystemHeader(Loc) &&
        SM.getFileID(Loc) == SM.getFileID(SM.getExpansionLoc(Body.getBegin())) &&
        !SM.isPointWithin(Loc, SM.getExpansionLoc(Body.getBegin()),
                          SM.getExpansionLoc(Body.getEnd()))) {
      unsigned Offset = SM.getFileOffset(SM.getExpansionLoc(First->getBeginLoc()));
      if (Offset >= LastOffset) {
        LastOffset = Offset;
        if (const auto *ND = dyn_cast<NamedDecl>(First))
          Last = ND->getNameAsString();
      }
    }
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
      return;
    if (SM.isPointWithin(Loc, SM.getExpansionLoc(Body.getBegin()),
                         SM.getExpansionLoc(Body.getEnd())))
      return;
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(Loc));
    if (!FE)
      return;
    llvm::SmallString<256> Path(FE->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    (OwnMember ? MemberFiles : Files).insert(std::string(Path));
  }

  const ASTContext &Ctx;
  SourceRange Body;
};

} // namespace

std::vector<FunctionSummary>
summarizeFunctions(ASTContext &Ctx, llvm::ArrayRef<Decl *> Decls,
                   const std::vector<KernelModel> &Sites,
                   llvm::function_ref<std::string(SourceLocation)> ProjectPath) {
  std::vector<FunctionSummary> Out;
  Summarizer S(Ctx, Sites, ProjectPath);
  FunctionCollector C(S, ProjectPath, Out);
  for (Decl *D : Decls)
    C.TraverseDecl(D);
  return Out;
}

void declarationsOf(const Stmt &Body, const ASTContext &Ctx, KernelModel &M) {
  DeclarationFiles V(Ctx, Body.getSourceRange());
  V.TraverseStmt(const_cast<Stmt *>(&Body));
  std::set<std::string> All = V.Files;
  M.BodyMemberFiles.clear();
  for (const std::string &F : V.MemberFiles)
    if (All.insert(F).second)
      M.BodyMemberFiles.push_back(F);
  M.BodyDeclFiles.assign(All.begin(), All.end());
  M.BodyDeclLast = V.Last;
  M.BodyDeclLastOffset = V.LastOffset;
}

} // namespace kfuse
