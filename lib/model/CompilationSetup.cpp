//===- CompilationSetup.cpp - Compile databases and Clang flags -----------===//

#include "kfuse/CompilationSetup.h"
#include "kfuse/CudaCommand.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#ifndef KFUSE_RUNTIME_INCLUDE_DIR
#error "KFUSE_RUNTIME_INCLUDE_DIR must name kfuse's include directory"
#endif

#ifndef KFUSE_CLANG_RESOURCE_DIR
#error "KFUSE_CLANG_RESOURCE_DIR must name Clang's resource directory"
#endif

namespace kfuse {

llvm::StringRef clangResourceDir() { return KFUSE_CLANG_RESOURCE_DIR; }

clang::tooling::ArgumentsAdjuster
kfuseArgumentsAdjuster(llvm::StringRef RuntimeIncludeDir) {
  std::string Runtime =
      RuntimeIncludeDir.empty() ? KFUSE_RUNTIME_INCLUDE_DIR : RuntimeIncludeDir.str();
  return [Runtime](const clang::tooling::CommandLineArguments &Command,
                   llvm::StringRef) {
    // A CUDA build's command (nvcc, nvcc_wrapper, clang -x cuda): its
    // host side, as Clang parses it.
    llvm::SmallString<256> Compat(Runtime);
    llvm::sys::path::append(Compat, "kfuse", "cuda-host");
    clang::tooling::CommandLineArguments Args = cudaHostCommand(Command, Compat);
    clang::tooling::CommandLineArguments Out;
    bool HasResourceDir = false;
    for (const std::string &A : Args)
      HasResourceDir |= llvm::StringRef(A).starts_with("-resource-dir");
    for (size_t I = 0; I < Args.size(); ++I) {
      Out.push_back(Args[I]);
      if (I == 0) {
        if (!HasResourceDir)
          Out.push_back("-resource-dir=" + clangResourceDir().str());
        // Databases written for GCC carry warnings Clang does not know; and
        // the user's build reports the code's warnings, kfuse its remarks
        // (errors still show: a file that does not parse is reported).
        Out.push_back("-Wno-unknown-warning-option");
        Out.push_back("-w");
        Out.push_back("-Qunused-arguments");
        Out.push_back("-idirafter");
        Out.push_back(Runtime);
      }
    }
    return Out;
  };
}

/// The value of `-p`, `-p=DIR`, `--p DIR` or `-pDIR` in a command line.
static llvm::StringRef buildPathArg(int Argc, const char **Argv,
                                    bool &SeenDashDash,
                                    llvm::StringRef &FirstSource) {
  llvm::StringRef Path;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A = Argv[I];
    if (A == "--") {
      SeenDashDash = true;
      break;
    }
    if ((A == "-p" || A == "--p") && I + 1 < Argc) {
      Path = Argv[++I];
    } else if (A.consume_front("-p=") || A.consume_front("--p=")) {
      Path = A;
    } else if (A.starts_with("-p") && A.size() > 2 && !A.starts_with("-pr")) {
      Path = A.drop_front(2);
    } else if (!A.starts_with("-") && FirstSource.empty()) {
      FirstSource = A;
    }
  }
  return Path;
}

llvm::Error checkCompilationDatabaseArgs(int Argc, const char **Argv) {
  bool SeenDashDash = false;
  llvm::StringRef FirstSource;
  llvm::StringRef BuildPath =
      buildPathArg(Argc, Argv, SeenDashDash, FirstSource);
  if (!BuildPath.empty()) {
    llvm::SmallString<256> DB(BuildPath);
    if (!llvm::StringRef(DB).ends_with(".json"))
      llvm::sys::path::append(DB, "compile_commands.json");
    if (!llvm::sys::fs::exists(DB))
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "no compilation database at '%s'; configure the build with "
          "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON and pass its directory with -p",
          DB.c_str());
    return llvm::Error::success();
  }
  if (SeenDashDash || FirstSource.empty())
    return llvm::Error::success();
  std::string Message;
  if (!clang::tooling::CompilationDatabase::autoDetectFromSource(FirstSource,
                                                                 Message))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "no compilation database found for '%s' or any parent directory; "
        "pass the build directory with -p",
        FirstSource.str().c_str());
  return llvm::Error::success();
}

std::string buildPathArg(int Argc, const char **Argv) {
  bool SeenDashDash = false;
  llvm::StringRef FirstSource;
  return buildPathArg(Argc, Argv, SeenDashDash, FirstSource).str();
}

} // namespace kfuse
