//===- FunctionSummarizer.h - Function bodies, for chains across functions -*- C++ -*-===//
//
// Summarises the functions a unit defines in project files
// (FunctionSummary): their statements in order, which are launches, which
// call other project functions, what each does to memory (HostCodeAnalyzer),
// and the `if`s and loops around them. The cross-function planner places a
// profiled chain on these summaries: the function holding each launch and a
// caller calling both.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_FUNCTIONSUMMARIZER_H
#define KFUSE_LIB_FUNCTIONSUMMARIZER_H

#include "kfuse/LaunchModel.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>
#include <vector>

namespace kfuse {

/// The summaries of the non-template functions defined in \p Decls (the
/// unit's declarations in project files), for which \p ProjectPath gives
/// the absolute path of a project file (or "" for others). Launch
/// statements are matched with \p Sites by position.
std::vector<FunctionSummary>
summarizeFunctions(clang::ASTContext &Ctx, llvm::ArrayRef<clang::Decl *> Decls,
                   const std::vector<KernelModel> &Sites,
                   llvm::function_ref<std::string(clang::SourceLocation)> ProjectPath);

/// What a copy of \p Body, a kernel body of \p M, needs declared before
/// it: the project files (absolute, sorted) first declaring what it names
/// from outside itself (functions, variables at namespace scope, types,
/// enum constants, class members; system headers left out), and of the
/// names it looks up, the one first declared last in its own file
/// (KernelModel::BodyDeclFiles, BodyDeclLast, BodyDeclLastOffset).
void declarationsOf(const clang::Stmt &Body, const clang::ASTContext &Ctx, KernelModel &M);

} // namespace kfuse

#endif // KFUSE_LIB_FUNCTIONSUMMARIZER_H
