//===- CompilationSetup.h - Compile databases and Clang flags ---*- C++ -*-===//
//
// What every kfuse mode does before parsing: find the compile database the
// user pointed at (with one clear error when it is missing) and adjust the
// recorded compiler commands so the Clang kfuse links parses them.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_COMPILATIONSETUP_H
#define KFUSE_COMPILATIONSETUP_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Support/Error.h"

namespace kfuse {

/// Adds Clang's resource directory (builtin headers such as stddef.h, found
/// even when the database names g++) and kfuse's own include directory
/// (\p RuntimeIncludeDir, or the one this kfuse was built with), searched
/// last, so a file kfuse rewrote (which includes <kfuse/runtime/Guard.hpp>)
/// parses with the user's unchanged compile commands; and silences flags
/// only GCC knows.
clang::tooling::ArgumentsAdjuster
kfuseArgumentsAdjuster(llvm::StringRef RuntimeIncludeDir = "");

/// The resource directory kfuse passes to Clang.
llvm::StringRef clangResourceDir();

/// Checks the compile-database flags of a command line before
/// CommonOptionsParser sees them: `-p DIR` must hold compile_commands.json,
/// and without `-p` or `--` a database must be found above the first source
/// file. The error names the directory and says how to make the database.
llvm::Error checkCompilationDatabaseArgs(int Argc, const char **Argv);

/// The build directory given with `-p` in a command line, "" if none.
std::string buildPathArg(int Argc, const char **Argv);

} // namespace kfuse

#endif // KFUSE_COMPILATIONSETUP_H
