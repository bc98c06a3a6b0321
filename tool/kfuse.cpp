//===- kfuse.cpp - The kfuse command line -----------------------------------===//
//
// main(): picks the mode from the first argument, parses that mode's flags
// and turns results and errors into output and an exit code.
//
//===----------------------------------------------------------------------===//

#include "kfuse/CompilationSetup.h"
#include "kfuse/CompilerLauncher.h"
#include "kfuse/CudaCommand.h"
#include "kfuse/CrossFunctionPlan.h"
#include "kfuse/Diagnostics.h"
#include "kfuse/CheckedRewrite.h"
#include "kfuse/FileAnalysis.h"
#include "kfuse/FusionPlan.h"
#include "kfuse/Profile.h"
#include "kfuse/Rewriter.h"
#include "kfuse/SiteIdentity.h"
#include "kfuse/LaunchFinder.h"
#include "kfuse/ModelPrinter.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <set>
#include <string>
#include <thread>
#include <vector>

using namespace llvm;

/// `kfuse report` (tool/ReportCommand.cpp).
int runReport(int Argc, const char **Argv);

/// Where the header-only runtime lives: $KFUSE_RUNTIME_INCLUDE_DIR, the
/// include/ directory beside an installed bin/, or the source tree.
std::string runtimeIncludeDir() {
  if (std::optional<std::string> Env =
          sys::Process::GetEnv("KFUSE_RUNTIME_INCLUDE_DIR"))
    return *Env;
  std::string Exe = sys::fs::getMainExecutable("kfuse", (void *)&runtimeIncludeDir);
  SmallString<256> Installed(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "include");
  SmallString<256> Probe(Installed);
  sys::path::append(Probe, "kfuse", "runtime", "Profiler.hpp");
  if (sys::fs::exists(Probe))
    return std::string(Installed);
  return KFUSE_RUNTIME_INCLUDE_DIR;
}

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
  fuse        fuse launches that the profile saw running back to back
              (kfuse fuse -p BUILD --profile FILE [--in-place|--output-dir DIR] FILES...)
  check       a CI gate: warn about hot chains that could be fused and are
              not; exit 1 on findings (kfuse check -p BUILD --profile FILE FILES...)
  report      a profile's sites by time, hot chains, verdicts (kfuse report PROFILE)
  revert      restore the original text of files kfuse rewrote

Run 'kfuse <mode> --help' for the options of a mode.
)";

/// $KFUSE_PROJECT_ROOT, the default of --project-root (and the only way to
/// set it for the compiler-launcher form).
std::string defaultProjectRoot() {
  return sys::Process::GetEnv("KFUSE_PROJECT_ROOT").value_or("");
}

/// \p Root made absolute against the working directory kfuse started in
/// (parses change directory), or "" to let each file find its root.
std::string absoluteRoot(StringRef Root) {
  if (Root.empty())
    return "";
  SmallString<256> Abs(Root);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

int reportError(const Twine &Message) {
  WithColor::error(errs(), "kfuse") << Message << "\n";
  return ExitError;
}

/// The units of the compilation database in \p BuildPath under the project
/// root: \p Root, else the repository holding the build folder, else the
/// folder (or repository) of the database's first unit.
Expected<std::vector<std::string>> unitsUnder(StringRef BuildPath, std::string Root) {
  std::string Message;
  auto DB = clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, Message);
  if (!DB)
    return createStringError(inconvertibleErrorCode(), Message);
  if (Root.empty()) {
    std::string Build = kfuse::absolutePath(BuildPath);
    Root = kfuse::projectRootFor(Build + "/x", "");
    if (Root == Build && !DB->getAllFiles().empty())
      Root = kfuse::projectRootFor(DB->getAllFiles().front(), "");
  }
  std::vector<std::string> Units;
  std::set<std::string> Seen;
  for (const std::string &F : DB->getAllFiles()) {
    std::string Abs = kfuse::absolutePath(F);
    if (kfuse::relativePath(Abs, Root) != Abs && Seen.insert(Abs).second)
      Units.push_back(Abs);
  }
  if (Units.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no unit of the compilation database in '" + BuildPath +
                                 "' lies under the project root '" + Root +
                                 "': give the files, or --project-root");
  return Units;
}

/// Parses the common LibTooling flags (-p, --extra-arg, sources) of a mode.
/// With \p ProjectRoot (a planning mode), the sources may be left out where
/// -p names the database: every unit of it under the project root (the root
/// given, else the repository or folder holding the database) is then read,
/// as run-clang-tidy does.
Expected<clang::tooling::CommonOptionsParser>
parseToolArgs(int Argc, const char **Argv, cl::OptionCategory &Category,
              const char *Overview, const cl::opt<std::string> *ProjectRoot = nullptr) {
  if (Error E = kfuse::checkCompilationDatabaseArgs(Argc, Argv))
    return std::move(E);
  std::string BuildPath = kfuse::buildPathArg(Argc, Argv);
  if (!ProjectRoot || BuildPath.empty())
    return clang::tooling::CommonOptionsParser::create(Argc, Argv, Category, cl::OneOrMore,
                                                       Overview);
  auto Parser = clang::tooling::CommonOptionsParser::create(Argc, Argv, Category,
                                                            cl::ZeroOrMore, Overview);
  if (!Parser || !Parser->getSourcePathList().empty())
    return Parser;
  Expected<std::vector<std::string>> Units = unitsUnder(BuildPath, absoluteRoot(*ProjectRoot));
  if (!Units)
    return Units.takeError();
  // Parsed again with the units as sources (the parser resets every option
  // first); the strings live as long as the options that point into them.
  static std::vector<std::string> Storage;
  static std::vector<const char *> Args;
  Storage = *Units;
  Args.assign(Argv, Argv + Argc);
  auto DashDash = llvm::find_if(Args, [](const char *A) { return StringRef(A) == "--"; });
  for (const std::string &U : Storage)
    DashDash = std::next(Args.insert(DashDash, U.c_str()));
  int N = static_cast<int>(Args.size());
  return clang::tooling::CommonOptionsParser::create(N, Args.data(), Category, cl::OneOrMore,
                                                     Overview);
}

/// Writes every (path, text) or none: each text goes to a temporary file
/// beside its target first (creating directories), and only when all of
/// them are written are they renamed over their targets.
Error writeAll(const std::vector<std::pair<std::string, std::string>> &Files) {
  std::vector<std::pair<SmallString<256>, std::string>> Temps;
  auto Discard = [&] {
    for (auto &[Temp, Target] : Temps)
      sys::fs::remove(Temp);
  };
  for (const auto &[Target, Text] : Files) {
    StringRef Dir = sys::path::parent_path(Target);
    if (!Dir.empty())
      if (std::error_code EC = sys::fs::create_directories(Dir)) {
        Discard();
        return createStringError(EC, "cannot create '%s': %s",
                                 Dir.str().c_str(), EC.message().c_str());
      }
    int FD;
    SmallString<256> Temp;
    std::error_code EC = sys::fs::createUniqueFile(Target + ".kfuse-%%%%%%", FD, Temp);
    if (!EC) {
      raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << Text;
      OS.close();
      EC = OS.error();
      Temps.emplace_back(Temp, Target);
    }
    if (EC) {
      Discard();
      return createStringError(EC, "cannot write '%s': %s", Target.c_str(),
                               EC.message().c_str());
    }
  }
  for (auto &[Temp, Target] : Temps)
    if (std::error_code EC = sys::fs::rename(Temp, Target)) {
      Discard();
      return createStringError(EC, "cannot replace '%s': %s", Target.c_str(),
                               EC.message().c_str());
    }
  return Error::success();
}

/// --project-root, as every mode that names sites has it.
struct ProjectRootOption : cl::opt<std::string> {
  explicit ProjectRootOption(cl::OptionCategory &Category)
      : cl::opt<std::string>(
            "project-root",
            cl::desc("Directory that site ids are relative to (default: "
                     "$KFUSE_PROJECT_ROOT, else the nearest ancestor of each "
                     "file holding .git)"),
            cl::init(defaultProjectRoot()), cl::cat(Category)) {}
};

/// --backend, for the modes that plan.
struct BackendOption : cl::opt<std::string> {
  explicit BackendOption(cl::OptionCategory &Category)
      : cl::opt<std::string>(
            "backend",
            cl::desc("The Kokkos execution space to plan for: Serial, OpenMP, Cuda, HIP, "
                     "SYCL, ... (default: Cuda where the files' compile commands build "
                     "for CUDA, with nvcc or clang -x cuda; else the backend the profile "
                     "ran on)"),
            cl::cat(Category)) {}
};

/// -j, for the modes that analyse many files.
struct JobsOption : cl::opt<unsigned> {
  explicit JobsOption(cl::OptionCategory &Category)
      : cl::opt<unsigned>(
            "j", cl::Prefix,
            cl::init(std::max(1u, std::thread::hardware_concurrency())),
            cl::desc("Analyse this many files at once, -j N or -jN (default: "
                     "the number of hardware threads)"),
            cl::cat(Category)) {}
};

/// Prints `[3/20] file.cpp` as each file starts, when there are several.
std::function<void(size_t, StringRef)> progressPrinter(size_t Total) {
  return [Total, Started = size_t(0)](size_t, StringRef File) mutable {
    if (Total > 1)
      errs() << "[" << ++Started << "/" << Total << "] " << File << "\n";
  };
}

/// Reads the profile and plans every source file of \p Parser, and the
/// chains across their functions (\p Cross): what fuse and check share.
/// A file that cannot be analysed is reported as an error and sets
/// \p Failed; the others are planned.
Expected<std::vector<kfuse::FileAnalysis>>
planFiles(clang::tooling::CommonOptionsParser &Parser, StringRef ProfilePath,
          StringRef ProjectRoot, double MinShare, unsigned Jobs, StringRef Backend,
          kfuse::Profile &Read, kfuse::CrossFunctionPlan &Cross, bool &Failed,
          bool SayMissing) {
  Expected<kfuse::Profile> Prof = kfuse::readProfile(ProfilePath);
  if (!Prof)
    return Prof.takeError();
  // The backend planned for: the one given, CUDA for a CUDA build, else the
  // profile's. A plan for a GPU from a host profile is said once.
  Prof->PlanSpace = Backend.str();
  const std::vector<std::string> &Files = Parser.getSourcePathList();
  if (Backend.empty())
    for (const std::string &F : Files) {
      bool Cuda = false;
      for (const clang::tooling::CompileCommand &C :
           Parser.getCompilations().getCompileCommands(kfuse::absolutePath(F)))
        Cuda |= kfuse::compilerKind(C.CommandLine) != kfuse::CompilerKind::Host;
      if (Cuda) {
        Prof->PlanSpace = "Cuda";
        break;
      }
    }
  if (!Prof->PlanSpace.empty() && Prof->PlanSpace != Prof->Backend)
    WithColor::note(errs(), "kfuse")
        << "planning for " << Prof->PlanSpace
        << (Backend.empty() ? " (the compile commands build for CUDA)" : "")
        << "; the profile ran on " << (Prof->Backend.empty() ? "an unknown backend" : Prof->Backend)
        << "\n";
  Read = *Prof;
  for (const std::string &W : Prof->Warnings)
    WithColor::warning(errs(), "kfuse") << ProfilePath << ": " << W << " [kfuse-profile]\n";
  kfuse::FinderOptions FOpts;
  FOpts.ProjectRoot = absoluteRoot(ProjectRoot);
  FOpts.RuntimeIncludeDir = runtimeIncludeDir();
  kfuse::FusionOptions Opts;
  Opts.MinShare = MinShare;
  // Every unit of the compilation database given: a virtual function's
  // overriders are all among them, and so is every use of a pointer member.
  std::set<std::string> Given;
  for (const std::string &F : Files)
    Given.insert(kfuse::absolutePath(F));
  std::vector<std::string> Units = Parser.getCompilations().getAllFiles();
  std::vector<std::string> Missing;
  for (const std::string &F : Units)
    if (!Given.count(kfuse::absolutePath(F)))
      Missing.push_back(F);
  Opts.WholeProgram = !Units.empty() && Missing.empty();
  // Said once: what is judged without them may be refused for it.
  if (SayMissing && !Units.empty() && !Missing.empty())
    WithColor::note(errs(), "kfuse")
        << Missing.size() << " of the " << Units.size()
        << " units of the compilation database are not given ('" << Missing.front()
        << "'" << (Missing.size() > 1 ? ", ..." : "")
        << "): calls of functions defined only there are unknown code, and virtual calls and "
           "pointer members are judged without them (without files, every unit under the project "
           "root is planned)\n";
  std::vector<std::pair<std::string, std::string>> Failures;
  auto Analyses = kfuse::analyzeFilesForFusion(Parser.getCompilations(), FOpts, Files,
                                               *Prof, Opts, Jobs,
                                               progressPrinter(Files.size()), &Failures);
  if (!Analyses)
    return Analyses.takeError();
  // The others are planned and reported; the caller exits 2.
  for (const auto &[File, Why] : Failures)
    WithColor::error(errs(), File) << Why << " [kfuse-input]\n";
  Failed = !Failures.empty();
  // Said once for the run as well: a gate that matched nothing checked nothing.
  bool AnySites = llvm::any_of(*Analyses, [](const kfuse::FileAnalysis &A) {
    return !A.Model.Sites.empty();
  });
  if (AnySites && !Prof->Sites.empty() &&
      llvm::none_of(*Analyses, [](const kfuse::FileAnalysis &A) { return A.ProfileMatches; }))
    WithColor::warning(errs(), "kfuse")
        << "no launch of the files given matches a kernel of the profile '" << ProfilePath
        << "' (" << Prof->Sites.size() << " kernels): nothing was checked against it"
        << " [kfuse-profile-mismatch]\n";
  // A unit missing: the overriders of a virtual call may be there.
  Opts.WholeProgram &= !Failed;
  Cross = kfuse::planAcrossFunctions(*Analyses, *Prof, Opts);
  return Analyses;
}

int runSites(int Argc, const char **Argv) {
  cl::OptionCategory Category("kfuse sites options");
  enum class Format { Text, Json };
  cl::opt<Format> OutputFormat(
      "format", cl::desc("Output format"), cl::init(Format::Text),
      cl::values(clEnumValN(Format::Text, "text", "one block per site"),
                 clEnumValN(Format::Json, "json", "one JSON document")),
      cl::cat(Category));
  ProjectRootOption ProjectRoot(Category);

  auto Parser = parseToolArgs(
      Argc, Argv, Category,
      "Prints the launch model of every Kokkos::parallel_for, "
      "parallel_reduce and parallel_scan written in the given files and in the project headers they include (each once): kind, "
      "label, policy and range, functor, the Views used with their access "
      "modes and indices, scalars, inner loops, and the site id.\n\n"
      "Example: kfuse sites -p build src/app.cpp --format=json\n");
  if (!Parser)
    return reportError(toString(Parser.takeError()));

  kfuse::FinderOptions Opts;
  Opts.ProjectRoot = absoluteRoot(ProjectRoot);
  Opts.RuntimeIncludeDir = runtimeIncludeDir();
  kfuse::LaunchFinder Finder(Parser->getCompilations(), Opts);
  std::vector<kfuse::FileModel> Files;
  int Status = ExitOK;
  std::set<std::string> Seen; // a header's launches, once for all units
  for (const std::string &File : Parser->getSourcePathList()) {
    Files.push_back(Finder.analyzeFile(File));
    if (Files.back().Failed) {
      WithColor::error(errs(), File) << Files.back().Error << " [kfuse-input]\n";
      Status = ExitError;
    }
    llvm::erase_if(Files.back().Sites, [&](const kfuse::KernelModel &M) {
      return !Seen.insert(M.Id.str()).second;
    });
  }
  if (OutputFormat == Format::Json)
    kfuse::printModelJson(Files, outs());
  else
    kfuse::printModelText(Files, outs());
  return Status;
}

int runInstrument(int Argc, const char **Argv) {
  kfuse::InstrumentOptions Opts;
  Opts.RuntimeIncludeDir = runtimeIncludeDir();
  Opts.Finder.ProjectRoot = absoluteRoot(defaultProjectRoot());
  Opts.Finder.RuntimeIncludeDir = Opts.RuntimeIncludeDir;
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
  ProjectRootOption ProjectRoot(Category);
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
  Opts.Finder.ProjectRoot = absoluteRoot(ProjectRoot);
  if (Error E = kfuse::writeInstrumentedCopies(
          Parser->getCompilations(), Parser->getSourcePathList(), OutputDir,
          Opts))
    return reportError(toString(std::move(E)));
  return ExitOK;
}

int runFuse(int Argc, const char **Argv) {
  cl::OptionCategory Category("kfuse fuse options");
  cl::opt<std::string> ProfilePath(
      "profile", cl::Required,
      cl::desc("The JSON profile of a run of the instrumented build"),
      cl::cat(Category));
  cl::opt<bool> InPlace("in-place", cl::desc("Rewrite the files in place"),
                        cl::cat(Category));
  cl::opt<bool> DryRun(
      "dry-run",
      cl::desc("Print a unified diff and change nothing (the default)"),
      cl::cat(Category));
  cl::opt<std::string> OutputDir(
      "output-dir",
      cl::desc("Write the rewritten files here, at their paths relative to "
               "the project root"),
      cl::cat(Category));
  cl::opt<double> MinShare(
      "min-share", cl::init(0.01),
      cl::desc("Fuse only chains taking at least this share of profiled "
               "kernel time (0.01 = 1%)"),
      cl::cat(Category));
  cl::opt<bool> NoRestrict(
      "no-restrict",
      cl::desc("Index the Views in the fused kernel instead of passing "
               "restrict pointers, and keep no value of a loop in a register "
               "across iterations, which restrict makes legal; chains across "
               "functions call their kernels in turn (for A/B timing)"),
      cl::cat(Category));
  ProjectRootOption ProjectRoot(Category);
  JobsOption Jobs(Category);
  BackendOption Backend(Category);
  auto Parser = parseToolArgs(
      Argc, Argv, Category,
      "Fuses consecutive Kokkos launches that the profile saw running back to "
      "back on the same range, when fusing them is legal: one fused, "
      "restrict-annotated functor per group, guarded so the original "
      "launches run whenever an assumption fails (and when KFUSE_DISABLE=1; "
      "KFUSE_VERBOSE=1 says when that happens). A launch alone in a host "
      "for loop, which the profile saw back to back with itself, takes the "
      "loop into its kernel when each element depends only on its own "
      "earlier iterations (temporal fusion). The fused code includes "
      "<kfuse/runtime/Guard.hpp>: build it with -I<kfuse>/include. "
      "Remarks say what was fused and why each other candidate was not. "
      "Every unit a rewrite touches is parsed again before anything is "
      "written: a rewrite that does not compile is dropped, with a remark "
      "[kfuse-emit-check].\n\n"
      "Without files, every unit of the compilation database under the "
      "project root is planned (the whole program: needed to follow calls "
      "into every unit).\n\n"
      "Example: kfuse fuse -p build --profile profiles/app.json src/app.cpp\n",
      &ProjectRoot);
  if (!Parser)
    return reportError(toString(Parser.takeError()));
  if (InPlace + DryRun + !OutputDir.empty() > 1)
    return reportError("choose one of --in-place, --dry-run and --output-dir");

  kfuse::EmitOptions EOpts;
  EOpts.Restrict = !NoRestrict;
  // The marker names the profile relative to the project root (the file
  // name if it lies elsewhere): a path of this machine would not move with
  // the tree.
  {
    const std::vector<std::string> &Sources = Parser->getSourcePathList();
    StringRef First = Sources.empty() ? StringRef(".") : StringRef(Sources.front());
    std::string Root = kfuse::projectRootFor(First, ProjectRoot);
    std::string Rel = kfuse::relativePath(ProfilePath, Root);
    EOpts.ProfilePath = sys::path::is_absolute(Rel) ? sys::path::filename(Rel).str() : Rel;
  }

  // Plan every file before writing any, so a failure changes nothing.
  kfuse::Profile Prof;
  kfuse::CrossFunctionPlan Cross;
  bool Failed = false;
  auto Analyses = planFiles(*Parser, ProfilePath, ProjectRoot, MinShare, Jobs, Backend, Prof,
                            Cross, Failed, /*SayMissing=*/true);
  if (!Analyses)
    return reportError(toString(Analyses.takeError()) + "; no file was changed");
  kfuse::CheckedRewrite Rewrite =
      kfuse::rewriteChecked(Parser->getCompilations(), Parser->getSourcePathList(), *Analyses,
                            Cross, EOpts, runtimeIncludeDir(), Jobs);
  for (const kfuse::Diagnostic &D : Rewrite.Diagnostics)
    kfuse::printDiagnostic(errs(), D);
  const std::vector<kfuse::RewrittenFile> &Outputs = Rewrite.Files;

  if (!InPlace && OutputDir.empty()) {
    // Paths relative to the project root, as git diff writes them, so that
    // `git apply` and `patch -p1` take the diff from there.
    for (const kfuse::RewrittenFile &O : Outputs) {
      std::string Rel =
          kfuse::relativePath(O.Path, kfuse::projectRootFor(O.Path, ProjectRoot));
      if (sys::path::is_absolute(Rel))
        Rel = O.Path;
      outs() << kfuse::Rewriter::unifiedDiff("a/" + Rel, "b/" + Rel, O.Old, O.New);
    }
    return Failed ? ExitError : ExitOK;
  }
  // As clang-tidy with errors: the others' plans are reported, none applied.
  if (Failed)
    return reportError("a file could not be analysed; no file was changed");
  std::vector<std::pair<std::string, std::string>> Writes;
  for (const kfuse::RewrittenFile &O : Outputs) {
    if (OutputDir.empty()) {
      if (O.Old != O.New)
        Writes.emplace_back(O.Path, O.New);
      continue;
    }
    std::string Root = kfuse::projectRootFor(O.Path, ProjectRoot);
    SmallString<256> T(OutputDir);
    sys::path::append(T, kfuse::relativePath(O.Path, Root));
    Writes.emplace_back(std::string(T), O.New);
  }
  if (Error E = writeAll(Writes))
    return reportError(toString(std::move(E)) + "; no file was changed");
  return ExitOK;
}

int runCheck(int Argc, const char **Argv) {
  cl::OptionCategory Category("kfuse check options");
  cl::opt<std::string> ProfilePath(
      "profile", cl::Required,
      cl::desc("The JSON profile (instrumented build, or the Kokkos Tools "
               "connector: kernels are then matched by label)"),
      cl::cat(Category));
  cl::opt<double> MinShare(
      "min-share", cl::init(0.01),
      cl::desc("Report chains taking at least this share of profiled kernel "
               "time (0.01 = 1%)"),
      cl::cat(Category));
  cl::opt<bool> Verbose(
      "verbose",
      cl::desc("Also report cold and unsafe candidates, with the reason"),
      cl::cat(Category));
  enum class Format { Text, Sarif };
  cl::opt<Format> OutputFormat(
      "format", cl::desc("Output format"), cl::init(Format::Text),
      cl::values(clEnumValN(Format::Text, "text",
                            "compiler-style diagnostics on stderr"),
                 clEnumValN(Format::Sarif, "sarif",
                            "SARIF 2.1.0 on stdout (diagnostics still on stderr)")),
      cl::cat(Category));
  ProjectRootOption ProjectRoot(Category);
  JobsOption Jobs(Category);
  BackendOption Backend(Category);
  auto Parser = parseToolArgs(
      Argc, Argv, Category,
      "A CI gate: warns about every chain of launches that the profile saw "
      "running back to back on a hot path and that could legally be fused "
      "but is not [kfuse-unfused-hot-path]. Nothing is rewritten.\n\n"
      "Exit status: 0 no findings, 1 findings, 2 errors (a bad profile, a "
      "file that does not compile).\n\n"
      "Without files, every unit of the compilation database under the "
      "project root is checked.\n\n"
      "Example: kfuse check -p build --profile profiles/app.json src/*.cpp\n",
      &ProjectRoot);
  if (!Parser)
    return reportError(toString(Parser.takeError()));
  kfuse::Profile Prof;
  kfuse::CrossFunctionPlan Cross;
  bool Failed = false;
  auto Analyses = planFiles(*Parser, ProfilePath, ProjectRoot, MinShare, Jobs, Backend, Prof,
                            Cross, Failed, /*SayMissing=*/Verbose);
  if (!Analyses)
    return reportError(toString(Analyses.takeError()));
  std::vector<kfuse::Diagnostic> All;
  unsigned Findings = 0;
  for (kfuse::Diagnostic &D :
       kfuse::crossFunctionDiagnostics(Cross, *Analyses, /*Check=*/true, Verbose)) {
    kfuse::printDiagnostic(errs(), D);
    Findings += D.Check == "kfuse-unfused-hot-path";
    All.push_back(std::move(D));
  }
  for (const kfuse::FileAnalysis &A : *Analyses)
    for (kfuse::Diagnostic &D : kfuse::checkDiagnostics(A, Verbose)) {
      kfuse::printDiagnostic(errs(), D);
      Findings += D.Check == "kfuse-unfused-hot-path";
      All.push_back(std::move(D));
    }
  if (OutputFormat == Format::Sarif)
    kfuse::writeSarif(outs(), All, KFUSE_VERSION);
  if (Findings)
    errs() << Findings << " unfused hot path" << (Findings == 1 ? "" : "s")
           << " found\n";
  return Failed ? ExitError : Findings ? ExitFindings : ExitOK;
}

int runRevert(int Argc, const char **Argv) {
  cl::OptionCategory Category("kfuse revert options");
  cl::list<std::string> Files(cl::Positional, cl::OneOrMore,
                              cl::desc("<files>"), cl::cat(Category));
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "Restores the original text of files rewritten by 'kfuse fuse', "
          "byte for byte, from the markers it left.\n",
          &errs()))
    return ExitError;
  std::vector<std::pair<std::string, std::string>> Reverted;
  for (const std::string &File : Files) {
    auto Buffer = MemoryBuffer::getFile(File);
    if (!Buffer)
      return reportError("cannot read '" + File + "': " +
                         Buffer.getError().message());
    Expected<std::string> Text = kfuse::Rewriter::revert((*Buffer)->getBuffer());
    if (!Text)
      return reportError(File + ": " + toString(Text.takeError()));
    if (*Text != (*Buffer)->getBuffer())
      Reverted.emplace_back(File, std::move(*Text));
  }
  if (Error E = writeAll(Reverted))
    return reportError(toString(std::move(E)) + "; no file was changed");
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
  if (Mode == "fuse")
    return runFuse(SubArgc, Args.data());
  if (Mode == "report")
    return runReport(SubArgc, Args.data());
  if (Mode == "revert")
    return runRevert(SubArgc, Args.data());
  if (Mode == "check")
    return runCheck(SubArgc, Args.data());
  if (Mode == "instrument")
    return runInstrument(SubArgc, Args.data());
  return reportError("unknown mode '" + Mode + "'; run 'kfuse --help'");
}
