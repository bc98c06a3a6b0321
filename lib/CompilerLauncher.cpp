//===- CompilerLauncher.cpp - kfuse instrument as a compiler launcher -----===//

#include "kfuse/CompilerLauncher.h"
#include "kfuse/Instrumenter.h"
#include "kfuse/SiteIdentity.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace kfuse {

namespace {

/// A database holding exactly one command: the one being launched.
class SingleCommandDatabase : public clang::tooling::CompilationDatabase {
public:
  SingleCommandDatabase(std::string Directory, std::string File,
                        std::vector<std::string> Command)
      : Command(std::move(Directory), std::move(File), std::move(Command),
                /*Output=*/"") {}

  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef FilePath) const override {
    if (FilePath != Command.Filename)
      return {};
    return {Command};
  }
  std::vector<std::string> getAllFiles() const override {
    return {Command.Filename};
  }

private:
  clang::tooling::CompileCommand Command;
};

bool isCxxSource(llvm::StringRef Arg) {
  llvm::StringRef Ext = llvm::sys::path::extension(Arg);
  return llvm::is_contained({".cpp", ".cc", ".cxx", ".c++", ".C", ".cp",
                             ".CPP", ".CC"},
                            Ext);
}

/// Options whose value is the next argument (so it is not a source).
bool takesValue(llvm::StringRef Arg) {
  return llvm::is_contained({"-o", "-MF", "-MT", "-MQ", "-include", "-x",
                             "-isystem", "-I", "-iquote", "-imacros", "-D",
                             "-U", "-Xclang", "-idirafter", "--param"},
                            Arg);
}

std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

void printSkipped(const InstrumentedFile &F) {
  for (const SkippedSite &S : F.Skipped)
    llvm::errs() << S.Pos.File << ":" << S.Pos.Line << ":" << S.Pos.Column
                 << ": remark: launch not fully instrumented: " << S.Reason
                 << " [kfuse-instrument]\n";
}

/// Parses \p Source and returns its instrumented text.
llvm::Expected<InstrumentedFile>
instrumentFile(const clang::tooling::CompilationDatabase &DB,
               llvm::StringRef Source, const InstrumentOptions &Opts) {
  auto Buffer = llvm::MemoryBuffer::getFile(Source);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read '%s': %s",
                                   Source.str().c_str(),
                                   Buffer.getError().message().c_str());
  LaunchFinder Finder(DB, Opts.Finder);
  FileModel Model = Finder.analyzeFile(Source);
  if (Model.Failed)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s",
                                   Source.str().c_str(), Model.Error.c_str());
  return Instrumenter::instrument((*Buffer)->getBuffer(), Source, Model.Sites);
}

int runCommand(llvm::ArrayRef<std::string> Command) {
  llvm::ErrorOr<std::string> Program =
      llvm::sys::path::is_absolute(Command[0])
          ? llvm::ErrorOr<std::string>(Command[0])
          : llvm::sys::findProgramByName(Command[0]);
  if (!Program) {
    llvm::WithColor::error(llvm::errs(), "kfuse")
        << "cannot find compiler '" << Command[0] << "'\n";
    return 127;
  }
  std::vector<llvm::StringRef> Args(Command.begin(), Command.end());
  std::string Message;
  int RC = llvm::sys::ExecuteAndWait(*Program, Args, std::nullopt, {}, 0, 0,
                                     &Message);
  if (RC < 0)
    llvm::WithColor::error(llvm::errs(), "kfuse")
        << "running '" << Command[0] << "' failed: " << Message << "\n";
  return RC < 0 ? 127 : RC;
}

} // namespace

int findCxxSource(llvm::ArrayRef<std::string> Command) {
  for (size_t I = 1; I < Command.size(); ++I) {
    if (takesValue(Command[I])) {
      ++I;
      continue;
    }
    if (!llvm::StringRef(Command[I]).starts_with("-") && isCxxSource(Command[I]))
      return static_cast<int>(I);
  }
  return -1;
}

llvm::Expected<int> runInstrumentedCompile(llvm::ArrayRef<std::string> Command,
                                           const InstrumentOptions &Opts) {
  if (Command.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no compiler command after '--'");
  int SourceIdx = findCxxSource(Command);
  if (SourceIdx < 0)
    return runCommand(Command);

  std::string Source = absolute(Command[SourceIdx]);
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  SingleCommandDatabase DB(std::string(Cwd), Source,
                           std::vector<std::string>(Command.begin(), Command.end()));
  llvm::Expected<InstrumentedFile> Instrumented = instrumentFile(DB, Source, Opts);
  if (!Instrumented) {
    llvm::WithColor::warning(llvm::errs(), "kfuse")
        << llvm::toString(Instrumented.takeError())
        << "; compiling it without instrumentation [kfuse-instrument]\n";
    return runCommand(Command);
  }
  printSkipped(*Instrumented);

  // The copy lives next to the object file, so dependency files that name
  // it stay valid between builds.
  std::string Copy;
  for (size_t I = 1; I + 1 < Command.size(); ++I)
    if (Command[I] == "-o")
      Copy = absolute(Command[I + 1]) + ".kfuse.cpp";
  if (Copy.empty()) {
    llvm::SmallString<256> Tmp;
    if (std::error_code EC = llvm::sys::fs::createTemporaryFile(
            llvm::sys::path::stem(Source), "kfuse.cpp", Tmp))
      return llvm::createStringError(EC, "cannot create a temporary file: %s",
                                     EC.message().c_str());
    Copy = std::string(Tmp);
  }
  if (llvm::Error E = llvm::writeToOutput(Copy, [&](llvm::raw_ostream &OS) {
        OS << Instrumented->Text;
        return llvm::Error::success();
      }))
    return std::move(E);

  std::vector<std::string> NewCommand;
  NewCommand.push_back(Command[0]);
  NewCommand.push_back("-I" + Opts.RuntimeIncludeDir);
  NewCommand.push_back("-iquote");
  NewCommand.push_back(std::string(llvm::sys::path::parent_path(Source)));
  for (size_t I = 1; I < Command.size(); ++I)
    NewCommand.push_back(static_cast<int>(I) == SourceIdx ? Copy : Command[I]);
  return runCommand(NewCommand);
}

llvm::Error writeInstrumentedCopies(const clang::tooling::CompilationDatabase &DB,
                                    llvm::ArrayRef<std::string> Files,
                                    llvm::StringRef OutputDir,
                                    const InstrumentOptions &Opts) {
  unsigned Failures = 0;
  for (const std::string &File : Files) {
    std::string Source = absolute(File);
    llvm::Expected<InstrumentedFile> Instrumented =
        instrumentFile(DB, Source, Opts);
    if (!Instrumented) {
      llvm::WithColor::error(llvm::errs(), "kfuse")
          << llvm::toString(Instrumented.takeError()) << "\n";
      ++Failures;
      continue;
    }
    printSkipped(*Instrumented);
    std::string Root = projectRootFor(Source, Opts.Finder.ProjectRoot);
    llvm::SmallString<256> Out(OutputDir);
    llvm::sys::path::append(Out, relativePath(Source, Root));
    if (std::error_code EC = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(Out)))
      return llvm::createStringError(EC, "cannot create '%s': %s",
                                     Out.c_str(), EC.message().c_str());
    if (llvm::Error E = llvm::writeToOutput(Out, [&](llvm::raw_ostream &OS) {
          OS << Instrumented->Text;
          return llvm::Error::success();
        }))
      return E;
  }
  if (Failures)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%u file(s) could not be instrumented",
                                   Failures);
  return llvm::Error::success();
}

} // namespace kfuse
