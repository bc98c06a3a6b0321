//===- RowAccessor.h - Rows handed out by an object's accessor ---*- C++ -*-===//
//
// A neighbour list or a graph often hands out one row at a time:
// `list.get_neighs(i)`, `graph.rowConst(i)` returns a small object holding a
// pointer into one of the list's Views and a length. What such a row reads is
// decided here from the types and bodies involved, so that the kernel body
// analysis can attribute it to the object's Views:
// - the row's class holds only numbers and pointers to numbers; where a
//   pointer is not to const, the body must only read through the row (the
//   kernel body analysis checks each use);
// - the accessor is a const, non-virtual method taking numbers, which stores
//   nothing outside its locals and the row it builds, names no variable but
//   its own, its object's members and constants, and calls only library
//   functions and project functions of the same kind;
// - the object holds only Views and numbers (through members and bases), so
//   every pointer the accessor can make points into one of its Views.
// The row then reads some elements of those Views, and nothing else.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_ROWACCESSOR_H
#define KFUSE_LIB_ROWACCESSOR_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace kfuse {

/// A View member of an object, reached through data members (and bases).
struct MemberView {
  std::string Path;      ///< `entries`, `graph.entries`
  clang::QualType Type;  ///< the View's type
  bool Private = false;  ///< some member or base on the way is not public
  /// The data members of Path, where it goes through no base class.
  llvm::SmallVector<const clang::FieldDecl *, 2> Fields;
};

/// True if a value of type \p T holds only numbers and pointers to numbers
/// (a row); \p Writable says whether some pointer is not to const.
bool rowType(clang::QualType T, bool &Writable);

/// True if a value of type \p T holds only numbers and pointers to const
/// numbers: nothing can be stored through it.
bool constRowType(clang::QualType T);

/// True if \p MD is an accessor handing out a row (see the file comment).
bool rowAccessor(const clang::CXXMethodDecl *MD, const clang::ASTContext &Ctx);

/// The View members of an object of type \p T, appended to \p Out; false
/// where it holds memory otherwise (a pointer, a reference, a class kfuse
/// cannot see into), so that a method of it could reach more.
bool memberViews(clang::QualType T, llvm::SmallVectorImpl<MemberView> &Out);

} // namespace kfuse

#endif // KFUSE_LIB_ROWACCESSOR_H
