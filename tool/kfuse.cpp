//===- kfuse.cpp - The kfuse command line -----------------------------------===//
//
// main(): picks the mode from the first argument, parses that mode's flags
// and turns results and errors into output and an exit code.
//
//===----------------------------------------------------------------------===//

#include "kfuse/CompilationSetup.h"
#include "kfuse/CompilerLauncher.h"
#include "kfuse/LaunchFinder.h"
#include "kfuse/ModelPrinter.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

using namespace llvm;

namespace {

/// Exit codes shared by every mode.
enum ExitCode { ExitOK = 0, ExitFindings = 1, ExitError = 2 };

const char *const Usage = R"(kfuse - fuse consecutive Kokkos kernel launches

USAGE: kfuse <mode> [options] <source files>

MODES:
  sites       print the launch model of every Kokkos launch in the files
  instrument  build a profiling variant: as a compiler launcher
              (kfuse instrument -- <compiler> <args...>) or writing
              instrumented copies (kfuse instrument -p BUILD --output-dir DIR FILES...)

Run 'kfuse <mode> --help' for the options of a mode.
)";

int reportError(const Twine &Message) {
  WithColor::error(errs(), "kfuse") << Message << "\n";
  return ExitError;
}

/// Parses the common LibTooling flags (-p, --extra-arg, sources) of a mode.
Expected<clang::tooling::CommonOptionsParser>
parseToolArgs(int Argc, const char **Argv, cl::OptionCategory &Category,
              const char *Overview) {
  if (Error E = kfuse::checkCompilationDatabaseArgs(Argc, Argv))
    return std::move(E);
  return clang::tooling::CommonOptionsParser::create(Argc, Argv, Category,
                                                     cl::OneOrMore, Overview);
}

int runSites(int Argc, const char **Argv) {
  cl::OptionCategory Category("kfuse sites options");
  enum class Format { Text, Json };
  cl::opt<Format> OutputFormat(
      "format", cl::desc("Output format"), cl::init(Format::Text),
      cl::values(clEnumValN(Format::Text, "text", "one block per site"),
                 clEnumValN(Format::Json, "json", "one JSON document")),
      cl::cat(Category));
  cl::opt<std::string> ProjectRoot(
      "project-root",
      cl::desc("Directory that site ids are relative to (default: the "
               "nearest ancestor of each file holding .git)"),
      cl::cat(Category));

  auto Parser = parseToolArgs(
      Argc, Argv, Category,
      "Prints the launch model of every Kokkos::parallel_for, "
      "parallel_reduce and parallel_scan written in the given files: kind, "
      "label, policy and range, functor, the Views used with their access "
      "modes and indices, scalars, inner loops, and the site id.\n\n"
      "Example: kfuse sites -p build src/app.cpp --format=json\n");
  if (!Parser)
    return reportError(toString(Parser.takeError()));

  kfuse::FinderOptions Opts;
  Opts.ProjectRoot = ProjectRoot;
  kfuse::LaunchFinder Finder(Parser->getCompilations(), Opts);
  std::vector<kfuse::FileModel> Files;
  int Status = ExitOK;
  for (const std::string &File : Parser->getSourcePathList()) {
    Files.push_back(Finder.analyzeFile(File));
    if (Files.back().Failed) {
      WithColor::error(errs(), File) << Files.back().Error << " [kfuse-input]\n";
      Status = ExitError;
    }
  }
  if (OutputFormat == Format::Json)
    kfuse::printModelJson(Files, outs());
  else
    kfuse::printModelText(Files, outs());
  return Status;
}

/// Where the header-only runtime lives: $KFUSE_RUNTIME_INCLUDE_DIR, the
/// include/ directory beside an installed bin/, or the source tree.
std::string runtimeIncludeDir(const char *Argv0) {
  if (std::optional<std::string> Env =
          sys::Process::GetEnv("KFUSE_RUNTIME_INCLUDE_DIR"))
    return *Env;
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&runtimeIncludeDir);
  SmallString<256> Installed(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "include");
  SmallString<256> Probe(Installed);
  sys::path::append(Probe, "kfuse", "runtime", "Profiler.hpp");
  if (sys::fs::exists(Probe))
    return std::string(Installed);
  return KFUSE_RUNTIME_INCLUDE_DIR;
}

int runInstrument(int Argc, const char **Argv, const char *Argv0) {
  kfuse::InstrumentOptions Opts;
  Opts.RuntimeIncludeDir = runtimeIncludeDir(Argv0);
  // Launcher form: everything after "--" is the compiler command.
  if (Argc >= 2 && StringRef(Argv[1]) == "--") {
    std::vector<std::string> Command(Argv + 2, Argv + Argc);
    Expected<int> RC = kfuse::runInstrumentedCompile(Command, Opts);
    if (!RC)
      return reportError(toString(RC.takeError()));
    return *RC;
  }

  cl::OptionCategory Category("kfuse instrument options");
  cl::opt<std::string> OutputDir(
      "output-dir", cl::Required,
      cl::desc("Write instrumented copies here, at each file's path relative "
               "to the project root"),
      cl::cat(Category));
  cl::opt<std::string> ProjectRoot(
      "project-root",
      cl::desc("Directory that site ids are relative to (default: the "
               "nearest ancestor of each file holding .git)"),
      cl::cat(Category));
  auto Parser = parseToolArgs(
      Argc, Argv, Category,
      "Instruments every Kokkos launch so that a run of the program writes a "
      "JSON profile (to $KFUSE_PROFILE, default kfuse-profile.json).\n\n"
      "As a compiler launcher (what CMAKE_CXX_COMPILER_LAUNCHER runs):\n"
      "  kfuse instrument -- <compiler> <args...>\n"
      "compiles an instrumented copy of the C++ source in the command; other "
      "commands run unchanged.\n\n"
      "Writing copies:\n"
      "  kfuse instrument -p build --output-dir out src/app.cpp\n");
  if (!Parser)
    return reportError(toString(Parser.takeError()));
  Opts.Finder.ProjectRoot = ProjectRoot;
  if (Error E = kfuse::writeInstrumentedCopies(
          Parser->getCompilations(), Parser->getSourcePathList(), OutputDir,
          Opts))
    return reportError(toString(std::move(E)));
  return ExitOK;
}

} // namespace

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  if (Argc < 2) {
    errs() << Usage;
    return ExitError;
  }
  StringRef Mode = Argv[1];
  if (Mode == "-h" || Mode == "--help" || Mode == "help") {
    outs() << Usage;
    return ExitOK;
  }
  if (Mode == "--version") {
    outs() << "kfuse " KFUSE_VERSION "\n";
    return ExitOK;
  }
  // The mode's own parser sees "kfuse <mode>" as the program name.
  std::string Program = std::string("kfuse ") + Mode.str();
  std::vector<const char *> Args(Argv + 1, Argv + Argc);
  Args[0] = Program.c_str();
  int SubArgc = static_cast<int>(Args.size());
  if (Mode == "sites")
    return runSites(SubArgc, Args.data());
  if (Mode == "instrument")
    return runInstrument(SubArgc, Args.data(), Argv[0]);
  return reportError("unknown mode '" + Mode + "'; run 'kfuse --help'");
}
