// Tests of composing functor objects whose operators work tags select
// (Defer.hpp: tagged, compose, compose_chunks), on real Kokkos: each part
// runs the operator its own tag selects, whatever tag the launch's policy
// carries, and a chunked composition runs every index of both parts once.

#include "kfuse/runtime/Guard.hpp"

#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>

namespace {

using Vec = Kokkos::View<double *, Kokkos::HostSpace>;

/// An object launched with one of two tags, as integrators are.
struct Halves {
  struct TagScale {};
  struct TagShift {};
  Vec a;
  double by = 0;
  void operator()(TagScale, const int &i) const { a(i) *= by; }
  void operator()(TagShift, const int &i) const { a(i) += by; }
};

TEST(TaggedTest, TaggedCallsTheOperatorItsTagSelects) {
  Vec A("a", 1);
  A(0) = 2;
  ::kfuse::tagged<Halves::TagScale>(Halves{A, 3.0})(0);
  EXPECT_EQ(A(0), 6.0);
  ::kfuse::tagged<Halves::TagShift>(Halves{A, 1.0})(0);
  EXPECT_EQ(A(0), 7.0);
}

TEST(TaggedTest, ComposedPartsRunInTurnOverATaggedPolicy) {
  using Space = Kokkos::DefaultHostExecutionSpace;
  const int N = 300;
  Vec A("a", N);
  for (int I = 0; I < N; ++I)
    A(I) = I;
  // Scale by 2 then shift by 1, launched over the second's own policy
  // (its tag ignored by the composition: each part calls its own).
  const auto Both = ::kfuse::compose<int>(::kfuse::tagged<Halves::TagScale>(Halves{A, 2.0}),
                                          ::kfuse::tagged<Halves::TagShift>(Halves{A, 1.0}));
  Kokkos::parallel_for(Kokkos::RangePolicy<Space, Halves::TagShift>(0, N), Both);
  Kokkos::fence();
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(A(I), 2.0 * I + 1.0) << I;
  // And over an untagged one.
  Kokkos::parallel_for(Kokkos::RangePolicy<Space>(0, N), Both);
  Kokkos::fence();
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(A(I), 2.0 * (2.0 * I + 1.0) + 1.0) << I;
}

TEST(TaggedTest, ChunkedCompositionRunsEachIndexOfBothPartsOnce) {
  using Space = Kokkos::DefaultHostExecutionSpace;
  // Not a multiple of the chunk size: the last chunk is short.
  const int N = 1000;
  Vec A("a", N);
  for (int I = 0; I < N; ++I)
    A(I) = I;
  const Kokkos::RangePolicy<Space, Halves::TagShift> Policy(3, N);
  const auto Both = ::kfuse::compose_chunks<int>(
      ::kfuse::chunks_of(Policy), ::kfuse::tagged<Halves::TagScale>(Halves{A, 2.0}),
      ::kfuse::tagged<Halves::TagShift>(Halves{A, 1.0}));
  Kokkos::parallel_for(::kfuse::chunked(Policy), Both);
  Kokkos::fence();
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(A(I), I < 3 ? I : 2.0 * I + 1.0) << I;
}

TEST(TaggedTest, ReductionsRunChunksOnlyOnSerial) {
  // This file includes the runtime before Kokkos, as fused files do.
#ifdef KOKKOS_ENABLE_SERIAL
  EXPECT_EQ(::kfuse::reduction_chunk_size<Kokkos::Serial>::value,
            ::kfuse::chunk_size<Kokkos::Serial>::value);
  EXPECT_GT(::kfuse::reduction_chunk_size<Kokkos::Serial>::value, 1);
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  EXPECT_EQ(::kfuse::reduction_chunk_size<Kokkos::OpenMP>::value, 1);
  EXPECT_GT(::kfuse::chunk_size<Kokkos::OpenMP>::value, 1);
#endif
}

TEST(TaggedTest, ChunkedReductionReadsWhatTheFirstPartWrote) {
  using Space = Kokkos::DefaultHostExecutionSpace;
  const int N = 777;
  Vec A("a", N);
  for (int I = 0; I < N; ++I)
    A(I) = I;
  const Kokkos::RangePolicy<Space> Policy(0, N);
  double Sum = 0;
  Kokkos::parallel_reduce(
      ::kfuse::reduction_chunked(Policy),
      ::kfuse::compose_reduce_chunks<int, double>(
          ::kfuse::reduction_chunks_of(Policy), ::kfuse::tagged<Halves::TagScale>(Halves{A, 2.0}),
          [=](const int I, double &S) { S += A(I); }),
      Sum);
  // Every element doubled once, then summed: 2 * (0 + 1 + ... + N - 1).
  EXPECT_EQ(Sum, 1.0 * N * (N - 1));
}

} // namespace
