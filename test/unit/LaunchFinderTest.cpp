//===- LaunchFinderTest.cpp - The launch model on in-memory code ----------===//

#include "KokkosStub.h"
#include "kfuse/LaunchFinder.h"
#include "gtest/gtest.h"
#include <algorithm>

namespace kfuse::test {

FileModel analyzeWithStub(const std::string &Code) {
  return LaunchFinder::analyzeCode(
      Code, "/project/input.cpp", {"-std=c++17", "-I/kfuse-stub"}, {"/project"},
      {{"/kfuse-stub/Kokkos_Core.hpp", KokkosStubHeader}});
}

const KernelModel &siteLabelled(const FileModel &Model,
                                const std::string &Label) {
  for (const KernelModel &M : Model.Sites)
    if (M.Label == Label)
      return M;
  ADD_FAILURE() << "no site labelled '" << Label << "'";
  static KernelModel Empty;
  return Empty;
}

const ViewUse *viewNamed(const KernelModel &Site, const std::string &Name) {
  for (const ViewUse &V : Site.Views)
    if (V.Name == Name)
      return &V;
  return nullptr;
}

namespace {

TEST(LaunchFinderTest, FindsEveryKindWithLabelAndCount) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> a, Kokkos::View<double*> b) {
  Kokkos::parallel_for("copy", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
  double s = 0;
  Kokkos::parallel_reduce("sum", N, KOKKOS_LAMBDA(const int i, double &acc) { acc += a(i); }, s);
  Kokkos::parallel_scan("scan", N, KOKKOS_LAMBDA(const int i, double &u, const bool f) { u += a(i); if (f) b(i) = u; });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  ASSERT_EQ(M.Sites.size(), 3u);
  EXPECT_EQ(M.Sites[0].Kind, LaunchKind::For);
  EXPECT_EQ(M.Sites[1].Kind, LaunchKind::Reduce);
  EXPECT_EQ(M.Sites[2].Kind, LaunchKind::Scan);
  const KernelModel &Copy = M.Sites[0];
  EXPECT_EQ(Copy.LabelKind, "literal");
  EXPECT_EQ(Copy.Label, "copy");
  EXPECT_EQ(Copy.Policy.Kind, PolicyKind::Count);
  EXPECT_EQ(Copy.Policy.End, std::vector<std::string>{"N"});
  EXPECT_EQ(Copy.Functor.Kind, FunctorModel::Form::Lambda);
  EXPECT_EQ(Copy.Functor.LambdaMacro, "KOKKOS_LAMBDA");
  EXPECT_EQ(Copy.Functor.IndexParams, std::vector<std::string>{"i"});
  EXPECT_EQ(Copy.Pos.Line, 4u);
  EXPECT_EQ(Copy.Id.RelFile, "input.cpp");
  EXPECT_EQ(Copy.Id.Function, "run");
  EXPECT_EQ(Copy.Id.Ordinal, 0u);
  EXPECT_EQ(Copy.Id.Hash.size(), 16u);
  EXPECT_EQ(M.Sites[2].Id.Ordinal, 2u);
}

TEST(LaunchFinderTest, ClassifiesAccessModes) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void opaque(double &);
void run(int N, Kokkos::View<double*> a, Kokkos::View<double*> b,
         Kokkos::View<double*> c, Kokkos::View<double*> d, Kokkos::View<double*> e) {
  Kokkos::parallel_for("k", N, KOKKOS_LAMBDA(const int i) {
    a(i) = b(i);
    c(i) += 1.0;
    Kokkos::atomic_add(&d(i), 2.0);
    opaque(e(i));
  });
}
)cpp");
  ASSERT_EQ(M.Sites.size(), 1u);
  const KernelModel &K = M.Sites[0];
  ASSERT_EQ(K.Views.size(), 5u);
  EXPECT_EQ(viewNamed(K, "a")->Mode, AccessMode::Write);
  EXPECT_EQ(viewNamed(K, "b")->Mode, AccessMode::Read);
  EXPECT_EQ(viewNamed(K, "c")->Mode, AccessMode::ReadWrite);
  EXPECT_EQ(viewNamed(K, "d")->Mode, AccessMode::Atomic);
  EXPECT_EQ(viewNamed(K, "e")->Mode, AccessMode::PassedToCall);
  EXPECT_EQ(viewNamed(K, "e")->Accesses[0].Callee, "opaque");
  bool NotedOpaque = false;
  for (const std::string &N : K.Notes)
    NotedOpaque |= N.find("'e'") != std::string::npos &&
                   N.find("opaque") != std::string::npos;
  EXPECT_TRUE(NotedOpaque);
}

TEST(LaunchFinderTest, WholeViewPassedToCallIsAnEscape) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
double helper(Kokkos::View<double*> v, int i);
void run(int N, Kokkos::View<double*> a, Kokkos::View<double*> b) {
  Kokkos::parallel_for("k", N, KOKKOS_LAMBDA(const int i) { b(i) = helper(a, i); });
}
)cpp");
  const KernelModel &K = siteLabelled(M, "k");
  ASSERT_NE(viewNamed(K, "a"), nullptr);
  EXPECT_EQ(viewNamed(K, "a")->Mode, AccessMode::PassedToCall);
  ASSERT_FALSE(K.Notes.empty());
  EXPECT_NE(K.Notes[0].find("View 'a' passed to opaque call 'helper' at"),
            std::string::npos);
}

TEST(LaunchFinderTest, AtomicsThroughPointersUpdateTheElementTheyHold) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void f(int n, Kokkos::View<double*> g, Kokkos::View<int*> left,
       Kokkos::View<long*> cnt, Kokkos::View<double***> v, double *raw) {
  Kokkos::parallel_for("var", n, KOKKOS_LAMBDA(int f) {
    const int c = left(f);
    double *p = &g(c);
    Kokkos::atomic_add(p, 1.0);
  });
  Kokkos::parallel_for("fetch", n, KOKKOS_LAMBDA(int f) {
    double *p = &g(f);
    Kokkos::atomic_fetch_add(p, 1.0);
  });
  Kokkos::parallel_for("inc", n, KOKKOS_LAMBDA(int f) {
    long *p = &cnt(left(f));
    Kokkos::atomic_increment(p);
  });
  Kokkos::parallel_for("cas", n, KOKKOS_LAMBDA(int f) {
    double *p = &v(left(f), 0, 1);
    double old, nw;
    do {
      old = *p;
      nw = old > f ? old : f;
    } while (Kokkos::atomic_compare_exchange(p, old, nw) != old);
  });
  Kokkos::parallel_for("data", n, KOKKOS_LAMBDA(int f) {
    const int c = left(f);
    Kokkos::atomic_add(g.data() + c, 1.0);
  });
  Kokkos::parallel_for("raw", n, KOKKOS_LAMBDA(int f) {
    Kokkos::atomic_add(raw + f, 1.0);
  });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  // Each updates the View its pointer points into, atomically: at some
  // element its data choose, or (a pointer fixed to the kernel's own
  // element) at that element.
  for (const char *Label : {"var", "data"}) {
    const ViewUse *G = viewNamed(siteLabelled(M, Label), "g");
    ASSERT_NE(G, nullptr) << Label;
    EXPECT_EQ(G->Mode, AccessMode::Atomic) << Label;
    EXPECT_FALSE(G->Accesses.back().Through.empty()) << Label;
  }
  const ViewUse *Fetch = viewNamed(siteLabelled(M, "fetch"), "g");
  ASSERT_NE(Fetch, nullptr);
  EXPECT_EQ(Fetch->Mode, AccessMode::Atomic);
  EXPECT_EQ(atomicOperation(Fetch->Accesses.back()), "add");
  EXPECT_EQ(Fetch->Accesses.back().Indices.at(0).Form, IndexForm::LaunchIndex);
  const ViewUse *Inc = viewNamed(siteLabelled(M, "inc"), "cnt");
  ASSERT_NE(Inc, nullptr);
  EXPECT_EQ(atomicOperation(Inc->Accesses.back()), "add");
  // The compare-exchange loop reads and updates: no commuting operation.
  const ViewUse *Cas = viewNamed(siteLabelled(M, "cas"), "v");
  ASSERT_NE(Cas, nullptr);
  EXPECT_EQ(Cas->Mode, AccessMode::Atomic);
  EXPECT_EQ(atomicOperation(Cas->Accesses.back()), "");
  // A captured raw pointer moved: memory kfuse cannot place.
  EXPECT_FALSE(siteLabelled(M, "raw").Unknown.empty());
}

TEST(LaunchFinderTest, ClassifiesIndexExpressions) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> a, Kokkos::View<double*> b,
         Kokkos::View<int*> idx) {
  Kokkos::parallel_for("k", N, KOKKOS_LAMBDA(const int i) {
    a(i) = b(i - 1) + b(i + 1) + b(0) + b(idx(i)) + b(2 * i);
  });
}
)cpp");
  const KernelModel &K = siteLabelled(M, "k");
  const ViewUse *B = viewNamed(K, "b");
  ASSERT_NE(B, nullptr);
  ASSERT_EQ(B->Accesses.size(), 5u);
  EXPECT_EQ(B->Accesses[0].Indices[0].Form, IndexForm::LaunchIndex);
  EXPECT_EQ(B->Accesses[0].Indices[0].Offset, -1);
  EXPECT_EQ(B->Accesses[1].Indices[0].Offset, 1);
  EXPECT_EQ(B->Accesses[2].Indices[0].Form, IndexForm::Constant);
  EXPECT_EQ(B->Accesses[3].Indices[0].Form, IndexForm::Indirect);
  EXPECT_EQ(B->Accesses[4].Indices[0].Form, IndexForm::Other);
  EXPECT_EQ(B->Accesses[4].Indices[0].Var, "i");
  EXPECT_EQ(B->Accesses[4].Indices[0].Text, "2 * i");
  EXPECT_EQ(viewNamed(K, "a")->Accesses[0].Indices[0].Form,
            IndexForm::LaunchIndex);
}

TEST(LaunchFinderTest, RecordsRangePolicyTemplateArguments) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct MyTag {};
void run(int N, Kokkos::View<double*> a) {
  Kokkos::parallel_for("r",
      Kokkos::RangePolicy<Kokkos::Serial, Kokkos::IndexType<long>>(1, N - 1),
      KOKKOS_LAMBDA(const long i) { a(i) = 0; });
  Kokkos::RangePolicy<> policy(0, N);
  Kokkos::parallel_for("v", policy, KOKKOS_LAMBDA(const int i) { a(i) = 1; });
}
)cpp");
  const KernelModel &R = siteLabelled(M, "r");
  EXPECT_EQ(R.Policy.Kind, PolicyKind::Range);
  EXPECT_EQ(R.Policy.TypeName, "RangePolicy");
  EXPECT_EQ(R.Policy.ExecSpace, "Kokkos::Serial");
  EXPECT_EQ(R.Policy.IndexType, "Kokkos::IndexType<long>");
  EXPECT_EQ(R.Policy.Begin, std::vector<std::string>{"1"});
  EXPECT_EQ(R.Policy.End, std::vector<std::string>{"N - 1"});
  EXPECT_EQ(R.Functor.IndexType, "const long");
  const KernelModel &V = siteLabelled(M, "v");
  EXPECT_EQ(V.Policy.End, std::vector<std::string>{"N"});
}

TEST(LaunchFinderTest, RecordsMDRangeAndTeamPolicies) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(int N, int K, Kokkos::View<double**, Kokkos::LayoutLeft> a) {
  Kokkos::parallel_for("md", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, K}),
      KOKKOS_LAMBDA(const int i, const int j) { a(i, j) = 0; });
  using Team = Kokkos::TeamPolicy<>;
  Kokkos::parallel_for("team", Team(N, 4),
      KOKKOS_LAMBDA(const Team::member_type &m) { a(m.league_rank(), 0) = 1; });
}
)cpp");
  const KernelModel &MD = siteLabelled(M, "md");
  EXPECT_EQ(MD.Policy.Kind, PolicyKind::MDRange);
  EXPECT_EQ(MD.Policy.Rank, 2u);
  EXPECT_EQ(MD.Policy.Begin, (std::vector<std::string>{"0", "0"}));
  EXPECT_EQ(MD.Policy.End, (std::vector<std::string>{"N", "K"}));
  EXPECT_EQ(MD.Functor.IndexParams, (std::vector<std::string>{"i", "j"}));
  const ViewUse *A = viewNamed(MD, "a");
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(A->Rank, 2u);
  EXPECT_EQ(A->Layout, "LayoutLeft");
  EXPECT_EQ(A->Accesses[0].Indices[1].Form, IndexForm::LaunchIndex);
  EXPECT_EQ(A->Accesses[0].Indices[1].Var, "j");
  const KernelModel &T = siteLabelled(M, "team");
  EXPECT_EQ(T.Policy.Kind, PolicyKind::Team);
  EXPECT_EQ(T.Policy.LeagueSize, "N");
  EXPECT_EQ(T.Policy.TeamSize, "4");
}

TEST(LaunchFinderTest, ModelsTaggedFunctorMembers) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct InitTag {};
struct StepTag {};
struct Solver {
  Kokkos::View<double*> x, y;
  double dt;
  KOKKOS_INLINE_FUNCTION void operator()(InitTag, const int i) const { x(i) = 0; }
  KOKKOS_INLINE_FUNCTION void operator()(StepTag, const int i) const { y(i) = x(i) * dt; }
  void step(int N) {
    Kokkos::parallel_for("step", Kokkos::RangePolicy<StepTag>(0, N), *this);
  }
};
)cpp");
  const KernelModel &S = siteLabelled(M, "step");
  EXPECT_EQ(S.Policy.WorkTag, "StepTag");
  EXPECT_EQ(S.Functor.Kind, FunctorModel::Form::Object);
  EXPECT_EQ(S.Functor.ClassName, "Solver");
  EXPECT_EQ(S.Functor.OperatorSignature, "operator()(StepTag, const int)");
  EXPECT_EQ(S.Functor.IndexParams, std::vector<std::string>{"i"});
  EXPECT_EQ(S.Id.Function, "Solver::step");
  ASSERT_NE(viewNamed(S, "y"), nullptr);
  EXPECT_TRUE(viewNamed(S, "y")->IsMember);
  EXPECT_EQ(viewNamed(S, "y")->Mode, AccessMode::Write);
  EXPECT_EQ(viewNamed(S, "x")->Mode, AccessMode::Read);
  ASSERT_EQ(S.Scalars.size(), 1u);
  EXPECT_EQ(S.Scalars[0].Name, "dt");
  EXPECT_TRUE(S.Scalars[0].IsMember);
}

TEST(LaunchFinderTest, DependentOperatorsWithVisibleOverloadsAreBuiltInAsWritten) {
  // A header declaring a free operator* (CUDA's do, as do vector classes)
  // makes `T(0.5) * b(i)` in a member template an unresolved operator call
  // in the body as written: it reads as the built-in operator.
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct Vec2 { double x, y; };
inline Vec2 operator*(double s, Vec2 v) { return {s * v.x, s * v.y}; }
template <bool Half> struct TagScale {};
template <class T> struct Field {
  Kokkos::View<T*> a, b;
  template <bool Half>
  KOKKOS_INLINE_FUNCTION void operator()(TagScale<Half>, const int i) const {
    a(i) = Half ? T(0.5) * b(i) : T(2) * b(i);
  }
  void run(int n) { Kokkos::parallel_for("scale", Kokkos::RangePolicy<TagScale<true>>(0, n), *this); }
};
template struct Field<double>;
)cpp");
  const KernelModel &S = siteLabelled(M, "scale");
  EXPECT_TRUE(S.Unknown.empty()) << (S.Unknown.empty() ? "" : S.Unknown.front().Why);
  ASSERT_NE(viewNamed(S, "a"), nullptr);
  EXPECT_EQ(viewNamed(S, "a")->Mode, AccessMode::Write);
  ASSERT_NE(viewNamed(S, "b"), nullptr);
  EXPECT_EQ(viewNamed(S, "b")->Mode, AccessMode::Read);
}

TEST(LaunchFinderTest, ClassLambdaUsesMembers) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct Field {
  Kokkos::View<double*> u;
  void zero(int N) {
    Kokkos::parallel_for("zero", N, KOKKOS_CLASS_LAMBDA(const int i) { u(i) = 0; });
  }
};
)cpp");
  const KernelModel &Z = siteLabelled(M, "zero");
  EXPECT_EQ(Z.Functor.LambdaMacro, "KOKKOS_CLASS_LAMBDA");
  ASSERT_NE(viewNamed(Z, "u"), nullptr);
  EXPECT_TRUE(viewNamed(Z, "u")->IsMember);
}

TEST(LaunchFinderTest, SaysWhenFunctorBodyIsNotVisible) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct External { void operator()(const int i) const; };
void run(int N) { Kokkos::parallel_for("ext", N, External()); }
)cpp");
  const KernelModel &E = siteLabelled(M, "ext");
  EXPECT_FALSE(E.Functor.BodyVisible);
  ASSERT_FALSE(E.Notes.empty());
  EXPECT_EQ(E.Notes[0], "functor body not visible in this translation unit");
}

TEST(LaunchFinderTest, RecordsScalarsLoopsAndReductions) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(int N, int K, double alpha, Kokkos::View<double**> A, Kokkos::View<double*> x) {
  double best = 0;
  Kokkos::parallel_reduce("rowmax", N, KOKKOS_LAMBDA(const int i, double &m) {
    for (int j = 0; j < K; ++j)
      m = A(i, j) * alpha > m ? A(i, j) * alpha : m;
  }, Kokkos::Max<double>(best));
  double plain = 0;
  Kokkos::parallel_reduce("dot", N, KOKKOS_LAMBDA(const int i, double &s) { s += x(i); }, plain);
}
)cpp");
  const KernelModel &R = siteLabelled(M, "rowmax");
  ASSERT_EQ(R.Loops.size(), 1u);
  EXPECT_EQ(R.Loops[0].Var, "j");
  EXPECT_EQ(R.Loops[0].Begin, "0");
  EXPECT_EQ(R.Loops[0].End, "K");
  const ViewUse *A = viewNamed(R, "A");
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(A->Accesses[0].Indices[1].Form, IndexForm::LoopVar);
  ASSERT_EQ(R.Scalars.size(), 2u); // K and alpha
  ASSERT_TRUE(R.Reduction.has_value());
  EXPECT_EQ(R.Reduction->Reducer, "Max");
  EXPECT_EQ(R.Reduction->ResultText, "best");
  EXPECT_EQ(R.Reduction->AccumulatorParam, "m");
  const KernelModel &D = siteLabelled(M, "dot");
  EXPECT_EQ(D.Reduction->Reducer, "Sum");
  EXPECT_EQ(D.Reduction->ResultText, "plain");
}

TEST(LaunchFinderTest, FindsLaunchesInMacrosAndTemplates) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
#define FILL(view, n, value) \
  Kokkos::parallel_for("fill", n, KOKKOS_LAMBDA(const int i) { view(i) = value; })
template <class V> void scale(V v, int n) {
  Kokkos::parallel_for("scale", n, KOKKOS_LAMBDA(const int i) { v(i) *= 2; });
}
void run(int N, Kokkos::View<double*> a) {
  FILL(a, N, 1.0);
  scale(a, N);
}
)cpp");
  ASSERT_EQ(M.Sites.size(), 2u);
  const KernelModel &F = siteLabelled(M, "fill");
  EXPECT_TRUE(F.FromMacro);
  EXPECT_EQ(F.Pos.Line, 9u);
  ASSERT_NE(viewNamed(F, "a"), nullptr);
  const KernelModel &S = siteLabelled(M, "scale");
  EXPECT_TRUE(S.InTemplate);
  ASSERT_NE(viewNamed(S, "v"), nullptr);
  EXPECT_EQ(viewNamed(S, "v")->Mode, AccessMode::ReadWrite);
}

TEST(LaunchFinderTest, LabelExpressionsAndUnlabelledLaunches) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> a, std::string name) {
  Kokkos::parallel_for(name, N, KOKKOS_LAMBDA(const int i) { a(i) = 0; });
  Kokkos::parallel_for(N, [=](const int i) { a(i) = 1; });
}
)cpp");
  ASSERT_EQ(M.Sites.size(), 2u);
  EXPECT_EQ(M.Sites[0].LabelKind, "expression");
  EXPECT_EQ(M.Sites[0].Label, "name");
  EXPECT_EQ(M.Sites[1].LabelKind, "none");
  EXPECT_EQ(M.Sites[1].Functor.LambdaMacro, "[=]");
}

TEST(LaunchFinderTest, SiteHashIgnoresWhitespaceAndComments) {
  FileModel A = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> a) {
  Kokkos::parallel_for("k", N, KOKKOS_LAMBDA(const int i) { a(i) = 0; });
}
)cpp");
  FileModel B = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
// an unrelated edit above the function
void run(int N, Kokkos::View<double*> a) {
  Kokkos::parallel_for("k", N,
      KOKKOS_LAMBDA(const int i) { a(i) = 0; /* zero */ });
}
)cpp");
  FileModel C = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> a) {
  Kokkos::parallel_for("k", N, KOKKOS_LAMBDA(const int i) { a(i) = 1; });
}
)cpp");
  ASSERT_EQ(A.Sites.size(), 1u);
  ASSERT_EQ(B.Sites.size(), 1u);
  ASSERT_EQ(C.Sites.size(), 1u);
  EXPECT_EQ(A.Sites[0].Id.str(), B.Sites[0].Id.str());
  EXPECT_NE(A.Sites[0].Id.Hash, C.Sites[0].Id.Hash);
}

TEST(LaunchFinderTest, ACallOfAnotherOperatorOfTheFunctorIsFollowed) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct TagA {};
struct TagB {};
template <class T> KOKKOS_INLINE_FUNCTION double scaled(T, double y) { return 2.0 * y; }
struct Step {
  Kokkos::View<double*> x, v;
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const int i) const { v(i) += scaled(TagB(), x(i)); }
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const int i) const { x(i) += 1.0; (*this)(TagB(), i); }
};
void run(int N, Kokkos::View<double*> x, Kokkos::View<double*> v) {
  Kokkos::parallel_for("a", Kokkos::RangePolicy<TagA>(0, N), Step{x, v});
  Kokkos::parallel_for("b", Kokkos::RangePolicy<TagB>(0, N), Step{x, v});
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &A = siteLabelled(M, "a");
  // The other operator's body is A's too: v(i) read and written at i.
  EXPECT_TRUE(A.Unknown.empty()) << (A.Unknown.empty() ? "" : A.Unknown.front().Why);
  const ViewUse *V = viewNamed(A, "v");
  ASSERT_NE(V, nullptr);
  EXPECT_EQ(V->Mode, AccessMode::ReadWrite);
  ASSERT_FALSE(V->Accesses.empty());
  EXPECT_EQ(V->Accesses[0].Indices[0].Form, IndexForm::LaunchIndex);
  EXPECT_EQ(V->Accesses[0].Indices[0].Var, "i");
  EXPECT_TRUE(A.ThisBeyondMembers);
  // An empty tag passed by value is no memory access.
  EXPECT_TRUE(siteLabelled(M, "b").Unknown.empty());
}

TEST(LaunchFinderTest, DeviceFunctionsTakingViewsAreFollowed) {
  // A lambda passing its Views to functions of the program: each View
  // parameter stands for its argument, each index for its expression.
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
using V = Kokkos::View<double*>;
KOKKOS_INLINE_FUNCTION void axpy(const V &y, const V &x, const int j, const double a) {
  y(j) += a * x(j + 1);
}
template <class T> KOKKOS_INLINE_FUNCTION double at(const T &t, const int k) { return t(k); }
void run(int N, V p, V q, double a) {
  Kokkos::parallel_for("axpy", N, KOKKOS_LAMBDA(const int i) { axpy(q, p, i - 1, a); });
  Kokkos::parallel_for("at", N, KOKKOS_LAMBDA(const int i) { q(i) = at(p, i); });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &A = siteLabelled(M, "axpy");
  EXPECT_TRUE(A.Unknown.empty());
  EXPECT_TRUE(A.FollowsCalls);
  EXPECT_FALSE(A.ThisBeyondMembers);
  const ViewUse *Q = viewNamed(A, "q"), *P = viewNamed(A, "p");
  ASSERT_NE(Q, nullptr);
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(Q->Mode, AccessMode::ReadWrite);
  ASSERT_EQ(P->Accesses.size(), 1u);
  EXPECT_EQ(P->Mode, AccessMode::Read);
  EXPECT_EQ(P->Accesses[0].Indices[0].Form, IndexForm::LaunchIndex);
  EXPECT_EQ(P->Accesses[0].Indices[0].Offset, 0); // x(j + 1) with j = i - 1
  const KernelModel &T = siteLabelled(M, "at");
  EXPECT_TRUE(T.FollowsCalls);
  const ViewUse *PT = viewNamed(T, "p");
  ASSERT_NE(PT, nullptr);
  EXPECT_EQ(PT->Mode, AccessMode::Read);
}

TEST(LaunchFinderTest, MemberHelpersAreFollowedWithTheirArguments) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct Laplacian {
  Kokkos::View<double*> p, q;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    q(i) = 2.0 * p(i) - neighbour(i - 1) - neighbour(i + 1);
    store(i, at(i));
  }
private:
  KOKKOS_INLINE_FUNCTION double neighbour(const int j) const { return j < 0 || j >= n ? 0.0 : p(j); }
  // A local named as the launch index says nothing about it.
  KOKKOS_INLINE_FUNCTION double at(const int k) const { const int i = 2 * k; return p(i); }
  KOKKOS_INLINE_FUNCTION void store(const int i, const double y) const { q(i) += y; }
};
struct Looping {
  Kokkos::View<double*> a;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { a(i) = sum(i); }
private:
  KOKKOS_INLINE_FUNCTION double sum(const int i) const {
    double s = 0; for (int k = 0; k < 3; ++k) s += a(k); return s;
  }
};
void run(int N, Kokkos::View<double*> p, Kokkos::View<double*> q) {
  Kokkos::parallel_for("laplacian", N, Laplacian{p, q, N});
  Kokkos::parallel_for("looping", N, Looping{p});
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &L = siteLabelled(M, "laplacian");
  EXPECT_TRUE(L.Unknown.empty()) << (L.Unknown.empty() ? "" : L.Unknown.front().Why);
  const ViewUse *P = viewNamed(L, "p");
  ASSERT_NE(P, nullptr);
  std::vector<std::pair<IndexForm, int64_t>> Forms;
  for (const ViewAccess &A : P->Accesses)
    Forms.push_back({A.Indices[0].Form, A.Indices[0].Offset});
  // p(i), then p(j) for j = i - 1 and i + 1, then p(i) for a local `i`.
  ASSERT_EQ(Forms.size(), 4u);
  EXPECT_EQ(Forms[0], std::make_pair(IndexForm::LaunchIndex, int64_t(0)));
  EXPECT_EQ(Forms[1], std::make_pair(IndexForm::LaunchIndex, int64_t(-1)));
  EXPECT_EQ(Forms[2], std::make_pair(IndexForm::LaunchIndex, int64_t(1)));
  EXPECT_EQ(Forms[3].first, IndexForm::Other);
  // q(i) written here and read and written in store(i, ...) at i.
  const ViewUse *Q = viewNamed(L, "q");
  ASSERT_NE(Q, nullptr);
  EXPECT_EQ(Q->Mode, AccessMode::ReadWrite);
  EXPECT_EQ(Q->Accesses.back().Indices[0].Form, IndexForm::LaunchIndex);
  // A helper with a loop is followed too: 'a' read at the loop's variable,
  // a local of the helper (some element), and written at i by the body.
  const KernelModel &Lo = siteLabelled(M, "looping");
  EXPECT_TRUE(Lo.Unknown.empty()) << (Lo.Unknown.empty() ? "" : Lo.Unknown.front().Why);
  const ViewUse *A = nullptr;
  for (const ViewUse &V : Lo.Views)
    if (V.Name == "a" || V.Member == "a")
      A = &V;
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(A->Mode, AccessMode::ReadWrite);
  EXPECT_TRUE(std::any_of(A->Accesses.begin(), A->Accesses.end(), [](const ViewAccess &X) {
    return X.Mode == AccessMode::Read && X.Indices.size() == 1 &&
           X.Indices[0].Form == IndexForm::Other && X.Indices[0].Text == "k";
  }));
  EXPECT_TRUE(Lo.Loops.empty()); // the helper's loop is not the body's
}

TEST(LaunchFinderTest, LambdasNamingMembersOfTheirClassCannotBeCopiedOut) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
class Solver {
public:
  void step(int N, Kokkos::View<double*> u);
  static KOKKOS_INLINE_FUNCTION double open(double x) { return x; }
  enum Stencil { Width = 2 };
private:
  enum { Depth = 3 };
  struct Coef { double a; };
  static KOKKOS_INLINE_FUNCTION double limit(double x) { return x < 0 ? 0 : x; }
};
void Solver::step(int N, Kokkos::View<double*> u) {
  Kokkos::parallel_for("helper", N, KOKKOS_LAMBDA(const int i) { u(i) = limit(u(i)); });
  Kokkos::parallel_for("type", N, KOKKOS_LAMBDA(const int i) { u(i) *= Coef{2.0}.a; });
  Kokkos::parallel_for("public", N, KOKKOS_LAMBDA(const int i) { u(i) = open(u(i)); });
  Kokkos::parallel_for("qualified", N, KOKKOS_LAMBDA(const int i) { u(i) = Solver::open(u(i)) + Solver::Width; });
  Kokkos::parallel_for("enumerator", N, KOKKOS_LAMBDA(const int i) { u(i) += Depth; });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  EXPECT_EQ(siteLabelled(M, "helper").ScopedNames, std::vector<std::string>{"limit"});
  EXPECT_EQ(siteLabelled(M, "type").ScopedNames, std::vector<std::string>{"Coef"});
  // Unqualified, a public static is not found outside the class either.
  EXPECT_EQ(siteLabelled(M, "public").ScopedNames, std::vector<std::string>{"open"});
  EXPECT_TRUE(siteLabelled(M, "qualified").ScopedNames.empty());
  EXPECT_EQ(siteLabelled(M, "enumerator").ScopedNames, std::vector<std::string>{"Depth"});
}

TEST(LaunchFinderTest, NumberGettersReadNoMemoryAndPointersStoredThroughAreSaid) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct Grid {
  Kokkos::View<double*> v;
  int n;
  double h;
  KOKKOS_INLINE_FUNCTION int size() const { return n; }
  KOKKOS_INLINE_FUNCTION double cells() const { return n > 0 ? n * h : 0.0; }
};
void run(int N, Grid g, double *p, Kokkos::View<double*> a) {
  Kokkos::parallel_for("getter", N, KOKKOS_LAMBDA(const int i) { a(i) = g.size() + g.cells(); });
  Kokkos::parallel_for("store", N, KOKKOS_LAMBDA(const int i) { *p = a(i); });
  Kokkos::parallel_for("indexed_store", N, KOKKOS_LAMBDA(const int i) { p[i] = a(i); });
  Kokkos::parallel_for("load", N, KOKKOS_LAMBDA(const int i) { a(i) = *p; });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  EXPECT_TRUE(siteLabelled(M, "getter").Unknown.empty());
  // A pointer stored through other than indexed is a number the body
  // writes through; indexed, an array it writes.
  const KernelModel &Store = siteLabelled(M, "store");
  ASSERT_EQ(Store.Scalars.size(), 1u);
  EXPECT_EQ(Store.Scalars[0].Name, "p");
  EXPECT_FALSE(Store.Scalars[0].Written);
  EXPECT_TRUE(Store.Scalars[0].WrittenThrough);
  EXPECT_TRUE(Store.Unknown.at(0).MayWrite);
  const ViewUse *Indexed = viewNamed(siteLabelled(M, "indexed_store"), "p");
  ASSERT_NE(Indexed, nullptr);
  EXPECT_TRUE(Indexed->Pointer);
  EXPECT_EQ(Indexed->Mode, AccessMode::Write);
  ASSERT_EQ(siteLabelled(M, "load").Scalars.size(), 1u);
  EXPECT_FALSE(siteLabelled(M, "load").Scalars[0].WrittenThrough);
}

TEST(LaunchFinderTest, AccessesNotThroughAViewAreUnknown) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct Domain {
  Kokkos::View<double*> m_a;
  KOKKOS_INLINE_FUNCTION double &a(int i) const { return m_a(i); }
  KOKKOS_INLINE_FUNCTION double twice(int i) const { return 2 * m_a(i); }
};
struct Node { double x; };
struct Coeffs { double c0, c1; };
KOKKOS_INLINE_FUNCTION double opaque(const Domain &d, int i); // not in the unit
void run(int N, Domain d, double *p, Node *n, Coeffs k, Kokkos::View<double*> v) {
  double c[2] = {1, 2};
  Kokkos::parallel_for("accessor", N, KOKKOS_LAMBDA(const int i) { d.a(i) = d.twice(i); });
  Kokkos::parallel_for("pointer", N, KOKKOS_LAMBDA(const int i) { v(i) = p[i + 1]; });
  Kokkos::parallel_for("deref", N, KOKKOS_LAMBDA(const int i) { *p = v(i); });
  Kokkos::parallel_for("indexed_and_moved", N, KOKKOS_LAMBDA(const int i) { v(i) = p[i] + *(p + 2); });
  Kokkos::parallel_for("arrow", N, KOKKOS_LAMBDA(const int i) { v(i) = n->x; });
  Kokkos::parallel_for("passed", N, KOKKOS_LAMBDA(const int i) { v(i) = opaque(d, i); });
  Kokkos::parallel_for("copied", N, KOKKOS_LAMBDA(const int i) { double *q = p; v(i) = q[i]; });
  Kokkos::parallel_for("known", N, KOKKOS_LAMBDA(const int i) {
    double t[2] = {k.c0, k.c1};
    v(i) = t[0] * c[1] + k.c1 * d.m_a(i);
  });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &Accessor = siteLabelled(M, "accessor");
  // `d.a(i)` returns an element of d.m_a (an accessor); `d.twice(i)` does more.
  ASSERT_EQ(Accessor.Unknown.size(), 1u);
  EXPECT_EQ(Accessor.Unknown[0].Text, "d.twice(i)");
  EXPECT_EQ(Accessor.Unknown[0].Why, "method 'twice' of 'd'");
  const ViewUse *Through = viewNamed(Accessor, "d.m_a");
  ASSERT_NE(Through, nullptr);
  EXPECT_EQ(Through->Accessor, "a");
  EXPECT_EQ(Through->Root, "d");
  EXPECT_EQ(Through->Mode, AccessMode::Write);
  ASSERT_EQ(Through->Accesses.size(), 1u);
  EXPECT_EQ(Through->Accesses[0].Indices.at(0).Form, IndexForm::LaunchIndex);
  // A captured pointer to numbers, only indexed: a 1-D array to kfuse.
  const KernelModel &Pointer = siteLabelled(M, "pointer");
  EXPECT_TRUE(Pointer.Unknown.empty());
  const ViewUse *P = viewNamed(Pointer, "p");
  ASSERT_NE(P, nullptr);
  EXPECT_TRUE(P->Pointer);
  EXPECT_EQ(P->Rank, 1u);
  EXPECT_EQ(P->ValueTypeCanonical, "double");
  EXPECT_EQ(P->Mode, AccessMode::Read);
  ASSERT_EQ(P->Accesses.size(), 1u);
  EXPECT_EQ(P->Accesses[0].Indices.at(0).Form, IndexForm::LaunchIndex);
  EXPECT_EQ(P->Accesses[0].Indices.at(0).Offset, 1);
  // Also used other than indexed: it may reach any element.
  const KernelModel &Deref = siteLabelled(M, "deref");
  EXPECT_TRUE(Deref.Unknown.at(0).MayWrite);
  const KernelModel &Both = siteLabelled(M, "indexed_and_moved");
  ASSERT_FALSE(Both.Unknown.empty());
  EXPECT_EQ(Both.Unknown.back().Why, "the raw pointer 'p', used other than indexed");
  EXPECT_EQ(siteLabelled(M, "arrow").Unknown.size(), 1u);
  EXPECT_EQ(siteLabelled(M, "passed").Unknown.at(0).Why, "'d' passed to 'opaque'");
  EXPECT_EQ(siteLabelled(M, "copied").Unknown.at(0).Why, "raw pointer 'p' copied into 'q'");
  // Local and captured arrays of numbers, number members of a captured
  // struct, and a View member of one are all known.
  const KernelModel &Known = siteLabelled(M, "known");
  EXPECT_TRUE(Known.Unknown.empty());
  const ViewUse *A = viewNamed(Known, "d.m_a");
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(A->Root, "d");
  EXPECT_EQ(A->Mode, AccessMode::Read);
}

TEST(LaunchFinderTest, PointersIntoViewsAndHelpersTakingObjectsReachTheirViews) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct Mesh {
  Kokkos::View<double**> m_nodes;
  Kokkos::View<double*> m_x, m_vol;
  KOKKOS_INLINE_FUNCTION double &nodes(int k, int j) const { return m_nodes(k, j); }
  KOKKOS_INLINE_FUNCTION double x(int n) const { return m_x(n); }
  KOKKOS_INLINE_FUNCTION double &vol(int k) const { return m_vol(k); }
  int n;
private:
  Kokkos::View<double*> m_hidden;
};
KOKKOS_INLINE_FUNCTION int size(const Mesh &m) { return m.n; }
KOKKOS_INLINE_FUNCTION void gather(const Mesh &m, const double *nodes, double xl[2]) {
  for (int j = 0; j < 2; ++j)
    xl[j] = m.x(int(nodes[j]));
}
KOKKOS_INLINE_FUNCTION double span(const double xl[2]) { return xl[1] - xl[0]; }
KOKKOS_INLINE_FUNCTION void store(double x, double *out) { *out = x; }
KOKKOS_INLINE_FUNCTION double scaled(double x); // not in the unit
KOKKOS_INLINE_FUNCTION void spread(double x, double *out) { out[1] = x; }
KOKKOS_INLINE_FUNCTION void back(Kokkos::View<double*> w, int i) { i = i - 1; w(i) = 1.0; }
void run(int N, Mesh m, Kokkos::View<double*> v, double *p) {
  Kokkos::parallel_for("store", N, KOKKOS_LAMBDA(const int i) { store(1.0, &p[i]); });
  Kokkos::parallel_for("spread", N, KOKKOS_LAMBDA(const int i) { spread(1.0, &v(i)); });
  Kokkos::parallel_for("gather", N, KOKKOS_LAMBDA(const int k) {
    const double *const nodes = &m.nodes(k, 0);
    double xl[2];
    gather(m, nodes, xl);
    m.vol(k) = span(xl);
  });
  Kokkos::parallel_for("data", N, KOKKOS_LAMBDA(const int i) {
    double *q = v.data();
    q[i + 1] = 1.0;
  });
  Kokkos::parallel_for("number", N, KOKKOS_LAMBDA(const int k) { m.vol(k) = size(m); });
  Kokkos::parallel_for("value", N, KOKKOS_LAMBDA(const int k) {
    const double *nodes = &m.nodes(k, 0);
    m.vol(k) = scaled(nodes[1]);
  });
  Kokkos::parallel_for("back", N, KOKKOS_LAMBDA(const int i) { back(v, i); });
  Kokkos::parallel_for("index", N, KOKKOS_LAMBDA(int i) { ++i; v(i) = 1.0; });
  Kokkos::parallel_for("bound", N, KOKKOS_LAMBDA(const int i) {
    int lim = 4;
    for (int k = 0; k < lim; ++k) {
      v(k) = 1.0;
      if (k == 1)
        lim = 2;
    }
  });
  Kokkos::parallel_for("skip", N, KOKKOS_LAMBDA(const int i) {
    for (int k = 0; k < 4; ++k) {
      v(k) = 1.0;
      if (k == 1)
        k++;
    }
  });
  Kokkos::parallel_for("assigned", N, KOKKOS_LAMBDA(const int i) {
    double t[2];
    double *q = t;
    q[0] = 1.0;
    q = &v(i);
    q[1] = 2.0;
  });
  Kokkos::parallel_for("moved", N, KOKKOS_LAMBDA(const int i) {
    const double *q = &v(i);
    q = p;
    v(i) = q[0];
  });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  // Through the pointer: any element of the View it points into; through
  // the helper: what it reads of the object and writes of the local array.
  const KernelModel &Gather = siteLabelled(M, "gather");
  EXPECT_TRUE(Gather.Unknown.empty());
  EXPECT_TRUE(Gather.PointsIntoViews);
  EXPECT_TRUE(Gather.FollowsCalls);
  const ViewUse *Nodes = viewNamed(Gather, "m.m_nodes");
  ASSERT_NE(Nodes, nullptr);
  EXPECT_TRUE(Nodes->Named);
  EXPECT_EQ(Nodes->Mode, AccessMode::Read);
  ASSERT_EQ(Nodes->Accesses.size(), 1u);
  EXPECT_EQ(Nodes->Accesses[0].Indices.at(0).Form, IndexForm::Other);
  const ViewUse *X = viewNamed(Gather, "m.m_x");
  ASSERT_NE(X, nullptr);
  EXPECT_EQ(X->Accesses.at(0).Indices.at(0).Form, IndexForm::Indirect);
  EXPECT_EQ(viewNamed(Gather, "m.m_vol")->Mode, AccessMode::Write);
  const KernelModel &Data = siteLabelled(M, "data");
  EXPECT_TRUE(Data.Unknown.empty());
  EXPECT_EQ(viewNamed(Data, "v")->Mode, AccessMode::Write);
  EXPECT_EQ(viewNamed(Data, "v")->Accesses.at(0).Indices.at(0).Form, IndexForm::Other);
  // An address written in place and stored through at it: that element;
  // at another offset: any element.
  const ViewUse *Stored = viewNamed(siteLabelled(M, "store"), "p");
  ASSERT_NE(Stored, nullptr);
  EXPECT_TRUE(Stored->Pointer);
  EXPECT_EQ(Stored->Mode, AccessMode::Write);
  EXPECT_EQ(Stored->Accesses.at(0).Indices.at(0).Form, IndexForm::LaunchIndex);
  const ViewUse *Spread = viewNamed(siteLabelled(M, "spread"), "v");
  ASSERT_NE(Spread, nullptr);
  EXPECT_EQ(Spread->Accesses.at(0).Indices.at(0).Form, IndexForm::Other);
  EXPECT_EQ(Spread->Accesses.at(0).Through, "out[1]");
  // A helper reading a number of the object: the kernel uses the object
  // (fused code must capture it).
  const KernelModel &Number = siteLabelled(M, "number");
  EXPECT_TRUE(Number.Unknown.empty());
  EXPECT_TRUE(std::any_of(Number.Scalars.begin(), Number.Scalars.end(),
                          [](const ScalarUse &S) { return S.Name == "m"; }));
  // A number read through such a pointer, handed to a function: a read.
  const KernelModel &Value = siteLabelled(M, "value");
  EXPECT_TRUE(Value.Unknown.empty());
  EXPECT_EQ(viewNamed(Value, "m.m_nodes")->Mode, AccessMode::Read);
  // A parameter taken by value and changed does not stand for its
  // argument (nor the kernel's index for the launch index): unknown.
  const KernelModel &Back = siteLabelled(M, "back");
  ASSERT_EQ(Back.Unknown.size(), 1u);
  EXPECT_EQ(Back.Unknown[0].Why, "the parameter 'i', changed in 'back'");
  const KernelModel &Index = siteLabelled(M, "index");
  ASSERT_EQ(Index.Unknown.size(), 1u);
  EXPECT_EQ(Index.Unknown[0].Why, "the kernel's parameter 'i', changed in its body");
  const KernelModel &Bound = siteLabelled(M, "bound");
  ASSERT_EQ(Bound.Unknown.size(), 1u);
  EXPECT_EQ(Bound.Unknown[0].Why, "the loop bound 'lim', changed in its loop's body");
  const KernelModel &Skip = siteLabelled(M, "skip");
  ASSERT_EQ(Skip.Unknown.size(), 1u);
  EXPECT_EQ(Skip.Unknown[0].Why, "the loop variable 'k', changed in its loop's body");
  // A local pointer pointed into a View after its declaration: unknown.
  const KernelModel &Assigned = siteLabelled(M, "assigned");
  ASSERT_EQ(Assigned.Unknown.size(), 1u);
  EXPECT_EQ(Assigned.Unknown[0].Why, "the pointer 'q' set to '&v(i)'");
  EXPECT_TRUE(Assigned.Unknown[0].MayWrite);
  // A pointer into a View changed: what it points to is not known.
  EXPECT_FALSE(siteLabelled(M, "moved").Unknown.empty());
}

TEST(LaunchFinderTest, RowsHandedOutByAnAccessorReadTheObjectsViews) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct Row {
  const double *p;
  int n;
  KOKKOS_INLINE_FUNCTION double operator()(int k) const { return p[k]; }
  KOKKOS_INLINE_FUNCTION int size() const { return n; }
};
struct MutableRow {
  double *p;
  KOKKOS_INLINE_FUNCTION double &operator()(int k) const { return p[k]; }
};
struct ViewRow {
  Kokkos::View<double*> v;
  KOKKOS_INLINE_FUNCTION double operator()(int k) const { return v(k); }
};
int g_count;
struct List {
  Kokkos::View<double*> offsets, entries;
  KOKKOS_INLINE_FUNCTION Row row(int i) const { return Row{&entries(i), 2}; }
  KOKKOS_INLINE_FUNCTION MutableRow mutableRow(int i) const { return MutableRow{&entries(i)}; }
  KOKKOS_INLINE_FUNCTION ViewRow viewRow(int i) const { return ViewRow{entries}; }
  KOKKOS_INLINE_FUNCTION Row counted(int i) const { ++g_count; return row(i); }
  KOKKOS_INLINE_FUNCTION Row stored(int i) const { entries(i) = 0; return row(i); }
};
struct PointerList {
  double *extra;
  KOKKOS_INLINE_FUNCTION Row row(int i) const { return Row{extra + i, 1}; }
};
void run(int N, List l, PointerList pl, Kokkos::View<double*> x, Kokkos::View<double*> f) {
  Kokkos::parallel_for("rows", N, KOKKOS_LAMBDA(const int i) {
    const Row r = l.row(i);
    double s = 0;
    for (int k = 0; k < r.size(); ++k)
      s += x(int(r(k)));
    f(i) = s + l.row(i)(0);
  });
  Kokkos::parallel_for("mutable", N, KOKKOS_LAMBDA(const int i) {
    const MutableRow r = l.mutableRow(i);
    f(i) = r(0);
  });
  Kokkos::parallel_for("mutable_store", N, KOKKOS_LAMBDA(const int i) {
    const MutableRow r = l.mutableRow(i);
    r(0) = f(i);
  });
  Kokkos::parallel_for("mutable_copy", N, KOKKOS_LAMBDA(const int i) {
    const MutableRow r = l.mutableRow(i);
    MutableRow q = r;
    f(i) = q(0);
  });
  Kokkos::parallel_for("reassigned", N, KOKKOS_LAMBDA(const int i) {
    Row r = l.row(i);
    r = Row{pl.extra, 1};
    f(i) = r(0);
  });
  Kokkos::parallel_for("repointed", N, KOKKOS_LAMBDA(const int i) {
    Row r = l.row(i);
    r.p = pl.extra;
    f(i) = r(0);
  });
  Kokkos::parallel_for("view_row", N, KOKKOS_LAMBDA(const int i) {
    const ViewRow r = l.viewRow(i);
    f(i) = r(0);
  });
  Kokkos::parallel_for("counted", N, KOKKOS_LAMBDA(const int i) { f(i) = l.counted(i)(0); });
  Kokkos::parallel_for("stored", N, KOKKOS_LAMBDA(const int i) { f(i) = l.stored(i)(0); });
  Kokkos::parallel_for("pointer_member", N, KOKKOS_LAMBDA(const int i) { f(i) = pl.row(i)(0); });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  // A row holds pointers to const only: it reads some elements of each View
  // the list holds, named by their paths.
  const KernelModel &Rows = siteLabelled(M, "rows");
  EXPECT_TRUE(Rows.Unknown.empty()) << Rows.Unknown.at(0).Why;
  for (const char *Name : {"l.offsets", "l.entries"}) {
    const ViewUse *V = viewNamed(Rows, Name);
    ASSERT_NE(V, nullptr) << Name;
    EXPECT_EQ(V->Accessor, "row");
    EXPECT_TRUE(V->Named);
    EXPECT_EQ(V->Root, "l");
    EXPECT_EQ(V->Mode, AccessMode::Read);
    ASSERT_EQ(V->Accesses.size(), 2u);
    EXPECT_EQ(V->Accesses[0].Through, "l.row(i)");
    EXPECT_EQ(V->Accesses[0].Indices.at(0).Form, IndexForm::Indirect);
  }
  // Through a pointer that is not to const, only read: some elements too.
  const KernelModel &Mutable = siteLabelled(M, "mutable");
  EXPECT_TRUE(Mutable.Unknown.empty()) << Mutable.Unknown.at(0).Why;
  EXPECT_NE(viewNamed(Mutable, "l.entries"), nullptr);
  // Stored through, or copied; a row holding a View; an accessor that
  // stores; an object holding a raw pointer: anything.
  EXPECT_EQ(siteLabelled(M, "mutable_store").Unknown.at(0).Why,
            "the row 'r', which holds a pointer that is not to const, used other than to read");
  for (const char *Label :
       {"mutable_copy", "reassigned", "repointed", "view_row", "counted", "stored",
        "pointer_member"})
    EXPECT_FALSE(siteLabelled(M, Label).Unknown.empty()) << Label;
}

TEST(LaunchFinderTest, RowsInAMemberTemplateAreReadInEveryInstance) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct Row {
  const double *p;
  int n;
  KOKKOS_INLINE_FUNCTION double operator()(int k) const { return p[k]; }
  KOKKOS_INLINE_FUNCTION int size() const { return n; }
};
struct WritableRow {
  double *p;
  KOKKOS_INLINE_FUNCTION double &operator()(int k) const { return p[k]; }
  KOKKOS_INLINE_FUNCTION int size() const { return 1; }
};
struct CsrList {
  using RowT = Row;
  Kokkos::View<double*> offsets, entries;
  KOKKOS_INLINE_FUNCTION Row row(int i) const { return Row{&entries(i), 2}; }
};
struct DenseList {
  using RowT = WritableRow;
  Kokkos::View<double**> entries;
  KOKKOS_INLINE_FUNCTION WritableRow row(int i) const { return WritableRow{&entries(i, 0)}; }
};
template <bool B> struct Tag {};
template <class List> struct Force {
  List list;
  Kokkos::View<double*> x, f;
  template <bool B> KOKKOS_INLINE_FUNCTION void operator()(Tag<B>, const int i) const {
    const typename List::RowT r = list.row(i);
    double s = 0;
    for (int k = 0; k < r.size(); ++k)
      s += x(int(r(k)));
    f(i) = s;
  }
  void compute(int n) {
    Kokkos::parallel_for("force", Kokkos::RangePolicy<Tag<true>>(0, n), *this);
    (*this)(Tag<true>(), 0); // the stub's parallel_for calls nothing
  }
};
template <class List> struct Both {
  List list;
  Kokkos::View<double*> f;
  template <bool B> KOKKOS_INLINE_FUNCTION void operator()(Tag<B>, const int i) const {
    const typename List::RowT r = list.row(i);
    f(i) = r(0);
  }
  void compute(int n) {
    Kokkos::parallel_for("both", Kokkos::RangePolicy<Tag<true>>(0, n), *this);
    (*this)(Tag<true>(), 0);
  }
};
template struct Force<CsrList>;
template struct Both<CsrList>;
template struct Both<DenseList>;
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  // As written in the class template, `list.row(i)` is dependent: it is
  // resolved in the instances the unit holds, here one.
  const KernelModel &Force = siteLabelled(M, "force");
  EXPECT_TRUE(Force.Unknown.empty()) << Force.Unknown.at(0).Why;
  const ViewUse *Entries = viewNamed(Force, "list.entries");
  ASSERT_NE(Entries, nullptr);
  EXPECT_EQ(Entries->Accessor, "row");
  EXPECT_TRUE(Entries->Named); // a public path from a member of the functor
  EXPECT_EQ(Entries->Mode, AccessMode::Read);
  // The instances read other Views through their lists' rows (a row that
  // could be stored through is only read): one model reads both, and code
  // written once for the two names neither.
  const KernelModel &Both = siteLabelled(M, "both");
  EXPECT_EQ(Both.TemplateWhy, "");
  int Entries2 = 0;
  for (const ViewUse &V : Both.Views)
    if (V.Name == "list.entries") {
      ++Entries2;
      EXPECT_FALSE(V.Named);
      EXPECT_EQ(V.Mode, AccessMode::Read);
    }
  EXPECT_EQ(Entries2, 2); // a View<double *> and a View<double **>
}

TEST(LaunchFinderTest, ViewsAllocatedInTheFunctionAndNamedOnlyByKernelsAreFresh) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void keep(Kokkos::View<double*> &);
void run(int N, Kokkos::View<double*> given) {
  Kokkos::View<double*> a("a", N), b("b", N), c = given;
  keep(b);
  Kokkos::parallel_for("first", N, KOKKOS_LAMBDA(const int i) { a(i) = b(i) + c(i) + given(i); });
  Kokkos::parallel_for("second", N, KOKKOS_LAMBDA(const int i) { a(i) += 1; });
  keep(a);
  Kokkos::View<double*> d("d", N), e("e", N), f = e;
  Kokkos::parallel_for("by_reference", N, [&](const int i) { d(i) = 1; });
  Kokkos::parallel_for("after", N, KOKKOS_LAMBDA(const int i) { d(i) += e(i); });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &First = siteLabelled(M, "first");
  // Named after the launches only: still fresh where they run.
  EXPECT_TRUE(viewNamed(First, "a")->Fresh);
  EXPECT_TRUE(viewNamed(siteLabelled(M, "second"), "a")->Fresh);
  EXPECT_FALSE(viewNamed(First, "b")->Fresh); // passed to a function before
  EXPECT_FALSE(viewNamed(First, "c")->Fresh); // a copy of another View
  EXPECT_FALSE(viewNamed(First, "given")->Fresh);
  // A lambda capturing it by reference may assign it; another variable of
  // its declaration may share it.
  EXPECT_FALSE(viewNamed(siteLabelled(M, "by_reference"), "d")->Fresh);
  EXPECT_FALSE(viewNamed(siteLabelled(M, "after"), "d")->Fresh);
  EXPECT_FALSE(viewNamed(siteLabelled(M, "after"), "e")->Fresh);
}

TEST(LaunchFinderTest, ViewsDeclaredInTheBodyAreLocal) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> v) {
  Kokkos::parallel_for("local", N, KOKKOS_LAMBDA(const int i) {
    Kokkos::View<double*> w = v;
    w(i) = 1;
  });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const ViewUse *W = viewNamed(M.Sites.at(0), "w");
  ASSERT_NE(W, nullptr);
  EXPECT_TRUE(W->Local);
  const ViewUse *V = viewNamed(M.Sites.at(0), "v");
  ASSERT_NE(V, nullptr);
  EXPECT_FALSE(V->Local);
  EXPECT_EQ(V->Mode, AccessMode::PassedToCall);
}

TEST(LaunchFinderTest, ModelsLaunchesInProjectHeadersOncePerTemplate) {
  const char *Header = R"cpp(#pragma once
#include <Kokkos_Core.hpp>
template <class T> void fill(Kokkos::View<T*> v, T x, int n) {
  Kokkos::parallel_for("fill", n, KOKKOS_LAMBDA(const int i) { v(i) = x; });
}
inline void count(Kokkos::View<int*> c, int n) {
  using Member = Kokkos::TeamPolicy<>::member_type;
  Kokkos::parallel_for("count", Kokkos::TeamPolicy<>(n, 1), KOKKOS_LAMBDA(const Member &t) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(t, 4), [&](const int j) { c(j) += 1; });
  });
}
)cpp";
  FileModel M = LaunchFinder::analyzeCode(R"cpp(#include "kernels.h"
void run(Kokkos::View<double*> a, Kokkos::View<int*> b, int n) {
  fill(a, 1.0, n);
  fill(b, 2, n);
  count(b, n);
}
)cpp",
                                          "/project/main.cpp", {"-std=c++17", "-I/kfuse-stub"},
                                          {"/project"},
                                          {{"/kfuse-stub/Kokkos_Core.hpp", KokkosStubHeader},
                                           {"/project/kernels.h", Header}});
  ASSERT_FALSE(M.Failed) << M.Error;
  // One site for both instantiations of fill; the team-level call inside
  // count is part of its kernel, not a launch.
  ASSERT_EQ(M.Sites.size(), 2u);
  const KernelModel &Fill = siteLabelled(M, "fill");
  EXPECT_EQ(Fill.File, "/project/kernels.h");
  EXPECT_EQ(Fill.Id.RelFile, "kernels.h");
  EXPECT_EQ(Fill.Id.Function, "fill");
  EXPECT_EQ(Fill.Pos.Line, 4u);
  EXPECT_TRUE(Fill.StmtRange.valid());
  EXPECT_EQ(siteLabelled(M, "count").Policy.Kind, PolicyKind::Team);
  EXPECT_EQ(M.ProjectFiles, (std::vector<std::string>{"/project/main.cpp", "/project/kernels.h"}));
}

TEST(LaunchFinderTest, TemplatedWorkTagSelectsItsOperator) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
template <class List> struct Force {
  template <int E> struct TagHalf {};
  struct TagFull {};
  Kokkos::View<double*> f, e;
  KOKKOS_INLINE_FUNCTION void operator()(TagFull, const int i) const { f(i) = 1; }
  KOKKOS_INLINE_FUNCTION void operator()(TagHalf<0>, const int i) const { f(i) = 2; }
  KOKKOS_INLINE_FUNCTION void operator()(TagHalf<1>, const int i) const { e(i) = 3; }
  void compute(int n) {
    Kokkos::parallel_for("half1", Kokkos::RangePolicy<TagHalf<1>>(0, n), *this);
    Kokkos::parallel_for("full", Kokkos::RangePolicy<TagFull>(0, n), *this);
  }
};
void run(int n) { Force<int> F; F.compute(n); }
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &Half = siteLabelled(M, "half1");
  EXPECT_EQ(Half.Functor.OperatorSignature, "operator()(TagHalf<1>, const int)");
  ASSERT_NE(viewNamed(Half, "e"), nullptr);
  EXPECT_EQ(viewNamed(Half, "f"), nullptr);
  EXPECT_EQ(siteLabelled(M, "full").Functor.OperatorSignature, "operator()(TagFull, const int)");
}

TEST(LaunchFinderTest, OverloadsOfOneTagAreChosenByTheLaunchKind) {
  // One class serves a parallel_reduce and a parallel_for with the same tag
  // (and without one): each launch's model is the operator Kokkos calls,
  // whichever overload is declared first.
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct Tag {};
struct Step {
  using value_type = double;
  Kokkos::View<double*> a, b, c;
  KOKKOS_INLINE_FUNCTION void operator()(Tag, const int i) const { b(i) = a(i); }
  KOKKOS_INLINE_FUNCTION void operator()(Tag, const int i, double &s) const { s += a(i); c(i) = 1; }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &s) const { s += b(i); }
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { c(i) = a(i); }
};
void run(int n, Step st) {
  double s = 0;
  Kokkos::parallel_reduce("sum", Kokkos::RangePolicy<Tag>(0, n), st, s);
  Kokkos::parallel_for("copy", Kokkos::RangePolicy<Tag>(0, n), st);
  Kokkos::parallel_for("plain", n, st);
  Kokkos::parallel_reduce("plain_sum", n, st, s);
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &Sum = siteLabelled(M, "sum");
  EXPECT_EQ(Sum.Functor.OperatorSignature, "operator()(Tag, const int, double &)");
  ASSERT_TRUE(Sum.Reduction.has_value());
  EXPECT_EQ(Sum.Reduction->AccumulatorParam, "s");
  ASSERT_NE(viewNamed(Sum, "c"), nullptr);
  EXPECT_EQ(viewNamed(Sum, "b"), nullptr);
  EXPECT_EQ(siteLabelled(M, "copy").Functor.OperatorSignature, "operator()(Tag, const int)");
  EXPECT_EQ(siteLabelled(M, "plain").Functor.OperatorSignature, "operator()(const int)");
  EXPECT_EQ(siteLabelled(M, "plain_sum").Functor.OperatorSignature,
            "operator()(const int, double &)");
}

TEST(LaunchFinderTest, LaunchUnderBracelessIfIsAWholeStatement) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(bool half, int n, Kokkos::View<double*> a) {
  if (half)
    Kokkos::parallel_for("half", n, KOKKOS_LAMBDA(const int i) { a(i) = 1; });
  else
    Kokkos::parallel_for("full", n, KOKKOS_LAMBDA(const int i) { a(i) = 2; });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  for (const KernelModel &K : M.Sites) {
    EXPECT_TRUE(K.WholeStmt.valid()) << K.Label;
    EXPECT_FALSE(K.StmtRange.valid()) << K.Label; // not a statement of a block
  }
}

TEST(LaunchFinderTest, RankOfAnMDRangePolicyNamedThroughAnAlias) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
using Policy2D = Kokkos::MDRangePolicy<Kokkos::Rank<2>>;
Policy2D cells(long n) { return Policy2D({0, 0}, {n, n}); }
void run(long n, Kokkos::View<double**> a) {
  Kokkos::parallel_for("alias", Policy2D({0, 0}, {n, n}), KOKKOS_LAMBDA(int i, int j) { a(i, j) = 0; });
  Kokkos::parallel_for("helper", cells(n), KOKKOS_LAMBDA(int i, int j) { a(i, j) = 1; });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  EXPECT_EQ(siteLabelled(M, "alias").Policy.Rank, 2u);
  EXPECT_EQ(siteLabelled(M, "alias").Policy.End, (std::vector<std::string>{"n", "n"}));
  EXPECT_EQ(siteLabelled(M, "helper").Policy.Rank, 2u);
}

TEST(LaunchFinderTest, DependentExecutionSpaceAliasIsNotAWorkTag) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
template <class Device> struct Euler {
  using exec_space = typename Device::execution_space;
  Kokkos::View<double**> u;
  void step(long n) {
    Kokkos::parallel_for("flux", Kokkos::MDRangePolicy<exec_space, Kokkos::Rank<2>>({0, 0}, {n, n}),
                         KOKKOS_LAMBDA(int i, int j) { u(i, j) = 0; });
  }
};
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &Flux = siteLabelled(M, "flux");
  EXPECT_EQ(Flux.Policy.ExecSpace, "exec_space");
  EXPECT_EQ(Flux.Policy.WorkTag, "");
  EXPECT_EQ(Flux.Policy.Rank, 2u);
}

const FunctionSummary *functionNamed(const FileModel &Model, const std::string &Name) {
  for (const FunctionSummary &F : Model.Functions)
    if (F.Name == Name)
      return &F;
  ADD_FAILURE() << "no summary of '" << Name << "'";
  return nullptr;
}

TEST(LaunchFinderTest, CallsThroughATemplatesParametersResolveWhereEveryInstanceAgrees) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
template <int C> void first(Kokkos::View<double*> a, int n) {
  Kokkos::parallel_for("first", n, KOKKOS_LAMBDA(const int i) { a(i) *= C; });
}
template <int C> void other(Kokkos::View<double*> a, int n) {}
template <int C> void drive(Kokkos::View<double*> a, int n) {
  first<C>(a, n);
  other<C + 1>(a, n);
}
template <int C> void mixed(Kokkos::View<double*> a, int n) {
  if constexpr (C == 1) first<C>(a, n); else other<C>(a, n);
}
void g(int) {}
void g(double) {}
template <class T> void pick(T x) { g(x); }
void run(Kokkos::View<double*> a, int n) { drive<1>(a, n); drive<2>(a, n); pick(1); pick(2.0); }
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const FunctionSummary *First = functionNamed(M, "first");
  const FunctionSummary *Drive = functionNamed(M, "drive");
  ASSERT_TRUE(First && Drive);
  ASSERT_EQ(Drive->Body.size(), 2u);
  // `first<C>(a, n)` depends on C; drive<1> and drive<2> both call first.
  EXPECT_EQ(Drive->Body[0].Kind, FlowStatement::Form::Call);
  EXPECT_EQ(Drive->Body[0].Callee, First->Usr);
  // No instantiation of 'mixed': nothing to resolve its calls with.
  const FunctionSummary *Mixed = functionNamed(M, "mixed");
  ASSERT_TRUE(Mixed);
  ASSERT_EQ(Mixed->Body.size(), 1u);
  EXPECT_NE(Mixed->Body[0].Kind, FlowStatement::Form::Call);
  // pick<int> and pick<double> call two overloads: no one callee.
  const FunctionSummary *Pick = functionNamed(M, "pick");
  ASSERT_TRUE(Pick);
  ASSERT_EQ(Pick->Body.size(), 1u);
  EXPECT_NE(Pick->Body[0].Kind, FlowStatement::Form::Call);
}

TEST(LaunchFinderTest, FunctionSummariesForChainsAcrossFunctions) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct State { int n = 0; double box = 1; Kokkos::View<double*> x; };
struct Base { virtual ~Base() = default; virtual void note(int) = 0; };
void first(State &s) {
  auto x = s.x;
  const double box = s.box;
  Kokkos::parallel_for("first", s.n, KOKKOS_LAMBDA(const int i) { x(i) += box; });
}
double second(State &s) { return s.box; }
void drive(State &s, Base *b, int steps) {
  for (int t = 0; t < steps; ++t) {
    first(s);
    if (t % 2 == 0) {
      double e = second(s);
    }
    b->note(t);
    double f = second(s) + t;
  }
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const FunctionSummary *First = functionNamed(M, "first");
  ASSERT_TRUE(First);
  ASSERT_EQ(First->Body.size(), 3u);
  // Copying a View handle touches no element; reading a number through the
  // object that holds the View touches none of its Views.
  EXPECT_TRUE(First->Body[0].CopiesHandles);
  EXPECT_TRUE(First->Body[1].Effects.TouchesObjects.empty());
  EXPECT_EQ(First->Body[2].Kind, FlowStatement::Form::Launch);
  EXPECT_EQ(First->Body[2].Site, siteLabelled(M, "first").Id.str());
  const FunctionSummary *Drive = functionNamed(M, "drive");
  ASSERT_TRUE(Drive);
  ASSERT_EQ(Drive->Body.size(), 1u);
  const FlowStatement &Loop = Drive->Body[0];
  EXPECT_EQ(Loop.Kind, FlowStatement::Form::Loop);
  EXPECT_TRUE(Loop.Header.Opaque.empty());
  ASSERT_EQ(Loop.Body.size(), 4u);
  EXPECT_EQ(Loop.Body[0].Kind, FlowStatement::Form::Call);
  EXPECT_EQ(Loop.Body[0].Callee, First->Usr);
  EXPECT_EQ(Loop.Body[1].Kind, FlowStatement::Form::If);
  EXPECT_NE(Loop.Body[1].ThenLineAfter, ~0u);
  ASSERT_EQ(Loop.Body[1].Body.size(), 1u);
  EXPECT_EQ(Loop.Body[1].Body[0].Kind, FlowStatement::Form::Call);
  EXPECT_NE(Loop.Body[2].Effects.Opaque.find("virtual function 'note'"), std::string::npos)
      << Loop.Body[2].Effects.Opaque;
  // `second(s) + t`: a call statement; the operand besides it reads a local.
  EXPECT_EQ(Loop.Body[3].Kind, FlowStatement::Form::Call);
  EXPECT_TRUE(Loop.Body[3].Around.Opaque.empty()) << Loop.Body[3].Around.Opaque;
  EXPECT_NE(Loop.Body[0].LineBegin, ~0u);
  EXPECT_NE(Loop.Body[0].LineAfter, ~0u);
}

TEST(LaunchFinderTest, CallArgumentsEvaluatedTwiceAndWritesThroughReturnedReferences) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
namespace std { int rand(); }
int g_calls = 0;
int next() { return ++g_calls; }
struct Mesh {
  int *sizes;
  double step = 0.1;
  int size(int r) const { return sizes[r]; }
  double &dt() { return step; }
};
void take(Mesh &m, int length, int r) {}
void set(double &x) { x = 1.0; }
void count(int &x) { ++x; }
struct Input { double rate; };
void drive(Mesh &m, int r, Input *in, int *p) {
  take(m, m.size(r), r);
  take(m, next(), r);
  take(m, std::rand(), r);
  m.dt() = 0.5;
  set(in->rate);
  count(p[r]);
  set(m.dt());
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const FunctionSummary *Drive = functionNamed(M, "drive");
  ASSERT_TRUE(Drive);
  ASSERT_EQ(Drive->Body.size(), 7u);
  // A getter reading a number through a pointer: evaluated once more, the
  // same; the read is a pointer read of its type.
  EXPECT_TRUE(Drive->Body[0].ArgsExact);
  EXPECT_TRUE(Drive->Body[0].ArgsProblem.empty()) << Drive->Body[0].ArgsProblem;
  ASSERT_EQ(Drive->Body[0].ArgsPointerReads.FieldPointers.size(), 1u);
  EXPECT_EQ(Drive->Body[0].ArgsPointerReads.FieldPointers[0].Name, "Mesh::sizes");
  EXPECT_EQ(Drive->Body[0].ArgsPointerReads.FieldPointers[0].Type, "int");
  // A call that changes a global, or a library function other than math.
  EXPECT_FALSE(Drive->Body[1].ArgsExact);
  EXPECT_FALSE(Drive->Body[2].ArgsExact);
  // Written through the reference a method returns: the object changes.
  for (size_t S : {3u, 6u}) {
    const std::vector<std::string> &Changed = Drive->Body[S].Effects.Changes;
    EXPECT_NE(std::find(Changed.begin(), Changed.end(), "m"), Changed.end()) << S;
  }
  // Numbers a reference parameter may write through a pointer: not reads.
  EXPECT_TRUE(Drive->Body[4].Effects.OpaqueOther) << Drive->Body[4].Effects.Opaque;
  EXPECT_TRUE(Drive->Body[5].Effects.OpaqueOther) << Drive->Body[5].Effects.Opaque;
}

TEST(LaunchFinderTest, MemberAssignmentsAndCallsInsideArithmetic) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct System { Kokkos::View<double*> v; int n = 0; };
int g_calls = 0;
int next() { return ++g_calls; }
class Energy {
  Kokkos::View<double*> v;
  int n = 0;
public:
  double compute(System *s) {
    v = s->v;
    this->n = s->n;
    double e = 0;
    Kokkos::parallel_reduce(n, *this, e);
    return e;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &e) const { e += v(i); }
};
void drive(System &sys, Energy &en, System *p) {
  double a = en.compute(&sys) / sys.n;
  double b = en.compute(&sys) / p->n;
  double c = en.compute(&sys) + next();
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const FunctionSummary *Compute = functionNamed(M, "Energy::compute");
  ASSERT_TRUE(Compute);
  ASSERT_GE(Compute->Body.size(), 2u);
  // `v = s->v;` and `this->n = s->n;` assign members: the value as written.
  EXPECT_EQ(Compute->Body[0].AssignedMember, "v");
  EXPECT_TRUE(Compute->Body[0].AssignsHandle);
  EXPECT_EQ(Compute->Body[1].AssignedMember, "n");
  ASSERT_TRUE(Compute->Body[1].AssignedValue.valid());
  const FunctionSummary *Drive = functionNamed(M, "drive");
  ASSERT_TRUE(Drive);
  ASSERT_EQ(Drive->Body.size(), 3u);
  // A call divided by a number: a call statement, its argument `&sys` the
  // same each time it is evaluated.
  EXPECT_EQ(Drive->Body[0].Kind, FlowStatement::Form::Call);
  EXPECT_TRUE(Drive->Body[0].ArgsExact);
  EXPECT_TRUE(Drive->Body[0].Around.Opaque.empty()) << Drive->Body[0].Around.Opaque;
  // Divided by a number read through a pointer: the planner weighs it.
  EXPECT_EQ(Drive->Body[1].Kind, FlowStatement::Form::Call);
  EXPECT_EQ(Drive->Body[1].Around.PointerReads, std::vector<std::string>{"int"});
  // Added to a call that changes a global: not a call statement.
  EXPECT_EQ(Drive->Body[2].Kind, FlowStatement::Form::Plain);
}

TEST(LaunchFinderTest, CallsIntoOtherUnitsAreRecorded) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
class Comm {
public:
  virtual ~Comm() = default;
  virtual void reduce(double *values, int count);
};
void log_step(int step);
int printf(const char *, ...);
template <class T> class TypedComm : public Comm {
public:
  void reduce(double *, int) override {}
};
TypedComm<int> g_comm;
template <class T> class RemoteComm : public Comm {
public:
  void reduce(double *, int) override;
};
RemoteComm<int> g_remote;
class FarComm : public Comm {
public:
  void reduce(double *, int) override;
};
void drive(Comm *comm, int step, double *p) {
  double e = step;
  comm->reduce(&e, 1);
  log_step(step);
  comm->reduce(p, 1);
  printf("step %d\n", step);
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const FunctionSummary *Drive = functionNamed(M, "drive");
  ASSERT_TRUE(Drive);
  ASSERT_EQ(Drive->Body.size(), 5u);
  // A virtual call: opaque only for the call, which the planner may judge
  // on the overriders' bodies; the address of a local number changes it.
  const HostStatement &Reduce = Drive->Body[1].Effects;
  ASSERT_EQ(Reduce.Unseen.size(), 1u);
  EXPECT_TRUE(Reduce.Unseen[0].Virtual);
  EXPECT_EQ(Reduce.Unseen[0].Name, "Comm::reduce");
  EXPECT_FALSE(Reduce.OpaqueBeyondCalls) << Reduce.Opaque;
  EXPECT_NE(std::find(Reduce.Changes.begin(), Reduce.Changes.end(), "e"), Reduce.Changes.end());
  // A function declared here and defined in another unit.
  const HostStatement &Log = Drive->Body[2].Effects;
  ASSERT_EQ(Log.Unseen.size(), 1u);
  EXPECT_FALSE(Log.Unseen[0].Virtual);
  EXPECT_FALSE(Log.OpaqueBeyondCalls);
  // A pointer passed to a function the planner judges on its body: the
  // body says what it does through it.
  EXPECT_FALSE(Drive->Body[3].Effects.OpaqueBeyondCalls);
  EXPECT_FALSE(Drive->Body[3].Effects.Unseen.empty());
  // A string literal passed to a function reaches nothing it may write.
  EXPECT_FALSE(Drive->Body[4].Effects.OpaqueBeyondCalls) << Drive->Body[4].Effects.Opaque;
  // A class template's overrider is summarized as the unit instantiates
  // it; one whose body the unit lacks is recorded, unsummarized, with what
  // it overrides.
  const FunctionSummary *Typed = nullptr, *Remote = nullptr, *Far = nullptr;
  for (const FunctionSummary &F : M.Functions) {
    if (llvm::StringRef(F.Name).starts_with("TypedComm"))
      Typed = &F;
    if (llvm::StringRef(F.Name).starts_with("RemoteComm"))
      Remote = &F;
    if (llvm::StringRef(F.Name).starts_with("FarComm"))
      Far = &F;
  }
  // So is an overrider declared here and defined elsewhere (or nowhere
  // kfuse is given).
  ASSERT_TRUE(Far);
  EXPECT_TRUE(Far->Unsummarized);
  ASSERT_TRUE(Typed);
  EXPECT_FALSE(Typed->Unsummarized);
  EXPECT_FALSE(Typed->Overrides.empty());
  ASSERT_TRUE(Remote);
  EXPECT_TRUE(Remote->Unsummarized);
  EXPECT_FALSE(Remote->Overrides.empty());
  EXPECT_TRUE(Remote->Body.empty());
}

TEST(LaunchFinderTest, KernelsStoringOnlyIntoLocalsAreKnown) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
#define T_INT int
struct List {
  struct Neighs {
    const double *ptr;
    int num;
    Neighs(const double *p, int n) : ptr(p), num(n) {}
    int operator()(int j) const { return int(ptr[j]); }
  };
  Kokkos::View<int *> num;
  Kokkos::View<int **> neighs;
  Neighs get(int i) const { return Neighs(&neighs(i, 0), int(num(i))); }
};
void add(double &into, double x) { into += x; }
void run(int n, List list, Kokkos::View<double *> a, Kokkos::View<double *> b) {
  double e = 0, f = 0, g = 0;
  Kokkos::parallel_reduce("energy", Kokkos::RangePolicy<Kokkos::IndexType<T_INT>>(0, n),
      KOKKOS_LAMBDA(const int i, double &s) {
        const List::Neighs ni = list.get(i);
        double local[2] = {0, 0};
        for (int j = 0; j < ni.num; ++j) {
          add(local[0], a(ni(j)));
          local[1] += 1;
        }
        s += local[0] + local[1];
      }, e);
  Kokkos::parallel_for("store", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
  Kokkos::parallel_reduce("through", n, KOKKOS_LAMBDA(const int i, double &s) {
        add(b(i), 1.0);
        s += b(i);
      }, f);
  Kokkos::parallel_reduce("pointer", n, KOKKOS_LAMBDA(const int i, double &s) {
        double *p = &b(i);
        *p = 2.0;
        s += *p;
      }, g);
  double total = 0;
  Kokkos::parallel_for("captured", n, [&](const int i) { total += a(i); });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &Energy = siteLabelled(M, "energy");
  EXPECT_TRUE(Energy.StoresOnlyLocals) << Energy.FirstStore;
  // A macro the policy names, declared where its definition is.
  EXPECT_NE(std::find(Energy.Policy.GlobalNames.begin(), Energy.Policy.GlobalNames.end(),
                      "T_INT"),
            Energy.Policy.GlobalNames.end());
  const KernelModel &Store = siteLabelled(M, "store");
  EXPECT_FALSE(Store.StoresOnlyLocals);
  EXPECT_NE(Store.FirstStore.find("a store to 'b(i)'"), std::string::npos) << Store.FirstStore;
  const KernelModel &Through = siteLabelled(M, "through");
  EXPECT_FALSE(Through.StoresOnlyLocals);
  EXPECT_NE(Through.FirstStore.find("into"), std::string::npos) << Through.FirstStore;
  const KernelModel &Pointer = siteLabelled(M, "pointer");
  EXPECT_FALSE(Pointer.StoresOnlyLocals);
  EXPECT_NE(Pointer.FirstStore.find("'*p'"), std::string::npos) << Pointer.FirstStore;
  // A host variable a lambda captures by reference is not the kernel's.
  const KernelModel &Captured = siteLabelled(M, "captured");
  EXPECT_FALSE(Captured.StoresOnlyLocals);
  EXPECT_NE(Captured.FirstStore.find("'total'"), std::string::npos) << Captured.FirstStore;
}

TEST(LaunchFinderTest, LaunchesAndHandleCopiesBetweenAreRecorded) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct List {
  Kokkos::View<int *> num;
  int count = 0;
};
class Neighbor {
  List list;
public:
  List get_list() { return list; }
};
struct Energy {
  List list;
  int steps = 0;
  double compute(Neighbor *neighbor, int n);
  void operator()(const int i, double &e) const { e += list.num(i); }
};
double Energy::compute(Neighbor *neighbor, int n) {
  list = neighbor->get_list();
  double e = 0;
  if (n > 0)
    Kokkos::parallel_reduce("energy", n, *this, e);
  steps++;
  return e;
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const FunctionSummary *Compute = functionNamed(M, "Energy::compute");
  ASSERT_TRUE(Compute);
  ASSERT_EQ(Compute->Body.size(), 5u);
  // An object of handles and numbers, as a getter returns it.
  EXPECT_TRUE(Compute->Body[0].AssignsHandle);
  // A launch inside an `if`: recorded where it is, opaque for it only.
  const HostStatement &If = Compute->Body[2].Effects;
  ASSERT_EQ(If.Launches.size(), 1u);
  EXPECT_EQ(If.Launches[0].Line, siteLabelled(M, "energy").Pos.Line);
  EXPECT_FALSE(If.OpaqueBeyondCalls) << If.Opaque;
}

TEST(LaunchFinderTest, AccessorIndexingOneViewWithAnotherReadsBoth) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
struct List { Kokkos::View<int*> row_map, entries; };
class Domain {
public:
  KOKKOS_INLINE_FUNCTION int elem(const int r, int i) const {
    return m_list.entries(m_list.row_map(r) + i);
  }
  KOKKOS_INLINE_FUNCTION double &e(int i) const { return m_e(i); }
  KOKKOS_INLINE_FUNCTION double &f_next(int i) const { return m_f(i + 1); }
private:
  Kokkos::View<double*> m_f;
  List m_list;
  Kokkos::View<double*> m_e;
};
double sum(Domain &domain, int r, int n) {
  double s = 0;
  Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(const int i, double &t) {
    t += domain.e(domain.elem(r, i)) + domain.f_next(i);
  }, s);
  return s;
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &K = siteLabelled(M, "sum");
  EXPECT_TRUE(K.Unknown.empty());
  for (const char *Name :
       {"domain.m_list.entries", "domain.m_list.row_map", "domain.m_e", "domain.m_f"}) {
    const ViewUse *V = viewNamed(K, Name);
    ASSERT_TRUE(V) << Name;
    EXPECT_EQ(V->Mode, AccessMode::Read) << Name;
    EXPECT_EQ(V->Root, "domain");
    EXPECT_FALSE(V->Accessor.empty());
  }
  // The returned element's index is computed in the accessor from an
  // element of another View: indirect.
  const ViewUse *Entries = viewNamed(K, "domain.m_list.entries");
  ASSERT_EQ(Entries->Accesses.size(), 1u);
  ASSERT_EQ(Entries->Accesses[0].Indices.size(), 1u);
  EXPECT_EQ(Entries->Accesses[0].Indices[0].Form, IndexForm::Indirect);
  // Computed from a parameter bound to the launch index: depends on it.
  const ViewUse *Next = viewNamed(K, "domain.m_f");
  ASSERT_TRUE(Next);
  ASSERT_EQ(Next->Accesses.size(), 1u);
  ASSERT_EQ(Next->Accesses[0].Indices.size(), 1u);
  EXPECT_EQ(Next->Accesses[0].Indices[0].Form, IndexForm::Other);
  EXPECT_EQ(Next->Accesses[0].Indices[0].Var, "i");
  // `r` is read through the accessor's arguments: a capture.
  EXPECT_TRUE(std::any_of(K.Scalars.begin(), K.Scalars.end(),
                          [](const ScalarUse &S) { return S.Name == "r"; }));
}

TEST(LaunchFinderTest, PrivateMembersBehindAccessorsAreNamedByTheirClass) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
namespace app {
class Mesh {
public:
  KOKKOS_INLINE_FUNCTION double &u(int i) const { return m_u(i); }
  KOKKOS_INLINE_FUNCTION double w(int i) const { return m_w(i); }
  Kokkos::View<double*> m_w;
private:
  Kokkos::View<double*> m_u;
};
}
namespace {
class Hidden {
public:
  KOKKOS_INLINE_FUNCTION double &u(int i) const { return m_u(i); }
private:
  Kokkos::View<double*> m_u;
};
}
void run(int N, app::Mesh mesh, Hidden h) {
  Kokkos::parallel_for("mesh", N, KOKKOS_LAMBDA(const int i) { mesh.u(i) = mesh.w(i); });
  Kokkos::parallel_for("hidden", N, KOKKOS_LAMBDA(const int i) { h.u(i) = 1; });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &K = siteLabelled(M, "mesh");
  const ViewUse *U = viewNamed(K, "mesh.m_u");
  ASSERT_TRUE(U);
  EXPECT_TRUE(U->Named);
  ASSERT_EQ(U->Steps.size(), 1u);
  EXPECT_EQ(U->Steps[0].Member, "m_u");
  EXPECT_EQ(U->Steps[0].Class, "::app::Mesh");
  // A public member needs no pointer.
  const ViewUse *W = viewNamed(K, "mesh.m_w");
  ASSERT_TRUE(W);
  EXPECT_TRUE(W->Named);
  EXPECT_TRUE(W->Steps.empty());
  // A class of an anonymous namespace has no spelling at namespace scope
  // of every file: not named.
  const ViewUse *H = viewNamed(siteLabelled(M, "hidden"), "h.m_u");
  ASSERT_TRUE(H);
  EXPECT_FALSE(H->Named);
  EXPECT_TRUE(H->Steps.empty());
}

TEST(LaunchFinderTest, RowsOfPrivateMembersAreNamedByTheirClass) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
namespace md {
struct Row {
  const double *p;
  int n;
  KOKKOS_INLINE_FUNCTION int operator()(int k) const { return int(p[k]); }
};
class List {
public:
  KOKKOS_INLINE_FUNCTION Row row(int i) const { return Row{&m_entries(int(m_offsets(i))), 2}; }
private:
  Kokkos::View<int*> m_offsets, m_entries;
};
}
void run(int N, md::List list, Kokkos::View<double*> x, Kokkos::View<double*> f) {
  Kokkos::parallel_for("force", N, KOKKOS_LAMBDA(const int i) {
    const md::Row r = list.row(i);
    f(i) = x(r(0)) + x(r(1));
  });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  const KernelModel &K = siteLabelled(M, "force");
  for (const char *Name : {"list.m_offsets", "list.m_entries"}) {
    const ViewUse *V = viewNamed(K, Name);
    ASSERT_TRUE(V) << Name;
    EXPECT_EQ(V->Accessor, "row");
    EXPECT_TRUE(V->Named) << Name;
    ASSERT_EQ(V->Steps.size(), 1u) << Name;
    EXPECT_EQ(V->Steps[0].Class, "::md::List");
  }
}

TEST(LaunchFinderTest, ALocalPointerToOneElementReadsThatElement) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void run(int N, int k, Kokkos::View<double*> v, Kokkos::View<double*> w) {
  Kokkos::parallel_for("fixed", N, KOKKOS_LAMBDA(const int i) {
    const double *q = &v(i + k);
    w(i) = q[0] + *q;
  });
  Kokkos::parallel_for("offset", N, KOKKOS_LAMBDA(const int i) {
    const double *q = &v(i);
    w(i) = q[1];
  });
  Kokkos::parallel_for("moved", N, KOKKOS_LAMBDA(const int i) {
    const double *q = &v(i);
    if (i > 2)
      q = &v(i - 1);
    w(i) = q[0];
  });
  Kokkos::parallel_for("local", N, KOKKOS_LAMBDA(const int i) {
    int j = i;
    const double *q = &v(j);
    ++j;
    w(i) = q[0];
  });
  int m = 0;
  Kokkos::parallel_for("reference", N, [&](const int i) {
    const double *q = &v(i + m);
    ++m;
    w(i) = q[0];
  });
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  // Never changed, at an index of the kernel's index and captures: `q[0]`
  // and `*q` are that element.
  const ViewUse *Fixed = viewNamed(siteLabelled(M, "fixed"), "v");
  ASSERT_TRUE(Fixed);
  ASSERT_EQ(Fixed->Accesses.size(), 2u);
  for (const ViewAccess &A : Fixed->Accesses) {
    EXPECT_TRUE(A.Through.empty());
    EXPECT_EQ(A.Indices.at(0).Var, "i");
  }
  // At another offset, moved, or at an index a local holds: any element.
  for (const char *Label : {"offset", "moved", "local", "reference"}) {
    const ViewUse *V = viewNamed(siteLabelled(M, Label), "v");
    ASSERT_TRUE(V) << Label;
    EXPECT_TRUE(std::any_of(V->Accesses.begin(), V->Accesses.end(),
                            [](const ViewAccess &A) { return !A.Through.empty(); }))
        << Label;
  }
}

TEST(LaunchFinderTest, CodeThatDoesNotCompileFails) {
  FileModel M = analyzeWithStub("void f() { undeclared(); }");
  EXPECT_TRUE(M.Failed);
  EXPECT_TRUE(M.Sites.empty());
}

} // namespace

TEST(LaunchFinderTest, WorkTagsOfClassTemplatesAreSpelledWithTheirNumbers) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
enum class Mode { A, B };
template <int N, bool On> struct TagN {};
template <Mode X> struct TagM {};
struct F {
  template <int N, bool On> KOKKOS_INLINE_FUNCTION void operator()(TagN<N, On>, const int) const {}
  template <Mode X> KOKKOS_INLINE_FUNCTION void operator()(TagM<X>, const int) const {}
};
void run(int n) {
  Kokkos::parallel_for("numbers", Kokkos::RangePolicy<TagN<-2, true>>(0, n), F{});
  Kokkos::parallel_for("enum", Kokkos::RangePolicy<TagM<Mode::B>>(0, n), F{});
}
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  // A bool as `true`, as a template argument must be; an enumerator is not
  // spelled (its number would not convert).
  EXPECT_EQ(siteLabelled(M, "numbers").Policy.WorkTagClass, "TagN<-2, true>");
  EXPECT_EQ(siteLabelled(M, "enum").Policy.WorkTagClass, "");
}

TEST(LaunchFinderTest, LaunchesInFunctionTemplatesAndMembersTheirClassReads) {
  // A library's function filling a C struct of numbers it is given.
  FileModel M = LaunchFinder::analyzeCode(R"cpp(
#include <Kokkos_Core.hpp>
#include <clock.h>
class Base {
protected:
  Kokkos::View<double*> f;
private:
  Kokkos::View<double*> hidden;
public:
  KOKKOS_INLINE_FUNCTION double own(int i) const { return hidden(i); }
};
class Force : public Base {
public:
  struct Tag {};
  KOKKOS_INLINE_FUNCTION void operator()(Tag, const int i) const { f(i) = w(i) + own(i); }
  template <int MODE> void run(int n) {
    if (MODE > 1)
      Kokkos::parallel_for("dependent", Kokkos::RangePolicy<Tag>(0, n * MODE), *this);
    else
      Kokkos::parallel_for("fixed", Kokkos::RangePolicy<Tag>(0, n), *this);
  }
  void compute(int n) {
    Stamp t;
    clock(&t);
    return run<0>(n);
  }
private:
  Kokkos::View<double*> w;
};
)cpp",
      "/project/input.cpp", {"-std=c++17", "-isystem/kfuse-stub"}, {"/project"},
      {{"/kfuse-stub/Kokkos_Core.hpp", KokkosStubHeader},
       {"/kfuse-stub/clock.h", "extern \"C\" {\nstruct Stamp { long sec; int usec[2]; };\n"
                               "void clock(struct Stamp *s);\n}\n"}});
  ASSERT_FALSE(M.Failed) << M.Error;
  // The launch names no template parameter: every instantiation launches
  // the same kernel; the other's bounds depend on one.
  const KernelModel &Fixed = siteLabelled(M, "fixed");
  EXPECT_TRUE(Fixed.InTemplate);
  EXPECT_FALSE(Fixed.DependentLaunch);
  EXPECT_TRUE(Fixed.WholeStmt.valid());
  EXPECT_FALSE(Fixed.StmtRange.valid()); // the branch of an `if`
  EXPECT_TRUE(siteLabelled(M, "dependent").DependentLaunch);
  // A member the functor's own class may name (its own private one, a
  // protected one of its base), and one only the base's code may name.
  const ViewUse *W = viewNamed(Fixed, "w"), *F = viewNamed(Fixed, "f"),
                *Hidden = viewNamed(Fixed, "hidden");
  ASSERT_TRUE(W && F && Hidden);
  EXPECT_TRUE(W->PrivateMember && W->ClassReadable);
  EXPECT_TRUE(F->PrivateMember && F->ClassReadable);
  EXPECT_TRUE(Hidden->PrivateMember);
  EXPECT_FALSE(Hidden->ClassReadable);
  // The template is summarized as written, and the call returning into it
  // names it; the address of a local of numbers reaches nothing else.
  const FunctionSummary *Run = functionNamed(M, "Force::run");
  const FunctionSummary *Compute = functionNamed(M, "Force::compute");
  ASSERT_TRUE(Run && Compute);
  ASSERT_EQ(Compute->Body.size(), 3u);
  EXPECT_EQ(Compute->Body[1].Effects.Opaque, "");
  EXPECT_TRUE(Compute->Body[2].Returns);
  EXPECT_EQ(Compute->Body[2].TailCallee, Run->Usr);
}

TEST(LaunchFinderTest, PointerMembersHoldingAllocationsOfTheirOwn) {
  FileModel M = analyzeWithStub(R"cpp(
#include <Kokkos_Core.hpp>
void keep(double *p);
class Timer {
public:
  Timer() : laps(new double[4]), spans(nullptr) {}
  ~Timer() { delete[] laps; }
  void stamp(int w) { laps[w] += 1.0; if (spans) *spans = laps[w]; }
  void share() { keep(shared); }
  void view() { Kokkos::View<double *> v("v", 4); wrapped = v.data(); }
  double *laps;
  double *spans;
  double *shared = nullptr;
  double *wrapped;
  double *cells = new double[8];
  double *first() { return &cells[0]; }
};
double total(Timer &t) { return t.laps[0] + t.laps[1]; }
)cpp");
  ASSERT_FALSE(M.Failed) << M.Error;
  // Allocated, indexed, dereferenced, compared, deleted: its own memory.
  ASSERT_EQ(M.PointerFields.count("Timer::laps"), 1u);
  EXPECT_EQ(M.PointerFields.at("Timer::laps"), "");
  EXPECT_EQ(M.PointerFields.at("Timer::spans"), "");
  // Its value goes elsewhere, or it holds another's memory.
  EXPECT_NE(M.PointerFields.at("Timer::shared").find("passed to 'keep'"), std::string::npos)
      << M.PointerFields.at("Timer::shared");
  EXPECT_NE(M.PointerFields.at("Timer::wrapped").find("assigned another pointer"),
            std::string::npos)
      << M.PointerFields.at("Timer::wrapped");
  EXPECT_NE(M.PointerFields.at("Timer::cells").find("address"), std::string::npos)
      << M.PointerFields.at("Timer::cells");
  // What host code reads and writes through it is recorded by the member.
  const FunctionSummary *Stamp = functionNamed(M, "Timer::stamp");
  ASSERT_TRUE(Stamp && !Stamp->Body.empty());
  const HostStatement &E = Stamp->Body[0].Effects;
  EXPECT_FALSE(E.OpaqueOther);
  EXPECT_TRUE(E.PointerReads.empty());
  ASSERT_EQ(E.FieldPointers.size(), 1u);
  EXPECT_EQ(E.FieldPointers[0].Name, "Timer::laps");
  EXPECT_EQ(E.FieldPointers[0].Type, "double");
}
} // namespace kfuse::test
