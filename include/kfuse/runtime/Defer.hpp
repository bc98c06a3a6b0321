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
#include <tuple>
#include <type_traits>
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

namespace detail {
/// A second reduction computed ahead, at the first's launch: the values
/// its function captures (a std::tuple), built by the caller, then its
/// result.
struct Ahead {
  virtual ~Ahead() = default;
  virtual const void *key() const = 0;
  virtual void *captures() = 0;
  Bounds Range;
  bool HasResult = false;
};
template <class Tuple> struct AheadOf final : Ahead {
  AheadOf(Bounds B, Tuple T) : Captures(std::move(T)) { Range = B; }
  const void *key() const override { return type_key<Tuple>(); }
  void *captures() override { return &Captures; }
  Tuple Captures;
};
/// The result of the second reduction, of type Value.
struct AheadResult {
  virtual ~AheadResult() = default;
  virtual const void *key() const = 0;
};
template <class Value> struct AheadResultOf final : AheadResult {
  explicit AheadResultOf(const Value &V) : V(V) {}
  const void *key() const override { return type_key<Value>(); }
  Value V;
};
struct AheadBuilder {
  virtual ~AheadBuilder() = default;
  virtual Ahead *build() const = 0;
};
template <class Build> struct AheadBuilderOf final : AheadBuilder {
  explicit AheadBuilderOf(const Build &B) : B(B) {}
  Ahead *build() const override {
    using Built = decltype(std::declval<const Build &>()());
    return new Built(B());
  }
  Build B;
};
} // namespace detail

/// An object holding Views that a kernel computed ahead captures whole
/// (a mesh domain, whose Views its accessors reach): the copy the kernel
/// takes, and the address of the object copied, which the second site
/// compares with its own (kfuse proved that nothing between the two
/// assigns the object's Views).
template <class T> struct Held {
  T Value;
  const T *Origin;
};
template <class T> Held<T> held(const T &Object) { return Held<T>{Object, &Object}; }
template <class T> bool same_object(const Held<T> &H, const T &Object) {
  return H.Origin == &Object;
}

/// What the caller's builder returns: the range of the second reduction
/// and the values its kernel captures, as its function would build them.
template <class... T>
detail::AheadOf<std::tuple<typename std::decay<T>::type...>> ahead_captures(Bounds Range,
                                                                            const T &...V) {
  return detail::AheadOf<std::tuple<typename std::decay<T>::type...>>(
      Range, std::tuple<typename std::decay<T>::type...>(V...));
}

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

  /// Runs the pending launch, if any, now, and forgets a result computed
  /// ahead (the code that follows may change what it read).
  void flush() {
    if (Pending) {
      std::unique_ptr<detail::Deferred> P = std::move(Pending);
      P->launch();
    }
    drop();
  }

  /// A chain whose second kernel is computed ahead (a reduction, run with
  /// the first when that is a reduction too, whose result its function
  /// needs at once): \p Build() returns the second's captures as its
  /// function would build them (ahead_captures), called at the first's
  /// launch.
  template <class Build> void ahead(const Build &B) {
    Builder.reset(new detail::AheadBuilderOf<Build>(B));
  }
  /// The captures of the second kernel, built now, when they are a \p Tuple
  /// over \p Range; null otherwise.
  template <class Tuple> Tuple *build_ahead(Bounds Range) {
    if (!Builder || !armed())
      return nullptr;
    Built.reset(Builder->build());
    if (Built->key() != detail::type_key<Tuple>() || !(Built->Range == Range)) {
      Built.reset();
      return nullptr;
    }
    return static_cast<Tuple *>(Built->captures());
  }
  template <class Value> void set_ahead_result(const Value &V) {
    if (Built)
      Result.reset(new detail::AheadResultOf<Value>(V));
  }
  /// The result computed ahead from captures \p Tuple over \p Range, with
  /// them; null when there is none.
  template <class Tuple, class Value> Value *result_ahead(Bounds Range, Tuple *&Captures) {
    if (!Built || !Result || Built->key() != detail::type_key<Tuple>() ||
        Result->key() != detail::type_key<Value>() || !(Built->Range == Range))
      return nullptr;
    Captures = static_cast<Tuple *>(Built->captures());
    return &static_cast<detail::AheadResultOf<Value> *>(Result.get())->V;
  }
  /// Forgets the second kernel's captures and result.
  void drop() {
    Built.reset();
    Result.reset();
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
  std::unique_ptr<detail::AheadBuilder> Builder;
  std::unique_ptr<detail::Ahead> Built;
  std::unique_ptr<detail::AheadResult> Result;
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

/// Drops the pending first kernel of \p Chain: the fused launch ran it
/// (or a result computed ahead: the second's site took it).
inline void discard(const char *Chain) {
  if (Window *W = window_for(Chain)) {
    W->Pending.reset();
    W->drop();
  }
}

/// At the first kernel's launch (a reduction): the captures of the second
/// kernel of \p Chain, when its window is open and armed, fusion is
/// enabled and they are a \p Tuple over \p Range; null otherwise (then
/// the first runs alone). The window is disarmed: one computation ahead.
template <class Tuple> Tuple *ahead(const char *Chain, Bounds Range) {
  Window *W = window_for(Chain);
  if (!fusion_enabled() || !W || !W->armed())
    return nullptr;
  Tuple *T = W->template build_ahead<Tuple>(Range);
  W->disarm();
  return T;
}

/// After the fused launch: the second kernel's result \p V, for its site.
template <class Value> void computed_ahead(const char *Chain, const Value &V) {
  if (Window *W = window_for(Chain))
    W->set_ahead_result(V);
}

/// At the second kernel's launch: the result computed ahead over \p Range
/// from captures of type \p Tuple (set in \p Captures, for the site to
/// compare with its own), or null.
template <class Tuple, class Value>
Value *ahead_result(const char *Chain, Bounds Range, Tuple *&Captures) {
  Window *W = window_for(Chain);
  return W ? W->template result_ahead<Tuple, Value>(Range, Captures) : nullptr;
}

/// Runs the pending first kernel of \p Chain, if any, and keeps it
/// pending (the shadow check runs it fused after).
inline void replay_pending(const char *Chain) {
  if (Window *W = window_for(Chain))
    if (W->Pending)
      W->Pending->launch();
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

/// A functor object's operator that a work tag selects, called without the
/// tag: `tagged<Integrate::TagFinal>(integrate)(i)` calls
/// `integrate(Integrate::TagFinal(), i)`.
template <class Tag, class F> struct Tagged {
  F Functor;
  template <class... Index> KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index... I) const {
    Functor(Tag(), I...);
  }
};
template <class Tag, class F> Tagged<Tag, F> tagged(const F &Functor) {
  return Tagged<Tag, F>{Functor};
}

/// One functor running \p First's body and then \p Second's for each index
/// (of a 1-D range or a 2-D or 3-D box). Launched over a policy with a work
/// tag (one kernel's own policy), it ignores the tag: each part calls its
/// own (Tagged).
template <class Index, class First, class Second> struct Composed {
  First A;
  Second B;
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index I) const {
    A(I);
    B(I);
  }
  template <class Tag, class = typename std::enable_if<std::is_class<Tag>::value>::type>
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Tag &, const Index I) const {
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

/// Does nothing, for any index: composed with it, a part runs alone over
/// a policy of either kernel, work tag or not (alone).
struct Nothing {
  template <class... Index> KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index...) const {}
};
/// \p Part alone (a part of a pending composition, which the shadow check
/// runs on its own as it was written).
template <class Index, class Part> Composed<Index, Part, Nothing> alone(const Part &P) {
  return Composed<Index, Part, Nothing>{P, Nothing{}};
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

/// Composed over a 1-D range, one call per chunk of indices (chunks_of):
/// \p First's body over the chunk, then \p Second's. Called once per index,
/// the two bodies share one loop in which the compiler cannot tell their
/// Views apart, and neither vectorises as it did alone (measured 0.7x of the
/// two launches with the data in cache); each in a loop of its own, each
/// compiles as its launch did, and the chunk is still in cache when the
/// second reads it. The order runs no index of the second before the first
/// ran it, as calling them per index does. On a device a chunk is one index.
template <class Index, class First, class Second, class Chunks> struct ComposedChunks {
  First A;
  Second B;
  Chunks C;
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index K) const {
    const Index Begin = C.begin(K), End = C.end(K);
    for (Index I = Begin; I < End; ++I)
      A(I);
    for (Index I = Begin; I < End; ++I)
      B(I);
  }
  template <class Tag, class = typename std::enable_if<std::is_class<Tag>::value>::type>
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Tag &, const Index K) const {
    (*this)(K);
  }
};
template <class Index, class First, class Second, class Chunks>
ComposedChunks<Index, First, Second, Chunks> compose_chunks(const Chunks &C, const First &A,
                                                            const Second &B) {
  return ComposedChunks<Index, First, Second, Chunks>{A, B, C};
}

/// The same for a reduction: \p Second reduces into a Value (chunks of
/// reduction_chunks_of: more than one index only where the space combines
/// its indices in order).
template <class Index, class Value, class First, class Second, class Chunks>
struct ComposedReduceChunks {
  using value_type = Value;
  First A;
  Second B;
  Chunks C;
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index K, Value &Sum) const {
    const Index Begin = C.begin(K), End = C.end(K);
    for (Index I = Begin; I < End; ++I)
      A(I);
    for (Index I = Begin; I < End; ++I)
      B(I, Sum);
  }
  template <class Tag, class = typename std::enable_if<std::is_class<Tag>::value>::type>
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Tag &, const Index K, Value &Sum) const {
    (*this)(K, Sum);
  }
};
template <class Index, class Value, class First, class Second, class Chunks>
ComposedReduceChunks<Index, Value, First, Second, Chunks>
compose_reduce_chunks(const Chunks &C, const First &A, const Second &B) {
  return ComposedReduceChunks<Index, Value, First, Second, Chunks>{A, B, C};
}

/// How a reduction run as one with another combines its partial results,
/// as Kokkos does for it. By default a lambda's own value type (a number or
/// a class of the program's, a minimum with its location): value initialised, joined
/// with +=. Reduced<R>: through the Kokkos reducer R (Min, Max, Prod) bound
/// to the value, its own init and join.
template <class Reducer> struct Reduced {};

namespace detail {
template <class T> struct Combine {
  using value_type = T;
  KFUSE_DEFER_HOST_DEVICE static void init(T &V) { V = T(); }
  KFUSE_DEFER_HOST_DEVICE static void join(T &D, const T &S) { D += S; }
  // Kokkos 3 joins volatile values.
  KFUSE_DEFER_HOST_DEVICE static void join(volatile T &D, const volatile T &S) { D += S; }
};
template <class R> struct Combine<Reduced<R>> {
  using value_type = typename R::value_type;
  KFUSE_DEFER_HOST_DEVICE static void init(value_type &V) { R(V).init(V); }
  KFUSE_DEFER_HOST_DEVICE static void join(value_type &D, const value_type &S) {
    R(D).join(D, S);
  }
  KFUSE_DEFER_HOST_DEVICE static void join(volatile value_type &D,
                                           const volatile value_type &S) {
    join_volatile(R(const_cast<value_type &>(D)), D, S, 0);
  }
};
} // namespace detail

/// The partial results of two reductions run as one: the first's in First,
/// the second's in Second.
template <class VA, class VB> struct BothValues {
  VA First;
  VB Second;
};
/// The name that sources fused by earlier versions of kfuse use (two sums).
template <class VA, class VB> using BothSums = BothValues<VA, VB>;

/// Two reductions run as one: \p A's combined as \p OA says (a value type,
/// or Reduced<a Kokkos reducer>), \p B's as \p OB.
template <class Index, class OA, class OB, class FA, class FB> struct ReduceBoth {
  using CA = detail::Combine<OA>;
  using CB = detail::Combine<OB>;
  using VA = typename CA::value_type;
  using VB = typename CB::value_type;
  using value_type = BothValues<VA, VB>;
  FA A;
  FB B;
  KFUSE_DEFER_HOST_DEVICE inline void init(value_type &V) const {
    CA::init(V.First);
    CB::init(V.Second);
  }
  KFUSE_DEFER_HOST_DEVICE inline void join(value_type &D, const value_type &S) const {
    CA::join(D.First, S.First);
    CB::join(D.Second, S.Second);
  }
  // Kokkos 3 joins volatile values.
  KFUSE_DEFER_HOST_DEVICE inline void join(volatile value_type &D,
                                           const volatile value_type &S) const {
    CA::join(D.First, S.First);
    CB::join(D.Second, S.Second);
  }
  // Each part accumulates into a local (through the value's members every
  // iteration stored and reloaded both).
  KFUSE_DEFER_HOST_DEVICE inline void operator()(const Index I, value_type &V) const {
    VA First = V.First;
    VB Second = V.Second;
    A(I, First);
    B(I, Second);
    V.First = First;
    V.Second = Second;
  }
};
template <class Index, class OA, class OB, class FA, class FB>
ReduceBoth<Index, OA, OB, FA, FB> reduce_both(const FA &A, const FB &B) {
  return ReduceBoth<Index, OA, OB, FA, FB>{A, B};
}

namespace detail {
/// A capture as the kernel takes it: a held object is its copy.
template <class T> struct Captured { using type = T; };
template <class T> struct Captured<Held<T>> { using type = T; };
template <class T> const T &captured(const T &V) { return V; }
template <class T> const T &captured(const Held<T> &H) { return H.Value; }
template <template <class...> class Functor, class... T, std::size_t... I>
Functor<typename Captured<T>::type...> from_tuple(const std::tuple<T...> &Values,
                                                  std::index_sequence<I...>) {
  return Functor<typename Captured<T>::type...>{captured(std::get<I>(Values))...};
}
} // namespace detail
/// The functor template \p Functor over the types of \p Values, its
/// members initialised with them in order (as make_fused; a held object
/// with its copy).
template <template <class...> class Functor, class... T>
Functor<typename detail::Captured<T>::type...> make_from_tuple(const std::tuple<T...> &Values) {
  return detail::from_tuple<Functor>(Values, std::index_sequence_for<T...>());
}

/// What the guard checks for a View of each kernel: they overlap in no
/// byte, unless neither is written.
template <class VA, class VB>
bool apart(const VA &A, bool AWritten, const VB &B, bool BWritten) {
  return apart_bytes(bytes_of(A, AWritten), bytes_of(B, BWritten));
}

/// For one name in both kernels: the same View (the plan compared their
/// accesses as one), or no shared byte.
template <class VA, class VB>
bool same_or_apart(const VA &A, const VB &B) {
  // (Views of two element types, where two instantiations of a template
  // meet in code that runs for neither, are never one View.)
  if (std::is_same<typename VA::non_const_value_type, typename VB::non_const_value_type>::value &&
      static_cast<const void *>(A.data()) == static_cast<const void *>(B.data()) &&
      A.span() == B.span()) {
    for (unsigned D = 0; D < VA::rank; ++D)
      if (A.extent(D) != B.extent(D) || A.stride(D) != B.stride(D))
        return false;
    return unsigned(VA::rank) == unsigned(VB::rank);
  }
  return apart(A, true, B, true);
}

/// apart() and same_or_apart() for byte ranges (bytes_of, pointer_bytes):
/// where a raw pointer takes part, by the elements it reaches.
inline bool apart_bytes(const ViewBytes &A, const ViewBytes &B) {
  return (!A.Written && !B.Written) || !share_bytes(A, B);
}
inline bool same_or_apart_bytes(const ViewBytes &A, const ViewBytes &B) {
  return (A.Begin == B.Begin && A.End == B.End) || !share_bytes(A, B);
}

} // namespace kfuse

// The shadow check (KFUSE_SHADOW=1) of fused groups, which may run a pending
// launch again.
#include "Shadow.hpp"

#endif // KFUSE_RUNTIME_DEFER_HPP
