//===- CompilerLauncher.cpp - kfuse instrument as a compiler launcher -----===//

#include "kfuse/CompilerLauncher.h"
#include "kfuse/CudaCommand.h"
#include "kfuse/Instrumenter.h"
#include "kfuse/SiteIdentity.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ScopeExit.h"
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
                             ".CPP", ".CC", ".cu"},
                            Ext);
}

/// Options whose value is the next argument (so it is not a source).
bool takesValue(llvm::StringRef Arg) {
  return llvm::is_contained({"-o", "-MF", "-MT", "-MQ", "-include", "-x",
                             "-isystem", "-I", "-iquote", "-imacros", "-D",
                             "-U", "-Xclang", "-idirafter", "--param"},
                            Arg);
}

void printSkipped(const std::vector<SkippedSite> &Skipped) {
  for (const SkippedSite &S : Skipped)
    llvm::errs() << S.Pos.File << ":" << S.Pos.Line << ":" << S.Pos.Column
                 << ": remark: launch not fully instrumented: " << S.Reason
                 << " [kfuse-instrument]\n";
}

/// One unit instrumented: its main file and the project headers it reads.
struct InstrumentedUnit {
  std::string Root; ///< the project root the sites are relative to
  /// (original absolute path, instrumented text), the main file first;
  /// every project file the unit reads, with or without launches.
  std::vector<std::pair<std::string, std::string>> Files;
  std::vector<bool> HasSites; ///< per file: some launch was instrumented
  std::vector<SkippedSite> Skipped;
};

/// Parses \p Source and instruments the launches of it and of the project
/// headers it includes.
llvm::Expected<InstrumentedUnit>
instrumentFile(const clang::tooling::CompilationDatabase &DB,
               llvm::StringRef Source, const InstrumentOptions &Opts) {
  LaunchFinder Finder(DB, Opts.Finder);
  FileModel Model = Finder.analyzeFile(Source);
  if (Model.Failed)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s",
                                   Source.str().c_str(), Model.Error.c_str());
  InstrumentedUnit Out;
  Out.Root = projectRootFor(Source, Opts.Finder.ProjectRoot);
  std::vector<std::string> Files = Model.ProjectFiles;
  if (Files.empty())
    Files.push_back(absolutePath(Source));
  for (const std::string &File : Files) {
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer)
      return llvm::createStringError(Buffer.getError(), "cannot read '%s': %s",
                                     File.c_str(), Buffer.getError().message().c_str());
    std::vector<KernelModel> Sites;
    for (const KernelModel &M : Model.Sites)
      if (M.File == File)
        Sites.push_back(M);
    InstrumentedFile I =
        Instrumenter::instrument((*Buffer)->getBuffer(), File, Sites);
    Out.Files.emplace_back(File, std::move(I.Text));
    Out.HasSites.push_back(I.Instrumented > 0);
    Out.Skipped.insert(Out.Skipped.end(), I.Skipped.begin(), I.Skipped.end());
  }
  return Out;
}

/// \p Path relative to \p Root when it lies under it, else "".
std::string underRoot(llvm::StringRef Path, llvm::StringRef Root) {
  std::string Rel = relativePath(Path, Root);
  return llvm::sys::path::is_absolute(Rel) ? "" : Rel;
}

/// Rewrites the dependency file of \p Command (-MF, or -MD beside -o) so
/// that it names the user's files, not the copies compiled instead.
void fixDependencyFile(llvm::ArrayRef<std::string> Command, llvm::StringRef From,
                       llvm::StringRef To) {
  std::string DepFile, Output;
  bool MD = false;
  for (size_t I = 1; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    if (A == "-MF" && I + 1 < Command.size())
      DepFile = Command[++I];
    else if (A.starts_with("-MF"))
      DepFile = A.drop_front(3).str();
    else if (A == "-o" && I + 1 < Command.size())
      Output = Command[++I];
    else if (A == "-MD" || A == "-MMD")
      MD = true;
  }
  if (DepFile.empty() && MD && !Output.empty()) {
    llvm::SmallString<256> D(Output);
    llvm::sys::path::replace_extension(D, "d");
    DepFile = std::string(D);
  }
  if (DepFile.empty())
    return;
  auto Buffer = llvm::MemoryBuffer::getFile(DepFile);
  if (!Buffer)
    return;
  std::string Text = (*Buffer)->getBuffer().str();
  std::string Fixed;
  for (size_t Pos = 0;;) {
    size_t At = Text.find(From.str(), Pos);
    Fixed += Text.substr(Pos, At - Pos);
    if (At == std::string::npos)
      break;
    Fixed += To.str();
    Pos = At + From.size();
  }
  if (Fixed != Text)
    if (llvm::Error E = llvm::writeToOutput(DepFile, [&](llvm::raw_ostream &OS) {
          OS << Fixed;
          return llvm::Error::success();
        }))
      llvm::consumeError(std::move(E));
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
  bool Nvcc = !Command.empty() && isNvcc(Command[0]);
  for (size_t I = 1; I < Command.size(); ++I) {
    if (takesValue(Command[I]) || (Nvcc && nvccTakesValue(Command[I]))) {
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

  std::string Source = absolutePath(Command[SourceIdx]);
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  SingleCommandDatabase DB(std::string(Cwd), Source,
                           std::vector<std::string>(Command.begin(), Command.end()));
  llvm::Expected<InstrumentedUnit> Instrumented = instrumentFile(DB, Source, Opts);
  if (!Instrumented) {
    llvm::WithColor::warning(llvm::errs(), "kfuse")
        << llvm::toString(Instrumented.takeError())
        << "; compiling it without instrumentation [kfuse-instrument]\n";
    return runCommand(Command);
  }
  printSkipped(Instrumented->Skipped);

  // The copies live in a temporary tree that mirrors the project root: the
  // main file and every project header it reads, so that `#include "x.h"`
  // next to a copy finds the copy of x.h. Include directories under the
  // root get their mirror searched first. Nothing is left in the build
  // tree, and the dependency file names the user's files.
  llvm::SmallString<256> Tmp;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("kfuse-instrument", Tmp))
    return llvm::createStringError(EC, "cannot create a temporary directory: %s",
                                   EC.message().c_str());
  auto Cleanup = llvm::make_scope_exit([&] { llvm::sys::fs::remove_directories(Tmp); });
  const std::string &Root = Instrumented->Root;
  // The mirror of the root sits at the root's own absolute path inside the
  // temporary directory: an include that climbs out of the root and back
  // in (`"../../app/include/a.h"` from the root's `src/`) reaches the copy,
  // as its other includes do, and `#pragma once` sees one file.
  llvm::SmallString<256> Mirrored(Tmp);
  llvm::sys::path::append(Mirrored, llvm::sys::path::relative_path(Root));
  auto CopyOf = [&](llvm::StringRef Original) {
    std::string Rel = underRoot(Original, Root);
    llvm::SmallString<256> Out(Rel.empty() ? Tmp : Mirrored);
    llvm::sys::path::append(Out, Rel.empty() ? "kfuse-outside-root" : "",
                            Rel.empty() ? llvm::sys::path::filename(Original) : Rel);
    return std::string(Out);
  };
  std::string Copy = CopyOf(Source);
  for (const auto &[Original, Text] : Instrumented->Files) {
    std::string Target = Original == Instrumented->Files.front().first ? Copy : CopyOf(Original);
    if (Original != Instrumented->Files.front().first && underRoot(Original, Root).empty())
      continue; // only headers under the root are mirrored
    if (std::error_code EC =
            llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Target)))
      return llvm::createStringError(EC, "cannot create '%s': %s", Target.c_str(),
                                     EC.message().c_str());
    if (llvm::Error E = llvm::writeToOutput(Target, [&](llvm::raw_ostream &OS) {
          OS << Text;
          return llvm::Error::success();
        }))
      return std::move(E);
  }

  std::vector<std::string> NewCommand;
  NewCommand.push_back(Command[0]);
  NewCommand.push_back("-I" + Opts.RuntimeIncludeDir);
  for (size_t I = 1; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    if (static_cast<int>(I) == SourceIdx) {
      NewCommand.push_back(Copy);
      continue;
    }
    // -I DIR, -IDIR, -iquote DIR, -isystem DIR under the root: the mirror
    // first.
    for (llvm::StringRef Flag : {"-I", "-iquote", "-isystem"}) {
      if (!A.starts_with(Flag))
        continue;
      bool Separate = A == Flag;
      if (Separate && I + 1 >= Command.size())
        break;
      std::string Dir = Separate ? Command[I + 1] : A.drop_front(Flag.size()).str();
      std::string Rel = underRoot(absolutePath(Dir), Root);
      if (Rel.empty() && absolutePath(Dir) != Root)
        break;
      llvm::SmallString<256> Mirror(Mirrored);
      llvm::sys::path::append(Mirror, Rel);
      // Spelled as the user's flag is: nvcc_wrapper takes `-I` with its
      // directory attached only.
      if (Separate) {
        NewCommand.push_back(Flag.str());
        NewCommand.push_back(std::string(Mirror));
      } else {
        NewCommand.push_back(Flag.str() + std::string(Mirror));
      }
      break;
    }
    NewCommand.push_back(Command[I]);
  }
  // Relative includes that leave the root (not mirrored) still find the
  // originals: each copied file's own directory, searched after every other
  // (-idirafter). Before the mirrored -I directories (as -iquote was), it
  // found an original where the copy was meant (`"Stream.h"` from a copied
  // header in a subdirectory), and `#pragma once` saw two files.
  std::vector<std::string> Dirs;
  for (const auto &[Original, Text] : Instrumented->Files) {
    std::string Dir(llvm::sys::path::parent_path(Original));
    if (!llvm::is_contained(Dirs, Dir))
      Dirs.push_back(Dir);
  }
  for (const std::string &Dir : Dirs) {
    if (isNvcc(Command[0])) {
      // nvcc has no -idirafter: its host compiler's preprocessor does, for
      // the host and the device passes alike.
      NewCommand.push_back("-Xcompiler");
      NewCommand.push_back("-idirafter," + Dir);
      continue;
    }
    NewCommand.push_back("-idirafter");
    NewCommand.push_back(Dir);
  }
  int RC = runCommand(NewCommand);
  llvm::SmallString<256> TmpRoot(Mirrored);
  llvm::sys::path::append(TmpRoot, "");
  llvm::SmallString<256> UserRoot(Root);
  llvm::sys::path::append(UserRoot, "");
  fixDependencyFile(Command, TmpRoot, UserRoot);
  return RC;
}

llvm::Error writeInstrumentedCopies(const clang::tooling::CompilationDatabase &DB,
                                    llvm::ArrayRef<std::string> Files,
                                    llvm::StringRef OutputDir,
                                    const InstrumentOptions &Opts) {
  unsigned Failures = 0;
  for (const std::string &File : Files) {
    std::string Source = absolutePath(File);
    llvm::Expected<InstrumentedUnit> Instrumented =
        instrumentFile(DB, Source, Opts);
    if (!Instrumented) {
      // "path: why", the path as made absolute: the file as given, and why.
      std::string Why = llvm::toString(Instrumented.takeError());
      llvm::StringRef Rest(Why);
      if (Rest.consume_front(Source + ": "))
        Why = Rest.str();
      llvm::WithColor::error(llvm::errs(), File) << Why << " [kfuse-input]\n";
      ++Failures;
      continue;
    }
    printSkipped(Instrumented->Skipped);
    // The file, and each project header whose launches were instrumented.
    for (size_t K = 0; K < Instrumented->Files.size(); ++K) {
      const auto &[Original, Text] = Instrumented->Files[K];
      if (K > 0 && (!Instrumented->HasSites[K] || underRoot(Original, Instrumented->Root).empty()))
        continue;
      llvm::SmallString<256> Out(OutputDir);
      llvm::sys::path::append(Out, relativePath(K == 0 ? Source : Original, Instrumented->Root));
      if (std::error_code EC = llvm::sys::fs::create_directories(
              llvm::sys::path::parent_path(Out)))
        return llvm::createStringError(EC, "cannot create '%s': %s",
                                       Out.c_str(), EC.message().c_str());
      if (llvm::Error E = llvm::writeToOutput(Out, [&](llvm::raw_ostream &OS) {
            OS << Text;
            return llvm::Error::success();
          }))
        return E;
    }
  }
  if (Failures)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%u file(s) could not be instrumented",
                                   Failures);
  return llvm::Error::success();
}

} // namespace kfuse
