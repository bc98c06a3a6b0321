//===- FusionPlannerTest.cpp - Planner decisions on in-memory code --------===//
//
// The planner on code parsed against the Kokkos stub, with a profile in
// which every two launches written one after the other ran back to back.
// The golden tests (test/golden) build and run what these decisions give.
//
//===----------------------------------------------------------------------===//

#include "KokkosStub.h"
#include "plan/PlannerSupport.h"
#include "plan/StatementSchedule.h"
#include "kfuse/FusionPlan.h"
#include "kfuse/LaunchFinder.h"
#include "gtest/gtest.h"

namespace kfuse::test {

FileModel analyzeWithStub(const std::string &Code); // LaunchFinderTest.cpp

namespace {

struct Planned {
  FileModel Model;
  FusionPlan Plan;
  std::string Code;
};

/// Plans \p Code (the body of `run`) with a profile where consecutive
/// launches ran back to back 10 times, each launch taking \p MedianNs.
Planned plan(const std::string &Body, uint64_t MedianNs = 1000,
             std::vector<IdentityFact> SameAllocation = {}, const char *Space = "Serial",
             uint64_t EqualRanges = 10, const std::string &Before = "") {
  std::string Code = "#include <Kokkos_Core.hpp>\n"
                     "using V = Kokkos::View<double*>;\n" +
                     Before +
                     "void run(int N, V a, V b, V c, Kokkos::View<double**> m, "
                     "Kokkos::View<int*> idx, double Dt) {\n" +
                     Body + "\n}\n";
  Planned P;
  P.Code = Code;
  P.Model = analyzeWithStub(Code);
  EXPECT_FALSE(P.Model.Failed) << P.Model.Error;
  Profile Prof;
  Prof.TotalKernelNs = 1;
  for (const KernelModel &M : P.Model.Sites) {
    ProfileSite S;
    S.Id = M.Id.str();
    S.Launches = 10;
    S.MedianNs = MedianNs;
    S.TotalNs = 1;
    S.Space = Space;
    Prof.Sites.push_back(S);
  }
  for (size_t I = 0; I + 1 < P.Model.Sites.size(); ++I) {
    ProfileChain C;
    C.Sites = {P.Model.Sites[I].Id.str(), P.Model.Sites[I + 1].Id.str()};
    C.Count = 10;
    C.EqualRanges = EqualRanges;
    C.TotalNs = 1;
    C.SameAllocation = SameAllocation;
    Prof.Chains.push_back(C);
  }
  // A launch alone in a host loop ran back to back with itself.
  for (const KernelModel &M : P.Model.Sites)
    if (M.Repeat) {
      ProfileChain C;
      C.Sites = {M.Id.str(), M.Id.str()};
      C.Count = C.EqualRanges = 9;
      C.TotalNs = 1;
      Prof.Chains.push_back(C);
    }
  P.Plan = FusionPlanner::plan(P.Model.Sites, Code, Prof, FusionOptions());
  return P;
}

std::string checks(const FusionPlan &Plan) {
  std::string Out;
  for (const Refusal &R : Plan.Refusals)
    Out += R.Check + " ";
  return Out;
}

TEST(FusionPlannerTest, ALaunchAfterItselfIsExplainedByWhatLaunchesItAgain) {
  // `axpby(...); axpby(...);`: one launch, run again by the next call.
  std::string Code = "#include <Kokkos_Core.hpp>\n"
                     "void axpby(int N, Kokkos::View<double*> y) {\n"
                     "  Kokkos::parallel_for(\"axpby\", N, KOKKOS_LAMBDA(const int i) "
                     "{ y(i) += 1.0; });\n}\n";
  FileModel Model = analyzeWithStub(Code);
  ASSERT_EQ(Model.Sites.size(), 1u);
  Profile Prof;
  Prof.TotalKernelNs = 10;
  ProfileSite S;
  S.Id = Model.Sites[0].Id.str();
  S.Launches = 9;
  S.TotalNs = 10;
  Prof.Sites.push_back(S);
  ProfileChain C;
  C.Sites = {S.Id, S.Id};
  C.Count = 8;
  C.TotalNs = 10;
  Prof.Chains.push_back(C);
  FusionPlan Plan = FusionPlanner::plan(Model.Sites, Code, Prof, FusionOptions());
  ASSERT_EQ(Plan.Refusals.size(), 1u);
  EXPECT_EQ(Plan.Refusals[0].Check, "kfuse-not-adjacent");
  EXPECT_NE(Plan.Refusals[0].Reason.find("launched again by a loop around it or by the next "
                                         "call of 'axpby'"),
            std::string::npos)
      << Plan.Refusals[0].Reason;
  EXPECT_EQ(Plan.Refusals[0].Reason.find("consecutive statements"), std::string::npos)
      << Plan.Refusals[0].Reason;
}

TEST(FusionPlannerTest, AtomicUpdatesCommuteOnlyWithinOneOperation) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("add1", N, KOKKOS_LAMBDA(int f) {
    const int c = idx(f);
    double *p = &a(c);
    Kokkos::atomic_add(p, 1.0);
  });
  Kokkos::parallel_for("add2", N, KOKKOS_LAMBDA(int f) { Kokkos::atomic_fetch_add(&a(idx(f)), 2.0); });
  Kokkos::parallel_for("max", N, KOKKOS_LAMBDA(int f) { Kokkos::atomic_fetch_max(&a(idx(f)), 2.0); });
  Kokkos::parallel_for("read", N, KOKKOS_LAMBDA(int i) { b(i) = a(i); });
)cpp");
  const std::vector<KernelModel> &S = P.Model.Sites;
  ASSERT_EQ(S.size(), 4u);
  SourcePos Pos;
  // Adds with adds: no dependence (the scatter is refused as not
  // profitable, after legality).
  EXPECT_EQ(FusionPlanner::dependenceBetween(S[0], S[1], Pos), "");
  EXPECT_NE(FusionPlanner::dependenceBetween(S[1], S[2], Pos).find("do not commute"),
            std::string::npos);
  EXPECT_NE(FusionPlanner::dependenceBetween(S[2], S[3], Pos).find("updated atomically"),
            std::string::npos);
  // The remarks name the dependence where there is one, not the scatter.
  for (const Refusal &R : P.Plan.Refusals)
    if (R.Reason.find("'add2' with 'max'") != std::string::npos ||
        R.Reason.find("'max' with 'read'") != std::string::npos)
      EXPECT_EQ(R.Check, "kfuse-unsafe-dependence") << R.Reason;
}

TEST(FusionPlannerTest, CodeBetweenRemarksNameBothObstacles) {
  // 'k1' may move down past the declaration of 'pap' (which 'k2' uses),
  // not past the host's read of 'a'; 'k3' may not move up past either.
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("k1", N, KOKKOS_LAMBDA(const int i) { a(i) = 1.0 + i; });
  double pap = Dt * 2.0;
  Kokkos::parallel_for("k2", N, KOKKOS_LAMBDA(const int i) { b(i) = pap * a(i); });
  double seen = a(0);
  Kokkos::parallel_for("k3", N, KOKKOS_LAMBDA(const int i) { c(i) = seen + a(i); });
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan); // k1 + k2
  bool Said = false;
  for (const Refusal &R : P.Plan.Refusals) {
    // The gap neither side may pass: 'seen' (for k3) reads 'a' (of k1).
    Said |= R.Reason == "not fusing 'k2' with 'k3': the code between the launches declares "
                        "'seen', which 'k3' uses, and reads 'a', which 'k1' writes";

    EXPECT_EQ(R.Reason.find(", and  "), std::string::npos) << R.Reason;
    EXPECT_FALSE(llvm::StringRef(R.Reason).rtrim().ends_with(", and")) << R.Reason;
    EXPECT_FALSE(llvm::StringRef(R.Reason).rtrim().ends_with("and")) << R.Reason;
  }
  EXPECT_TRUE(Said);
}

TEST(FusionPlannerTest, HostCodeThatOnlyLoadsElementsBlocksOnlyKernelsWritingThem) {
  // The host loads elements of 'a', which the kernels only read: 'k1', 'k2'
  // and 'k3' fuse across it. Loading an element of 'b', which they write,
  // blocks 'k4'.
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("k1", N, KOKKOS_LAMBDA(const int i) { b(i) = 2.0 * a(i); });
  double first = a(0) + a(1);
  Kokkos::parallel_for("k2", N, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + a(i); });
  Kokkos::parallel_for("k3", N, KOKKOS_LAMBDA(const int i) { b(i) = c(i) * first; });
  double last = b(0);
  Kokkos::parallel_for("k4", N, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + last; });
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].Sites.size(), 3u) << checks(P.Plan); // k1, k2, k3
  bool Said = false;
  for (const Refusal &R : P.Plan.Refusals)
    Said |= R.Reason.find("'k3' with 'k4'") != std::string::npos &&
            R.Reason.find("reads 'b', which 'k1' writes") != std::string::npos;
  EXPECT_TRUE(Said) << checks(P.Plan);
}

TEST(FusionPlannerTest, LaunchesMovePastHostCodeThatOnlyReadsTheirScalars) {
  Planned P = plan(R"cpp(
  double Time = 0;
  Kokkos::parallel_for("kick", N, KOKKOS_LAMBDA(const int i) { a(i) += Dt; });
  Time += Dt;
  Kokkos::parallel_for("drift", N, KOKKOS_LAMBDA(const int i) { b(i) += Dt * a(i); });
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_TRUE(P.Plan.Groups[0].MovesPastCode);
}

TEST(FusionPlannerTest, HostCodeDeclaringTheReductionResultLetsTheEarlierLaunchMoveDown) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("update", N, KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  double S = 0;
  Kokkos::parallel_reduce("sum", N, KOKKOS_LAMBDA(const int i, double &T) { T += a(i); }, S);
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].LaunchRun, 1u); // at the reduction, after `double S`
}

TEST(FusionPlannerTest, CodeNeitherLaunchMayMovePastKeepsThemApart) {
  Planned P = plan(R"cpp(
  double Scale = Dt;
  Kokkos::parallel_for("update", N, KOKKOS_LAMBDA(const int i) { a(i) += Scale; });
  Scale = 2.0;
  double S = 0;
  Kokkos::parallel_reduce("sum", N, KOKKOS_LAMBDA(const int i, double &T) { T += a(i); }, S);
)cpp");
  EXPECT_TRUE(P.Plan.Groups.empty());
  ASSERT_EQ(P.Plan.Refusals.size(), 1u);
  EXPECT_EQ(P.Plan.Refusals[0].Reason,
            "not fusing 'update' with 'sum': the code between the launches declares 'S', "
            "which 'sum' uses, and changes 'Scale', which 'update' uses");
}

TEST(FusionPlannerTest, AReductionResultReadBetweenKeepsTheReductionInPlace) {
  // 'scale' needs Eps (declared between): it cannot move up; 'max' cannot
  // move down past the code that reads its result.
  Planned P = plan(R"cpp(
  double Max = 0;
  Kokkos::parallel_reduce("max", N, KOKKOS_LAMBDA(const int i, double &M) { M += a(i); }, Max);
  const double Eps = 1e-9 * Max;
  Kokkos::parallel_for("scale", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i) + Eps; });
)cpp");
  EXPECT_TRUE(P.Plan.Groups.empty());
  ASSERT_EQ(P.Plan.Refusals.size(), 1u);
  EXPECT_EQ(P.Plan.Refusals[0].Reason,
            "not fusing 'max' with 'scale': the code between the launches declares 'Eps', "
            "which 'scale' uses, and reads 'Max', the result of 'max'");
}

TEST(FusionPlannerTest, ScalarReductionsCombineAndAViewResultDoesNot) {
  Planned P = plan(R"cpp(
  double S = 0, M = 0;
  Kokkos::parallel_reduce("sum", N, KOKKOS_LAMBDA(const int i, double &T) { T += a(i); }, S);
  Kokkos::parallel_reduce("max", N, KOKKOS_LAMBDA(const int i, double &T) { if (b(i) > T) T = b(i); },
                          Kokkos::Max<double>(M));
  Kokkos::parallel_reduce("into_view", N, KOKKOS_LAMBDA(const int i, double &T) { T += b(i); }, c);
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].Sites.size(), 2u);
  ASSERT_EQ(P.Plan.Refusals.size(), 1u);
  EXPECT_NE(P.Plan.Refusals[0].Reason.find("combines several reductions only when"),
            std::string::npos)
      << P.Plan.Refusals[0].Reason;
}

TEST(FusionPlannerTest, LaunchesUnderIfsJoinAGroupWhenTheirConditionsReadOnlyNumbers) {
  Planned P = plan(R"cpp(
  if (Dt > 0) {
    Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) { a(i) += Dt; });
  }
  if (N > 2)
    Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
  if (c(0) > 0)
    Kokkos::parallel_for("third", N, KOKKOS_LAMBDA(const int i) { b(i) += 1.0; });
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].Sites.size(), 2u);
  ASSERT_EQ(P.Plan.Refusals.size(), 1u);
  EXPECT_NE(P.Plan.Refusals[0].Reason.find("its condition 'c(0) > 0' reads the data of 'c'"),
            std::string::npos)
      << P.Plan.Refusals[0].Reason;
}

TEST(FusionPlannerTest, RangesThatDifferInTheProfileRunAsTheirUnionWhenTheyBeginTogether) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("cells", N, KOKKOS_LAMBDA(const int i) { a(i) = 0.0; });
  Kokkos::parallel_for("nodes", N + 1, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
  Kokkos::parallel_for("inner", Kokkos::RangePolicy<>(1, N), KOKKOS_LAMBDA(const int i) { c(i) = 1.0; });
)cpp",
                   1000, {}, "Serial", /*EqualRanges=*/0);
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_TRUE(P.Plan.Groups[0].Horizontal);
  EXPECT_EQ(P.Plan.Groups[0].Sites.size(), 2u);
  ASSERT_EQ(P.Plan.Refusals.size(), 1u);
  EXPECT_NE(P.Plan.Refusals[0].Reason.find("their ranges begin at different places"),
            std::string::npos)
      << P.Plan.Refusals[0].Reason;
}

TEST(FusionPlannerTest, ALaunchWrittenThroughAMacroIsRefusedNamingIt) {
  Planned P = plan(R"cpp(
#define FOR_EACH(label, n, body) Kokkos::parallel_for(label, n, KOKKOS_LAMBDA(const int i) body)
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  FOR_EACH("second", N, { b(i) = a(i); });
)cpp");
  EXPECT_TRUE(P.Plan.Groups.empty());
  ASSERT_EQ(P.Plan.Refusals.size(), 1u) << checks(P.Plan);
  EXPECT_NE(P.Plan.Refusals[0].Reason.find("written through the macro 'FOR_EACH'"),
            std::string::npos)
      << P.Plan.Refusals[0].Reason;
}

/// Plans \p Body after helper functions \p Helpers.
Planned planWithHelpers(const std::string &Helpers, const std::string &Body) {
  return plan("}\n" + Helpers + "\nvoid run2(int N, V a, V b, V c, double Dt) {\n" + Body);
}

TEST(FusionPlannerTest, MethodsAreFollowedIntoTheirBodies) {
  // A non-const method that only compares a member View's data pointer
  // reads the object; one that writes an element touches its Views.
  Planned P = planWithHelpers(R"cpp(
  struct Mesh {
    V nodes;
    bool empty() { return nodes.data() == nullptr; }
    void clear() { nodes(0) = 0.0; }
  };
)cpp",
                              R"cpp(
  Mesh mesh;
  if (!mesh.empty())
    Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  if (!mesh.empty())
    Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
  mesh.clear();
  Kokkos::parallel_for("third", N, KOKKOS_LAMBDA(const int i) { b(i) += a(i); });
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].Sites.size(), 2u);
  ASSERT_EQ(P.Plan.Refusals.size(), 1u);
  EXPECT_NE(P.Plan.Refusals[0].Reason.find("uses 'mesh', an object holding Views"),
            std::string::npos)
      << P.Plan.Refusals[0].Reason;
}

TEST(FusionPlannerTest, HelpersWhoseBodiesTouchNoDataArePassed) {
  Planned P = planWithHelpers(R"cpp(
  int g_steps = 0;
  int interior(int N) { return N - 2 * (N > 2 ? 1 : 0); }
  void count() { ++g_steps; }
)cpp",
                              R"cpp(
  Kokkos::parallel_for("first", Kokkos::RangePolicy<>(0, N), KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  Kokkos::RangePolicy<> policy(0, N);
  long M = a.extent(0) + interior(N);
  count();
  Kokkos::deep_copy(c, 0.0);
  Kokkos::parallel_for("second", policy, KOKKOS_LAMBDA(const int i) { b(i) = a(i) * M; });
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan)
                                      << (P.Plan.Refusals.empty() ? "" : P.Plan.Refusals[0].Reason);
  EXPECT_EQ(P.Plan.Groups[0].LaunchRun, 1u); // `policy` and `M` are declared between
  // `c` may be another name of `a` or `b`: the guard checks.
  EXPECT_EQ(P.Plan.Groups[0].HostViews, std::vector<std::string>{"c"});
}

// (A helper writing a View that only one of the kernels uses lets that
// kernel stay on its side: the other moves past it.)
TEST(FusionPlannerTest, AHelperWritingAViewOfBothKernelsKeepsThemApart) {
  Planned P = planWithHelpers(R"cpp(
  void reset(V x) { x(0) = 0.0; }
)cpp",
                              R"cpp(
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  reset(a);
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
)cpp");
  EXPECT_TRUE(P.Plan.Groups.empty());
  ASSERT_EQ(P.Plan.Refusals.size(), 1u);
  EXPECT_EQ(P.Plan.Refusals[0].Check, "kfuse-code-between");
  EXPECT_NE(P.Plan.Refusals[0].Reason.find("uses 'a', which 'second' uses, and uses 'a', "
                                           "which 'first' uses"),
            std::string::npos)
      << P.Plan.Refusals[0].Reason;
}

TEST(FusionPlannerTest, CallsKfuseCannotFollowKeepLaunchesApart) {
  for (const char *Between : {"external(N);", "obj->step();", "fp();", "return;",
                              "elem = 0.0;", "Dt = elem;"}) {
    Planned P = planWithHelpers(R"cpp(
  void external(int);
  struct Solver { virtual void step(); };
  Solver *obj; void (*fp)();
)cpp",
                                std::string(R"cpp(
  double &elem = c(0); // a reference to an element of a View
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  )cpp") + Between + R"cpp(
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) { b(i) = 2.0 * c(i); });
)cpp");
    EXPECT_TRUE(P.Plan.Groups.empty()) << Between;
    ASSERT_EQ(P.Plan.Refusals.size(), 1u) << Between;
    EXPECT_EQ(P.Plan.Refusals[0].Check, "kfuse-code-between") << Between;
  }
}

// The standard C interfaces of MPI and OpenMP, declared in a header of the
// project (a serial stub) with no body: they touch only their arguments.
TEST(FusionPlannerTest, StandardInterfacesTouchOnlyTheirArguments) {
  const char *Decls = R"cpp(
  extern "C" {
  double MPI_Wtime(void);
  int MPI_Comm_rank(int comm, int *rank);
  int MPI_Allreduce(const void *in, void *out, int n, int type, int op, int comm);
  double omp_get_wtime(void);
  }
  namespace mine { double MPI_Wtime(); }
)cpp";
  Planned Passed = planWithHelpers(Decls, R"cpp(
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  double t0 = MPI_Wtime() + omp_get_wtime();
  int me = 0;
  MPI_Comm_rank(0, &me);
  double local = t0, global = 0.0;
  MPI_Allreduce(&local, &global, 1, 0, 0, 0);
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
)cpp");
  EXPECT_EQ(Passed.Plan.Groups.size(), 1u)
      << (Passed.Plan.Refusals.empty() ? "" : Passed.Plan.Refusals[0].Reason);
  for (const char *Between : {"MPI_Allreduce(a.data(), &g, 1, 0, 0, 0);",
                              "g = mine::MPI_Wtime();"}) {
    Planned P = planWithHelpers(Decls, std::string(R"cpp(
  double g = 0.0;
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  )cpp") + Between + R"cpp(
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
)cpp");
    EXPECT_TRUE(P.Plan.Groups.empty()) << Between;
    ASSERT_EQ(P.Plan.Refusals.size(), 1u) << Between;
    EXPECT_EQ(P.Plan.Refusals[0].Check, "kfuse-code-between") << Between;
  }
}

// An element of a standard container of Views is a handle into the
// container (rootOf sees through `stages[s]`, `more.back()`): writing
// through it, or assigning it, is a use of the container's Views.
TEST(FusionPlannerTest, WritesThroughElementsOfStandardContainersKeepLaunchesApart) {
  // (The stub of Kokkos declares std::allocator: a vector of its own.)
  const char *Before = "#include <array>\n"
                       "namespace std { template <class T, class A = allocator<T>> struct vector {\n"
                       "  T *p; explicit vector(T x);\n"
                       "  T &operator[](unsigned long k) { return p[k]; }\n"
                       "  T &front() { return p[0]; } T &back() { return p[0]; } }; }\n";
  for (const char *Between : {"stages[0](1) = 2.0;", "stages.front() = a;",
                              "{ auto &r = more.back(); r(0) = 1.0; }", "more[0](2) += 1.0;"}) {
    Planned P = plan(std::string(R"cpp(
  std::array<V, 2> stages{c, c};
  std::vector<V> more{c};
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  )cpp") + Between + R"cpp(
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
)cpp",
                     1000, {}, "Serial", 10, Before);
    EXPECT_TRUE(P.Plan.Groups.empty()) << Between;
    ASSERT_EQ(P.Plan.Refusals.size(), 1u) << Between;
    EXPECT_EQ(P.Plan.Refusals[0].Check, "kfuse-code-between") << Between;
  }
}

TEST(FusionPlannerTest, HostCodeTouchingAViewOfTheLaterLaunchStaysBetween) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("produce", N, KOKKOS_LAMBDA(const int i) { a(i) = i; });
  Kokkos::fence(); a(0);
  Kokkos::parallel_for("consume", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
)cpp");
  EXPECT_TRUE(P.Plan.Groups.empty());
  EXPECT_EQ(checks(P.Plan), "kfuse-code-between ");
}

TEST(FusionPlannerTest, EqualInnerLoopsOverTheSameElementsAreMerged) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < N; ++j) m(i, j) = i + j;
  });
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < N; ++j) m(i, j) *= 2.0;
  });
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].JoinsPreviousLoop, (std::vector<bool>{false, true}));
}

TEST(FusionPlannerTest, InnerLoopsReadingAnotherColumnAreNotMerged) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < N; ++j) m(i, j) = i + j;
  });
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < N; ++j) b(i) += m(i, N - 1 - j);
  });
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].JoinsPreviousLoop, (std::vector<bool>{false, false}));
}

TEST(FusionPlannerTest, RandomScatterIsNotProfitable) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("advance", N, KOKKOS_LAMBDA(const int i) { a(i) += 1.0; });
  Kokkos::parallel_for("update", N, KOKKOS_LAMBDA(const int i) { b(idx(i)) += a(i); });
)cpp");
  EXPECT_TRUE(P.Plan.Groups.empty());
  EXPECT_EQ(checks(P.Plan), "kfuse-not-profitable ");
}

TEST(FusionPlannerTest, LongKernelsSharingNoElementAreNotProfitable) {
  const char *Body = R"cpp(
  Kokkos::parallel_for("rows", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < N; ++j) a(i) += m(i, j);
  });
  Kokkos::parallel_for("cols", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 1; j < N; ++j) b(i) += m(j, i);
  });
)cpp";
  // (Loops over different bounds: they cannot merge either.)
  Planned Long = plan(Body, 100000);
  EXPECT_TRUE(Long.Plan.Groups.empty());
  EXPECT_EQ(checks(Long.Plan), "kfuse-not-profitable ");
  // Short kernels gain the launch saved.
  Planned Short = plan(Body, 5000);
  EXPECT_EQ(Short.Plan.Groups.size(), 1u) << checks(Short.Plan);
  // On a GPU a launch costs microseconds: kernels of 100 us still gain,
  // where they do not each loop over data (below).
  const char *Flat = R"cpp(
  Kokkos::parallel_for("rows", N, KOKKOS_LAMBDA(const int i) { a(i) += m(i, 0); });
  Kokkos::parallel_for("cols", N, KOKKOS_LAMBDA(const int i) { b(i) += m(0, i); });
)cpp";
  EXPECT_TRUE(plan(Flat, 100000).Plan.Groups.empty());
  Planned Device = plan(Flat, 100000, {}, "Cuda");
  EXPECT_EQ(Device.Plan.Groups.size(), 1u) << checks(Device.Plan);
}

TEST(FusionPlannerTest, OnAGpuKernelsThatEachLoopOverTheirRangeFuseOnlyWhereAMergedLoopReusesAnElement) {
  // Each index a thread: where each runs a loop as long as the range, fusion
  // saves a launch against a body twice as long (measured slower on an
  // H200: mvt, syr2k), unless the merged loop keeps an element in a
  // register (layout_mix). Loops over another extent fuse (dsmc, gnb).
  const char *Transposed = R"cpp(
  Kokkos::parallel_for("mv", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < N; ++j) a(i) += m(i, j) * c(j);
  });
  Kokkos::parallel_for("mv_t", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < N; ++j) b(i) += m(j, i) * c(j);
  });
)cpp";
  EXPECT_EQ(plan(Transposed, 5000).Plan.Groups.size(), 1u);
  Planned T = plan(Transposed, 5000, {}, "Cuda");
  EXPECT_TRUE(T.Plan.Groups.empty());
  ASSERT_EQ(checks(T.Plan), "kfuse-not-profitable ");
  EXPECT_NE(T.Plan.Refusals[0].Reason.find("'mv' and 'mv_t' each run per index a loop as long "
                                           "as their range ('j < N', 'j < N') and no merged "
                                           "loop reuses an element"),
            std::string::npos)
      << T.Plan.Refusals[0].Reason;
  const char *Triangle = R"cpp(
  Kokkos::parallel_for("scale", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j <= i; ++j) m(i, j) *= Dt;
  });
  Kokkos::parallel_for("update", N, KOKKOS_LAMBDA(const int i) {
    for (int k = 0; k < N; ++k)
      for (int j = 0; j <= i; ++j) m(i, j) += c(k) * a(j);
  });
)cpp";
  EXPECT_EQ(plan(Triangle, 5000).Plan.Groups.size(), 1u);
  EXPECT_TRUE(plan(Triangle, 5000, {}, "Cuda").Plan.Groups.empty());
  const char *Reuse = R"cpp(
  Kokkos::parallel_for("scale_rows", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < N; ++j) m(i, j) = m(i, j) * a(i);
  });
  Kokkos::parallel_for("row_dot", N, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < N; ++j) b(i) += m(i, j) * c(j);
  });
)cpp";
  Planned R = plan(Reuse, 5000, {}, "Cuda");
  ASSERT_EQ(R.Plan.Groups.size(), 1u) << checks(R.Plan);
  EXPECT_EQ(R.Plan.Groups[0].JoinsPreviousLoop, (std::vector<bool>{false, true}));
  // Loops over another extent than the range (a few per particle, the
  // samples of each of a few features): fused on a GPU.
  const char *OtherExtent = R"cpp(
  const int K = 4;
  Kokkos::parallel_for("rates", N, KOKKOS_LAMBDA(const int i) {
    for (int k = 0; k < K; ++k) a(i) += m(i, k);
  });
  Kokkos::parallel_for("select", N, KOKKOS_LAMBDA(const int i) {
    for (int k = 0; k < K; ++k) b(i) += m(i, k) * c(k);
  });
)cpp";
  Planned O = plan(OtherExtent, 5000, {}, "Cuda");
  EXPECT_EQ(O.Plan.Groups.size(), 1u) << checks(O.Plan);
}

TEST(FusionPlannerTest, ComposedReductionsFuseOnlyWhereAChunkRunsManyIndices) {
  // Composed, a reduction runs a chunk of indices per call on Serial, one
  // on OpenMP (its partial sums grouped as its own): measured slower there.
  const char *Functors = R"cpp(
struct Update {
  V x, r;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { x(i) += step(r(i)); }
private:
  KOKKOS_INLINE_FUNCTION double step(const double v) const { return 0.5 * v; }
};
struct Dot {
  V a;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &s) const { s += a(i) * a(i); }
};
)cpp";
  const char *Body = R"cpp(
  double s = 0;
  Kokkos::parallel_for("update", N, Update{a, b});
  Kokkos::parallel_reduce("dot", N, Dot{a}, s);
  c(0) = s;
)cpp";
  Planned Serial = plan(Body, 1000, {}, "Serial", 10, Functors);
  EXPECT_EQ(Serial.Plan.Groups.size(), 1u) << checks(Serial.Plan);
  Planned OpenMP = plan(Body, 1000, {}, "OpenMP", 10, Functors);
  EXPECT_TRUE(OpenMP.Plan.Groups.empty());
  ASSERT_EQ(checks(OpenMP.Plan), "kfuse-not-profitable ");
  EXPECT_NE(OpenMP.Plan.Refusals[0].Reason.find("on OpenMP the fused kernel runs one index per "
                                                "call"),
            std::string::npos)
      << OpenMP.Plan.Refusals[0].Reason;
  EXPECT_EQ(plan(Body, 1000, {}, "Cuda", 10, Functors).Plan.Groups.size(), 1u);
}

TEST(FusionPlannerTest, NamesOfOneAllocationAreMergedForArgumentFusion) {
  IdentityFact Same;
  Same.A = {0, "a"};
  Same.B = {1, "c"};
  Same.Count = 10;
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("scale", N, KOKKOS_LAMBDA(const int i) { b(i) = 2.0 * a(i); });
  Kokkos::parallel_for("store", N, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + 1.0; });
)cpp",
                   1000, {Same});
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].canonical("c"), "a");
}

TEST(FusionPlannerTest, ANeighbourReadIsAnUnsafeDependence) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("write", N, KOKKOS_LAMBDA(const int i) { a(i) = i; });
  Kokkos::parallel_for("read", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i + 1); });
)cpp");
  EXPECT_TRUE(P.Plan.Groups.empty());
  EXPECT_EQ(checks(P.Plan), "kfuse-unsafe-dependence ");
}

TEST(FusionPlannerTest, BackToBackLaunchesInDifferentBlocksAreExplained) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("outer", N, KOKKOS_LAMBDA(const int i) { a(i) = i; });
  if (N > 1) { // more than the launch: not a launch under an `if`
    Kokkos::parallel_for("inner", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
    Kokkos::fence();
  }
)cpp");
  EXPECT_TRUE(P.Plan.Groups.empty());
  EXPECT_EQ(checks(P.Plan), "kfuse-not-adjacent ");
}

TEST(FusionPlannerTest, ALaunchAloneInAHostLoopTakesTheLoopIntoItsKernel) {
  Planned P = plan(R"cpp(
  for (int t = 0; t < 5; ++t) {
    Kokkos::parallel_for("step", N, KOKKOS_LAMBDA(const int i) { a(i) += Dt * b(i + 1) + t; });
  }
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_TRUE(P.Plan.Groups[0].Repeats);
  ASSERT_TRUE(P.Model.Sites[0].Repeat);
  EXPECT_EQ(P.Model.Sites[0].Repeat->LoopVars, std::vector<std::string>{"t"});
}

TEST(FusionPlannerTest, ALoopWhoseKernelReadsAnotherElementOfWhatItWritesStaysOnTheHost) {
  Planned P = plan(R"cpp(
  for (int t = 0; t < 5; ++t) {
    Kokkos::parallel_for("shift", N, KOKKOS_LAMBDA(const int i) { a(i) = b(i) + a(i + 1); });
  }
  for (int t = 0; t < N; t += a.extent(0)) {
    Kokkos::parallel_for("bump", N, KOKKOS_LAMBDA(const int i) { c(i) += 1.0; });
  }
)cpp");
  EXPECT_TRUE(P.Plan.Groups.empty());
  // (and the pair shift -> bump, in different blocks, is explained)
  EXPECT_EQ(checks(P.Plan), "kfuse-unsafe-dependence kfuse-not-fusable kfuse-not-adjacent ");
}

TEST(FusionPlannerTest, LoopsWithAccumulatorsMergeEvenWhenTheyShareNoElement) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("rows", N, KOKKOS_LAMBDA(const int i) {
    double Sum = 0.0;
    for (int j = 0; j < N; ++j)
      Sum += m(i, j);
    a(i) = Sum;
  });
  Kokkos::parallel_for("columns", N, KOKKOS_LAMBDA(const int i) {
    double Sum = 0.0;
    for (int j = 0; j < N; ++j)
      Sum += m(j, i);
    b(i) = Sum;
  });
)cpp", /*MedianNs=*/100000);
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].JoinsPreviousLoop, (std::vector<bool>{false, true}));
}

TEST(FusionPlannerTest, AStatementAfterALoopWritingWhatTheNextLoopReadsKeepsTheLoopsApart) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("norm", N, KOKKOS_LAMBDA(const int i) {
    double Sq = 0.0;
    for (int j = 0; j < N; ++j)
      Sq += m(i, j);
    a(i) = Sq;
  });
  Kokkos::parallel_for("scaled", N, KOKKOS_LAMBDA(const int i) {
    double Sum = 0.0;
    for (int j = 0; j < N; ++j)
      Sum += m(i, j) / a(i);
    b(i) = Sum;
  });
)cpp");
  ASSERT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  EXPECT_EQ(P.Plan.Groups[0].JoinsPreviousLoop, (std::vector<bool>{false, false}));
}

/// The schedules of \p P's only group.
std::vector<planner::StatementSchedule> schedules(const Planned &P) {
  EXPECT_EQ(P.Plan.Groups.size(), 1u) << checks(P.Plan);
  if (P.Plan.Groups.size() != 1)
    return {};
  return planner::statementSchedules(P.Plan.Groups[0], P.Model.Sites, P.Code);
}

TEST(FusionPlannerTest, ALoopReadingTheElementsAnEarlierLoopReadsRunsInItAfterReordering) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("moments", N, KOKKOS_LAMBDA(const int i) {
    double Sum = 0.0;
    for (int j = 0; j < N; ++j)
      Sum += m(i, j);
    const double Mean = Sum / N;
    double Var = 0.0;
    for (int j = 0; j < N; ++j)
      Var += (m(i, j) - Mean) * (m(i, j) - Mean);
    a(i) = Var;
  });
  Kokkos::parallel_for("total", N, KOKKOS_LAMBDA(const int i) {
    b(i) = 0.0;
    for (int j = 0; j < N; ++j)
      b(i) += m(i, j);
  });
)cpp");
  std::vector<planner::StatementSchedule> S = schedules(P);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].MergedLoops, 1u);
  // b(i) = 0 moves up; the second kernel's loop joins the first loop (the
  // second needs Mean, computed after the first).
  using Piece = planner::StatementSchedule::Piece;
  std::vector<std::vector<Piece>> Order = {{{0, 0}}, {{1, 0}}, {{0, 1}, {1, 1}}, {{0, 2}},
                                           {{0, 3}}, {{0, 4}}, {{0, 5}}};
  EXPECT_EQ(S[0].Order, Order);
}

TEST(FusionPlannerTest, LoopsSharingNoElementKeepTheirOrder) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) {
    double Sum = 0.0;
    for (int j = 0; j < N; ++j)
      Sum += m(i, j);
    a(i) = Sum;
  });
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) {
    c(i) = 1.0;
    for (int j = 0; j < N; ++j)
      b(i) += j * c(i);
  });
)cpp");
  EXPECT_TRUE(schedules(P).empty());
}

TEST(FusionPlannerTest, LoopsThatMayNotRunAsOneKeepTheirOrder) {
  // A reference into a View, a loop that may leave early, a type declared
  // in the body, a body writing an element another iteration reads.
  const char *Sum = "double Sum = 0.0; for (int j = 0; j < N; ++j) Sum += m(i, j); a(i) = Sum;";
  for (auto [First, Second] : std::vector<std::pair<const char *, const char *>>{
           {Sum, "const double &F = m(i, 0); for (int j = 0; j < N; ++j) b(i) += m(i, j) * F;"},
           {Sum, "for (int j = 0; j < N; ++j) { b(i) += m(i, j); if (b(i) > 1.0) break; }"},
           {Sum, "using T = double; for (int j = 0; j < N; ++j) b(i) += T(m(i, j));"},
           {"double S = 0.0; for (int j = 0; j < N - 1; ++j) S += m(i, j) + m(i, j + 1); a(i) = S;",
            "for (int j = 0; j < N - 1; ++j) m(i, j + 1) = 2.0 * m(i, j + 1);"},
       }) {
    Planned P = plan(std::string("Kokkos::parallel_for(\"first\", N, KOKKOS_LAMBDA(const int i) {") +
                     First +
                     "});\nKokkos::parallel_for(\"second\", N, KOKKOS_LAMBDA(const int i) {" +
                     Second + "});\n");
    EXPECT_TRUE(schedules(P).empty()) << Second;
  }
}

TEST(FusionPlannerTest, AScheduledBodysLocalNamedAsAnotherKernelsCaptureIsRenamed) {
  Planned P = plan(R"cpp(
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) {
    double Sum = Dt;
    for (int j = 0; j < N; ++j)
      Sum += m(i, j);
    a(i) = Sum;
  });
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int r) {
    const double Dt = 2.0;
    b(r) = Dt;
    for (int k = 0; k < N; ++k)
      b(r) += m(r, k);
  });
)cpp");
  std::vector<planner::StatementSchedule> S = schedules(P);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].MergedLoops, 1u);
  EXPECT_EQ(S[0].Renames[1], (std::map<std::string, std::string>{{"Dt", "Dt_2"}}));
  EXPECT_TRUE(S[0].Renames[0].empty());
}

} // namespace
} // namespace kfuse::test

// The type rule that keeps Views read through unnamed accessors apart from
// written ones: C++'s aliasing rules, with characters aliasing anything and
// integers their signed or unsigned variants.
TEST(FusionPlannerTest, ElementTypesMayHoldOnlyWhatAliasingAllows) {
  using kfuse::planner::mayHold;
  EXPECT_FALSE(mayHold("double", "int"));
  EXPECT_FALSE(mayHold("int", "double"));
  EXPECT_FALSE(mayHold("float", "double"));
  EXPECT_TRUE(mayHold("double", "double"));
  EXPECT_TRUE(mayHold("unsigned int", "int"));
  EXPECT_TRUE(mayHold("int", "unsigned int"));
  EXPECT_TRUE(mayHold("char", "double"));
  EXPECT_TRUE(mayHold("double", "unsigned char"));
  EXPECT_TRUE(mayHold("struct Particle", "double"));
}
