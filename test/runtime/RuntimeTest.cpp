// Tests of the header-only profiling runtime on real Kokkos: launches go through the Launch API as
// instrumented code makes them, and the profile is read back with parseProfile.

#include "kfuse/Profile.h"
#include "kfuse/runtime/Guard.hpp"
#include "kfuse/runtime/Profiler.hpp"

#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

using kfuse::Profile;
using kfuse::ProfileChain;
using kfuse::ProfileSite;
using kfuse::rt::Access;
using kfuse::rt::Launch;
using kfuse::rt::Recorder;
using kfuse::rt::SiteInfo;

namespace {

const SiteInfo SiteA{"t.cpp:f#1:aaaa", "t.cpp", 10, 3, "parallel_for", "a"};
const SiteInfo SiteB{"t.cpp:f#2:bbbb", "t.cpp", 11, 3, "parallel_for", "b"};
const SiteInfo SiteC{"t.cpp:f#3:cccc", "t.cpp", 12, 3, "parallel_for", "c"};
const SiteInfo SiteD{"t.cpp:f#4:dddd", "t.cpp", 13, 3, "parallel_reduce", ""};

template <class ViewT> struct Use {
  const char *Name;
  Access Mode;
  ViewT V;
};
template <class ViewT> Use<ViewT> use(const char *Name, Access Mode, const ViewT &V) {
  return Use<ViewT>{Name, Mode, V};
}

/// One launch of an empty kernel over [Begin, End), as instrumented code makes it.
template <class... Vs>
void launchRange(const SiteInfo &Site, int Begin, int End, const Use<Vs> &...Uses) {
  Launch L(Site);
  L.range(Begin, End);
  int Unused[] = {0, (L.view(Uses.Name, Uses.Mode, Uses.V), 0)...};
  (void)Unused;
  L.start();
  Kokkos::parallel_for(
      "k", Kokkos::RangePolicy<>(Begin, End), KOKKOS_LAMBDA(const int) {});
  L.stop();
}
template <class... Vs> void launch(const SiteInfo &Site, int N, const Use<Vs> &...Uses) {
  launchRange(Site, 0, N, Uses...);
}

class RecorderTest : public ::testing::Test {
protected:
  void SetUp() override {
    Recorder::instance().reset();
    Recorder::instance().setEventLimit(0);
  }

  /// Writes the profile through the test hook and reads it back.
  Profile profile() {
    // One file per test: ctest runs the tests in parallel processes.
    const std::string Path =
        ::testing::TempDir() + "kfuse-runtime-test-" +
        ::testing::UnitTest::GetInstance()->current_test_info()->name() + "-" +
        std::to_string(::getpid()) + ".json";
    EXPECT_TRUE(Recorder::instance().writeProfile(Path));
    std::stringstream Text;
    {
      std::ifstream In(Path);
      Text << In.rdbuf();
    }
    std::remove(Path.c_str()); // read: nothing is left behind
    Size = Text.str().size();
    llvm::Expected<Profile> P = kfuse::parseProfile(Text.str());
    if (!P) {
      ADD_FAILURE() << llvm::toString(P.takeError());
      return Profile();
    }
    return std::move(*P);
  }

  size_t Size = 0;
};

const kfuse::IdentityFact *findFact(const std::vector<kfuse::IdentityFact> &Facts, unsigned PosA,
                                    const std::string &A, unsigned PosB, const std::string &B) {
  for (const kfuse::IdentityFact &F : Facts)
    if (F.A.Position == PosA && F.A.Name == A && F.B.Position == PosB && F.B.Name == B)
      return &F;
  return nullptr;
}

TEST_F(RecorderTest, SiteRecordsLaunchesRangeAndViews) {
  Kokkos::View<double *> X("x_label", 8);
  Kokkos::View<const double *> Y = X;
  for (int I = 0; I < 3; ++I)
    launch(SiteA, 8, use("x", kfuse::rt::Write, X), use("y", kfuse::rt::Read, Y));
  Profile P = profile();
  EXPECT_EQ(P.Source, "instrumented");
  EXPECT_EQ(P.Backend, Kokkos::DefaultExecutionSpace::name());
  EXPECT_FALSE(P.KokkosVersion.empty());
  EXPECT_EQ(P.TotalLaunches, 3u);
  ASSERT_EQ(P.Sites.size(), 1u);
  const ProfileSite &S = P.Sites[0];
  EXPECT_EQ(S.Id, SiteA.Id);
  EXPECT_EQ(S.File, "t.cpp");
  EXPECT_EQ(S.Line, 10u);
  EXPECT_EQ(S.Column, 3u);
  EXPECT_EQ(S.Kind, "parallel_for");
  EXPECT_EQ(S.Label, "a");
  EXPECT_EQ(S.Space, Kokkos::DefaultExecutionSpace::name());
  EXPECT_EQ(S.Launches, 3u);
  EXPECT_EQ(S.Range.Begin, std::vector<int64_t>{0});
  EXPECT_EQ(S.Range.End, std::vector<int64_t>{8});
  EXPECT_TRUE(S.Range.Constant);
  ASSERT_EQ(S.Views.size(), 2u);
  EXPECT_EQ(S.Views[0].Name, "x");
  EXPECT_EQ(S.Views[0].Access, kfuse::ProfileAccess::Write);
  EXPECT_EQ(S.Views[0].Label, "x_label");
  EXPECT_EQ(S.Views[1].Name, "y");
  EXPECT_EQ(S.Views[1].Access, kfuse::ProfileAccess::Read);
  EXPECT_GE(S.TotalNs, S.MedianNs);
  EXPECT_TRUE(P.Events.empty());
}

TEST_F(RecorderTest, InstantiationsOfOneTemplateSiteAreOneSite) {
  // Each instantiation of a function template has its own static SiteInfo
  // with the same id: the profile holds one site, and the two running back
  // to back is the site running back to back with itself.
  static const SiteInfo ForDouble{"t.cpp:fill#0:eeee", "t.cpp", 20, 3, "parallel_for", "fill"};
  static const SiteInfo ForInt{"t.cpp:fill#0:eeee", "t.cpp", 20, 3, "parallel_for", "fill"};
  launch(ForDouble, 8);
  launch(ForInt, 8);
  Profile P = profile();
  ASSERT_EQ(P.Sites.size(), 1u);
  EXPECT_EQ(P.Sites[0].Launches, 2u);
  EXPECT_NE(P.findPair("t.cpp:fill#0:eeee", "t.cpp:fill#0:eeee"), nullptr);
}

TEST_F(RecorderTest, ChangingRangeIsNotConstantAndTheLastIsKept) {
  launch(SiteA, 8);
  launchRange(SiteA, 2, 6);
  Profile P = profile();
  ASSERT_EQ(P.Sites.size(), 1u);
  EXPECT_FALSE(P.Sites[0].Range.Constant);
  EXPECT_EQ(P.Sites[0].Range.Begin, std::vector<int64_t>{2});
  EXPECT_EQ(P.Sites[0].Range.End, std::vector<int64_t>{6});
}

TEST_F(RecorderTest, ComputedLabelAndMultiDimensionalRangeAreRecorded) {
  {
    Launch L(SiteD);
    L.label(std::string("step ") + "1").range(0, 4).range(1, 5).space("Serial");
    L.start();
    L.stop();
  }
  Profile P = profile();
  ASSERT_EQ(P.Sites.size(), 1u);
  EXPECT_EQ(P.Sites[0].Label, "step 1");
  EXPECT_EQ(P.Sites[0].Kind, "parallel_reduce");
  EXPECT_EQ(P.Sites[0].Range.Begin, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(P.Sites[0].Range.End, (std::vector<int64_t>{4, 5}));
}

TEST_F(RecorderTest, LaunchWithoutStartIsNotRecorded) {
  { Launch L(SiteA); }
  launch(SiteB, 4);
  Profile P = profile();
  EXPECT_EQ(P.TotalLaunches, 1u);
  EXPECT_EQ(P.findSite(SiteB.Id)->Launches, 1u);
}

TEST_F(RecorderTest, ConsecutiveLaunchesAreCountedAsPairs) {
  for (int I = 0; I < 5; ++I) {
    launch(SiteA, 16);
    launch(SiteB, 16);
  }
  Profile P = profile();
  const ProfileChain *AB = P.findPair(SiteA.Id, SiteB.Id);
  ASSERT_NE(AB, nullptr);
  EXPECT_EQ(AB->Count, 5u);
  EXPECT_EQ(AB->EqualRanges, 5u);
  const ProfileChain *BA = P.findPair(SiteB.Id, SiteA.Id);
  ASSERT_NE(BA, nullptr);
  EXPECT_EQ(BA->Count, 4u);
  EXPECT_EQ(P.findPair(SiteA.Id, SiteA.Id), nullptr);
  EXPECT_GT(AB->TotalNs, 0u);
}

TEST_F(RecorderTest, PairThatRanOnceIsStillPresent) {
  launch(SiteA, 16);
  launch(SiteC, 16);
  Profile P = profile();
  const ProfileChain *AC = P.findPair(SiteA.Id, SiteC.Id);
  ASSERT_NE(AC, nullptr);
  EXPECT_EQ(AC->Count, 1u);
}

TEST_F(RecorderTest, UnequalRangesAreNotCountedAsEqual) {
  for (int I = 0; I < 4; ++I) {
    launch(SiteA, 16);
    launch(SiteB, I % 2 ? 16 : 15);
  }
  Profile P = profile();
  const ProfileChain *AB = P.findPair(SiteA.Id, SiteB.Id);
  ASSERT_NE(AB, nullptr);
  EXPECT_EQ(AB->Count, 4u);
  EXPECT_EQ(AB->EqualRanges, 2u);
}

TEST_F(RecorderTest, RepeatedRunsAreMinedAsMaximalChains) {
  for (int I = 0; I < 10; ++I) {
    launch(SiteA, 16);
    launch(SiteB, 16);
    launch(SiteC, 16);
  }
  Profile P = profile();
  const ProfileChain *ABC = P.findChain({SiteA.Id, SiteB.Id, SiteC.Id});
  ASSERT_NE(ABC, nullptr);
  EXPECT_EQ(ABC->Count, 10u);
  EXPECT_EQ(ABC->EqualRanges, 10u);
  // A,B,C,A,B ran 9 times, always inside A,B,C,A,B,C (also 9 times): not maximal.
  EXPECT_EQ(P.findChain({SiteA.Id, SiteB.Id, SiteC.Id, SiteA.Id, SiteB.Id}), nullptr);
  const ProfileChain *ABCABC =
      P.findChain({SiteA.Id, SiteB.Id, SiteC.Id, SiteA.Id, SiteB.Id, SiteC.Id});
  ASSERT_NE(ABCABC, nullptr);
  EXPECT_EQ(ABCABC->Count, 9u);
  // A chain that ran once and is not a pair is dropped.
  for (const ProfileChain &C : P.Chains)
    if (C.Sites.size() > 2)
      EXPECT_GE(C.Count, 2u);
  EXPECT_EQ(P.chainsContaining({SiteB.Id, SiteC.Id}).front()->Sites.size(), 8u);
}

TEST_F(RecorderTest, BrokenChainDoesNotPairAcrossTheBreak) {
  launch(SiteA, 16);
  Recorder::instance().breakChain();
  launch(SiteB, 16);
  Profile P = profile();
  EXPECT_EQ(P.findPair(SiteA.Id, SiteB.Id), nullptr);
  EXPECT_TRUE(P.Chains.empty());
}

TEST_F(RecorderTest, DeepCopiesAndAllocationsDoNotBreakTheChain) {
  // A copy or an allocation between two launches is host code the planner
  // judges from the source: the pair stays a candidate. A kernel of Kokkos' own outside a
  // copy still separates them; one inside it (a fill) does not.
  for (int I = 0; I < 2; ++I) {
    launch(SiteA, 16);
    Recorder::instance().deepCopyBegins();
    Recorder::instance().uninstrumentedKernel(10);
    Recorder::instance().deepCopyEnds();
    launch(SiteB, 16);
    Recorder::instance().uninstrumentedKernel(10);
    launch(SiteC, 16);
  }
  // A copy into (or out of) a View of the launch before it or after it
  // must run between them: it ends the chain.
  {
    Kokkos::View<double *> X("x", 8), Y("y", 8), Other("other", 8);
    launch(SiteC, 8, use("x", kfuse::rt::Write, X));
    Recorder::instance().deepCopyBegins(Other.data(), nullptr, 64);
    Recorder::instance().deepCopyEnds();
    launch(SiteB, 8, use("y", kfuse::rt::Read, Y));
    Recorder::instance().deepCopyBegins(Y.data(), Other.data(), 64);
    Recorder::instance().deepCopyEnds();
    launch(SiteC, 8, use("x", kfuse::rt::Read, X));
    Recorder::instance().breakChain();
    // Out of a View both launches only read: no conflict (A, B paired);
    // out of one the first writes: it must run between them (B, A not).
    launch(SiteA, 8, use("y", kfuse::rt::Read, Y));
    Recorder::instance().deepCopyBegins(Other.data(), Y.data(), 64);
    Recorder::instance().deepCopyEnds();
    launch(SiteB, 8, use("y", kfuse::rt::Read, Y));
    Recorder::instance().breakChain();
    launch(SiteB, 8, use("y", kfuse::rt::Write, Y));
    Recorder::instance().deepCopyBegins(Other.data(), Y.data(), 64);
    Recorder::instance().deepCopyEnds();
    launch(SiteA, 8, use("y", kfuse::rt::Read, Y));
    Recorder::instance().breakChain();
  }
  // Kokkos initialising a new View's memory is part of its allocation.
  launch(SiteB, 16);
  Recorder::instance().uninstrumentedKernel(10, /*Allocation=*/true);
  launch(SiteA, 16);
  EXPECT_TRUE(Recorder::initialisesNewView("Kokkos::View::initialization [tmp]"));
  EXPECT_FALSE(Recorder::initialisesNewView("Kokkos::ViewFill-1D"));
  // A copy whose end was never announced ends at the next launch.
  Recorder::instance().deepCopyBegins();
  launch(SiteC, 16);
  Recorder::instance().uninstrumentedKernel(10);
  launch(SiteA, 16);
  Profile P = profile();
  const ProfileChain *AB = P.findPair(SiteA.Id, SiteB.Id);
  ASSERT_NE(AB, nullptr);
  const ProfileChain *BA = P.findPair(SiteB.Id, SiteA.Id);
  ASSERT_NE(BA, nullptr);
  EXPECT_EQ(BA->Count, 1u); // the allocation's, not the copy out of y
  EXPECT_EQ(AB->Count, 3u); // two rounds, and the copy out of y both read
  // C, B (the copy between touched neither); B, C not (the copy wrote y).
  const ProfileChain *CB = P.findPair(SiteC.Id, SiteB.Id);
  ASSERT_NE(CB, nullptr);
  EXPECT_EQ(CB->Count, 1u);
  EXPECT_EQ(P.findPair(SiteB.Id, SiteC.Id), nullptr);
  // C, A back to back between the two rounds, not at the end.
  const ProfileChain *CA = P.findPair(SiteC.Id, SiteA.Id);
  ASSERT_NE(CA, nullptr);
  EXPECT_EQ(CA->Count, 1u);
}

TEST_F(RecorderTest, SharedAllocationIsRecordedAsSameAllocation) {
  Kokkos::View<double *> A("a", 10);
  auto B = A;
  Kokkos::View<double *> C("c", 10);
  for (int I = 0; I < 3; ++I) {
    launch(SiteA, 10, use("a", kfuse::rt::Write, A), use("c", kfuse::rt::Read, C));
    launch(SiteB, 10, use("b", kfuse::rt::Read, B), use("c", kfuse::rt::Write, C));
  }
  Profile P = profile();
  const ProfileChain *AB = P.findPair(SiteA.Id, SiteB.Id);
  ASSERT_NE(AB, nullptr);
  const kfuse::IdentityFact *AisB = findFact(AB->SameAllocation, 0, "a", 1, "b");
  ASSERT_NE(AisB, nullptr);
  EXPECT_EQ(AisB->Count, 3u);
  const kfuse::IdentityFact *CisC = findFact(AB->SameAllocation, 0, "c", 1, "c");
  ASSERT_NE(CisC, nullptr);
  EXPECT_EQ(CisC->Count, 3u);
  EXPECT_EQ(findFact(AB->SameAllocation, 0, "a", 1, "c"), nullptr);
  EXPECT_EQ(AB->SameAllocation.size(), 2u);
  EXPECT_TRUE(AB->Overlaps.empty());
}

TEST_F(RecorderTest, SameAllocationWithinOneLaunchIsRecorded) {
  Kokkos::View<double *> A("a", 10);
  auto B = A;
  launch(SiteA, 10, use("a", kfuse::rt::Write, A), use("b", kfuse::rt::Read, B));
  launch(SiteB, 10);
  Profile P = profile();
  const ProfileChain *AB = P.findPair(SiteA.Id, SiteB.Id);
  ASSERT_NE(AB, nullptr);
  const kfuse::IdentityFact *F = findFact(AB->SameAllocation, 0, "a", 0, "b");
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Count, 1u);
}

TEST_F(RecorderTest, SubviewsOverlappingByOneElementAreRecordedAsOverlaps) {
  Kokkos::View<double *> X("x", 10);
  auto Low = Kokkos::subview(X, std::make_pair(0, 6));
  auto High = Kokkos::subview(X, std::make_pair(5, 10));
  auto Disjoint = Kokkos::subview(X, std::make_pair(6, 10));
  for (int I = 0; I < 4; ++I) {
    launch(SiteA, 6, use("low", kfuse::rt::Write, Low));
    launch(SiteB, 5, use("high", kfuse::rt::Read, High), use("rest", kfuse::rt::Read, Disjoint));
  }
  Profile P = profile();
  const ProfileChain *AB = P.findPair(SiteA.Id, SiteB.Id);
  ASSERT_NE(AB, nullptr);
  EXPECT_TRUE(AB->SameAllocation.empty());
  ASSERT_EQ(AB->Overlaps.size(), 2u);
  const kfuse::IdentityFact *F = findFact(AB->Overlaps, 0, "low", 1, "high");
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Count, 4u);
  // high = x(5:10) contains rest = x(6:10), in the same launch.
  const kfuse::IdentityFact *Inner = findFact(AB->Overlaps, 1, "high", 1, "rest");
  ASSERT_NE(Inner, nullptr);
  EXPECT_EQ(Inner->Count, 4u);
  EXPECT_EQ(findFact(AB->Overlaps, 0, "low", 1, "rest"), nullptr);
  EXPECT_EQ(AB->EqualRanges, 0u);
}

TEST_F(RecorderTest, ColumnsOfOneMatrixAreNoOverlaps) {
  // Two columns of a row-major matrix span almost the same bytes but share
  // no element; a column and a subview of it do.
  Kokkos::View<double **, Kokkos::LayoutRight> M("m", 10, 3);
  auto C0 = Kokkos::subview(M, Kokkos::ALL(), 0);
  auto C1 = Kokkos::subview(M, Kokkos::ALL(), 1);
  auto Pair = Kokkos::subview(M, Kokkos::ALL(), std::make_pair(1, 3));
  auto Part = Kokkos::subview(C1, std::make_pair(2, 8));
  for (int I = 0; I < 3; ++I) {
    launch(SiteA, 10, use("c0", kfuse::rt::Write, C0));
    launch(SiteB, 10, use("c1", kfuse::rt::Read, C1), use("pair", kfuse::rt::Read, Pair),
           use("part", kfuse::rt::Read, Part));
  }
  Profile P = profile();
  const ProfileChain *AB = P.findPair(SiteA.Id, SiteB.Id);
  ASSERT_NE(AB, nullptr);
  EXPECT_EQ(findFact(AB->Overlaps, 0, "c0", 1, "c1"), nullptr);
  EXPECT_EQ(findFact(AB->Overlaps, 0, "c0", 1, "pair"), nullptr);
  EXPECT_EQ(findFact(AB->Overlaps, 0, "c0", 1, "part"), nullptr);
  // (Column 1 and columns 1-2 start together and span as much: one
  // allocation as the recorder tells them.)
  EXPECT_TRUE(findFact(AB->Overlaps, 1, "c1", 1, "pair") ||
              findFact(AB->SameAllocation, 1, "c1", 1, "pair"));
  EXPECT_NE(findFact(AB->Overlaps, 1, "c1", 1, "part"), nullptr);
}

TEST(GuardTest, ColumnsOfOneMatrixAreApart) {
  Kokkos::View<double **, Kokkos::LayoutRight> M("m", 10, 3);
  auto C0 = Kokkos::subview(M, Kokkos::ALL(), 0);
  auto C1 = Kokkos::subview(M, Kokkos::ALL(), 1);
  auto C2 = Kokkos::subview(M, Kokkos::ALL(), 2);
  auto Tail = Kokkos::subview(M, Kokkos::ALL(), std::make_pair(1, 3));
  EXPECT_TRUE(kfuse::no_overlap({kfuse::bytes_of(C0, true), kfuse::bytes_of(C1, true),
                                 kfuse::bytes_of(C2, false)}));
  EXPECT_TRUE(kfuse::no_overlap({kfuse::bytes_of(C0, true), kfuse::bytes_of(Tail, false)}));
  EXPECT_FALSE(kfuse::no_overlap({kfuse::bytes_of(C1, true), kfuse::bytes_of(Tail, false)}));
  EXPECT_FALSE(kfuse::no_overlap({kfuse::bytes_of(C0, true), kfuse::bytes_of(M, false)}));
  // Rows of a column-major matrix, likewise.
  Kokkos::View<double **, Kokkos::LayoutLeft> L("l", 3, 10);
  EXPECT_TRUE(kfuse::no_overlap({kfuse::bytes_of(Kokkos::subview(L, 0, Kokkos::ALL()), true),
                                 kfuse::bytes_of(Kokkos::subview(L, 2, Kokkos::ALL()), true)}));
  // Contiguous Views that meet overlap.
  Kokkos::View<double *> X("x", 10);
  EXPECT_FALSE(kfuse::no_overlap({kfuse::bytes_of(Kokkos::subview(X, std::make_pair(0, 6)), true),
                                  kfuse::bytes_of(Kokkos::subview(X, std::make_pair(5, 10)), false)}));
}

TEST_F(RecorderTest, DistinctAllocationsHaveNoIdentityFacts) {
  Kokkos::View<double *> A("a", 10), B("b", 10);
  for (int I = 0; I < 3; ++I) {
    launch(SiteA, 10, use("a", kfuse::rt::Write, A));
    launch(SiteB, 10, use("b", kfuse::rt::Write, B));
  }
  Profile P = profile();
  for (const ProfileChain *C : {P.findPair(SiteA.Id, SiteB.Id), P.findPair(SiteB.Id, SiteA.Id)}) {
    ASSERT_NE(C, nullptr);
    EXPECT_TRUE(C->SameAllocation.empty());
    EXPECT_TRUE(C->Overlaps.empty());
  }
  // Longer runs see a View again in a later launch of the same site, and nothing else.
  for (const ProfileChain &C : P.Chains) {
    EXPECT_TRUE(C.Overlaps.empty());
    for (const kfuse::IdentityFact &F : C.SameAllocation) {
      EXPECT_EQ(F.A.Name, F.B.Name);
      EXPECT_EQ((F.B.Position - F.A.Position) % 2, 0u);
    }
  }
}

TEST_F(RecorderTest, IdentityCountsSurviveChangingAllocations) {
  // A new pair of Views every iteration: more argument patterns than a chain caches.
  Kokkos::View<double *> Keep("keep", 4);
  for (int I = 0; I < 10; ++I) {
    Kokkos::View<double *> T("t", 4 + I);
    launch(SiteA, 4, use("t", kfuse::rt::Write, T), use("keep", kfuse::rt::Read, Keep));
    launch(SiteB, 4, use("t", kfuse::rt::Read, T));
  }
  // Ping-pong: u and v swap every iteration.
  Kokkos::View<double *> U("u", 4), V("v", 4);
  for (int I = 0; I < 6; ++I) {
    launch(SiteC, 4, use("in", kfuse::rt::Read, U), use("out", kfuse::rt::Write, V));
    launch(SiteD, 4, use("in", kfuse::rt::Read, V));
    std::swap(U, V);
  }
  Profile P = profile();
  const ProfileChain *AB = P.findPair(SiteA.Id, SiteB.Id);
  ASSERT_NE(AB, nullptr);
  const kfuse::IdentityFact *F = findFact(AB->SameAllocation, 0, "t", 1, "t");
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Count, 10u);
  const ProfileChain *CD = P.findPair(SiteC.Id, SiteD.Id);
  ASSERT_NE(CD, nullptr);
  const kfuse::IdentityFact *OutIn = findFact(CD->SameAllocation, 0, "out", 1, "in");
  ASSERT_NE(OutIn, nullptr);
  EXPECT_EQ(OutIn->Count, 6u);
  // Across the back edge D -> C the View D read is the one C reads next.
  const ProfileChain *DC = P.findPair(SiteD.Id, SiteC.Id);
  ASSERT_NE(DC, nullptr);
  const kfuse::IdentityFact *InIn = findFact(DC->SameAllocation, 0, "in", 1, "in");
  ASSERT_NE(InIn, nullptr);
  EXPECT_EQ(InIn->Count, 5u);
}

TEST_F(RecorderTest, ManyViewsInOneLaunchAreAllRecorded) {
  std::vector<Kokkos::View<double *>> Vs;
  for (int I = 0; I < 20; ++I)
    Vs.emplace_back("v" + std::to_string(I), 4);
  static const char *const Names[] = {"v0",  "v1",  "v2",  "v3",  "v4",  "v5",  "v6",
                                      "v7",  "v8",  "v9",  "v10", "v11", "v12", "v13",
                                      "v14", "v15", "v16", "v17", "v18", "v19"};
  for (int Rep = 0; Rep < 2; ++Rep) {
    Launch L(SiteA);
    L.range(0, 4);
    for (int I = 0; I < 20; ++I)
      L.view(Names[I], kfuse::rt::Read, Vs[I]);
    L.view("again", kfuse::rt::Read, Vs[19]);
    L.start();
    L.stop();
  }
  Profile P = profile();
  ASSERT_EQ(P.Sites[0].Views.size(), 21u);
  EXPECT_EQ(P.Sites[0].Views[20].Label, "v19");
  const kfuse::IdentityFact *F =
      findFact(P.findPair(SiteA.Id, SiteA.Id)->SameAllocation, 0, "v19", 0, "again");
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Count, 1u);
}

TEST_F(RecorderTest, RawEventsAreKeptOnlyWhenRequested) {
  Recorder::instance().setEventLimit(3);
  Kokkos::View<double **, Kokkos::LayoutLeft> M("m", 3, 5);
  for (int I = 0; I < 5; ++I)
    launch(SiteA, 3, use("m", kfuse::rt::ReadWrite, M));
  Profile P = profile();
  ASSERT_EQ(P.Events.size(), 3u);
  const kfuse::ProfileEvent &E = P.Events[1];
  EXPECT_EQ(E.Site, SiteA.Id);
  EXPECT_EQ(E.Label, "a");
  EXPECT_EQ(E.Begin, std::vector<int64_t>{0});
  EXPECT_EQ(E.End, std::vector<int64_t>{3});
  EXPECT_GE(E.StartNs, P.Events[0].StartNs);
  ASSERT_EQ(E.Views.size(), 1u);
  const kfuse::ProfileEventView &V = E.Views[0];
  EXPECT_EQ(V.Name, "m");
  EXPECT_EQ(V.Access, kfuse::ProfileAccess::ReadWrite);
  EXPECT_EQ(V.Data, reinterpret_cast<uintptr_t>(M.data()));
  EXPECT_EQ(V.Span, 15 * sizeof(double));
  EXPECT_EQ(V.Extents, (std::vector<int64_t>{3, 5}));
  EXPECT_EQ(V.Strides, (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(V.Layout, "LayoutLeft");
  EXPECT_EQ(V.Label, "m");
}

TEST_F(RecorderTest, MillionLaunchesOfFourKernelLoopGiveSmallProfile) {
  Kokkos::View<double *> X("x", 4), Y("y", 4), Z("z", 4);
  const auto Start = std::chrono::steady_clock::now();
  for (int I = 0; I < 250000; ++I) {
    launch(SiteA, 4, use("x", kfuse::rt::Write, X), use("y", kfuse::rt::Read, Y));
    launch(SiteB, 4, use("y", kfuse::rt::Write, Y), use("x", kfuse::rt::Read, X),
           use("z", kfuse::rt::Read, Z));
    launch(SiteC, 4, use("z", kfuse::rt::Write, Z), use("y", kfuse::rt::Read, Y));
    launch(SiteD, 4, use("x", kfuse::rt::Read, X), use("z", kfuse::rt::Read, Z));
  }
  const double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  Profile P = profile();
  EXPECT_EQ(P.TotalLaunches, 1000000u);
  EXPECT_LT(Size, 100u * 1024u);
  const ProfileChain *AB = P.findPair(SiteA.Id, SiteB.Id);
  ASSERT_NE(AB, nullptr);
  EXPECT_EQ(AB->Count, 250000u);
  EXPECT_EQ(findFact(AB->SameAllocation, 0, "x", 1, "x")->Count, 250000u);
  std::printf("10^6 launches: %.2f s (%.0f ns each, kernels and fences included); "
              "profile %zu bytes, %zu chains\n",
              Seconds, Seconds * 1e3, Size, P.Chains.size());
}

TEST_F(RecorderTest, WriteFailureIsReportedOnStderr) {
  ::testing::internal::CaptureStderr();
  EXPECT_FALSE(Recorder::instance().writeProfile("/nonexistent-dir/p.json"));
  const std::string Err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(Err, "kfuse: error: cannot write profile '/nonexistent-dir/p.json': No such file "
                 "or directory\n");
}

/// Runs Body in a child process that then calls std::exit(0); returns the profile it wrote.
template <class F> std::string profileOfChild(const std::string &Name, F Body) {
  const std::string Path = ::testing::TempDir() + Name;
  std::remove(Path.c_str());
  std::fflush(nullptr);
  const pid_t Child = fork();
  if (Child == 0) {
    setenv("KFUSE_PROFILE", Path.c_str(), 1);
    Recorder::instance().setWriteAtExit(true);
    Body();
    std::exit(0);
  }
  int Status = 0;
  waitpid(Child, &Status, 0);
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
  std::ifstream In(Path);
  std::stringstream Text;
  Text << In.rdbuf();
  return Text.str();
}

// A child forked after a threaded backend (OpenMP) started its threads hangs
// in its first parallel region: these tests run on Serial only.
#define KFUSE_SKIP_IF_THREADED()                                                                   \
  if (!std::is_same<Kokkos::DefaultExecutionSpace, Kokkos::DefaultHostExecutionSpace>::value ||    \
      Kokkos::DefaultExecutionSpace().concurrency() > 1)                                           \
  GTEST_SKIP() << "fork() after " << Kokkos::DefaultExecutionSpace::name()                         \
               << " started its threads hangs the child"

TEST_F(RecorderTest, ProfileIsWrittenAtExitWithoutFinalize) {
  KFUSE_SKIP_IF_THREADED();
  const std::string Text = profileOfChild("kfuse-exit.json", [] {
    launch(SiteA, 4);
    launch(SiteB, 4);
  });
  llvm::Expected<Profile> P = kfuse::parseProfile(Text);
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->TotalLaunches, 2u);
  EXPECT_NE(P->findPair(SiteA.Id, SiteB.Id), nullptr);
}

TEST_F(RecorderTest, ProfileIsWrittenOnlyOnce) {
  KFUSE_SKIP_IF_THREADED();
  // The connector writes at kokkosp_finalize_library; the exit handler must not write again.
  const std::string Text = profileOfChild("kfuse-once.json", [] {
    launch(SiteA, 4);
    Recorder::instance().writeOnce();
    launch(SiteB, 4);
  });
  llvm::Expected<Profile> P = kfuse::parseProfile(Text);
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->TotalLaunches, 1u);
  EXPECT_EQ(P->findSite(SiteB.Id), nullptr);
}

TEST_F(RecorderTest, ProfileIsWrittenAtExitAfterFinalize) {
  KFUSE_SKIP_IF_THREADED();
  const std::string Text = profileOfChild("kfuse-finalize.json", [] {
    launch(SiteC, 4);
    Kokkos::finalize();
  });
  llvm::Expected<Profile> P = kfuse::parseProfile(Text);
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->findSite(SiteC.Id)->Launches, 1u);
}

} // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  Kokkos::initialize(argc, argv);
  // The tests write through the test hook; the process itself leaves no profile behind.
  Recorder::instance().setWriteAtExit(false);
  const int Result = RUN_ALL_TESTS();
  Kokkos::finalize();
  return Result;
}
