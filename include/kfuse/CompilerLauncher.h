//===- CompilerLauncher.h - kfuse instrument as a compiler launcher -*- C++ -*-=//
//
// `kfuse instrument -- <compiler> <args...>` is meant for
// CMAKE_CXX_COMPILER_LAUNCHER: it compiles an instrumented copy of the C++
// source named in the command instead of the original, adds the include
// directory of the header-only runtime, and passes every other argument
// through. Commands without a C++ source (link steps) run unchanged, and a
// source kfuse cannot parse is compiled as it is, with a warning: the user's
// build never breaks because of the instrumentation.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_COMPILERLAUNCHER_H
#define KFUSE_COMPILERLAUNCHER_H

#include "kfuse/LaunchFinder.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
} // namespace clang::tooling

namespace kfuse {

/// Options of `kfuse instrument`.
struct InstrumentOptions {
  std::string RuntimeIncludeDir; ///< holds kfuse/runtime/Profiler.hpp
  FinderOptions Finder;
};

/// The index in \p Command of the C++ source it compiles, or -1.
int findCxxSource(llvm::ArrayRef<std::string> Command);

/// Runs \p Command (argv, compiler first) on an instrumented copy of its
/// C++ source and returns the compiler's exit code.
llvm::Expected<int> runInstrumentedCompile(llvm::ArrayRef<std::string> Command,
                                           const InstrumentOptions &Opts);

/// Writes an instrumented copy of each file, at its path relative to the
/// project root under \p OutputDir. Prints what it could not instrument.
llvm::Error writeInstrumentedCopies(const clang::tooling::CompilationDatabase &DB,
                                    llvm::ArrayRef<std::string> Files,
                                    llvm::StringRef OutputDir,
                                    const InstrumentOptions &Opts);

} // namespace kfuse

#endif // KFUSE_COMPILERLAUNCHER_H
