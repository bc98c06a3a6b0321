//===- ReportCommand.cpp - `kfuse report`: a profile for people ------------===//
//
// Parses the flags of `kfuse report PROFILE [-p BUILD FILES...]`, loads the
// profile, plans the given files, and writes the text report to stdout and
// the HTML page and the trace where asked.
//
//===----------------------------------------------------------------------===//

#include "kfuse/CompilationSetup.h"
#include "kfuse/CrossFunctionPlan.h"
#include "kfuse/FileAnalysis.h"
#include "kfuse/LaunchFinder.h"
#include "kfuse/Profile.h"
#include "kfuse/Report.h"
#include "kfuse/ReportWriters.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

int runReport(int Argc, const char **Argv);
/// kfuse's include directory (tool/kfuse.cpp).
std::string runtimeIncludeDir();

namespace {

constexpr int ExitOK = 0, ExitError = 2;

int fail(const Twine &Message) {
  WithColor::error(errs(), "kfuse") << Message << "\n";
  return ExitError;
}

/// The compile database for \p Sources: at \p BuildPath, else found above
/// the first source; with the --extra-arg(-before) flags applied.
Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompilations(StringRef BuildPath, const std::vector<std::string> &Sources,
                 const std::vector<std::string> &ArgsBefore,
                 const std::vector<std::string> &ArgsAfter) {
  // The same checks, and messages, as the modes that take CommonOptionsParser.
  std::vector<const char *> Args = {"kfuse report"};
  if (!BuildPath.empty()) {
    Args.push_back("-p");
    Args.push_back(BuildPath.data());
  }
  for (const std::string &S : Sources)
    Args.push_back(S.c_str());
  if (Error E = kfuse::checkCompilationDatabaseArgs(int(Args.size()), Args.data()))
    return std::move(E);
  std::string Message;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      BuildPath.empty()
          ? clang::tooling::CompilationDatabase::autoDetectFromSource(Sources.front(),
                                                                      Message)
          : clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath,
                                                                         Message);
  if (!DB)
    return createStringError(inconvertibleErrorCode(),
                             "cannot load the compilation database: %s",
                             Message.c_str());
  auto Adjusting =
      std::make_unique<clang::tooling::ArgumentsAdjustingCompilations>(std::move(DB));
  Adjusting->appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      ArgsBefore, clang::tooling::ArgumentInsertPosition::BEGIN));
  Adjusting->appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      ArgsAfter, clang::tooling::ArgumentInsertPosition::END));
  return std::unique_ptr<clang::tooling::CompilationDatabase>(std::move(Adjusting));
}

Error writeFile(StringRef Path, function_ref<void(raw_ostream &)> Write) {
  return writeToOutput(Path, [&](raw_ostream &OS) {
    Write(OS);
    return Error::success();
  });
}

} // namespace

int runReport(int Argc, const char **Argv) {
  cl::OptionCategory Category("kfuse report options");
  cl::list<std::string> Inputs(cl::Positional, cl::OneOrMore,
                               cl::desc("<profile.json> [<source files>...]"),
                               cl::cat(Category));
  cl::opt<std::string> BuildPath(
      "p", cl::value_desc("build"),
      cl::desc("Build directory holding compile_commands.json; with source "
               "files, the report gives the planner's verdict on each fusion "
               "candidate"),
      cl::cat(Category));
  cl::opt<std::string> HtmlPath(
      "html", cl::value_desc("file"),
      cl::desc("Also write one self-contained HTML page: time per site and the "
               "chain graph as charts, and the tables"),
      cl::cat(Category));
  cl::opt<std::string> TracePath(
      "chrome-trace", cl::value_desc("file"),
      cl::desc("Also write the profile's raw events as a Chrome/Perfetto trace "
               "(JSON); needs a profile recorded with KFUSE_PROFILE_EVENTS=N"),
      cl::cat(Category));
  cl::opt<double> MinShare(
      "min-share", cl::init(0.01),
      cl::desc("Chains below this share of profiled kernel time are not hot, "
               "and not fused (0.01 = 1%, as kfuse fuse)"),
      cl::cat(Category));
  cl::opt<std::string> ProjectRoot(
      "project-root",
      cl::desc("Directory that site ids are relative to (default: "
               "$KFUSE_PROJECT_ROOT, else the nearest ancestor of each file "
               "holding .git)"),
      cl::init(sys::Process::GetEnv("KFUSE_PROJECT_ROOT").value_or("")),
      cl::cat(Category));
  cl::list<std::string> ArgsAfter(
      "extra-arg", cl::desc("Additional argument to append to the compiler command line"),
      cl::cat(Category));
  cl::list<std::string> ArgsBefore(
      "extra-arg-before",
      cl::desc("Additional argument to prepend to the compiler command line"),
      cl::cat(Category));
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "Shows what a profile saw: sites ranked by kernel time, the chains of "
          "launches that ran back to back, and, given the sources, what kfuse "
          "fuse would do with each fusion candidate (fused, refused and why, or "
          "cold). Text goes to stdout; --html and --chrome-trace write files.\n\n"
          "Examples:\n"
          "  kfuse report profiles/app.json\n"
          "  kfuse report profiles/app.json -p build src/app.cpp --html report.html\n"
          "  kfuse report profiles/app.json --chrome-trace trace.json\n\n"
          "Exit codes: 0 success, 2 an error (an unreadable or malformed profile, "
          "a file that does not compile, a trace asked of a profile without "
          "events); no file is written then.\n",
          &errs()))
    return ExitError;

  const std::string &ProfilePath = Inputs.front();
  std::vector<std::string> Sources(Inputs.begin() + 1, Inputs.end());
  if (!BuildPath.empty() && Sources.empty())
    return fail("-p names a build but no source files follow; give the files to "
                "evaluate (kfuse report PROFILE -p BUILD FILES...)");

  Expected<kfuse::Profile> Prof = kfuse::readProfile(ProfilePath);
  if (!Prof)
    return fail(toString(Prof.takeError()));
  if (!TracePath.empty() && Prof->Events.empty())
    return fail("'" + ProfilePath +
                "' holds no raw events for --chrome-trace; rerun the program "
                "with KFUSE_PROFILE_EVENTS=N to record its first N launches");

  kfuse::FusionOptions Opts;
  Opts.MinShare = MinShare;
  std::vector<kfuse::FileAnalysis> Files;
  if (!Sources.empty()) {
    auto DB = loadCompilations(BuildPath, Sources, ArgsBefore, ArgsAfter);
    if (!DB)
      return fail(toString(DB.takeError()));
    kfuse::FinderOptions FOpts;
    FOpts.ProjectRoot = ProjectRoot;
    FOpts.RuntimeIncludeDir = runtimeIncludeDir();
    kfuse::LaunchFinder Finder(**DB, FOpts);
    for (const std::string &File : Sources) {
      Expected<std::vector<kfuse::FileAnalysis>> A =
          kfuse::analyzeForFusion(Finder, File, *Prof, Opts);
      if (!A)
        return fail(toString(A.takeError()) + "; no report was written");
      for (kfuse::FileAnalysis &F : *A)
        if (llvm::none_of(Files, [&](const kfuse::FileAnalysis &G) { return G.Path == F.Path; }))
          Files.push_back(std::move(F));
    }
  }

  kfuse::CrossFunctionPlan Cross = kfuse::planAcrossFunctions(Files, *Prof, Opts);

  kfuse::ReportOptions ROpts;
  ROpts.ProfilePath = ProfilePath;
  ROpts.MinShare = MinShare;
  kfuse::Report R = kfuse::buildReport(*Prof, Files, ROpts, &Cross);
  if (!HtmlPath.empty())
    if (Error E = writeFile(HtmlPath, [&](raw_ostream &OS) {
          kfuse::writeHtmlReport(R, OS);
        }))
      return fail(toString(std::move(E)));
  if (!TracePath.empty())
    if (Error E = writeToOutput(TracePath, [&](raw_ostream &OS) {
          return kfuse::writeChromeTrace(*Prof, OS);
        }))
      return fail(toString(std::move(E)));
  kfuse::writeTextReport(R, outs());
  return ExitOK;
}
