// Tests of profile loading: a valid profile reads back whole, and every error names its field.

#include "kfuse/Profile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

using kfuse::parseProfile;
using kfuse::Profile;

namespace {

const char *const ValidProfile = R"({"kfuse_profile": 1,
 "source": "instrumented",
 "program": "/path/to/stream", "kokkos_version": "3.4.1", "backend": "Serial",
 "time": "2026-11-22T10:00:00Z",
 "total_launches": 20, "total_kernel_ns": 4000,
 "sites": [
  {"id": "s.cpp:main#1:aa", "file": "s.cpp", "line": 30, "column": 7, "label": "copy",
   "kind": "parallel_for", "space": "Serial", "launches": 10, "total_ns": 1234, "median_ns": 120,
   "range": {"begin": [0], "end": [1000], "constant": true},
   "views": [{"name": "c", "access": "write", "label": "c"}, {"name": "a", "access": "read", "label": "a"}]},
  {"id": "s.cpp:main#2:bb", "file": "s.cpp", "line": 32, "column": 7, "label": "mul",
   "kind": "parallel_reduce", "space": "Serial", "launches": 10, "total_ns": 2000, "median_ns": 200,
   "range": {"begin": [0, 0], "end": [10, 20], "constant": false},
   "views": [{"name": "b", "access": "read_write", "label": "b"}, {"name": "c", "access": "atomic", "label": "c"},
             {"name": "d", "access": "passed_to_call", "label": ""}]}
 ],
 "chains": [
  {"sites": ["s.cpp:main#1:aa", "s.cpp:main#2:bb"], "count": 10, "equal_ranges": 9, "total_ns": 3234,
   "same_allocation": [{"a": [0, "c"], "b": [1, "c"], "count": 10}],
   "overlaps": [{"a": [0, "a"], "b": [1, "b"], "count": 2}]},
  {"sites": ["s.cpp:main#2:bb", "s.cpp:main#1:aa"], "count": 9, "equal_ranges": 0, "total_ns": 3000,
   "same_allocation": [], "overlaps": []},
  {"sites": ["s.cpp:main#1:aa", "s.cpp:main#2:bb", "s.cpp:main#1:aa"], "count": 9, "equal_ranges": 0,
   "total_ns": 3000, "same_allocation": [], "overlaps": []}
 ],
 "events": [
  {"site": "s.cpp:main#1:aa", "label": "copy", "begin": [0], "end": [1000], "start_ns": 5,
   "duration_ns": 120, "views": [{"name": "c", "access": "write", "data": "0x7f00aa", "span": 8000,
   "extents": [1000], "strides": [1], "layout": "LayoutRight", "label": "c"}]}
 ]
})";

/// ValidProfile with the first occurrence of From replaced by To.
std::string validWith(const std::string &From, const std::string &To) {
  std::string Text = ValidProfile;
  const size_t At = Text.find(From);
  EXPECT_NE(At, std::string::npos) << From;
  if (At != std::string::npos)
    Text.replace(At, From.size(), To);
  return Text;
}

/// The error message of parsing Text, or "" if it parsed.
std::string errorOf(const std::string &Text) {
  llvm::Expected<Profile> P = parseProfile(Text);
  if (P)
    return "";
  return llvm::toString(P.takeError());
}

TEST(ProfileReaderTest, ReadsEveryFieldOfValidProfile) {
  llvm::Expected<Profile> P = parseProfile(ValidProfile);
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->Version, 1);
  EXPECT_EQ(P->Source, "instrumented");
  EXPECT_EQ(P->Program, "/path/to/stream");
  EXPECT_EQ(P->KokkosVersion, "3.4.1");
  EXPECT_EQ(P->Backend, "Serial");
  EXPECT_EQ(P->Time, "2026-11-22T10:00:00Z");
  EXPECT_EQ(P->TotalLaunches, 20u);
  EXPECT_EQ(P->TotalKernelNs, 4000u);
  ASSERT_EQ(P->Sites.size(), 2u);
  const kfuse::ProfileSite &S = P->Sites[1];
  EXPECT_EQ(S.Id, "s.cpp:main#2:bb");
  EXPECT_EQ(S.File, "s.cpp");
  EXPECT_EQ(S.Line, 32u);
  EXPECT_EQ(S.Column, 7u);
  EXPECT_EQ(S.Label, "mul");
  EXPECT_EQ(S.Kind, "parallel_reduce");
  EXPECT_EQ(S.Space, "Serial");
  EXPECT_EQ(S.Launches, 10u);
  EXPECT_EQ(S.TotalNs, 2000u);
  EXPECT_EQ(S.MedianNs, 200u);
  EXPECT_EQ(S.Range.Begin, (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(S.Range.End, (std::vector<int64_t>{10, 20}));
  EXPECT_FALSE(S.Range.Constant);
  ASSERT_EQ(S.Views.size(), 3u);
  EXPECT_EQ(S.Views[0].Access, kfuse::ProfileAccess::ReadWrite);
  EXPECT_EQ(S.Views[1].Access, kfuse::ProfileAccess::Atomic);
  EXPECT_EQ(S.Views[2].Access, kfuse::ProfileAccess::PassedToCall);
  EXPECT_EQ(S.Views[2].Name, "d");

  ASSERT_EQ(P->Chains.size(), 3u);
  const kfuse::ProfileChain &C = P->Chains[0];
  EXPECT_EQ(C.Count, 10u);
  EXPECT_EQ(C.EqualRanges, 9u);
  EXPECT_EQ(C.TotalNs, 3234u);
  ASSERT_EQ(C.SameAllocation.size(), 1u);
  EXPECT_EQ(C.SameAllocation[0].A.Position, 0u);
  EXPECT_EQ(C.SameAllocation[0].A.Name, "c");
  EXPECT_EQ(C.SameAllocation[0].B.Position, 1u);
  EXPECT_EQ(C.SameAllocation[0].Count, 10u);
  ASSERT_EQ(C.Overlaps.size(), 1u);
  EXPECT_EQ(C.Overlaps[0].B.Name, "b");
  EXPECT_EQ(C.Overlaps[0].Count, 2u);

  ASSERT_EQ(P->Events.size(), 1u);
  const kfuse::ProfileEvent &E = P->Events[0];
  EXPECT_EQ(E.Site, "s.cpp:main#1:aa");
  EXPECT_EQ(E.DurationNs, 120u);
  ASSERT_EQ(E.Views.size(), 1u);
  EXPECT_EQ(E.Views[0].Data, 0x7f00aau);
  EXPECT_EQ(E.Views[0].Span, 8000u);
  EXPECT_EQ(E.Views[0].Strides, std::vector<int64_t>{1});
  EXPECT_EQ(E.Views[0].Layout, "LayoutRight");
}

TEST(ProfileReaderTest, LooksUpSitesPairsAndChains) {
  llvm::Expected<Profile> P = parseProfile(ValidProfile);
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  ASSERT_NE(P->findSite("s.cpp:main#2:bb"), nullptr);
  EXPECT_EQ(P->findSite("s.cpp:main#2:bb")->Label, "mul");
  EXPECT_EQ(P->findSite("nope"), nullptr);
  ASSERT_NE(P->findPair("s.cpp:main#1:aa", "s.cpp:main#2:bb"), nullptr);
  EXPECT_EQ(P->findPair("s.cpp:main#1:aa", "s.cpp:main#2:bb")->Count, 10u);
  EXPECT_EQ(P->findPair("s.cpp:main#2:bb", "s.cpp:main#1:aa")->Count, 9u);
  EXPECT_EQ(P->findPair("s.cpp:main#1:aa", "s.cpp:main#1:aa"), nullptr);
  EXPECT_NE(P->findChain({"s.cpp:main#1:aa", "s.cpp:main#2:bb", "s.cpp:main#1:aa"}), nullptr);
  EXPECT_EQ(P->findChain({"s.cpp:main#2:bb", "s.cpp:main#1:aa", "s.cpp:main#2:bb"}), nullptr);
  std::vector<const kfuse::ProfileChain *> Containing =
      P->chainsContaining({"s.cpp:main#2:bb", "s.cpp:main#1:aa"});
  ASSERT_EQ(Containing.size(), 2u);
  EXPECT_EQ(Containing[0]->Sites.size(), 3u);
}

TEST(ProfileReaderTest, EventsAreOptional) {
  const std::string Text = ValidProfile;
  const size_t At = Text.find(",\n \"events\"");
  ASSERT_NE(At, std::string::npos);
  llvm::Expected<Profile> P = parseProfile(Text.substr(0, At) + "\n}");
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_TRUE(P->Events.empty());
}

TEST(ProfileReaderTest, MalformedJsonGivesByteOffset) {
  const std::string Error = errorOf("{\"kfuse_profile\": 1,, }");
  EXPECT_EQ(Error.rfind("malformed JSON at byte 21: ", 0), 0u) << Error;
  EXPECT_EQ(errorOf("").rfind("malformed JSON at byte ", 0), 0u);
}

TEST(ProfileReaderTest, NonObjectDocumentIsRejected) {
  EXPECT_EQ(errorOf("[1, 2]"), "expected a JSON object at the top level (not a kfuse profile)");
}

TEST(ProfileReaderTest, MissingOrWrongVersionIsNamed) {
  EXPECT_EQ(errorOf(validWith("\"kfuse_profile\": 1,", "")),
            "kfuse_profile: missing (not a kfuse profile)");
  EXPECT_EQ(errorOf(validWith("\"kfuse_profile\": 1,", "\"kfuse_profile\": \"1\",")),
            "kfuse_profile: expected an integer");
  EXPECT_EQ(errorOf(validWith("\"kfuse_profile\": 1,", "\"kfuse_profile\": 2,")),
            "unsupported profile version 2 (this kfuse reads version 1)");
}

TEST(ProfileReaderTest, MissingTopLevelFieldIsNamed) {
  EXPECT_EQ(errorOf(validWith("\"backend\": \"Serial\",", "")), "backend: missing");
  EXPECT_EQ(errorOf(validWith("\"total_launches\": 20,", "")), "total_launches: missing");
  EXPECT_EQ(errorOf(validWith(" \"chains\": [", " \"chainz\": [")), "chains: missing");
}

TEST(ProfileReaderTest, IllTypedTopLevelFieldIsNamed) {
  EXPECT_EQ(errorOf(validWith("\"source\": \"instrumented\"", "\"source\": \"magic\"")),
            "source: expected \"instrumented\" or \"kokkos-tools\", got \"magic\"");
  EXPECT_EQ(errorOf(validWith("\"time\": \"2026-11-22T10:00:00Z\"", "\"time\": 5")),
            "time: expected a string");
  EXPECT_EQ(errorOf(validWith("\"total_kernel_ns\": 4000", "\"total_kernel_ns\": 4.5")),
            "total_kernel_ns: expected an integer");
  EXPECT_EQ(errorOf(validWith("\"sites\": [", "\"sites\": 5, \"x\": [")), "sites: expected an array");
  EXPECT_EQ(errorOf(validWith("\"same_allocation\": []", "\"same_allocation\": {}")),
            "chains[1].same_allocation: expected an array");
}

TEST(ProfileReaderTest, MissingOrIllTypedSiteFieldIsNamed) {
  EXPECT_EQ(errorOf(validWith("\"launches\": 10,", "\"launches\": \"10\",")),
            "sites[0].launches: expected an integer");
  EXPECT_EQ(errorOf(validWith("\"launches\": 10,", "\"launches\": -1,")),
            "sites[0].launches: expected a non-negative integer");
  EXPECT_EQ(errorOf(validWith("\"median_ns\": 200,", "")), "sites[1].median_ns: missing");
  EXPECT_EQ(errorOf(validWith("\"line\": 32", "\"line\": null")),
            "sites[1].line: expected an integer");
  EXPECT_EQ(errorOf(validWith("\"kind\": \"parallel_reduce\"", "\"kind\": \"parallel_while\"")),
            "sites[1].kind: unknown kind 'parallel_while' (expected parallel_for, "
            "parallel_reduce or parallel_scan)");
  EXPECT_EQ(errorOf(validWith("\"constant\": true", "\"constant\": 1")),
            "sites[0].range.constant: expected a boolean");
  EXPECT_EQ(errorOf(validWith("\"end\": [10, 20]", "\"end\": [10, \"20\"]")),
            "sites[1].range.end[1]: expected an integer");
  EXPECT_EQ(errorOf(validWith("\"end\": [10, 20]", "\"end\": [10]")),
            "sites[1].range.end: expected as many entries as begin (2)");
  EXPECT_EQ(errorOf(validWith("\"access\": \"atomic\"", "\"access\": \"sometimes\"")),
            "sites[1].views[1].access: unknown access 'sometimes' (expected read, write, "
            "read_write, atomic or passed_to_call)");
  EXPECT_EQ(errorOf(validWith("{\"name\": \"d\", ", "{")), "sites[1].views[2].name: missing");
}

TEST(ProfileReaderTest, SiteListedTwiceIsMergedWithAWarning) {
  // A template instantiated twice, from an older runtime: one site.
  const std::string Again =
      R"({"id": "s.cpp:main#1:aa", "file": "s.cpp", "line": 30, "column": 7, "label": "copy",
   "kind": "parallel_for", "space": "Serial", "launches": 5, "total_ns": 100, "median_ns": 20,
   "range": {"begin": [0], "end": [1000], "constant": true}, "views": []},)";
  llvm::Expected<Profile> P = parseProfile(validWith("\"sites\": [", "\"sites\": [" + Again));
  ASSERT_TRUE(static_cast<bool>(P)) << llvm::toString(P.takeError());
  ASSERT_EQ(P->Sites.size(), 2u);
  EXPECT_EQ(P->Sites[0].Launches, 15u);
  EXPECT_EQ(P->Sites[0].MedianNs, 120u);
  ASSERT_EQ(P->Warnings.size(), 1u);
  EXPECT_EQ(P->Warnings[0], "sites[1]: site id 's.cpp:main#1:aa' appears again; its launches "
                            "are counted with the first entry");
}

TEST(ProfileReaderTest, OverlappingRunsOfOneChainTakeNoMoreThanItsSitesTime) {
  // A launch after itself: each launch is in two runs of the chain.
  std::string Text = validWith(
      R"({"sites": ["s.cpp:main#2:bb", "s.cpp:main#1:aa"], "count": 9, "equal_ranges": 0, "total_ns": 3000,)",
      R"({"sites": ["s.cpp:main#1:aa", "s.cpp:main#1:aa"], "count": 9, "equal_ranges": 0, "total_ns": 2468,)");
  llvm::Expected<Profile> P = parseProfile(Text);
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  const kfuse::ProfileChain *Self = P->findPair("s.cpp:main#1:aa", "s.cpp:main#1:aa");
  ASSERT_NE(Self, nullptr);
  EXPECT_EQ(Self->TotalNs, 1234u);
  EXPECT_EQ(P->findPair("s.cpp:main#1:aa", "s.cpp:main#2:bb")->TotalNs, 3234u);
}

TEST(ProfileReaderTest, ChainNamingUnknownSiteIsRejected) {
  EXPECT_EQ(errorOf(validWith("{\"sites\": [\"s.cpp:main#2:bb\", \"s.cpp:main#1:aa\"]",
                              "{\"sites\": [\"s.cpp:main#2:bb\", \"s.cpp:main#9:zz\"]")),
            "chains[1].sites[1]: unknown site 's.cpp:main#9:zz'");
  EXPECT_EQ(errorOf(validWith("{\"site\": \"s.cpp:main#1:aa\"", "{\"site\": \"gone\"")),
            "events[0].site: unknown site 'gone'");
}

TEST(ProfileReaderTest, MissingOrIllTypedChainFieldIsNamed) {
  EXPECT_EQ(errorOf(validWith("\"count\": 10, \"equal_ranges\": 9",
                              "\"count\": 10, \"equal_ranges\": 11")),
            "chains[0].equal_ranges: greater than count (10)");
  EXPECT_EQ(errorOf(validWith("\"count\": 9, \"equal_ranges\": 0, \"total_ns\": 3000,\n",
                              "\"count\": 9, \"total_ns\": 3000,\n")),
            "chains[1].equal_ranges: missing");
  EXPECT_EQ(errorOf(validWith("{\"a\": [0, \"c\"]", "{\"a\": [0, 5]")),
            "chains[0].same_allocation[0].a: expected [position, \"name\"]");
  EXPECT_EQ(errorOf(validWith("\"b\": [1, \"b\"]", "\"b\": [2, \"b\"]")),
            "chains[0].overlaps[0].b[0]: position 2 out of range (the chain has 2 sites)");
  EXPECT_EQ(errorOf(validWith("\"count\": 2}", "\"count\": \"two\"}")),
            "chains[0].overlaps[0].count: expected an integer");
  EXPECT_EQ(errorOf(validWith("{\"sites\": [\"s.cpp:main#2:bb\", \"s.cpp:main#1:aa\"]",
                              "{\"sites\": [\"s.cpp:main#2:bb\"]")),
            "chains[1].sites: expected at least 2 sites");
}

TEST(ProfileReaderTest, IllTypedEventFieldIsNamed) {
  EXPECT_EQ(errorOf(validWith("\"data\": \"0x7f00aa\"", "\"data\": 1234")),
            "events[0].views[0].data: expected a string");
  EXPECT_EQ(errorOf(validWith("\"data\": \"0x7f00aa\"", "\"data\": \"7f00aa\"")),
            "events[0].views[0].data: expected a hexadecimal pointer \"0x...\"");
  EXPECT_EQ(errorOf(validWith("\"strides\": [1]", "\"strides\": 1")),
            "events[0].views[0].strides: expected an array");
}

TEST(ProfileReaderTest, ReadProfileNamesThePath) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("kfuse-profile", "json", Path));
  {
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    ASSERT_FALSE(EC);
    Out << validWith("\"kfuse_profile\": 1,", "\"kfuse_profile\": 2,");
  }
  llvm::Expected<Profile> P = kfuse::readProfile(Path);
  ASSERT_FALSE(bool(P));
  EXPECT_EQ(llvm::toString(P.takeError()),
            (Path + ": unsupported profile version 2 (this kfuse reads version 1)").str());
  llvm::sys::fs::remove(Path);

  llvm::Expected<Profile> Missing = kfuse::readProfile("/nonexistent-dir/p.json");
  ASSERT_FALSE(bool(Missing));
  EXPECT_EQ(llvm::toString(Missing.takeError()),
            "cannot read profile '/nonexistent-dir/p.json': No such file or directory");
}

} // namespace
