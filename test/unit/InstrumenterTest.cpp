//===- InstrumenterTest.cpp - Instrumented text from the launch model -----===//

#include "KokkosStub.h"
#include "kfuse/CompilerLauncher.h"
#include "kfuse/Instrumenter.h"
#include "llvm/ADT/StringRef.h"
#include "gtest/gtest.h"

namespace kfuse::test {
namespace {

InstrumentedFile instrumentWithStub(const std::string &Code) {
  FileModel M = analyzeWithStub(Code);
  EXPECT_FALSE(M.Failed) << M.Error;
  return Instrumenter::instrument(Code, "/project/input.cpp", M.Sites);
}

unsigned lineCount(llvm::StringRef S) { return S.count('\n'); }

TEST(InstrumenterTest, WrapsLaunchAndKeepsLineNumbers) {
  std::string Code = R"cpp(#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> a, Kokkos::View<double*> b) {
  Kokkos::parallel_for("copy", N,
      KOKKOS_LAMBDA(const int i) { b(i) = a(i); });
}
)cpp";
  InstrumentedFile F = instrumentWithStub(Code);
  EXPECT_EQ(F.Instrumented, 1u);
  EXPECT_TRUE(F.Skipped.empty());
  llvm::StringRef Text = F.Text;
  ASSERT_TRUE(Text.consume_front(
      "#include <kfuse/runtime/Instrumentation.hpp>\n#line 1 \"/project/input.cpp\"\n"));
  EXPECT_EQ(lineCount(Text), lineCount(Code));
  EXPECT_NE(Text.find("::kfuse::rt::SiteInfo kfuse_site_{\"input.cpp:run#0:"),
            llvm::StringRef::npos)
      << Text.str();
  EXPECT_NE(Text.find("\"input.cpp\", 3, 3, \"parallel_for\", \"copy\"}"),
            llvm::StringRef::npos);
  EXPECT_NE(Text.find("kfuse_launch_.view(\"b\", ::kfuse::rt::Write, b); "
                      "kfuse_launch_.view(\"a\", ::kfuse::rt::Read, a); "
                      "kfuse_launch_.start(); Kokkos::parallel_for(\"copy\", "
                      "::kfuse::rt::policy(kfuse_launch_, N),"),
            llvm::StringRef::npos)
      << Text.str();
  EXPECT_TRUE(Text.contains("{ b(i) = a(i); }); kfuse_launch_.stop(); }\n}"))
      << Text.str();
}

TEST(InstrumenterTest, UninstantiatedTemplatesAreNotReported) {
  // A member template launching its parameter, never instantiated here:
  // nothing runs, so no remark; instantiated, its functor is known.
  std::string Code = R"cpp(#include <Kokkos_Core.hpp>
struct Plain {
  Kokkos::View<double*> u;
  template <class F> void apply(F f) { Kokkos::parallel_for("apply", u.extent(0), f); }
};
struct Used {
  Kokkos::View<double*> u;
  template <class F> void apply(F f) { Kokkos::parallel_for("used", u.extent(0), f); }
};
struct Twice {
  Kokkos::View<double*> u;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) *= 2; }
};
void run(Used s, Twice t) { s.apply(t); }
)cpp";
  InstrumentedFile F = instrumentWithStub(Code);
  EXPECT_TRUE(F.Skipped.empty()) << F.Skipped.front().Reason;
}

TEST(InstrumenterTest, PrivateMembersBehindAccessorsAreRecordedThroughPointers) {
  std::string Code = R"cpp(#include <Kokkos_Core.hpp>
namespace app {
class Mesh {
public:
  KOKKOS_INLINE_FUNCTION double &u(int i) const { return m_u(i); }
private:
  Kokkos::View<double*> m_u;
};
void run(int N, Mesh mesh) {
  Kokkos::parallel_for("scale", N, KOKKOS_LAMBDA(const int i) { mesh.u(i) *= 2; });
}
}
)cpp";
  InstrumentedFile F = instrumentWithStub(Code);
  EXPECT_EQ(F.Instrumented, 1u);
  EXPECT_TRUE(F.Skipped.empty());
  llvm::StringRef Text = F.Text;
  ASSERT_TRUE(Text.consume_front(
      "#include <kfuse/runtime/Instrumentation.hpp>\n#line 1 \"/project/input.cpp\"\n"));
  // On one line, before the function: the line numbers stay the user's.
  EXPECT_EQ(lineCount(Text), lineCount(Code));
  EXPECT_TRUE(Text.contains("template struct kfuse_site0_members<kfuse_site0_app_Mesh_m_u, "
                            "decltype(&::app::Mesh::m_u), &::app::Mesh::m_u>; void run("))
      << Text.str();
  EXPECT_TRUE(Text.contains("kfuse_launch_.view(\"mesh.m_u\", ::kfuse::rt::ReadWrite, "
                            "(mesh.*kfuse_site0_member(kfuse_site0_app_Mesh_m_u{})));"))
      << Text.str();
}

TEST(InstrumenterTest, FunctorMembersAreRecordedThroughInspect) {
  std::string Code = R"cpp(#include <Kokkos_Core.hpp>
struct Axpy {
  Kokkos::View<double*> x, y;
  double alpha;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) += alpha * x(i); }
};
void run(int N, Axpy f) { Kokkos::parallel_for("axpy", N, f); }
)cpp";
  InstrumentedFile F = instrumentWithStub(Code);
  EXPECT_EQ(F.Instrumented, 1u);
  EXPECT_NE(F.Text.find("::kfuse::rt::inspect(f, [&](const auto &kfuse_f_) { "
                        "kfuse_launch_.view(\"y\", ::kfuse::rt::ReadWrite, kfuse_f_.y); "
                        "kfuse_launch_.view(\"x\", ::kfuse::rt::Read, kfuse_f_.x); })"),
            std::string::npos)
      << F.Text;
}

TEST(InstrumenterTest, MacroLaunchRecordsRangeFromItsText) {
  std::string Code = R"cpp(#include <Kokkos_Core.hpp>
#define ZERO(v, n) Kokkos::parallel_for("zero", n, KOKKOS_LAMBDA(const int i) { v(i) = 0; })
void run(int N, Kokkos::View<double*> a) {
  ZERO(a, N);
}
)cpp";
  InstrumentedFile F = instrumentWithStub(Code);
  EXPECT_EQ(F.Instrumented, 1u);
  EXPECT_NE(F.Text.find("kfuse_launch_.range(0, N); kfuse_launch_.view(\"a\", "
                        "::kfuse::rt::Write, a); kfuse_launch_.start(); ZERO(a, N);"
                        " kfuse_launch_.stop(); }"),
            std::string::npos)
      << F.Text;
}

TEST(InstrumenterTest, LaunchUnderBracelessIfIsWrappedInABlock) {
  std::string Code = R"cpp(#include <Kokkos_Core.hpp>
void run(bool on, int N, Kokkos::View<double*> a) {
  if (on) Kokkos::parallel_for("k", N, KOKKOS_LAMBDA(const int i) { a(i) = 0; });
}
)cpp";
  InstrumentedFile F = instrumentWithStub(Code);
  EXPECT_EQ(F.Instrumented, 1u);
  EXPECT_TRUE(F.Text.find("if (on) { static const ::kfuse::rt::SiteInfo") != std::string::npos)
      << F.Text;
  EXPECT_TRUE(F.Text.find("a(i) = 0; }); kfuse_launch_.stop(); }\n}") != std::string::npos)
      << F.Text;
}

TEST(InstrumenterTest, LaunchInsideAnExpressionIsLeftAloneWithAReason) {
  std::string Code = R"cpp(#include <Kokkos_Core.hpp>
void run(int N, Kokkos::View<double*> a) {
  bool ok = (Kokkos::parallel_for("k", N, KOKKOS_LAMBDA(const int i) { a(i) = 0; }), true);
}
)cpp";
  InstrumentedFile F = instrumentWithStub(Code);
  EXPECT_EQ(F.Instrumented, 0u);
  ASSERT_EQ(F.Skipped.size(), 1u);
  EXPECT_EQ(F.Skipped[0].Reason, "launch is part of a larger expression");
  EXPECT_EQ(F.Skipped[0].Pos.Line, 3u);
}

TEST(InstrumenterTest, FindsTheSourceInACompilerCommand) {
  EXPECT_EQ(findCxxSource({"c++", "-O2", "-o", "a.cpp.o", "-c", "a.cpp"}), 5);
  EXPECT_EQ(findCxxSource({"c++", "-MF", "dep.cpp", "x.cc"}), 3);
  EXPECT_EQ(findCxxSource({"c++", "a.o", "b.o", "-o", "app"}), -1);
}

} // namespace
} // namespace kfuse::test
