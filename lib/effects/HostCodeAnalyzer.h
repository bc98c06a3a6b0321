//===- HostCodeAnalyzer.h - What host code between launches does -*- C++ -*-===//
//
// Reads the host statements between two launches of a block through the
// AST (KernelModel::Before): which variables they declare, change and read,
// whose View data they may touch, and whether they do anything kfuse cannot
// follow. Calls into functions whose bodies the unit holds are followed
// (globals they touch count); calls into code kfuse cannot see are opaque.
// The planner decides from this which launches may move past the code.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_HOSTCODEANALYZER_H
#define KFUSE_LIB_HOSTCODEANALYZER_H

#include "kfuse/LaunchModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include <optional>

namespace kfuse {

/// The host code between \p Launch, a statement of \p Block, and the
/// previous statement of \p Block that is a launch; none when there is no
/// such launch before it.
std::optional<HostGap> analyzeHostGap(const clang::CompoundStmt &Block,
                                      const clang::Stmt &Launch,
                                      clang::ASTContext &Ctx);

/// The variables a launch call names outside its lambda (label, policy,
/// reduction result; a functor object's constructor arguments).
std::vector<std::string> hostNamesOf(const clang::CallExpr &Call);

/// True if \p S is a statement that launches a kernel (a call of
/// Kokkos::parallel_for/reduce/scan, cleanups aside), or an `if` without
/// `else` whose only statement is one (guardedLaunch).
bool isLaunchStatement(const clang::Stmt *S);

/// The launch statement \p If guards when that launch is all it does and
/// it has no `else`, init statement or condition variable; else null.
const clang::Stmt *guardedLaunch(const clang::IfStmt &If);

/// What host statement \p S does, as if it stood between two launches.
HostStatement analyzeHostStmt(const clang::Stmt &S, clang::ASTContext &Ctx);

/// Functions of the standard library, the C library, Kokkos, and the standard
/// C interfaces of MPI and OpenMP (by name, with C linkage): they touch
/// memory only through the arguments they are given.
bool isLibraryFunction(const clang::FunctionDecl *FD, const clang::SourceManager &SM);

/// What evaluating the host expression \p E does (a launch's condition).
HostStatement analyzeHostExpr(const clang::Expr &E, clang::ASTContext &Ctx);

} // namespace kfuse

#endif // KFUSE_LIB_HOSTCODEANALYZER_H
