//===- Defer.hpp - Launches deferred to fuse across functions ---*- C++ -*-===//
//
// A chain whose launches are in different functions is fused at run time:
// the first kernel's launch is deferred, and the second launch, finding it
// pending, runs both in one kernel. Deferring is allowed only inside a
// Window, which `kfuse fuse` opens in the function calling both, around the
// code it proved touches none of the first kernel's data; the window runs a
// pending launch wherever that proof ends (close(), flush(), its
// destructor), so no code outside it ever sees the first kernel late.
// Host code only; C++14; no Kokkos needed here (the launch is a callable the
// deferring site passes in).
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_RUNTIME_DEFER_HPP
#define KFUSE_RUNTIME_DEFER_HPP

#include "Guard.hpp"
#include <cstdint>
#include <cstring>
#include <memory>
#include <typeinfo>
#include <utility>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define KFUSE_DEFER_HOST_DEVICE __host__ __device__
#else
#define KFUSE_DEFER_HOST_DEVICE
#endif

namespace kfuse {

/// The begin and end of each dimension of a range (up to 3): what two
/// launches must share to run as one.
struct Bounds {
  int Rank = 1;
  std::int64_t Begin[3] = {0, 0, 0};
  std::int64_t End[3] = {0, 0, 0};
  bool operator==(const Bounds &O) const {
    if (Rank != O.Rank)
      return false;
    for (int D = 0; D < Rank; ++D)
      if (Begin[D] != O.Begin[D] || End[D] != O.End[D])
        return false;
    return true;
  }
};

/// The range of an integral launch count.
template <class N>
auto bounds_of(const N &Count) -> decltype(static_cast<std::int64_t>(Count + 0), Bounds{}) {
  Bounds B;
  B.End[0] = static_cast<std::int64_t>(Count);
  return B;
}
/// The range of a RangePolicy.
template <class P>
auto bounds_of(const P &Policy) -> decltype(Policy.begin(), Policy.end(), Bounds{}) {
  Bounds B;
  B.Begin[0] = static_cast<std::int64_t>(Policy.begin());
  B.End[0] = static_cast<std::int64_t>(Policy.end());
  return B;
}
/// The box of an MDRangePolicy (rank 2 or 3; another rank never matches).
template <class P>
auto bounds_of(const P &Policy) -> decltype(Policy.m_lower[0], Policy.m_upper[0], Bounds{}) {
  Bounds B;
  B.Rank = P::rank <= 3 ? static_cast<int>(P::rank) : -1;
  for (int D = 0; D < B.Rank; ++D) {
    B.Begin[D] = static_cast<std::int64_t>(Policy.m_lower[D]);
    B.End[D] = static_cast<std::int64_t>(Policy.m_upper[D]);
  }
  return B;
}

/// True if ranges \p A and \p B may run as one launch over their union,
/// each part below its own ends (horizontal fusion): the same rank and
/// begins, and ends no more than 16 apart in each dimension (cells and
/// nodes, not ranges over different things).
inline bool related(const Bounds &A, const Bounds &B) {
  if (A.Rank != B.Rank || A.Rank < 1)
    return false;
  for (int D = 0; D < A.Rank; ++D)
    if (A.Begin[D] != B.Begin[D] || A.End[D] - B.End[D] > 16 || B.End[D] - A.End[D] > 16)
      return false;
  return true;
}

namespace detail {

/// A unique address per type, the same in every translation unit.
template <class T> const void *type_key() {
  static const char Key = 0;
  return &Key;
}

struct Deferred {
  virtual ~Deferred() = default;
  virtual void launch() = 0;
  /// Runs this kernel and \p Second (a functor of the type \p SecondKey
  /// names) as one, when this launch knows that type and its guard holds.
  virtual bool launch_fused(const void * /*Second*/, const void * /*SecondKey*/) {
    return false;
  }
  virtual const void *part_key() const = 0;
  virtual void *part() = 0;
  Bounds Range;
};

template <class Part, class Launch> struct DeferredLaunch final : Deferred {
  DeferredLaunch(Bounds B, const Part &P, const Launch &L) : P(P), L(L) { Range = B; }
  void launch() override { L(P); }
  const void *part_key() const override { return type_key<Part>(); }
  void *part() override { return &P; }
  Part P;
  Launch L;
};

} // namespace detail

namespace detail {
/// A deferred launch that launches itself fused with a second kernel of
/// type Second: \p Fused(Part, Second) checks the guard, launches both and
/// says whether it did.
template <class Part, class Second, class Launch, class Fused>
struct DeferredFusable final : Deferred {
  DeferredFusable(Bounds B, const Part &P, const Launch &L, const Fused &F)
      : P(P), L(L), F(F) {
    Range = B;
  }
  void launch() override { L(P); }
  bool launch_fused(const void *S, const void *SecondKey) override {
    return SecondKey == type_key<Second>() && F(P, *static_cast<const Second *>(S));
  }
  const void *part_key() const override { return type_key<Part>(); }
  void *part() override { return &P; }
  Part P;
  Launch L;
  Fused F;
};
} // namespace detail

class Window;
namespace detail {
inline Window *&innermost() {
  static thread_local Window *W = nullptr;
  return W;
}
} // namespace detail

/// The region where a chain's first launch may be deferred. Declared by
/// `kfuse fuse` before the call of the first kernel's function; close()
/// after the statement holding the call of the second's.
class Window {
public:
  explicit Window(const char *Chain) : Chain(Chain), Outer(detail::innermost()) {
    detail::innermost() = this;
  }
  Window(const Window &) = delete;
  Window &operator=(const Window &) = delete;
  ~Window() { close(); }

  /// Runs the pending launch, if any, and ends the window.
  void close() {
    if (Closed)
      return;
    flush();
    Closed = true;
    // Out of the list of open windows, wherever it is in it: the windows of
    // two chains that share a launch (a chain of three) open one after the
    // other and close in the order they opened.
    for (Window **Link = &detail::innermost(); *Link; Link = &(*Link)->Outer)
      if (*Link == this) {
        *Link = Outer;
        break;
      }
  }

  /// Runs the pending launch, if any, now.
  void flush() {
    if (Pending) {
      std::unique_ptr<detail::Deferred> P = std::move(Pending);
      P->launch();
    }
  }

  /// Only the call the window was opened for may defer the kernel: the
  /// line before it arms the window, the line after it disarms it, so that
  /// a call of the same function elsewhere (not proven safe) launches at once.
  void arm() { Armed = true; }
  void disarm() { Armed = false; }
  bool armed() const { return Armed && !Closed; }

  const char *chain() const { return Chain; }
  Window *outer() const { return Outer; }
  bool open() const { return !Closed; }
  std::unique_ptr<detail::Deferred> Pending;

private:
  const char *Chain;
  Window *Outer;
  bool Closed = false;
  bool Armed = false;
};

/// The innermost open window of \p Chain, else null. (Code between the
/// calls a window covers opens no window of its own: it launches nothing;
/// the window of a chain sharing the second launch may open inside it.)
inline Window *window_for(const char *Chain) {
  for (Window *W = detail::innermost(); W; W = W->outer())
    if (W->open() && std::strcmp(W->chain(), Chain) == 0)
      return W;
  return nullptr;
}

/// True if the first launch of \p Chain may be deferred here: its window is
/// open and armed, and fusion is enabled.
inline bool deferring(const char *Chain) {
  Window *W = window_for(Chain);
  return fusion_enabled() && W && W->armed();
}

/// Defers the first launch of \p Chain over \p Range: \p Launch(Part) runs
/// it later, unless the second launch takes \p Part to run fused.
namespace detail {
/// Keeps the launch \p Make() builds pending in the window of \p Chain
/// (after one pending there from an outer call), or runs \p Now() where
/// there is no window.
template <class Build, class Run>
void keep(const char *Chain, const Build &Make, const Run &Now) {
  Window *W = window_for(Chain);
  if (!W)
    return Now();
  W->flush();
  W->disarm();
  W->Pending.reset(Make());
}
} // namespace detail

template <class Part, class Launch>
void defer(const char *Chain, Bounds Range, const Part &P, const Launch &L) {
  detail::keep(
      Chain, [&] { return new detail::DeferredLaunch<Part, Launch>(Range, P, L); },
      [&] { L(P); });
}

/// As defer(), where the first kernel's site can name the second's functor
/// type \p Second and the second's site cannot name the first's: \p Fused
/// launches both, when the second asks (fuse_pending).
template <class Second, class Part, class Launch, class Fused>
void defer_fusable(const char *Chain, Bounds Range, const Part &P, const Launch &L,
                   const Fused &F) {
  detail::keep(
      Chain,
      [&] { return new detail::DeferredFusable<Part, Second, Launch, Fused>(Range, P, L, F); },
      [&] { L(P); });
}

/// Runs the pending first kernel of \p Chain fused with \p S, when it is
/// pending over \p Range and can: true if it did (nothing is pending then).
template <class Second> bool fuse_pending(const char *Chain, Bounds Range, const Second &S) {
  Window *W = window_for(Chain);
  if (!W || !W->Pending || !(W->Pending->Range == Range))
    return false;
  if (!W->Pending->launch_fused(&S, detail::type_key<Second>()))
    return false;
  W->Pending.reset();
  return true;
}

/// The pending first kernel of \p Chain, when it is a \p Part over
/// \p Range; null otherwise (then flush() runs it, if pending).
template <class Part> Part *pending(const char *Chain, Bounds Range) {
  Window *W = window_for(Chain);
  if (!W || !W->Pending || W->Pending->part_key() != detail::type_key<Part>() ||
      !(W->Pending->Range == Range))
    return nullptr;
  return static_cast<Part *>(W->Pending->part());
}

/// Drops the pending first kernel of \p Chain: the fused launch ran it.
inline void discard(const char *Chain) {
  if (Window *W = window_for(Chain))
    W->Pending.reset();
}

/// Runs the pending first kernel of \p Chain, if any.
inline void flush(const char *Chain) {
  if (Window *W = window_for(Chain))
    W->flush();
}

/// True if \p Object is exactly a \p T (not a class derived from it): a
/// virtual call on it runs T's override.
template <class T, class P> bool is_exactly(const P *Object) {
  return Object && typeid(*Object) == typeid(T);
}

/// One functor running \p First's body and then \p Second's for each index
/// (of a 1-D range or a 2-D or 3-D box).
template <class Index, class First, class Second> struct Composed {
  First A;
  Second B;
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index I) const {
    A(I);
    B(I);
  }
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index I, const Index J) const {
    A(I, J);
    B(I, J);
  }
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index I, const Index J,
                                                 const Index K) const {
    A(I, J, K);
    B(I, J, K);
  }
};
template <class Index, class First, class Second>
Composed<Index, First, Second> compose(const First &A, const Second &B) {
  return Composed<Index, First, Second>{A, B};
}

/// The same for a reduction: \p Second reduces into a Value.
template <class Index, class Value, class First, class Second> struct ComposedReduce {
  using value_type = Value;
  First A;
  Second B;
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index I, Value &Sum) const {
    A(I);
    B(I, Sum);
  }
};
template <class Index, class Value, class First, class Second>
ComposedReduce<Index, Value, First, Second> compose_reduce(const First &A, const Second &B) {
  return ComposedReduce<Index, Value, First, Second>{A, B};
}

/// What the guard checks for a View of each kernel: they overlap in no
/// byte, unless neither is written.
template <class VA, class VB>
bool apart(const VA &A, bool AWritten, const VB &B, bool BWritten) {
  if (!AWritten && !BWritten)
    return true;
  const char *A0 = reinterpret_cast<const char *>(A.data());
  const char *B0 = reinterpret_cast<const char *>(B.data());
  const char *A1 = A0 + A.span() * sizeof(typename VA::value_type);
  const char *B1 = B0 + B.span() * sizeof(typename VB::value_type);
  return !(A0 < B1 && B0 < A1);
}

/// For one name in both kernels: the same View (the plan compared their
/// accesses as one), or no shared byte.
template <class VA, class VB>
bool same_or_apart(const VA &A, const VB &B) {
  if (A.data() == B.data() && A.span() == B.span()) {
    for (unsigned D = 0; D < VA::rank; ++D)
      if (A.extent(D) != B.extent(D) || A.stride(D) != B.stride(D))
        return false;
    return VA::rank == VB::rank;
  }
  return apart(A, true, B, true);
}

} // namespace kfuse

#endif // KFUSE_RUNTIME_DEFER_HPP
