// Tests of the runtime's reductions computed ahead (Defer.hpp): the window
// holding the second reduction's captures, its result, and the functor
// running two sums as one, on real Kokkos.

#include "kfuse/runtime/Defer.hpp"

#include <cmath>
#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>

#include <tuple>

namespace {

using Captures = std::tuple<Kokkos::View<double *>, double>;
const char *const Chain = "kfuse_chain_test";

TEST(AheadTest, NoWindowMeansNothingAhead) {
  EXPECT_EQ(::kfuse::ahead<Captures>(Chain, ::kfuse::bounds_of(10)), nullptr);
  Captures *C = nullptr;
  EXPECT_EQ((::kfuse::ahead_result<Captures, double>(Chain, ::kfuse::bounds_of(10), C)), nullptr);
}

TEST(AheadTest, ArmedWindowBuildsCapturesOnceAndKeepsTheResult) {
  Kokkos::View<double *> V("v", 10);
  int Built = 0;
  ::kfuse::Window W(Chain);
  W.ahead([&] {
    ++Built;
    return ::kfuse::ahead_captures(::kfuse::bounds_of(10), V, 0.5);
  });
  // Not armed: the first function was called elsewhere.
  EXPECT_EQ(::kfuse::ahead<Captures>(Chain, ::kfuse::bounds_of(10)), nullptr);
  W.arm();
  Captures *T = ::kfuse::ahead<Captures>(Chain, ::kfuse::bounds_of(10));
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(Built, 1);
  EXPECT_EQ(std::get<0>(*T).data(), V.data());
  EXPECT_EQ(std::get<1>(*T), 0.5);
  // Disarmed: a second call of the first function computes nothing ahead.
  EXPECT_EQ(::kfuse::ahead<Captures>(Chain, ::kfuse::bounds_of(10)), nullptr);
  ::kfuse::computed_ahead(Chain, 42.0);
  Captures *C = nullptr;
  // Another range or type: not this result.
  EXPECT_EQ((::kfuse::ahead_result<Captures, double>(Chain, ::kfuse::bounds_of(11), C)), nullptr);
  EXPECT_EQ((::kfuse::ahead_result<Captures, float>(Chain, ::kfuse::bounds_of(10), C)), nullptr);
  double *R = ::kfuse::ahead_result<Captures, double>(Chain, ::kfuse::bounds_of(10), C);
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(*R, 42.0);
  EXPECT_EQ(C, T);
  ::kfuse::discard(Chain);
  EXPECT_EQ((::kfuse::ahead_result<Captures, double>(Chain, ::kfuse::bounds_of(10), C)), nullptr);
}

TEST(AheadTest, OtherRangeOrCapturesComputeNothing) {
  Kokkos::View<double *> V("v", 10);
  ::kfuse::Window W(Chain);
  W.ahead([&] { return ::kfuse::ahead_captures(::kfuse::bounds_of(10), V, 0.5); });
  W.arm();
  EXPECT_EQ(::kfuse::ahead<Captures>(Chain, ::kfuse::bounds_of(9)), nullptr);
  W.arm();
  EXPECT_EQ((::kfuse::ahead<std::tuple<Kokkos::View<double *>, float>>(Chain,
                                                                      ::kfuse::bounds_of(10))),
            nullptr);
}

TEST(AheadTest, FlushForgetsTheResult) {
  Kokkos::View<double *> V("v", 10);
  ::kfuse::Window W(Chain);
  W.ahead([&] { return ::kfuse::ahead_captures(::kfuse::bounds_of(10), V, 0.5); });
  W.arm();
  ASSERT_NE(::kfuse::ahead<Captures>(Chain, ::kfuse::bounds_of(10)), nullptr);
  ::kfuse::computed_ahead(Chain, 1.0);
  W.flush(); // code that may change what the result read
  Captures *C = nullptr;
  EXPECT_EQ((::kfuse::ahead_result<Captures, double>(Chain, ::kfuse::bounds_of(10), C)), nullptr);
}

/// An object holding a View reached through an accessor (a hydrodynamics code's Domain).
class Mesh {
public:
  explicit Mesh(int N) : m_v("v", N) {}
  KOKKOS_INLINE_FUNCTION double &v(int i) const { return m_v(i); }

private:
  Kokkos::View<double *> m_v;
};

template <class T_mesh, class T_scale> struct ScaledSum {
  T_mesh mesh;
  T_scale scale;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &s) const { s += scale * mesh.v(i); }
};

TEST(AheadTest, HeldObjectIsItsCopyAndComparedByAddress) {
  Mesh M(10), Other(10);
  Kokkos::parallel_for(10, KOKKOS_LAMBDA(const int i) { M.v(i) = i; });
  ::kfuse::Window W(Chain);
  W.ahead([&] { return ::kfuse::ahead_captures(::kfuse::bounds_of(10), ::kfuse::held(M), 2.0); });
  W.arm();
  using Held = std::tuple<::kfuse::Held<Mesh>, double>;
  Held *T = ::kfuse::ahead<Held>(Chain, ::kfuse::bounds_of(10));
  ASSERT_NE(T, nullptr);
  EXPECT_TRUE(::kfuse::same_object(std::get<0>(*T), M));
  EXPECT_FALSE(::kfuse::same_object(std::get<0>(*T), Other));
  // The functor takes the copy, whose View is the object's.
  double S = 0.0;
  Kokkos::parallel_reduce(10, ::kfuse::make_from_tuple<ScaledSum>(*T), S);
  EXPECT_EQ(S, 90.0);
  ::kfuse::discard(Chain);
}

struct SumOf {
  Kokkos::View<double *> V;
  double Scale;
  KOKKOS_INLINE_FUNCTION void operator()(const int I, double &S) const { S += Scale * V(I); }
};

TEST(AheadTest, ReduceBothGivesEachSumAsAlone) {
  const int N = 1000;
  Kokkos::View<double *> V("v", N);
  Kokkos::parallel_for(
      "fill", N, KOKKOS_LAMBDA(const int I) { V(I) = 0.1 * (I % 17) - 0.3; });
  double A = 0, B = 0;
  Kokkos::parallel_reduce("a", N, SumOf{V, 1.0}, A);
  Kokkos::parallel_reduce("b", N, SumOf{V, 0.5}, B);
  ::kfuse::BothValues<double, double> Both;
  Kokkos::parallel_reduce("a+b", N, ::kfuse::reduce_both<int, double, double>(SumOf{V, 1.0},
                                                                              SumOf{V, 0.5}),
                          Both);
  EXPECT_EQ(Both.First, A);
  EXPECT_EQ(Both.Second, B);
}

TEST(AheadTest, SameBitsTellsNumbersOneMayStandForTheOther) {
  const double Zero = 0.0, NegativeZero = -0.0, NaN = std::nan("");
  const double Dt = 0.005, AlsoDt = 0.005;
  // Where the compiler may contract products into fused multiply-adds, a
  // floating-point value never stands for another (one product shared by
  // two bodies could round otherwise than in each kernel alone).
  EXPECT_EQ(::kfuse::same_bits(Dt, AlsoDt), !::kfuse::may_contract);
  EXPECT_FALSE(::kfuse::same_bits(Zero, NegativeZero)); // 1 / x differs
  EXPECT_EQ(::kfuse::same_bits(NaN, NaN), !::kfuse::may_contract);
  EXPECT_TRUE(::kfuse::same_bits(3, 3));
  EXPECT_FALSE(::kfuse::same_bits(3, 4));
}

/// The smallest value and its index, joined with += (a minimum with its location).
struct Smallest {
  double Val = 1e20;
  int I = -1;
  KOKKOS_INLINE_FUNCTION Smallest() = default;
  KOKKOS_INLINE_FUNCTION Smallest(double Val, int I) : Val(Val), I(I) {}
  KOKKOS_INLINE_FUNCTION void operator+=(const Smallest &S) {
    if (S.Val < Val) {
      Val = S.Val;
      I = S.I;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile Smallest &S) volatile {
    if (S.Val < Val) {
      Val = S.Val;
      I = S.I;
    }
  }
};

TEST(AheadTest, ReduceBothCombinesValueTypesAndReducersAsKokkos) {
  const int N = 1000;
  Kokkos::View<double *> V("v", N);
  Kokkos::parallel_for(
      "fill", N, KOKKOS_LAMBDA(const int I) { V(I) = 0.1 * ((I * 7) % 17) - 0.3; });
  auto Least = KOKKOS_LAMBDA(const int I, Smallest &S) {
    Smallest T(V(I) * V(I) + 0.5 * V(I), I);
    S += T;
  };
  auto Largest = KOKKOS_LAMBDA(const int I, double &M) {
    if (V(I) > M)
      M = V(I);
  };
  auto Lowest = KOKKOS_LAMBDA(const int I, double &M) { M = V(I) - 1 < M ? V(I) - 1 : M; };
  Smallest A;
  double B = 0, C = 0;
  Kokkos::parallel_reduce("a", N, Least, A);
  Kokkos::parallel_reduce("b", N, Largest, Kokkos::Max<double>(B));
  Kokkos::parallel_reduce("c", N, Lowest, Kokkos::Min<double>(C));
  ASSERT_NE(A.I, -1);

  ::kfuse::BothValues<Smallest, double> AB;
  Kokkos::parallel_reduce(
      "a+b", N,
      ::kfuse::reduce_both<int, Smallest, ::kfuse::Reduced<Kokkos::Max<double>>>(Least, Largest),
      AB);
  EXPECT_EQ(AB.First.Val, A.Val);
  EXPECT_EQ(AB.First.I, A.I);
  EXPECT_EQ(AB.Second, B);

  ::kfuse::BothValues<double, Smallest> CA;
  Kokkos::parallel_reduce(
      "c+a", N,
      ::kfuse::reduce_both<int, ::kfuse::Reduced<Kokkos::Min<double>>, Smallest>(Lowest, Least),
      CA);
  EXPECT_EQ(CA.First, C);
  EXPECT_EQ(CA.Second.Val, A.Val);
  EXPECT_EQ(CA.Second.I, A.I);
}

} // namespace
