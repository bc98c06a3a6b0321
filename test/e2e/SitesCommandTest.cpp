//===- SitesCommandTest.cpp - `kfuse sites` on real Kokkos sources --------===//
//
// Runs the kfuse binary through this build's compile database on the
// examples, and on small projects with missing or broken inputs.

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace {

struct RunResult {
  int ExitCode = -1;
  std::string Out;
  std::string Err;
};

std::string readFile(llvm::StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

void writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  ASSERT_FALSE(EC) << EC.message();
  OS << Text;
}

RunResult runKfuse(std::vector<std::string> Args) {
  llvm::SmallString<128> OutPath, ErrPath;
  llvm::sys::fs::createTemporaryFile("kfuse-out", "txt", OutPath);
  llvm::sys::fs::createTemporaryFile("kfuse-err", "txt", ErrPath);
  Args.insert(Args.begin(), KFUSE_BINARY);
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, OutPath.str(),
                                                ErrPath.str()};
  RunResult R;
  R.ExitCode = llvm::sys::ExecuteAndWait(KFUSE_BINARY, Refs, std::nullopt,
                                         Redirects);
  R.Out = readFile(OutPath);
  R.Err = readFile(ErrPath);
  llvm::sys::fs::remove(OutPath);
  llvm::sys::fs::remove(ErrPath);
  return R;
}

const llvm::json::Object *siteLabelled(const llvm::json::Array &Sites,
                                       llvm::StringRef Label) {
  for (const llvm::json::Value &S : Sites)
    if (const auto *O = S.getAsObject())
      if (O->getString("label") == Label)
        return O;
  return nullptr;
}

std::string viewMode(const llvm::json::Object &Site, llvm::StringRef Name) {
  for (const llvm::json::Value &V : *Site.getArray("views"))
    if (V.getAsObject()->getString("name") == Name)
      return V.getAsObject()->getString("mode")->str();
  return "";
}

TEST(SitesCommandTest, ListsEveryLaunchOfTheStreamExampleAsJson) {
  std::string File = std::string(KFUSE_SOURCE_DIR) + "/examples/stream/stream.cpp";
  RunResult R = runKfuse({"sites", "-p", KFUSE_BUILD_DIR, File, "--format=json"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(R.Out);
  ASSERT_TRUE(bool(Doc)) << llvm::toString(Doc.takeError());
  const llvm::json::Array *Files = Doc->getAsObject()->getArray("files");
  ASSERT_NE(Files, nullptr);
  ASSERT_EQ(Files->size(), 1u);
  const llvm::json::Array &Sites = *(*Files)[0].getAsObject()->getArray("sites");
  ASSERT_EQ(Sites.size(), 7u);

  const char *Labels[] = {"init", "copy", "mul", "add", "triad", "dot", "checksum"};
  for (size_t I = 0; I < Sites.size(); ++I)
    EXPECT_EQ(Sites[I].getAsObject()->getString("label"), Labels[I]);

  const llvm::json::Object *Init = siteLabelled(Sites, "init");
  ASSERT_NE(Init, nullptr);
  const llvm::json::Object *Policy = Init->getObject("policy");
  EXPECT_EQ(Policy->getString("kind"), "range");
  EXPECT_EQ((*Policy->getArray("begin"))[0].getAsString(), "0");
  EXPECT_EQ((*Policy->getArray("end"))[0].getAsString(), "N");

  const llvm::json::Object *Add = siteLabelled(Sites, "add");
  ASSERT_NE(Add, nullptr);
  EXPECT_EQ(Add->getString("kind"), "parallel_for");
  EXPECT_EQ(Add->getObject("policy")->getString("kind"), "count");
  EXPECT_EQ(viewMode(*Add, "c"), "write");
  EXPECT_EQ(viewMode(*Add, "a"), "read");
  EXPECT_EQ(viewMode(*Add, "b"), "read");
  EXPECT_TRUE(Add->getString("id")->starts_with(
      "examples/stream/stream.cpp:main#3:"))
      << Add->getString("id")->str();

  const llvm::json::Object *Dot = siteLabelled(Sites, "dot");
  ASSERT_NE(Dot, nullptr);
  EXPECT_EQ(Dot->getString("kind"), "parallel_reduce");
  EXPECT_EQ(Dot->getObject("reduction")->getString("result"), "Dot");
}

TEST(SitesCommandTest, TextOutputHasCompilerStylePositions) {
  std::string File = std::string(KFUSE_SOURCE_DIR) + "/examples/stream/stream.cpp";
  RunResult R = runKfuse({"sites", "-p", KFUSE_BUILD_DIR, File});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find(File + ":30:7: parallel_for 'copy'"), std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("view:    c write"), std::string::npos);
}

/// A project with one good and one broken file, and its compile database.
class BrokenProjectTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kfuse-e2e", Dir));
    Good = (Dir + "/good.cpp").str();
    Bad = (Dir + "/bad.cpp").str();
    Stray = (Dir + "/stray.cpp").str();
    writeFile(Good, R"cpp(#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> a, Kokkos::View<double*> b) {
  Kokkos::parallel_for("scale", N, KOKKOS_LAMBDA(const int i) { b(i) = 2 * a(i); });
}
)cpp");
    writeFile(Bad, R"cpp(#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> a) {
  Kokkos::parallel_for("broken", N, KOKKOS_LAMBDA(const int i) { a(i) = missing; });
}
)cpp");
    writeFile(Stray, "int main() { return 0; }\n");
    std::string Include = KFUSE_KOKKOS_INCLUDE_DIR;
    std::string DB = "[";
    for (const std::string &F : {Good, Bad}) {
      if (DB.size() > 1)
        DB += ",";
      DB += "{\"directory\": \"" + Dir.str().str() +
            "\", \"command\": \"/usr/bin/c++ -std=c++17 " KFUSE_KOKKOS_FLAGS " -isystem " +
            Include + " -c " + F + "\", \"file\": \"" + F + "\"}";
    }
    writeFile((Dir + "/compile_commands.json").str(), DB + "]");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  llvm::SmallString<128> Dir;
  std::string Good, Bad, Stray;
};

TEST_F(BrokenProjectTest, ReportsTheOtherFilesAndExitsNonZero) {
  RunResult R = runKfuse({"sites", "-p", Dir.str().str(), Bad, Good,
                          "--format=json"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("use of undeclared identifier 'missing'"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find(Bad + ": error: does not compile"), std::string::npos)
      << R.Err;
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(R.Out);
  ASSERT_TRUE(bool(Doc)) << llvm::toString(Doc.takeError());
  const llvm::json::Array &Files = *Doc->getAsObject()->getArray("files");
  ASSERT_EQ(Files.size(), 2u);
  EXPECT_TRUE(Files[0].getAsObject()->getString("error").has_value());
  const llvm::json::Array &Sites = *Files[1].getAsObject()->getArray("sites");
  ASSERT_EQ(Sites.size(), 1u);
  EXPECT_EQ(Sites[0].getAsObject()->getString("label"), "scale");
}

TEST_F(BrokenProjectTest, FileNotInDatabaseIsAnError) {
  RunResult R = runKfuse({"sites", "-p", Dir.str().str(), Stray});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("no compile command for this file"), std::string::npos)
      << R.Err;
}

/// A compile database whose entry for \p Bad runs in a directory that does
/// not exist, beside a good entry.
class MissingDirectoryTest : public BrokenProjectTest {
protected:
  void SetUp() override {
    BrokenProjectTest::SetUp();
    std::string Include = KFUSE_KOKKOS_INCLUDE_DIR;
    writeFile(Bad, "int unused() { return 0; }\n");
    std::string DB = "[{\"directory\": \"" + Dir.str().str() +
                     "\", \"command\": \"/usr/bin/c++ -std=c++17 " KFUSE_KOKKOS_FLAGS " -isystem " +
                     Include + " -c " + Good + "\", \"file\": \"" + Good + "\"}," +
                     "{\"directory\": \"" + Dir.str().str() + "/gone" +
                     "\", \"command\": \"/usr/bin/c++ -c " + Bad + "\", \"file\": \"" + Bad + "\"}]";
    writeFile((Dir + "/compile_commands.json").str(), DB);
    Profile = (Dir + "/profile.json").str();
    writeFile(Profile, R"({"kfuse_profile": 1, "source": "instrumented", "program": "p",
      "kokkos_version": "3.4.1", "backend": "Serial", "time": "2026-01-01T00:00:00Z",
      "total_launches": 0, "total_kernel_ns": 0, "sites": [], "chains": []})");
  }
  std::string Profile;
};

TEST_F(MissingDirectoryTest, EveryModeReportsTheEntryAndGoesOn) {
  std::string Expected = Bad + ": error: the compilation database runs its command in '" +
                         Dir.str().str() + "/gone', which is not a directory [kfuse-input]";
  std::vector<std::vector<std::string>> Modes = {
      {"sites", "-p", Dir.str().str(), Bad, Good},
      {"fuse", "-p", Dir.str().str(), "--profile", Profile, Bad, Good},
      {"check", "-p", Dir.str().str(), "--profile", Profile, Bad, Good},
      {"instrument", "-p", Dir.str().str(), "--output-dir", (Dir + "/out").str(), Bad, Good}};
  for (const auto &Args : Modes) {
    RunResult R = runKfuse(Args);
    EXPECT_EQ(R.ExitCode, 2) << Args[0] << ": " << R.Err;
    EXPECT_NE(R.Err.find(Expected), std::string::npos) << Args[0] << ": " << R.Err;
    EXPECT_EQ(R.Err.find("LLVM ERROR"), std::string::npos) << Args[0] << ": " << R.Err;
  }
  // The good file was analysed: its launch is listed.
  RunResult Sites = runKfuse({"sites", "-p", Dir.str().str(), Bad, Good});
  EXPECT_NE(Sites.Out.find("parallel_for 'scale'"), std::string::npos) << Sites.Out;
}

TEST_F(BrokenProjectTest, LongExpressionChainsAreAnalysedInLinearTime) {
  // A driver's summary: one `std::cout << ...` statement of 200 operands
  // between two launches. Every walk of the host code must stay linear in
  // such a chain (it once doubled at every operand).
  std::string Decls, Chain = "  std::cout";
  for (int I = 0; I < 200; ++I) {
    Decls += "  double v" + std::to_string(I) + " = " + std::to_string(I) + ";\n";
    Chain += " << v" + std::to_string(I) + (I % 2 ? " << \" \"" : "");
  }
  writeFile(Good, "#include <Kokkos_Core.hpp>\n#include <iostream>\n"
                  "void run(int N, Kokkos::View<double*> a, Kokkos::View<double*> b) {\n" +
                      Decls +
                      "  Kokkos::parallel_for(\"first\", N, KOKKOS_LAMBDA(const int i) "
                      "{ a(i) = i; });\n" +
                      Chain +
                      " << std::endl;\n"
                      "  Kokkos::parallel_for(\"second\", N, KOKKOS_LAMBDA(const int i) "
                      "{ b(i) = a(i); });\n}\n");
  auto Start = std::chrono::steady_clock::now();
  RunResult R = runKfuse({"sites", "-p", Dir.str().str(), Good});
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find("parallel_for 'second'"), std::string::npos) << R.Out;
  // Parsing Kokkos' headers takes about a second of this.
  EXPECT_LT(Seconds, 8.0);
}

TEST(SitesCommandTest, MissingCompilationDatabaseIsOneClearError) {
  RunResult R = runKfuse({"sites", "-p", "/nonexistent-build", "x.cpp"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("no compilation database at "
                       "'/nonexistent-build/compile_commands.json'"),
            std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Err.find("Running without flags"), std::string::npos) << R.Err;
}

TEST(SitesCommandTest, HelpDescribesTheMode) {
  RunResult R = runKfuse({"sites", "--help"});
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_NE(R.Out.find("--format"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("-p"), std::string::npos);
  RunResult Top = runKfuse({"--help"});
  EXPECT_EQ(Top.ExitCode, 0);
  EXPECT_NE(Top.Out.find("sites"), std::string::npos);
  RunResult Unknown = runKfuse({"frobnicate"});
  EXPECT_EQ(Unknown.ExitCode, 2);
}

} // namespace
