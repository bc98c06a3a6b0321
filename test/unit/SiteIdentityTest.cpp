//===- SiteIdentityTest.cpp - Site ids and paths --------------------------===//

#include "kfuse/SiteIdentity.h"
#include "gtest/gtest.h"

namespace kfuse {
namespace {

TEST(SiteIdentityTest, HashIgnoresLayout) {
  EXPECT_EQ(hashLaunchText("f(a,\n  b) // c"), hashLaunchText("f( a , b )"));
  EXPECT_NE(hashLaunchText("f(a, b)"), hashLaunchText("f(b, a)"));
  EXPECT_EQ(hashLaunchText("x").size(), 16u);
}

TEST(SiteIdentityTest, RelativePathUnderRoot) {
  EXPECT_EQ(relativePath("/p/src/a.cpp", "/p"), "src/a.cpp");
  EXPECT_EQ(relativePath("/q/a.cpp", "/p"), "/q/a.cpp");
  EXPECT_EQ(relativePath("/p2/a.cpp", "/p"), "/p2/a.cpp");
}

TEST(SiteIdentityTest, OrdinalsCountPerFunctionInSourceOrder) {
  std::vector<KernelModel> Sites(3);
  Sites[0].Id.Function = "f";
  Sites[0].CallRange.Offset = 50;
  Sites[1].Id.Function = "f";
  Sites[1].CallRange.Offset = 10;
  Sites[2].Id.Function = "g";
  Sites[2].CallRange.Offset = 30;
  assignOrdinals(Sites);
  EXPECT_EQ(Sites[0].CallRange.Offset, 10u);
  EXPECT_EQ(Sites[0].Id.Ordinal, 0u);
  EXPECT_EQ(Sites[1].Id.Ordinal, 0u); // g
  EXPECT_EQ(Sites[2].Id.Ordinal, 1u);
  EXPECT_EQ(SiteId({"a.cpp", "f", 1, "00ff"}).str(), "a.cpp:f#1:00ff");
}

} // namespace
} // namespace kfuse
