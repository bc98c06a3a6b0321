//===- KernelBodyAnalyzer.h - Views, scalars and loops of a body -*- C++ -*-=//
//
// Walks the body of a kernel (a lambda's call operator or a functor's
// operator()) and records every View access with its mode and indices, the
// scalars read, and the inner for loops. The walk passes down how the value
// of each subexpression is used, so `a(i) = b(i)` is a write of a and a read
// of b without building a parent map.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_KERNELBODYANALYZER_H
#define KFUSE_LIB_KERNELBODYANALYZER_H

#include "kfuse/LaunchModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <optional>

namespace kfuse {

/// Fills KernelModel::Views, Scalars, Loops and Notes from a kernel body.
class KernelBodyAnalyzer {
public:
  /// \p IndexParams are the kernel's index parameter names; \p IsMemberBody
  /// says the body is a functor's operator() (members are its data).
  /// \p Fn is the function whose body is analysed (the lambda's call
  /// operator or the functor's operator()): what it declares is local.
  KernelBodyAnalyzer(const clang::ASTContext &Ctx, KernelModel &Model,
                     llvm::ArrayRef<std::string> IndexParams,
                     const clang::FunctionDecl *Fn)
      : Ctx(Ctx), Model(Model), Fn(Fn) {
    for (const std::string &P : IndexParams)
      this->IndexParams.insert(P);
    IndexOrder.assign(IndexParams.begin(), IndexParams.end());
  }

  /// Analyses \p Body. May be called once per body.
  void analyze(const clang::Stmt *Body);

  /// Where the body analysed is written in a template (a member template's
  /// pattern): the bodies of its instances in the unit, which resolve the
  /// calls that are dependent as written.
  void setInstances(std::vector<const clang::FunctionDecl *> Defs) {
    Instances = std::move(Defs);
  }

private:
  /// How the value of the expression being visited is used.
  struct Use {
    AccessMode Mode = AccessMode::Read;
    std::string Callee; ///< for PassedToCall and Atomic
    /// PassedToCall to a callee whose parameters are not known (a call a
    /// template resolves in its instances): taken to be by reference, not
    /// known to be.
    bool Unresolved = false;
  };

  /// A View named in the body: a capture, a member of *this, or a member of
  /// either (`field.density`).
  struct ViewRef {
    std::string Name;
    std::string Root; ///< the object it is a member of, if any
    const clang::ValueDecl *RootDecl = nullptr; ///< that object's variable
    bool IsMember = false;
    bool Local = false;
    bool Private = false; ///< some member on the path is not public
    /// Code of the functor's own class may name the path through `*this`:
    /// every member on it that is not public is a member of `*this` itself,
    /// protected, or private to the class of the operator analysed.
    bool ClassReadable = true;
  };
  std::optional<ViewRef> viewRef(const clang::Expr *E) const;
  /// ViewUse::Steps for the View \p Path reaches from \p Object, or none
  /// where a private member on it cannot be spelled outside its class.
  std::vector<ViewUse::MemberStep>
  privateSteps(const ViewRef &Object, llvm::ArrayRef<const clang::FieldDecl *> Path) const;
  /// The path of \p E like viewRef's, of any type (an object holding Views).
  std::optional<ViewRef> pathRef(const clang::Expr *E) const;
  /// True if \p D is declared in the analysed body (or is its parameter).
  bool isLocal(const clang::ValueDecl *D) const;
  /// How \p E reaches memory outside the body that is not a View, e.g.
  /// "raw pointer 'p'", or "" when it does not (a local, a number).
  std::string outsideMemory(const clang::Expr *E) const;
  void recordUnknown(const clang::Expr *At, std::string Why, bool MayWrite);

  void visit(const clang::Stmt *S, const Use &U);
  void visitChildren(const clang::Stmt *S, const Use &U);
  /// \p U: how the call's result is used.
  void visitCall(const clang::CallExpr *Call, const Use &U);
  bool visitViewAccess(const clang::Expr *E, const Use &U);
  /// `p[index]` on a raw pointer to numbers the lambda captures: recorded
  /// as an access of a 1-D array named after it (ViewUse::Pointer).
  /// \p InBody: \p E is written in the kernel's body, though a followed
  /// call reaches it (through a pointer to it handed to the call).
  bool capturedPointerAccess(const clang::ArraySubscriptExpr *E, const Use &U,
                             bool InBody = false);
  void recordAccess(ViewUse &V, bool Known, const clang::Expr *E,
                    llvm::ArrayRef<const clang::Expr *> Indices, const Use &U);
  void recordAccess(ViewUse &V, bool Known, const clang::Expr *E,
                    llvm::SmallVector<IndexExpr, 4> Indices, const Use &U);
  void visitFor(const clang::ForStmt *For);
  void recordViewEscape(const clang::Expr *ViewExpr, const Use &U,
                        const clang::Expr *At);
  void recordScalar(const clang::ValueDecl *D, bool IsMember, const Use &U,
                    const clang::Expr *Ref);
  ViewUse &viewFor(const clang::Expr *ViewExpr, bool &Known);
  ViewUse &viewFor(const std::optional<ViewRef> &Ref, clang::QualType Type,
                   const std::string &Text, bool &Known);
  /// `d.vnew(i)`: an accessor of a captured object that returns an element
  /// of one of its View members (indexed by its parameters, or by
  /// arithmetic on them and on elements of other View members,
  /// `domain.regionElement(r, i)`): records the elements it reads, used as
  /// \p U, and returns true.
  bool accessorAccess(const clang::CXXMemberCallExpr *Call, const Use &U);
  /// `list.row(i)`: an accessor of a captured object (or of a member)
  /// handing out a row (RowAccessor.h): records a read of some elements of
  /// each View the object holds, and returns true. As written in a
  /// template, where the call is dependent: in every instance alike.
  bool rowAccess(const clang::CallExpr *Call);
  /// True if \p E is a call of such an accessor (in every instance);
  /// \p Writable says whether a row it returns holds a pointer that is not
  /// to const.
  bool rowCall(const clang::Expr *E, bool &Writable) const;
  /// True if \p E is a row such an accessor returns that holds pointers to
  /// const only (`list.row(i)` as the object of `.size()` or `(k)`): its
  /// reads are recorded where the call is visited.
  bool rowValue(const clang::Expr *E) const;
  /// True if the local \p VD, initialised with \p Init, is a copy of such
  /// a row: it holds pointers into Views already recorded. Where one is
  /// not to const, \p VD joins WritableRows.
  bool rowCopy(const clang::VarDecl *VD, const clang::Expr *Init);
  /// A call on a local of WritableRows (`r(k)`, `r.size()`), its result used
  /// as \p U: a read (\p U reads, the method stores nothing) is nothing
  /// more; anything else is an unknown access. False where \p Call is not
  /// made on such a local.
  bool writableRowUse(const clang::CallExpr *Call, const Use &U);
  /// Why the local \p VD, initialised with a call of a method of an object
  /// (in every instance, where the body is a template's), is not such a
  /// row: its class may be stored through; "" for other initialisers.
  std::string rowRefusal(const clang::VarDecl *VD, const clang::Expr *Init) const;
  /// The accessor calls \p Call stands for: itself, or where it is written
  /// in a template (dependent), the call at its place in every instance
  /// (none where an instance has none).
  llvm::SmallVector<const clang::CXXMemberCallExpr *, 2>
  resolvedCalls(const clang::Expr *Call) const;
  IndexExpr classifyIndex(const clang::Expr *E);
  /// What `this` and the parameters of an accessor being written out
  /// stand for (indexValue).
  struct ValueScope {
    /// The path to the object `this` is, with a trailing dot (`d.`);
    /// empty for the functor's own object.
    std::string This;
    bool Accessor = false;
    llvm::DenseMap<const clang::ValueDecl *, std::string> Params;
  };
  /// IndexExpr::Value of \p E, or "" (KernelBodyValues.cpp).
  std::string indexValue(const clang::Expr *E, const ValueScope &Scope, unsigned Depth) const;
  /// True if \p E is, or is a member of, the functor's object or a capture
  /// of the kernel itself (not a parameter of a followed call, nor a local).
  bool capturedRoot(const clang::Expr *E) const;
  /// The name of the View \p E is, as ViewUse::Name spells it, or "".
  std::string valueViewName(const clang::Expr *E, const ValueScope &Scope) const;
  /// True if the local \p VD of the kernel's own body is never changed
  /// after its initialisation: read, and nothing else, wherever named.
  bool neverChanged(const clang::VarDecl *VD) const;
  bool containsViewAccess(const clang::Stmt *S);
  /// Follows \p Call, a call of \p MD on the functor's own object (a
  /// member function, `neighbour(j)`, or another of its operators,
  /// `(*this)(TagB(), i)`; its arguments from \p FirstArg), into \p MD's
  /// body: what it touches is recorded as the kernel's, each parameter
  /// standing for its argument (`p(j)` with `j` bound to `i - 1` reads
  /// `p(i - 1)`), its result used as \p U. False, recording nothing, where
  /// the body is not one kfuse follows: virtual, not in the unit, already
  /// being followed, four calls deep, with loops or lambdas, or taking
  /// parameters other than numbers, Views and tags.
  bool followOwnCall(const clang::CallExpr *Call, const clang::CXXMethodDecl *MD,
                     unsigned FirstArg, const Use &U);
  /// Follows \p Call, a call of a function of the project that is no
  /// member (a device function taking Views, `kick(v, f, i, h)`), as
  /// followOwnCall does; the model notes it (KernelModel::FollowsCalls).
  bool followFreeCall(const clang::CallExpr *Call, const clang::FunctionDecl *FD, const Use &U);
  /// What followOwnCall and followFreeCall share: \p Def's parameters bound
  /// to \p Call's arguments from \p FirstArg, its body visited.
  bool followBody(const clang::CallExpr *Call, const clang::FunctionDecl *Def, unsigned FirstArg,
                  const Use &U);
  /// The argument a parameter of a followed call stands for, else null.
  const clang::Expr *argumentFor(const clang::ValueDecl *D) const;
  /// True if \p D is a variable of a followed call's body that stands for
  /// no argument: its name says nothing about the kernel's indices.
  bool calleeLocal(const clang::ValueDecl *D) const;

  const clang::ASTContext &Ctx;
  KernelModel &Model;
  const clang::FunctionDecl *Fn;
  std::vector<const clang::FunctionDecl *> Instances;
  /// Locals holding rows whose pointers are not all to const: the body may
  /// only read through them (writableRowUse).
  llvm::SmallPtrSet<const clang::VarDecl *, 4> WritableRows;
  /// Every local holding a row (rowCopy, and copies of one): what it
  /// points to is recorded where it was handed out, so nothing may change
  /// it after (`r = other`, `r.ptr = p` are unknown accesses).
  llvm::SmallPtrSet<const clang::VarDecl *, 4> RowLocals;
  /// Records an unknown access where \p E, used as \p U, changes a row
  /// local (itself or one of its members); true if it did.
  bool rowChanged(const clang::Expr *E, const Use &U);
  llvm::StringSet<> IndexParams;
  std::vector<std::string> IndexOrder; ///< the index parameters, in order
  llvm::SmallVector<std::string, 4> LoopVars;
  /// The variables of the loops being visited (declared in their headers):
  /// one changed in its loop's body makes the loop no range of its own.
  llvm::SmallVector<const clang::VarDecl *, 4> LoopVarDecls;
  /// The other variables the headers of those loops read (`lim` in `k <
  /// lim`): one changed in the loop's body makes it no range either.
  llvm::SmallVector<const clang::VarDecl *, 8> LoopBoundDecls;
  /// Variables the body declares: a nested lambda's reference to one is not
  /// a capture of the kernel (by declaration, not name: a capture may share
  /// its name with a local of an inner block).
  llvm::SmallPtrSet<const clang::VarDecl *, 16> Locals;
  unsigned LoopDepth = 0;
  /// Branches being visited (an `if`'s, `?:`'s, a right-hand side of `&&`
  /// or `||`, a `while`, a `switch`): what they access is not accessed on
  /// every iteration (ViewAccess::Always).
  unsigned Conditional = 0;
  /// A statement that may leave the body (or the followed call) was
  /// visited: what follows may not run.
  bool Exited = false;
  /// The calls being followed (followOwnCall), outermost first; the
  /// arguments their parameters stand for; how the innermost one's result
  /// is used.
  llvm::SmallVector<const clang::FunctionDecl *, 4> Following;
  llvm::DenseMap<const clang::ValueDecl *, const clang::Expr *> Arguments;
  /// Local pointers into a View (`const int *nodes = &d.nodelist(k, 0);`,
  /// `double *p = v.data();`): the element whose address they hold (a
  /// View's element or an accessor returning one by reference), or the
  /// View whose data() they are. Through them the body reaches any element
  /// of that View: pointer arithmetic cannot leave its allocation.
  struct PointerTarget {
    const clang::Expr *Element = nullptr;
    const clang::Expr *View = nullptr;
    /// A local that holds the address of one element for the whole
    /// iteration: never changed, its element's indices made of the kernel's
    /// index, captures and literals (fixedElement). `*p` and `p[0]` are
    /// then that element.
    bool Fixed = false;
  };
  /// True if the local pointer \p VD, initialised with the address of
  /// \p Element, points to that element wherever the body uses it.
  bool fixedElement(const clang::VarDecl *VD, const clang::Expr *Element) const;
  llvm::DenseMap<const clang::VarDecl *, PointerTarget> PointerLocals;
  /// The same for addresses written in place (`&v(i, 0)` handed to a
  /// function), as pointerTarget found them.
  mutable llvm::DenseMap<const clang::Expr *, PointerTarget> PointerExprs;
  /// True, filling \p T, if \p E is the address of a View's element (or
  /// of an element an accessor returns by reference) or a View's data().
  bool addressInView(const clang::Expr *E, PointerTarget &T) const;
  /// Visits the indices of \p T's element where \p Pointer, pointing to
  /// it, writes them (`&v(k, 0) + j`): they are read.
  void visitIndices(const PointerTarget &T, const clang::Expr *Pointer);
  /// The target \p Pointer (the base of `p[j]`, `*p`, a parameter bound to
  /// such a local, `p + j`) points into, or null.
  const PointerTarget *pointerTarget(const clang::Expr *Pointer) const;
  /// Records \p Init as the target of the local pointer \p VD where it is
  /// the address of a View's element or a View's data(); false otherwise.
  bool pointerInit(const clang::VarDecl *VD, const clang::Expr *Init);
  /// Records \p At, an access through \p Pointer, which points into \p T,
  /// used as \p U: the element itself (`*p`, `p[0]`), else any element of
  /// the View.
  void recordThroughPointer(const PointerTarget &T, const clang::Expr *At,
                            const clang::Expr *Pointer, const Use &U);
  /// True if \p Arg, handed to a pointer parameter of a followed call, is
  /// storage of the body (a local array, a local's address, a pointer into
  /// a View, a parameter bound to one of those).
  bool bodyStorage(const clang::Expr *Arg) const;
  /// While recordThroughPointer records: the access through the pointer,
  /// whose element the accessed View's indices cannot name.
  const clang::Expr *ThroughPointer = nullptr;
  Use ReturnUse;
  /// The outermost call being followed: where its accesses happen in the
  /// kernel's own text (ViewAccess::Range).
  const clang::CallExpr *CallSite = nullptr;
};

} // namespace kfuse

#endif // KFUSE_LIB_KERNELBODYANALYZER_H
