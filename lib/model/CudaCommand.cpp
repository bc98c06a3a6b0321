//===- CudaCommand.cpp - Reading nvcc and clang CUDA commands -------------===//

#include "kfuse/CudaCommand.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Process.h"

namespace kfuse {

namespace {

/// nvcc options whose value may be the next argument; `-opt=value` is
/// recognised from these too. Dropped with their value unless handled.
constexpr llvm::StringLiteral ValueOptions[] = {
    "-arch", "--gpu-architecture", "-code", "--gpu-code", "-gencode",
    "--generate-code", "-ccbin", "--compiler-bindir", "-Xptxas",
    "--ptxas-options", "-Xnvlink", "--nvlink-options", "-Xcudafe",
    "-Xfatbin", "--fatbin-options", "-Xarchive", "--archive-options",
    "-Xlinker", "--linker-options", "-maxrregcount", "--maxrregcount",
    "-default-stream", "--default-stream", "-rdc", "--relocatable-device-code",
    "-diag-suppress", "--diag-suppress", "-diag-warn", "--diag-warn",
    "-diag-error", "--diag-error", "-t", "--threads", "-keep-dir", "--keep-dir",
    "-ftz", "--ftz", "-prec-div", "--prec-div", "-prec-sqrt", "--prec-sqrt",
    "-fmad", "--fmad", "-cudart", "--cudart", "-cudadevrt", "--cudadevrt",
    "-time", "--time", "-split-compile", "--split-compile", "-odir",
    "--output-directory", "--optimize", "-dopt", "--dopt", "--Werror",
    "--run-args", "-run-args", "--options-file", "-optf",
    // spelled as Clang's (below), the value kept
    "-Xcompiler", "--compiler-options", "--include-path", "--system-include",
    "--define-macro", "--undefine-macro", "--pre-include", "--std", "-std",
    "-x", "--x", "-o", "--output-file"};

/// nvcc options without a value that Clang does not know: dropped.
constexpr llvm::StringLiteral FlagOptions[] = {
    "--expt-extended-lambda", "-expt-extended-lambda", "--extended-lambda",
    "-extended-lambda", "--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
    "--use_fast_math", "-use_fast_math", "-lineinfo", "--generate-line-info",
    "-G", "--device-debug", "-dc", "--device-c", "-dw", "--device-w", "-dlink",
    "--device-link", "-cubin", "-ptx", "-fatbin", "--keep", "-keep",
    "-src-in-ptx", "--source-in-ptx", "-restrict", "--restrict",
    "-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler",
    "-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker",
    "-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets",
    "-Wext-lambda-captures-this", "--Wext-lambda-captures-this",
    "--display-error-number", "-err-no", "--no-display-error-number",
    "-noprof", "--dont-use-profile", "-allow-unsupported-compiler",
    "--allow-unsupported-compiler", "--disable-warnings", "--resource-usage",
    "-res-usage", "-extra-device-vectorization",
    "--extra-device-vectorization", "-static-global-template-stub",
    "--nvcc-wrapper-show", "--show", "--replace-pragma-ident",
    "--remove-duplicate-link-files", "-+", "--dryrun", "-dryrun", "--verbose",
    "-v", "--host-only", "--host-version"};

/// nvcc's `-Werror` kinds (its own, not the host compiler's warnings).
constexpr llvm::StringLiteral WerrorKinds[] = {
    "all-warnings", "cross-execution-space-call", "reorder",
    "default-stream-launch", "missing-launch-bounds",
    "ext-lambda-captures-this", "deprecated-declarations"};

/// The option \p Arg names from ValueOptions, as `-opt` or `-opt=value`
/// (Value set to what follows '='), or "".
llvm::StringRef valueOption(llvm::StringRef Arg, std::optional<llvm::StringRef> &Value) {
  for (llvm::StringRef O : ValueOptions) {
    if (Arg == O)
      return O;
    if (Arg.starts_with(O) && Arg.size() > O.size() && Arg[O.size()] == '=') {
      Value = Arg.drop_front(O.size() + 1);
      return O;
    }
  }
  return "";
}

/// The CUDA toolkit a command compiles with: the directory above an nvcc
/// named by path, $CUDA_HOME / $CUDA_PATH, the nvcc on PATH, or
/// /usr/local/cuda. "" when none is found.
std::string cudaToolkit(llvm::StringRef Program) {
  auto Above = [](llvm::StringRef Nvcc) -> std::string {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(Nvcc, Real))
      return "";
    llvm::StringRef Bin = llvm::sys::path::parent_path(Real);
    llvm::SmallString<256> Include(llvm::sys::path::parent_path(Bin));
    llvm::sys::path::append(Include, "include", "cuda_runtime.h");
    return llvm::sys::fs::exists(Include)
               ? std::string(llvm::sys::path::parent_path(Bin))
               : "";
  };
  if (llvm::sys::path::filename(Program).starts_with("nvcc") &&
      !llvm::sys::path::filename(Program).starts_with("nvcc_wrapper") &&
      llvm::sys::path::has_parent_path(Program))
    if (std::string T = Above(Program); !T.empty())
      return T;
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (std::optional<std::string> Dir = llvm::sys::Process::GetEnv(Var)) {
      llvm::SmallString<256> Nvcc(*Dir);
      llvm::sys::path::append(Nvcc, "bin", "nvcc");
      if (std::string T = Above(Nvcc); !T.empty())
        return T;
    }
  if (llvm::ErrorOr<std::string> Nvcc = llvm::sys::findProgramByName("nvcc"))
    if (std::string T = Above(*Nvcc); !T.empty())
      return T;
  if (std::string T = Above("/usr/local/cuda/bin/nvcc"); !T.empty())
    return T;
  return "";
}

bool isCudaSource(llvm::StringRef Arg) {
  return !Arg.starts_with("-") && llvm::sys::path::extension(Arg) == ".cu";
}

} // namespace

bool isNvcc(llvm::StringRef Program) {
  return llvm::sys::path::filename(Program).starts_with("nvcc");
}

bool nvccTakesValue(llvm::StringRef Arg) {
  return llvm::is_contained(ValueOptions, Arg) || Arg == "-Werror";
}

CompilerKind compilerKind(llvm::ArrayRef<std::string> Command) {
  if (Command.empty())
    return CompilerKind::Host;
  if (isNvcc(Command[0])) {
    // nvcc_wrapper compiles every C++ source as CUDA (unless told to use
    // the host compiler alone); nvcc only a .cu source or under -x cu.
    bool Wrapper = llvm::sys::path::filename(Command[0]).starts_with("nvcc_wrapper");
    bool Cuda = Wrapper;
    for (size_t I = 1; I < Command.size(); ++I) {
      llvm::StringRef A = Command[I];
      if (A == "--host-only")
        return CompilerKind::Host;
      if ((A == "-x" || A == "--x") && I + 1 < Command.size())
        Cuda = Command[I + 1] == "cu";
      else if (A == "-x=cu" || A == "--x=cu" || isCudaSource(A))
        Cuda = true;
    }
    return Cuda ? CompilerKind::Nvcc : CompilerKind::Host;
  }
  for (size_t I = 1; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    if ((A == "-x" && I + 1 < Command.size() && Command[I + 1] == "cuda") ||
        A == "-xcuda" || A.starts_with("--cuda-") || isCudaSource(A))
      return CompilerKind::ClangCuda;
  }
  return CompilerKind::Host;
}

std::vector<std::string> cudaHostCommand(llvm::ArrayRef<std::string> Command,
                                         llvm::StringRef CompatIncludeDir) {
  CompilerKind Kind = compilerKind(Command);
  if (Kind == CompilerKind::Host) {
    if (Command.empty() || !isNvcc(Command[0]))
      return Command.vec();
  }
  std::vector<std::string> Out;
  bool HasCudaPath = false, HostOnly = false;
  for (const std::string &A : Command) {
    HasCudaPath |= llvm::StringRef(A).starts_with("--cuda-path");
    HostOnly |= A == "--cuda-host-only";
  }
  if (!isNvcc(Command[0])) {
    // Clang compiling CUDA: its own options, the host side only.
    Out = Command.vec();
    std::vector<std::string> Extra;
    if (!HostOnly) {
      llvm::erase(Out, "--cuda-device-only");
      Extra.push_back("--cuda-host-only");
    }
    if (!HasCudaPath)
      if (std::string T = cudaToolkit(Command[0]); !T.empty())
        Extra.push_back("--cuda-path=" + T);
    Extra.push_back("-Wno-unknown-cuda-version");
    if (!CompatIncludeDir.empty()) {
      Extra.push_back("-idirafter");
      Extra.push_back(CompatIncludeDir.str());
    }
    Out.insert(Out.begin() + 1, Extra.begin(), Extra.end());
    return Out;
  }

  Out.push_back("clang++");
  if (Kind == CompilerKind::Nvcc) {
    Out.push_back("-x");
    Out.push_back("cuda");
    Out.push_back("--cuda-host-only");
    if (std::string T = cudaToolkit(Command[0]); !T.empty())
      Out.push_back("--cuda-path=" + T);
    Out.push_back("-Wno-unknown-cuda-version");
    if (!CompatIncludeDir.empty()) {
      Out.push_back("-idirafter");
      Out.push_back(CompatIncludeDir.str());
    }
  }
  for (size_t I = 1; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    if (llvm::is_contained(FlagOptions, A))
      continue;
    if (A == "--c++11" || A == "--c++14" || A == "--c++17" || A == "--c++20") {
      Out.push_back("-std=" + A.drop_front(2).str());
      continue;
    }
    if (A.starts_with("-Werror") || A.starts_with("--Werror")) {
      // nvcc's `-Werror all-warnings` takes its kinds as the next argument.
      if ((A == "-Werror" || A == "--Werror") && I + 1 < Command.size() &&
          llvm::is_contained(WerrorKinds,
                             llvm::StringRef(Command[I + 1]).split(',').first))
        ++I;
      continue;
    }
    std::optional<llvm::StringRef> Attached;
    llvm::StringRef O = valueOption(A, Attached);
    if (O.empty()) {
      Out.push_back(A.str()); // the host compiler's options, and sources
      continue;
    }
    llvm::StringRef Value;
    if (Attached)
      Value = *Attached;
    else if (I + 1 < Command.size())
      Value = Command[++I];
    else
      continue;
    if (O == "-Xcompiler" || O == "--compiler-options") {
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef P : Parts)
        Out.push_back(P.str());
    } else if (O == "--include-path") {
      Out.push_back("-I" + Value.str());
    } else if (O == "--system-include") {
      Out.push_back("-isystem");
      Out.push_back(Value.str());
    } else if (O == "--define-macro") {
      Out.push_back("-D" + Value.str());
    } else if (O == "--undefine-macro") {
      Out.push_back("-U" + Value.str());
    } else if (O == "--pre-include") {
      Out.push_back("-include");
      Out.push_back(Value.str());
    } else if (O == "--std" || O == "-std") {
      Out.push_back("-std=" + Value.str());
    } else if (O == "-o" || O == "--output-file") {
      Out.push_back("-o");
      Out.push_back(Value.str());
    } else if ((O == "-x" || O == "--x") && Value != "cu") {
      Out.push_back("-x");
      Out.push_back(Value.str());
    }
  }
  return Out;
}

} // namespace kfuse
