//===- LaunchParts.h - The parts of one launch's model ----------*- C++ -*-===//
//
// What LaunchAnalyzer asks of its parts: the policy (PolicyAnalyzer.cpp) and
// the functor with its body (FunctorAnalyzer.cpp) of one Kokkos launch, and
// the small type helpers they share.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_MODEL_LAUNCHPARTS_H
#define KFUSE_MODEL_LAUNCHPARTS_H

#include "kfuse/LaunchModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace kfuse {

/// The policy argument \p Arg of a launch: PolicyModel of \p M, and the
/// type of its work tag in \p WorkTag (null where it has none).
void analyzePolicy(const clang::Expr *Arg, KernelModel &M, const clang::ASTContext &Ctx,
                   clang::QualType &WorkTag);

/// The functor argument \p Arg of a launch with work tag \p WorkTag: its
/// FunctorModel, and through its body (KernelBodyAnalyzer) what it touches.
void analyzeFunctor(const clang::Expr *Arg, KernelModel &M, const clang::ASTContext &Ctx,
                    clang::QualType WorkTag);

/// True if \p T, a type of an instantiated template, was supplied (in
/// whole or in part: `KfT &`, `Kokkos::Max<KfT>`) by a template parameter,
/// or is dependent.
bool namesTemplateParameter(clang::QualType T, unsigned Depth = 0);

/// The last component of a qualified name (`Kokkos::Sum` -> `Sum`).
llvm::StringRef lastComponent(llvm::StringRef Qualified);

/// True if \p T is a string: std::basic_string, a char pointer or array.
bool isStringType(clang::QualType T);

} // namespace kfuse

#endif // KFUSE_MODEL_LAUNCHPARTS_H
