//===- StoreFinder.h - Memory a kernel body may store to ---------*- C++ -*-===//
//
// Finds the first store of a kernel body to memory other than its own
// locals and its reduction's accumulator, following the calls whose bodies
// the unit holds. A kernel without one changes nothing another kernel or
// the host reads (a potential energy, a reduction over neighbour lists
// kfuse cannot attribute to Views): a reduction may be computed ahead
// across it.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_STOREFINDER_H
#define KFUSE_LIB_STOREFINDER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <set>
#include <string>

namespace kfuse {

class StoreFinder {
public:
  explicit StoreFinder(const clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The first store of the body of \p Fn (a kernel's operator) beyond its
  /// locals and \p Accumulator (the parameter a reduction accumulates into,
  /// or null), as "what (file:line)"; "" when there is none.
  std::string firstStore(const clang::FunctionDecl &Fn, const clang::ParmVarDecl *Accumulator);

private:
  struct Scope {
    bool ThisLocal = false; ///< `this` is a local object (or one being built)
    unsigned Depth = 0;     ///< calls followed
  };
  std::string walk(const clang::Stmt *S, const Scope &In);
  std::string call(const clang::CallExpr *Call, const Scope &In);
  std::string construct(const clang::CXXConstructExpr *C, const Scope &In);
  std::string into(const clang::FunctionDecl *FD, const clang::Expr *Object,
                   llvm::ArrayRef<const clang::Expr *> Args, const clang::Stmt *At,
                   const Scope &In);
  /// True if storing to \p E stores to a local of the walk (or into the
  /// accumulator).
  bool local(const clang::Expr *E, const Scope &In) const;
  std::string at(const std::string &What, const clang::Stmt *S) const;

  const clang::ASTContext &Ctx;
  /// Reference (or pointer) variables that stand for locals: accumulators,
  /// and reference parameters of followed calls bound to locals.
  std::set<const clang::ValueDecl *> LocalRefs;
  /// The functions (and lambdas) walked: their variables are locals.
  std::set<const clang::DeclContext *> Frames;
};

} // namespace kfuse

#endif // KFUSE_LIB_STOREFINDER_H
