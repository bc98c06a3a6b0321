//===- HostWalker.h - The walk behind HostCodeAnalyzer ----------*- C++ -*-===//
//
// Part of the effects analysis (lib/effects): the walk of a host statement,
// and of the bodies of the functions it calls, that HostCodeAnalyzer's
// entry points run. HostWalker.cpp walks statements and expressions (names,
// lvalues, members, pointers); HostCalls.cpp follows calls, their arguments
// and the bodies of callees (summarised once per function).
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_EFFECTS_HOSTWALKER_H
#define KFUSE_LIB_EFFECTS_HOSTWALKER_H

#include "effects/HostCodeAnalyzer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace kfuse {
namespace host {

/// Kokkos' launch functions (parallel_for, parallel_reduce, parallel_scan).
bool isLaunchFunction(const clang::FunctionDecl *FD);

/// View methods that read only its shape.
bool isViewMetadata(const clang::FunctionDecl *FD);

/// True if a value of type \p T can reach the elements of a View: a View,
/// or a class (or array) with one among its members, bases or template
/// arguments (`std::vector<View>`).
bool holdsViews(clang::QualType T, unsigned Depth = 0);

/// The container of \p E where \p E is an element of a standard sequence
/// container (`stages[s]`, `v.at(i)`, `v.front()`): a reference into the
/// container's own storage, as an array's element is; else null.
const clang::Expr *containerElement(const clang::Expr *E);

/// A pointer host code may pass around without kfuse losing track of
/// memory: a C string.
bool isStringPointer(clang::QualType T);

/// What a function body does to memory outside itself: the globals it
/// touches (named), and why it may touch anything, if it may.
using Summary = HostStatement;

struct SummaryCache {
  std::map<std::pair<const clang::FunctionDecl *, bool>, Summary> Bodies;
  /// HostWalker::boundToViewData, by variable, depth (0 or not) and TrackThis.
  std::map<std::tuple<const clang::VarDecl *, bool, bool>, bool> BoundToViewData;
};

class HostWalker {
public:
  /// \p Depth 0 walks a statement of the gap; deeper walks a callee's body,
  /// where only globals (and, with \p TrackThis, members of `this`) are
  /// recorded.
  HostWalker(clang::ASTContext &Ctx, SummaryCache &Cache, Summary &Out, unsigned Depth,
             bool TrackThis)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Cache(Cache), Out(Out), Depth(Depth),
        TrackThis(TrackThis) {}

  void walk(const clang::Stmt *S);

  /// After the walk of a statement: the Views whose elements it only
  /// loaded (HostStatement::ReadOnlyViews).
  void finish();

private:
  static void add(std::vector<std::string> &To, const std::string &Name);

  /// Marks the statement as one that may touch any memory (\p Call: only
  /// because of a call recorded in Unseen).
  void opaque(const std::string &Why, const clang::Stmt *At, bool Call = false);

  /// Adds what \p From, a summary of an expression walked at this depth,
  /// found, as if it had been walked into this one.
  void merge(const Summary &From);

  void children(const clang::Stmt *S);

  /// The name host code knows \p VD by, or "" for a variable local to a
  /// callee (invisible outside it).
  std::string nameOf(const clang::VarDecl *VD) const;

  struct Root {
    bool Known = false; ///< the lvalue is part of a variable (or needs none)
    std::string Name;   ///< that variable ("" when local to a callee)
    clang::QualType Type;      ///< the variable's type
  };

  /// The variable an lvalue is part of: `a` for `a`, `s.x` and `arr[i]`,
  /// the member for `this->m`.
  Root rootOf(const clang::Expr *E);

  /// \p E is assigned or incremented, or its address taken.
  void changes(const clang::Expr *E);

  void touch(const Root &R, bool Load = false);

  /// A local reference bound to an element of a View (`double &e = h(0)`):
  /// using it reads or writes that View's data under another name.
  bool boundToViewData(const clang::VarDecl *VD);

  /// \p Ref names a reference parameter of the function walked (not of
  /// a callee: those are bound to its arguments): what it refers to may be
  /// anything of its type, an element of a View too. Views, and objects
  /// holding them, are followed as such.
  void throughReference(const clang::DeclRefExpr *Ref, bool Written);

  void use(const clang::DeclRefExpr *Ref);

  void member(const clang::MemberExpr *M);

  /// `v.data()` of a View named by a variable or member.
  bool isComparedViewData(const clang::Expr *E);

  /// \p E, a number read through the pointer \p P (a variable or member):
  /// the pointer's value is read, and memory of that number's type only
  /// (C++'s aliasing rules). False if \p E is no such read.
  bool pointerRead(const clang::Expr *P, const clang::Expr *E);

  /// \p E, a number read or written (\p Verb) through \p P, a pointer
  /// data member to numbers (`array[which]`): recorded by the member
  /// (FieldPointers). False if \p P is no such member.
  void addField(const HostStatement::FieldUse &U);

  bool fieldPointer(const clang::Expr *P, const clang::Expr *E, llvm::StringRef Verb);

  /// Memory reached through a raw pointer: it may be anything.
  void pointerUse(const clang::Expr *Pointer);

  void call(const clang::CallExpr *Call);

  /// \p Object, the object (or the pointer to it) a method is called on
  /// whose body the planner judges (Unseen: a virtual one, or one whose
  /// body another unit holds): what the body does with the object's
  /// members is judged there, here the variable is read.
  void calledOn(const clang::Expr *Object);

  void construct(const clang::CXXConstructExpr *C);

  void arguments(const clang::CallExpr *Call, const clang::FunctionDecl *FD, unsigned FirstArg);

  /// An argument: what it names is used, a non-const reference parameter
  /// may change it, a raw pointer may reach anything.
  void argument(const clang::Expr *Arg, const clang::ParmVarDecl *Param, const clang::FunctionDecl *FD);

  /// Follows a call into \p FD: what its body does to globals (and, for a
  /// method of the enclosing object, to its members).
  void callee(const clang::FunctionDecl *FD, bool OnThis, const clang::Stmt *At,
              const Root *Target = nullptr);

  /// Records a call of \p FD whose body this unit lacks, or a virtual one.
  void unseen(const clang::FunctionDecl *FD, bool Virtual);
  void addUnseen(const Summary::UnseenCall &U);

  /// How a callee's summary names the members of the object it ran on.
  static constexpr const char *ThisPrefix = "this->";

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  SummaryCache &Cache;
  Summary &Out;
  /// Element accesses whose value is loaded; the Views loaded so, and those
  /// used otherwise (which are not only read).
  std::set<const clang::Expr *> ElementLoads;
  std::set<std::string> Loaded, Touched;
  unsigned Depth;
  bool TrackThis;
  unsigned Loops = 0;
  unsigned Nesting = 0;
};

} // namespace host
} // namespace kfuse

#endif // KFUSE_LIB_EFFECTS_HOSTWALKER_H
