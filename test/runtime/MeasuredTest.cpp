// Tests of the choice a fused group makes by timing itself (Guard.hpp:
// measured_choice, waiting): alternating calls, the first of each choice
// not counted, the faster median kept, fused where they tie, one group
// timing itself at a time.

#include "kfuse/runtime/Guard.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using ::kfuse::detail::measured_choice;
using ::kfuse::detail::Trial;
using ::kfuse::detail::trials;
using ::kfuse::detail::waiting;

/// Runs calls of \p T whose work takes \p Fused or \p Launches seconds,
/// as the choice made; returns the choices, in order.
std::vector<int> run(Trial &T, double Fused, double Launches, int Calls, double &Clock) {
  std::vector<int> Choices;
  for (int I = 0; I < Calls; ++I) {
    const bool F = measured_choice(T, Clock);
    Choices.push_back(F);
    Clock += F ? Fused : Launches;
  }
  return Choices;
}

TEST(MeasuredTest, AGroupSlowerFusedRunsItsLaunchesAfterItsTrial) {
  trials().Holder = nullptr;
  Trial T;
  T.Label = "slow";
  double Clock = 100;
  // Fused first, alternating; 2 uncounted + 5 of each, then the verdict.
  std::vector<int> Choices = run(T, 2e-3, 1e-3, 16, Clock);
  EXPECT_EQ(std::vector<int>(Choices.begin(), Choices.begin() + 12),
            (std::vector<int>{1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}));
  EXPECT_EQ(T.Verdict, 0);
  EXPECT_EQ(std::vector<int>(Choices.begin() + 12, Choices.end()),
            (std::vector<int>{0, 0, 0, 0}));
  EXPECT_EQ(trials().Holder, nullptr);
}

TEST(MeasuredTest, AGroupFasterFusedOrTiedStaysFused) {
  trials().Holder = nullptr;
  Trial Fast, Tie;
  Fast.Label = "fast";
  Tie.Label = "tie";
  double Clock = 100;
  run(Fast, 1e-3, 2e-3, 16, Clock);
  EXPECT_EQ(Fast.Verdict, 1);
  run(Tie, 1e-3, 1e-3, 16, Clock);
  EXPECT_EQ(Tie.Verdict, 1);
}

TEST(MeasuredTest, TheFirstCallOfEachChoiceIsNotCounted) {
  trials().Holder = nullptr;
  Trial T;
  T.Label = "warm";
  double Clock = 100;
  // The first fused call and the first call of the launches are slow
  // (modules load): not counted, so the fused kernel still wins.
  EXPECT_TRUE(measured_choice(T, Clock));
  Clock += 1.0;
  EXPECT_FALSE(measured_choice(T, Clock));
  Clock += 1.0;
  run(T, 1e-3, 2e-3, 12, Clock);
  EXPECT_EQ(T.Verdict, 1);
}

TEST(MeasuredTest, OneGroupTimesItselfAtATimeAndAnIdleOneGivesUpItsTurn) {
  trials().Holder = nullptr;
  Trial A, B;
  A.Label = "a";
  B.Label = "b";
  double Clock = 100;
  measured_choice(A, Clock);
  // B waits while A is called, and runs fused meanwhile.
  EXPECT_TRUE(waiting(B, Clock + 0.5));
  // A not called for 2 seconds: it keeps its plan, B takes its turn.
  EXPECT_FALSE(waiting(B, Clock + 3.0));
  EXPECT_EQ(A.Verdict, 1);
  EXPECT_TRUE(measured_choice(B, Clock + 3.0));
  EXPECT_EQ(trials().Holder, &B);
  trials().Holder = nullptr;
}

} // namespace
