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
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

namespace kfuse {

/// Fills KernelModel::Views, Scalars, Loops and Notes from a kernel body.
class KernelBodyAnalyzer {
public:
  /// \p IndexParams are the kernel's index parameter names; \p IsMemberBody
  /// says the body is a functor's operator() (members are its data).
  KernelBodyAnalyzer(const clang::ASTContext &Ctx, KernelModel &Model,
                     llvm::ArrayRef<std::string> IndexParams)
      : Ctx(Ctx), Model(Model) {
    for (const std::string &P : IndexParams)
      this->IndexParams.insert(P);
  }

  /// Analyses \p Body. May be called once per body.
  void analyze(const clang::Stmt *Body);

private:
  /// How the value of the expression being visited is used.
  struct Use {
    AccessMode Mode = AccessMode::Read;
    std::string Callee; ///< for PassedToCall and Atomic
  };

  void visit(const clang::Stmt *S, const Use &U);
  void visitChildren(const clang::Stmt *S, const Use &U);
  void visitCall(const clang::CallExpr *Call);
  bool visitViewAccess(const clang::Expr *E, const Use &U);
  void visitFor(const clang::ForStmt *For);
  void recordViewEscape(const clang::Expr *ViewExpr, const Use &U,
                        const clang::Expr *At);
  void recordScalar(const clang::ValueDecl *D, bool IsMember, const Use &U);
  ViewUse &viewFor(const clang::Expr *ViewExpr, bool &Known);
  IndexExpr classifyIndex(const clang::Expr *E);
  bool containsViewAccess(const clang::Stmt *S);

  const clang::ASTContext &Ctx;
  KernelModel &Model;
  llvm::StringSet<> IndexParams;
  llvm::SmallVector<std::string, 4> LoopVars;
  llvm::StringSet<> LocalNames;
  unsigned LoopDepth = 0;
};

} // namespace kfuse

#endif // KFUSE_LIB_KERNELBODYANALYZER_H
