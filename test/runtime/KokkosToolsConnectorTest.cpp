// Tests of the Kokkos Tools connector: loaded into the unmodified stream example, it writes a
// profile that parseProfile accepts.

#include "kfuse/Profile.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <dlfcn.h>
#include <cstdlib>
#include <string>

namespace {

/// Runs the stream example with the connector and returns the profile it wrote.
llvm::Expected<kfuse::Profile> profileStream(const std::string &Name, const std::string &Env) {
  const std::string Path = ::testing::TempDir() + Name;
  std::remove(Path.c_str());
  const std::string Command = Env + " KFUSE_PROFILE='" + Path + "' '" KFUSE_STREAM
                              "' 1000 5 > /dev/null";
  EXPECT_EQ(std::system(Command.c_str()), 0) << Command;
  return kfuse::readProfile(Path);
}

TEST(KokkosToolsConnectorTest, ProfilesUnmodifiedBinaryThroughKokkosProfileLibrary) {
  llvm::Expected<kfuse::Profile> P =
      profileStream("kfuse-connector.json", "KOKKOS_PROFILE_LIBRARY='" KFUSE_CONNECTOR "'");
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->Source, "kokkos-tools");
  EXPECT_NE(P->Program.find("stream"), std::string::npos);
  EXPECT_FALSE(P->KokkosVersion.empty());
  EXPECT_FALSE(P->Backend.empty());
  for (const char *Kernel : {"init", "copy", "mul", "add", "triad", "dot", "checksum"}) {
    const kfuse::ProfileSite *S = P->findSite(Kernel);
    ASSERT_NE(S, nullptr) << Kernel;
    EXPECT_EQ(S->File, "");
    EXPECT_EQ(S->Line, 0u);
    EXPECT_TRUE(S->Views.empty());
  }
  EXPECT_EQ(P->findSite("copy")->Launches, 5u);
  EXPECT_EQ(P->findSite("dot")->Kind, "parallel_reduce");
  EXPECT_EQ(P->TotalLaunches, 2u + 5u * 5u);
  for (const kfuse::ProfileSite &S : P->Sites)
    EXPECT_NE(S.Id.rfind("Kokkos::", 0), 0u) << S.Id;

  const kfuse::ProfileChain *CopyMul = P->findPair("copy", "mul");
  ASSERT_NE(CopyMul, nullptr);
  EXPECT_EQ(CopyMul->Count, 5u);
  EXPECT_EQ(CopyMul->EqualRanges, 0u); // the connector does not see ranges
  EXPECT_TRUE(CopyMul->SameAllocation.empty());
  const kfuse::ProfileChain *Loop = P->findChain({"copy", "mul", "add", "triad", "dot"});
  ASSERT_NE(Loop, nullptr);
  EXPECT_EQ(Loop->Count, 5u);
  EXPECT_NE(P->findPair("dot", "copy"), nullptr);
}

TEST(KokkosToolsConnectorTest, NamesUnlabelledFunctorsByTheirDemangledType) {
  // Kokkos names an unlabelled kernel by typeid(functor).name(): "4KinE".
  const std::string Path = ::testing::TempDir() + "kfuse-connector-demangled.json";
  std::remove(Path.c_str());
  ASSERT_EQ(setenv("KFUSE_PROFILE", Path.c_str(), 1), 0);
  void *Lib = dlopen(KFUSE_CONNECTOR, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(Lib, nullptr) << dlerror();
  auto Init = reinterpret_cast<void (*)(int, std::uint64_t, std::uint32_t, void *)>(
      dlsym(Lib, "kokkosp_init_library"));
  auto Begin = reinterpret_cast<void (*)(const char *, std::uint32_t, std::uint64_t *)>(
      dlsym(Lib, "kokkosp_begin_parallel_for"));
  auto End = reinterpret_cast<void (*)(std::uint64_t)>(dlsym(Lib, "kokkosp_end_parallel_for"));
  auto Finalize = reinterpret_cast<void (*)()>(dlsym(Lib, "kokkosp_finalize_library"));
  ASSERT_TRUE(Init && Begin && End && Finalize);
  Init(0, 20211015, 0, nullptr);
  for (const char *Name : {"4KinE", "N2md5ForceE", "d"}) {
    std::uint64_t Id = 0;
    Begin(Name, 0, &Id);
    End(Id);
  }
  Finalize();
  llvm::Expected<kfuse::Profile> P = kfuse::readProfile(Path);
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_NE(P->findSite("KinE"), nullptr);
  EXPECT_NE(P->findSite("md::Force"), nullptr);
  EXPECT_NE(P->findSite("d"), nullptr); // a label, not the type "double"
  EXPECT_EQ(P->findSite("4KinE"), nullptr);
}

TEST(KokkosToolsConnectorTest, AsksKokkosToFenceSoKernelTimesAreRunTimes) {
  // On CUDA a kernel returns at launch; Kokkos fences before each callback
  // only for a tool that requires global fencing.
  void *Lib = dlopen(KFUSE_CONNECTOR, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(Lib, nullptr) << dlerror();
  struct Settings {
    bool requires_global_fencing;
    bool padding[255];
  } S{};
  auto Request = reinterpret_cast<void (*)(std::uint32_t, Settings *)>(
      dlsym(Lib, "kokkosp_request_tool_settings"));
  ASSERT_NE(Request, nullptr);
  S.requires_global_fencing = false;
  Request(1, &S);
  EXPECT_TRUE(S.requires_global_fencing);
}

} // namespace
