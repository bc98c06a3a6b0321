//===- CudaCommand.h - Reading nvcc and clang CUDA commands -----*- C++ -*-===//
//
// A CUDA build's compile database names nvcc, Kokkos' nvcc_wrapper, or
// `clang++ -x cuda`. kfuse parses such a unit with Clang's CUDA host side
// (`-x cuda --cuda-host-only` and the installed toolkit): the sources are the
// same, so the launches, their site ids and the plans are those of a host
// build. This file turns one such command into the Clang command kfuse
// parses with. See docs/cuda.md.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_CUDACOMMAND_H
#define KFUSE_CUDACOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace kfuse {

/// How a compile command builds its source.
enum class CompilerKind {
  Host,     ///< a host C++ compiler (g++, clang++, ...)
  Nvcc,     ///< nvcc or nvcc_wrapper: nvcc's own options, C++ as CUDA
  ClangCuda ///< Clang compiling CUDA (`-x cuda`, or a .cu source)
};

/// The kind of \p Command (the compiler first).
CompilerKind compilerKind(llvm::ArrayRef<std::string> Command);

/// Whether \p Program (a command's first word) is nvcc or nvcc_wrapper.
bool isNvcc(llvm::StringRef Program);

/// Whether \p Arg is an nvcc option whose value is the next argument
/// (`-arch sm_90`, `-ccbin g++`, `-Xcompiler -fopenmp`).
bool nvccTakesValue(llvm::StringRef Arg);

/// \p Command as a Clang command that parses the unit's host side:
/// nvcc's options dropped or spelled as Clang's (`-Xcompiler a,b` becomes
/// `a b`), `-x cuda --cuda-host-only` and the toolkit added, and
/// \p CompatIncludeDir searched last (headers Clang's CUDA wrapper expects
/// that a newer toolkit lacks). A Host command comes back as it is.
std::vector<std::string> cudaHostCommand(llvm::ArrayRef<std::string> Command,
                                         llvm::StringRef CompatIncludeDir);

} // namespace kfuse

#endif // KFUSE_CUDACOMMAND_H
