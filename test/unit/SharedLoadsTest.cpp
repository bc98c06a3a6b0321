//===- SharedLoadsTest.cpp - Index values and bases loaded alike ----------===//
//
// The value of an index as a term (IndexExpr::Value), whether an access is
// made on every iteration (ViewAccess::Always), and the raw pointers two
// kernels load alike (planner::sharedLoads), on code parsed against the
// Kokkos stub.
//
//===----------------------------------------------------------------------===//

#include "KokkosStub.h"
#include "plan/SharedLoads.h"
#include "kfuse/LaunchFinder.h"
#include "gtest/gtest.h"

namespace kfuse::test {

FileModel analyzeWithStub(const std::string &Code); // LaunchFinderTest.cpp
const KernelModel &siteLabelled(const FileModel &Model, const std::string &Label);
const ViewUse *viewNamed(const KernelModel &Site, const std::string &Name);

namespace {

const char *const Regions = R"cpp(
#include <Kokkos_Core.hpp>
class Regions {
public:
  KOKKOS_INLINE_FUNCTION long element(const int r, int k) const { return m_elems(m_start(r) + k); }
private:
  Kokkos::View<long *> m_elems, m_start;
};
)cpp";

TEST(SharedLoadsTest, IndexValuesWriteOutLocalsAndAccessors) {
  FileModel M = analyzeWithStub(std::string(Regions) + R"cpp(
void run(Regions reg, const double *vol, double *out, Kokkos::View<long *> list, int r, int n) {
  Kokkos::parallel_for("k", n, KOKKOS_LAMBDA(const int k) {
    const long e = reg.element(r, k);
    long changed = list(k);
    changed += 1;
    double x = vol[e] + vol[reg.element(r, k)] + vol[changed];
    if (x > 0)
      x += vol[list(k + 1) * 2];
    out[k] = x;
  });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const ViewUse *Vol = viewNamed(siteLabelled(M, "k"), "vol");
  ASSERT_TRUE(Vol && Vol->Pointer);
  ASSERT_EQ(Vol->Accesses.size(), 4u);
  // The local and the accessor written in place are one term.
  EXPECT_EQ(Vol->Accesses[0].Indices[0].Value, "@reg.m_elems((+ @reg.m_start($r) i0))");
  EXPECT_EQ(Vol->Accesses[1].Indices[0].Value, Vol->Accesses[0].Indices[0].Value);
  // A local changed after its initialisation has no term.
  EXPECT_EQ(Vol->Accesses[2].Indices[0].Value, "");
  EXPECT_EQ(Vol->Accesses[3].Indices[0].Value, "(* @list((+ i0 1)) 2)");
  EXPECT_TRUE(Vol->Accesses[0].Always);
  EXPECT_TRUE(Vol->Accesses[2].Always);
  EXPECT_FALSE(Vol->Accesses[3].Always); // under the if
}

TEST(SharedLoadsTest, AccessesAfterAnEarlyReturnOrInABranchAreNotOnEveryIteration) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(Kokkos::View<double *> a, Kokkos::View<double *> b, int n) {
  Kokkos::parallel_for("k", n, KOKKOS_LAMBDA(const int i) {
    double x = a(i) > 0 && b(i) > 0 ? a(i + 1) : 0.0;
    auto later = [&]() { return a(i + 2); };
    if (i == 3)
      return;
    b(i) = x + later();
  });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &K = siteLabelled(M, "k");
  const ViewUse *A = viewNamed(K, "a"), *B = viewNamed(K, "b");
  ASSERT_TRUE(A && B);
  // (The lambda's body: where it is written and where it is called.)
  ASSERT_EQ(A->Accesses.size(), 4u);
  EXPECT_TRUE(A->Accesses[0].Always);
  EXPECT_FALSE(A->Accesses[1].Always); // a branch of ?:
  EXPECT_FALSE(A->Accesses[2].Always); // in a lambda, run where it is called
  EXPECT_FALSE(A->Accesses[3].Always); // called after the return
  ASSERT_EQ(B->Accesses.size(), 2u);
  EXPECT_FALSE(B->Accesses[0].Always); // the right of &&
  EXPECT_FALSE(B->Accesses[1].Always); // after the return
}

std::string kernels(const std::string &Second) {
  return std::string(Regions) + R"cpp(
void first(Regions reg, const double *vol, double *comp, int r, int n) {
  Kokkos::parallel_for("first", n, KOKKOS_LAMBDA(const int k) {
    const long e = reg.element(r, k);
    comp[k] = 1.0 / vol[e];
  });
}
void second(Regions reg, const double *vol, const double *comp, double *out,
            Kokkos::View<long *> list, int region, int n) {
  Kokkos::parallel_for("second", n, KOKKOS_LAMBDA(const int k) {
)cpp" + Second + R"cpp(
  });
}
)cpp";
}

TEST(SharedLoadsTest, PointersLoadedAlikeNeedNoFootprint) {
  FileModel M = analyzeWithStub(kernels("out[k] = comp[k] * vol[reg.element(region, k)];"));
  ASSERT_FALSE(M.Failed) << M.Error;
  std::string Why;
  planner::SharedLoads S =
      planner::sharedLoads(siteLabelled(M, "first"), siteLabelled(M, "second"), &Why);
  ASSERT_EQ(S.Pointers.size(), 1u) << Why;
  EXPECT_EQ(S.Pointers[0], std::make_pair(std::string("vol"), std::string("vol")));
  // The guard checks one list and one region number (named as each names it).
  EXPECT_EQ(S.Views.size(), 2u);
  ASSERT_EQ(S.Numbers.size(), 1u);
  EXPECT_EQ(S.Numbers[0], std::make_pair(std::string("r"), std::string("region")));
}

TEST(SharedLoadsTest, PointersLoadedOtherwiseAreNamedInTheReason) {
  struct Case {
    const char *Second, *Why;
  } Cases[] = {
      {"if (comp[k] > 0) out[k] = vol[reg.element(region, k)];", "only on some iterations"},
      {"out[k] = vol[reg.element(region, k) + 1];", "does not load 'vol' at the index"},
      {"out[k] = vol[list(k)];", "does not load 'vol' at the index"},
      {"out[k] = vol[reg.element(region, k)] + vol[k];", "at more than one index"},
  };
  for (const Case &C : Cases) {
    FileModel M = analyzeWithStub(kernels(C.Second));
    ASSERT_FALSE(M.Failed) << M.Error;
    std::string Why;
    planner::SharedLoads S =
        planner::sharedLoads(siteLabelled(M, "first"), siteLabelled(M, "second"), &Why);
    EXPECT_TRUE(S.empty()) << C.Second;
    EXPECT_NE(Why.find(C.Why), std::string::npos) << C.Second << ": " << Why;
  }
}

TEST(SharedLoadsTest, AnIndexOverDataAKernelWritesIsNoSharedLoad) {
  FileModel M = analyzeWithStub(std::string(Regions) + R"cpp(
void run(const double *vol, double *out, Kokkos::View<long *> list, int n) {
  Kokkos::parallel_for("first", n, KOKKOS_LAMBDA(const int k) { out[k] = vol[list(k)]; });
  Kokkos::parallel_for("second", n, KOKKOS_LAMBDA(const int k) {
    out[k] += vol[list(k)];
    list(k) = 0;
  });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  std::string Why;
  planner::SharedLoads S =
      planner::sharedLoads(siteLabelled(M, "first"), siteLabelled(M, "second"), &Why);
  EXPECT_TRUE(S.empty());
  EXPECT_NE(Why.find("changes 'list'"), std::string::npos) << Why;
}

TEST(SharedLoadsTest, InOneBlockEveryKernelThatWritesLoadsAlikeUnderTheSameNames) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(const double *vol, double *a, double *b, double *c, Kokkos::View<long *> list,
         Kokkos::View<long *> other, int n) {
  Kokkos::parallel_for("first", n, KOKKOS_LAMBDA(const int k) { a[k] = vol[list(k)]; });
  Kokkos::parallel_for("second", n, KOKKOS_LAMBDA(const int k) { b[k] = a[k] * vol[list(k)]; });
  Kokkos::parallel_for("reads", n, KOKKOS_LAMBDA(const int k) { double x = a[k]; (void)x; });
  Kokkos::parallel_for("writes", n, KOKKOS_LAMBDA(const int k) { c[k] = b[k]; });
  Kokkos::parallel_for("other", n, KOKKOS_LAMBDA(const int k) { c[k] = vol[other(k)]; });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  auto Group = [&](std::initializer_list<const char *> Labels) {
    std::vector<const KernelModel *> Out;
    for (const char *L : Labels)
      Out.push_back(&siteLabelled(M, L));
    return Out;
  };
  EXPECT_EQ(planner::unboundedPointers(Group({"first", "second"})),
            std::vector<std::string>{"vol"});
  EXPECT_EQ(planner::loadsAlikeInBlock(Group({"first", "second"})), "");
  // A kernel that writes nothing need not load it.
  EXPECT_EQ(planner::loadsAlikeInBlock(Group({"first", "second", "reads"})), "");
  std::string Why = planner::loadsAlikeInBlock(Group({"first", "second", "writes"}));
  EXPECT_NE(Why.find("'first' and 'writes' do not load it alike"), std::string::npos) << Why;
  // Another list: another View in one scope.
  Why = planner::loadsAlikeInBlock(Group({"first", "other"}));
  EXPECT_NE(Why.find("under the same names"), std::string::npos) << Why;
}

} // namespace
} // namespace kfuse::test
