//===- BodyForms.h - Forms of functions a kernel body calls -----*- C++ -*-===//
//
// Questions the kernel body analysis (KernelBodyAnalyzer) asks of a function
// or a type by its form alone, shared by its parts.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_EFFECTS_BODYFORMS_H
#define KFUSE_LIB_EFFECTS_BODYFORMS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace kfuse {
namespace body {

/// One element of a View member that an accessor's body reads: the path of
/// data members down from `this` to the View and, for each index, the
/// accessor's parameter it is (-1: an expression of them, Index).
struct AccessorElement {
  llvm::SmallVector<const clang::FieldDecl *, 2> Path;
  clang::QualType ViewType;
  llvm::SmallVector<int, 4> Params;
  llvm::SmallVector<const clang::Expr *, 4> Index;
  bool Returned = false; ///< the element the accessor returns
};

/// View methods that read only the View's metadata, never its elements.
bool isMetadataMethod(llvm::StringRef Name);
/// Kokkos' (and desul's) atomic functions.
bool isAtomicFunction(llvm::StringRef QualifiedName);
/// A getter of a number (`int size() const { return n; }`): its body is one
/// `return` of numbers only, so calling it on an object reads that object's
/// own copy and touches no memory the object reaches.
bool numberGetter(const clang::CXXMethodDecl *MD);
/// The View elements accessor \p MD reads, the one it returns last: its
/// body is one `return` of an element of a View member (`Real_t &x(Index_t
/// i) const { return m_x[i]; }`), indexed by its parameters or by
/// arithmetic on them and on elements of other View members.
bool accessorElements(const clang::CXXMethodDecl *MD,
                      llvm::SmallVectorImpl<AccessorElement> &Out);
/// True if \p S holds no statement a followed call may not: a loop other
/// than a `for` (whose variable is a local of the callee), a lambda, a jump,
/// inline assembly or exceptions.
bool followable(const clang::Stmt *S);
/// An empty class: a work tag, passed to select an operator.
bool tagType(clang::QualType T);
/// The class (template) of \p T, by which tags tell overloads apart, or
/// null for other types.
const clang::Decl *classOf(clang::QualType T);
/// The one method \p M may name for \p Call (an unresolved call in a
/// template): the only candidate taking as many arguments whose parameters
/// of a class (template) are of each argument's; null if not exactly one.
const clang::CXXMethodDecl *onlyOverload(const clang::UnresolvedMemberExpr *M,
                                         const clang::CallExpr *Call);

} // namespace body
} // namespace kfuse

#endif // KFUSE_LIB_EFFECTS_BODYFORMS_H
