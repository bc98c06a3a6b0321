// Counts the chains of back-to-back launches and the identity facts of their View arguments.
//
// Part of the header-only, dependency-free, C++14 profiling runtime (see Recorder.hpp). Every run
// of 2..MaxChainLength consecutive launches is a path in a suffix trie keyed backwards from the
// latest launch, so one launch costs MaxChainLength - 1 short child lookups. Aliasing facts are
// computed per argument pattern (the data pointers and spans of the run's Views, known by a
// hash): a chain whose launches see the same Views every time pays for its pairwise comparison
// once, and afterwards only bumps a counter.
#ifndef KFUSE_RUNTIME_CHAINCOUNTER_HPP
#define KFUSE_RUNTIME_CHAINCOUNTER_HPP

#include "Lattice.hpp"
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kfuse {
namespace rt {

/// Runs of up to this many back-to-back launches are counted as chains.
enum : int { MaxChainLength = 8 };
/// The most range dimensions a launch record keeps.
enum : int { MaxRangeDims = 8 };

namespace detail {

/// splitmix64's finalizer: a cheap, well-mixed 64-bit hash step.
inline std::uint64_t mix(std::uint64_t X) {
  X ^= X >> 30;
  X *= 0xbf58476d1ce4e5b9ull;
  X ^= X >> 27;
  X *= 0x94d049bb133111ebull;
  return X ^ (X >> 31);
}

/// Identity of a View argument for aliasing: the bytes it spans.
struct ArgKey {
  const void *Data;
  std::uint64_t Span;
  /// The launch may write it (not part of its identity); for host code, the
  /// host writes it.
  bool Written = true;
  /// Where its elements lie in its span (not part of its identity).
  lattice::Shape Lattice = {};
  bool operator==(const ArgKey &O) const { return Data == O.Data && Span == O.Span; }
};

/// The ArgKey of a launch's View argument \p V (a ViewArg).
template <class ViewT> ArgKey argKey(const ViewT &V) {
  return ArgKey{V.Data, V.SpanBytes, V.Mode != 0,
                lattice::shapeOf(V.Rank, V.Extents, V.Strides, V.ElemBytes)};
}

/// True if \p A and \p B share a byte: their spans meet, and their
/// elements do not interleave (columns of one matrix share none).
inline bool rangesOverlap(const ArgKey &A, const ArgKey &B) {
  const auto *PA = static_cast<const unsigned char *>(A.Data);
  const auto *PB = static_cast<const unsigned char *>(B.Data);
  return PA < PB + B.Span && PB < PA + A.Span &&
         !lattice::interleaved(reinterpret_cast<std::uintptr_t>(A.Data), A.Lattice,
                               reinterpret_cast<std::uintptr_t>(B.Data), B.Lattice);
}

/// A launch in the window of recent launches.
struct Slot {
  int Site = -1;
  std::uint64_t DurationNs = 0;
  std::vector<ArgKey> Args; // reused: cleared, never shrunk
  std::uint64_t ArgsHash = 0;
};

/// Counts of one identity fact of a chain: argument (PosA, ArgA) against (PosB, ArgB).
struct Fact {
  int PosA, ArgA, PosB, ArgB;
  std::uint64_t Same, Overlap;
};

/// One argument pattern a chain has shown: which facts hold for it, and how often it was seen
/// since its counts were last added to the chain's facts.
struct Pattern {
  std::uint64_t Hash = 0;
  std::vector<std::pair<int, bool>> Facts; // index into ChainNode::Facts; true = same allocation
  std::uint64_t Pending = 0;
  std::uint64_t LastUse = 0;
};

/// A node of the suffix trie: the run of sites Sites, which ended at some launch Count times.
struct ChainNode {
  std::vector<int> Sites; // in launch order
  std::uint64_t Count = 0, EqualRanges = 0, TotalNs = 0;
  std::vector<std::pair<int, ChainNode *>> Earlier; // runs one launch longer, by first site
  std::vector<Fact> Facts;
  std::vector<Pattern> Patterns;

  /// The run one launch longer that starts with Site.
  ChainNode *earlier(int Site, std::vector<std::unique_ptr<ChainNode>> &Pool) {
    for (auto &E : Earlier)
      if (E.first == Site)
        return E.second;
    std::unique_ptr<ChainNode> N(new ChainNode);
    N->Sites.reserve(Sites.size() + 1);
    N->Sites.push_back(Site);
    N->Sites.insert(N->Sites.end(), Sites.begin(), Sites.end());
    ChainNode *Raw = N.get();
    Pool.push_back(std::move(N));
    Earlier.emplace_back(Site, Raw);
    return Raw;
  }

  /// Adds the pending counts of every pattern to the facts.
  void flush() {
    for (Pattern &P : Patterns)
      flush(P);
  }
  void flush(Pattern &P) {
    for (const auto &F : P.Facts) {
      if (F.second)
        Facts[F.first].Same += P.Pending;
      else
        Facts[F.first].Overlap += P.Pending;
    }
    P.Pending = 0;
  }
};

/// The chains of one process's launches.
class ChainCounter {
public:
  /// Adds a launch of Site. Views[I].Data and Views[I].SpanBytes identify its View arguments; a
  /// launch with NumDims == 0 has no known range, and no range equal to another.
  template <class ViewT>
  void add(int Site, int NumDims, const long long *Begin, const long long *End,
           std::uint64_t DurationNs, const ViewT *Views, int NumViews) {
    if (!HostTouches.empty()) {
      const Slot &Prev = Window[Head];
      bool Conflict = false;
      // Bytes the host writes, against any argument; bytes it reads, against
      // the arguments the launches may write.
      for (const ArgKey &T : HostTouches) {
        for (const ArgKey &A : Prev.Args)
          Conflict |= (T.Written || A.Written) && rangesOverlap(T, A);
        for (int I = 0; I < NumViews; ++I)
          Conflict |= (T.Written || Views[I].Mode != 0) && rangesOverlap(T, argKey(Views[I]));
      }
      HostTouches.clear();
      if (Conflict)
        WindowSize = 0;
    }
    const bool SameRange = WindowSize > 0 && NumDims > 0 && PrevNumDims == NumDims &&
                           std::equal(Begin, Begin + NumDims, PrevBegin) &&
                           std::equal(End, End + NumDims, PrevEnd);
    RangeRun = SameRange ? RangeRun + 1 : 0;
    PrevNumDims = NumDims;
    std::copy(Begin, Begin + NumDims, PrevBegin);
    std::copy(End, End + NumDims, PrevEnd);

    Head = (Head + 1) % MaxChainLength;
    Slot &Cur = Window[Head];
    Cur.Site = Site;
    Cur.DurationNs = DurationNs;
    Cur.Args.clear();
    std::uint64_t ArgsHash = mix(static_cast<std::uint64_t>(NumViews));
    for (int I = 0; I < NumViews; ++I) {
      Cur.Args.push_back(argKey(Views[I]));
      ArgsHash = mix(ArgsHash ^ reinterpret_cast<std::uintptr_t>(Views[I].Data));
      ArgsHash = mix(ArgsHash ^ Views[I].SpanBytes);
    }
    Cur.ArgsHash = ArgsHash;
    WindowSize = std::min(WindowSize + 1, static_cast<int>(MaxChainLength));

    // Every run of 2..WindowSize launches ending here.
    if (Roots.size() <= static_cast<std::size_t>(Site))
      Roots.resize(static_cast<std::size_t>(Site) + 1);
    if (!Roots[Site]) {
      Roots[Site].reset(new ChainNode);
      Roots[Site]->Sites.push_back(Site);
    }
    ChainNode *Node = Roots[Site].get();
    std::uint64_t Ns = DurationNs;
    std::uint64_t PatternHash = Cur.ArgsHash;
    std::size_t NumArgs = Cur.Args.size();
    ++Tick;
    for (int Len = 2; Len <= WindowSize; ++Len) {
      const Slot &First = slotBack(Len - 1);
      Node = Node->earlier(First.Site, Pool);
      Ns += First.DurationNs;
      PatternHash = mix(PatternHash ^ (First.ArgsHash + 0x9e3779b97f4a7c15ull));
      NumArgs += First.Args.size();
      ++Node->Count;
      Node->TotalNs += Ns;
      if (RangeRun >= Len - 1)
        ++Node->EqualRanges;
      if (NumArgs)
        notePattern(*Node, Len, PatternHash, NumArgs);
    }
  }

  /// The next launch starts a new chain.
  void breakChain() {
    WindowSize = 0;
    HostTouches.clear();
  }

  /// Host code (a deep copy) wrote (\p Written) or read \p Bytes bytes at
  /// \p Data between the latest launch and the next: the next launch ends
  /// the chain when either launch uses those bytes and one of them writes
  /// them (the copy must run between them), and continues it otherwise (the
  /// planner judges the copy from the source).
  void hostTouches(const void *Data, std::uint64_t Bytes, bool Written) {
    if (Data && Bytes && WindowSize > 0)
      HostTouches.push_back(ArgKey{Data, Bytes, Written});
  }

  /// Forgets every chain.
  void clear() {
    Roots.clear();
    Pool.clear();
    WindowSize = 0;
    HostTouches.clear();
    Head = 0;
    RangeRun = 0;
  }

  /// The chains to write, with their facts up to date: every pair, and the longer runs that
  /// repeat and are maximal (a run is dropped when a run one launch longer that contains it has
  /// the same count). Shorter first, then by site indices.
  std::vector<ChainNode *> chainsToWrite() {
    std::vector<ChainNode *> All;
    std::vector<ChainNode *> Stack;
    for (auto &R : Roots)
      if (R)
        Stack.push_back(R.get());
    while (!Stack.empty()) {
      ChainNode *N = Stack.back();
      Stack.pop_back();
      if (N->Sites.size() >= 2)
        All.push_back(N);
      for (auto &E : N->Earlier)
        Stack.push_back(E.second);
    }
    // Largest count among the right extensions C+x of each run C, keyed by C.
    std::unordered_map<std::string, std::uint64_t> RightMax;
    auto Key = [](const std::vector<int> &Seq, std::size_t N) {
      return std::string(reinterpret_cast<const char *>(Seq.data()), N * sizeof(int));
    };
    for (ChainNode *N : All) {
      std::uint64_t &M = RightMax[Key(N->Sites, N->Sites.size() - 1)];
      M = std::max(M, N->Count);
    }
    std::vector<ChainNode *> Keep;
    for (ChainNode *N : All) {
      if (N->Sites.size() > 2) {
        if (N->Count < 2)
          continue;
        std::uint64_t Longer = 0;
        for (auto &E : N->Earlier)
          Longer = std::max(Longer, E.second->Count);
        auto It = RightMax.find(Key(N->Sites, N->Sites.size()));
        if (It != RightMax.end())
          Longer = std::max(Longer, It->second);
        if (Longer == N->Count)
          continue;
      }
      N->flush();
      Keep.push_back(N);
    }
    std::sort(Keep.begin(), Keep.end(), [](ChainNode *A, ChainNode *B) {
      if (A->Sites.size() != B->Sites.size())
        return A->Sites.size() < B->Sites.size();
      return A->Sites < B->Sites;
    });
    return Keep;
  }

private:
  enum : std::size_t { MaxPatterns = 4 };

  Slot &slotBack(int Back) { // 0 = the latest launch
    return Window[(Head + MaxChainLength - Back) % MaxChainLength];
  }

  /// Counts the argument pattern (of hash Hash, NumArgs arguments) of the run of the last Len
  /// launches in chain N. A pattern is known by its hash: a collision of 64-bit hashes would only
  /// miscount, and fused code re-checks identities at run time anyway.
  void notePattern(ChainNode &N, int Len, std::uint64_t Hash, std::size_t NumArgs) {
    for (auto &Known : N.Patterns) {
      if (Known.Hash == Hash) {
        ++Known.Pending;
        Known.LastUse = Tick;
        return;
      }
    }
    // A new pattern: compare every pair of arguments once.
    Pattern P;
    P.Hash = Hash;
    std::vector<ArgKey> Args;
    std::vector<std::pair<int, int>> Where; // (position, argument) of each entry of Args
    Args.reserve(NumArgs);
    Where.reserve(NumArgs);
    for (int B = Len - 1; B >= 0; --B) {
      const auto &SlotArgs = slotBack(B).Args;
      for (std::size_t I = 0; I < SlotArgs.size(); ++I) {
        Args.push_back(SlotArgs[I]);
        Where.emplace_back(Len - 1 - B, static_cast<int>(I));
      }
    }
    for (std::size_t I = 0; I < Args.size(); ++I) {
      const ArgKey &A = Args[I];
      if (!A.Data || !A.Span)
        continue;
      for (std::size_t J = I + 1; J < Args.size(); ++J) {
        const ArgKey &B = Args[J];
        if (!B.Data || !B.Span)
          continue;
        const bool Same = A == B;
        if (!Same && !rangesOverlap(A, B))
          continue;
        P.Facts.emplace_back(factIndex(N, Where[I], Where[J]), Same);
      }
    }
    P.Pending = 1;
    P.LastUse = Tick;
    if (N.Patterns.size() >= MaxPatterns) {
      auto Oldest = std::min_element(
          N.Patterns.begin(), N.Patterns.end(),
          [](const Pattern &X, const Pattern &Y) { return X.LastUse < Y.LastUse; });
      N.flush(*Oldest);
      *Oldest = std::move(P);
    } else {
      N.Patterns.push_back(std::move(P));
    }
  }

  static int factIndex(ChainNode &N, std::pair<int, int> A, std::pair<int, int> B) {
    for (std::size_t I = 0; I < N.Facts.size(); ++I) {
      const Fact &F = N.Facts[I];
      if (F.PosA == A.first && F.ArgA == A.second && F.PosB == B.first && F.ArgB == B.second)
        return static_cast<int>(I);
    }
    N.Facts.push_back(Fact{A.first, A.second, B.first, B.second, 0, 0});
    return static_cast<int>(N.Facts.size() - 1);
  }

  Slot Window[MaxChainLength];
  int Head = 0;       // slot of the latest launch
  int WindowSize = 0; // launches in the window since the last chain break
  std::vector<ArgKey> HostTouches; // bytes host code touched since the latest launch
  int RangeRun = 0;   // consecutive launches, ending at the latest, whose range equals the previous
  int PrevNumDims = 0;
  long long PrevBegin[MaxRangeDims], PrevEnd[MaxRangeDims];
  std::uint64_t Tick = 0;

  std::vector<std::unique_ptr<ChainNode>> Roots; // runs of one launch, by site
  std::vector<std::unique_ptr<ChainNode>> Pool;  // every longer run
};

} // namespace detail
} // namespace rt
} // namespace kfuse

#endif // KFUSE_RUNTIME_CHAINCOUNTER_HPP
