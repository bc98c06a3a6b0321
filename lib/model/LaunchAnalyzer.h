//===- LaunchAnalyzer.h - Model one Kokkos launch call ----------*- C++ -*-===//
//
// Turns one matched call to Kokkos::parallel_for/reduce/scan into a
// KernelModel: label, policy, functor, reduction, and (through
// KernelBodyAnalyzer) what the body touches. Site identity is filled in later
// by LaunchFinder, which sees all launches of the file.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_LAUNCHANALYZER_H
#define KFUSE_LIB_LAUNCHANALYZER_H

#include "kfuse/LaunchModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

namespace kfuse {

/// Builds the model of \p Call, a call to the Kokkos function \p Kind.
/// \p Callee is the resolved function, or null inside an uninstantiated
/// template.
KernelModel analyzeLaunch(const clang::CallExpr *Call, LaunchKind Kind,
                          const clang::FunctionDecl *Callee,
                          const clang::ASTContext &Ctx);

/// Where the class \p RD is defined and how code names it (the Spelled
/// and Class fields of \p F).
void describeClass(const clang::CXXRecordDecl *RD, FunctorModel &F,
                   const clang::ASTContext &Ctx);

/// The byte range of \p R in its file, after resolving macros.
TextRange fileRange(clang::SourceRange R, const clang::ASTContext &Ctx);

} // namespace kfuse

#endif // KFUSE_LIB_LAUNCHANALYZER_H
