// Tests of the chunks a fused body runs per call (Guard.hpp: chunks_of,
// chunked), on real Kokkos: every index of the range exactly once, in
// order, for ranges that are and are not multiples of a chunk.

#include "kfuse/runtime/Guard.hpp"

#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>

#include <vector>

namespace {

/// The indices the chunks of \p Policy cover, chunk by chunk.
template <class P> std::vector<long> covered(const P &Policy) {
  const auto Chunks = ::kfuse::chunks_of(Policy);
  const auto Over = ::kfuse::chunked(Policy);
  std::vector<long> Out;
  for (auto C = Over.begin(); C < Over.end(); ++C)
    for (auto I = Chunks.begin(C); I < Chunks.end(C); ++I)
      Out.push_back(static_cast<long>(I));
  return Out;
}

std::vector<long> iota(long Begin, long End) {
  std::vector<long> Out;
  for (long I = Begin; I < End; ++I)
    Out.push_back(I);
  return Out;
}

TEST(ChunksTest, HostRangeRunsInChunksCoveringEveryIndexOnce) {
  using Space = Kokkos::DefaultHostExecutionSpace;
  const long Size = ::kfuse::chunk_size<Space>::value;
  EXPECT_GT(Size, 1);
  for (long N : {0L, 1L, Size - 1, Size, Size + 1, 3 * Size + 17}) {
    Kokkos::RangePolicy<Space> Policy(5, 5 + N);
    EXPECT_EQ(covered(Policy), iota(5, 5 + N)) << N;
    EXPECT_EQ(::kfuse::chunked(Policy).end(), (N + Size - 1) / Size) << N;
  }
}

TEST(ChunksTest, IndexTypeAndSpaceOfThePolicyAreKept) {
  Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace, Kokkos::IndexType<int>> Policy(0, 1000);
  auto Over = ::kfuse::chunked(Policy);
  static_assert(std::is_same<decltype(Over), decltype(Policy)>::value, "same policy type");
  EXPECT_EQ(covered(Policy), iota(0, 1000));
}

// A count runs on Kokkos' default execution space: chunks of its size
// (on the host, as a RangePolicy there), covering every index once.
TEST(ChunksTest, CountRunsInChunksOfTheDefaultSpace) {
  const long Size = ::kfuse::chunk_size<Kokkos::DefaultExecutionSpace>::value;
  for (int N : {0, 1, 37, 255, 256, 257, 1000}) {
    const int Count = ::kfuse::chunked(N);
    EXPECT_EQ(Count, (N + Size - 1) / Size) << N;
    const auto Chunks = ::kfuse::chunks_of(N);
    std::vector<long> Seen;
    for (int C = 0; C < Count; ++C)
      for (int I = Chunks.begin(C); I < Chunks.end(C); ++I)
        Seen.push_back(I);
    EXPECT_EQ(Seen, iota(0, N)) << N;
  }
}

TEST(ChunksTest, ChunkedLaunchRunsEachIndexOnce) {
  const int N = 1000;
  Kokkos::View<int *> Hits("hits", N);
  Kokkos::RangePolicy<> Policy(0, N);
  const auto Chunks = ::kfuse::chunks_of(Policy);
  Kokkos::parallel_for(
      "chunks", ::kfuse::chunked(Policy), KOKKOS_LAMBDA(const long C) {
        for (long I = Chunks.begin(C); I < Chunks.end(C); ++I)
          Hits(I) += 1;
      });
  auto Host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), Hits);
  for (int I = 0; I < N; ++I)
    EXPECT_EQ(Host(I), 1) << I;
}

} // namespace
