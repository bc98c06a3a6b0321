//===- EmissionCheckTest.cpp - Rewritten units are parsed again -----------===//

#include "kfuse/EmissionCheck.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace {

class EmissionCheckTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kfuse-emission", Dir));
    Unit = (Dir + "/unit.cpp").str();
    Header = (Dir + "/helper.h").str();
    write(Header, "#pragma once\ninline int helper() { return 1; }\n");
    write(Unit, "#include \"helper.h\"\nint main() { return helper(); }\n");
    DB = std::make_unique<clang::tooling::FixedCompilationDatabase>(
        Dir, std::vector<std::string>{"-std=c++17"});
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  static void write(const std::string &Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }

  llvm::SmallString<128> Dir;
  std::string Unit, Header;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
};

TEST_F(EmissionCheckTest, AcceptsRewritesThatCompile) {
  auto Failures = kfuse::checkRewrittenUnits(
      *DB, {Unit}, {{Unit, "#include \"helper.h\"\nint main() { return helper() - 1; }\n"}}, "",
      1);
  EXPECT_TRUE(Failures.empty()) << Failures.front().Error;
}

TEST_F(EmissionCheckTest, ReportsTheFirstErrorOfARewriteThatDoesNotCompile) {
  // A fused body that calls a helper the new place cannot name.
  auto Failures = kfuse::checkRewrittenUnits(
      *DB, {Unit}, {{Unit, "#include \"helper.h\"\nint main() {\n  return limit(2);\n}\n"}}, "",
      1);
  ASSERT_EQ(Failures.size(), 1u);
  EXPECT_EQ(Failures[0].Unit, Unit);
  EXPECT_EQ(Failures[0].Pos.Line, 3u);
  EXPECT_NE(Failures[0].Error.find("undeclared identifier 'limit'"), std::string::npos)
      << Failures[0].Error;
}

TEST_F(EmissionCheckTest, ReadsRewrittenHeadersInPlaceOfTheFilesOnDisk) {
  auto Failures = kfuse::checkRewrittenUnits(
      *DB, {Unit}, {{Header, "#pragma once\ninline int helper() { return missing; }\n"}}, "", 2);
  ASSERT_EQ(Failures.size(), 1u);
  EXPECT_NE(Failures[0].Pos.File.find("helper.h"), std::string::npos) << Failures[0].Pos.File;
}

} // namespace
