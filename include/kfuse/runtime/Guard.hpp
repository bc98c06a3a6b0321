//===- Guard.hpp - The run-time check before a fused launch -----*- C++ -*-===//
//
// Code written by `kfuse fuse` runs the fused kernel only when what the plan
// relied on holds: no View it writes overlaps another View it uses (so the
// fused order and restrict are safe), and the ranges it assumed equal are.
// KFUSE_DISABLE=1 forces the original launches; KFUSE_VERBOSE=1 says on
// stderr, once per fused group, when the guard sends it to the original
// launches. Host code only; C++14; a few comparisons per launch.
//
// On a GPU (a unit compiled as CUDA or HIP), each fused group also times
// itself against its original launches in its first calls and keeps the
// faster (use_fused, measured_choice): KFUSE_MEASURE=0 turns that off,
// KFUSE_MEASURE=1 turns it on for host builds too.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_RUNTIME_GUARD_HPP
#define KFUSE_RUNTIME_GUARD_HPP

#include "Lattice.hpp"
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <type_traits>

// Declared here, defined by Kokkos_Core.hpp (which this header may precede):
// enough to compare a View's layout and an execution space with them.
namespace Kokkos {
struct LayoutLeft;
struct LayoutRight;
class HostSpace;
class Serial;
template <class... Properties> class RangePolicy;
} // namespace Kokkos

#if defined(__CUDACC__) || defined(__HIPCC__)
#define KFUSE_HOST_DEVICE __host__ __device__
#else
#define KFUSE_HOST_DEVICE
#endif

namespace kfuse {

/// A stride that the View's layout fixes at 1 (the last dimension of
/// LayoutRight, the first of LayoutLeft): built from the run-time stride,
/// which it drops, it is the constant 1 in the fused body, so the compiler
/// sees unit-stride accesses and can vectorise them.
struct unit_stride {
  KFUSE_HOST_DEVICE constexpr unit_stride(long) {}
  KFUSE_HOST_DEVICE constexpr operator long() const { return 1; }
};

/// The type of the stride of dimension \p D of a View of type \p V and
/// rank \p Rank in a fused body: unit_stride where the layout fixes it,
/// else long (LayoutStride and other layouts pass it at run time).
template <class V, unsigned D, unsigned Rank>
using stride_t = typename std::conditional<
    (std::is_same<typename V::array_layout, Kokkos::LayoutRight>::value && D + 1 == Rank) ||
        (std::is_same<typename V::array_layout, Kokkos::LayoutLeft>::value && D == 0),
    unit_stride, long>::type;

/// The indices one call of a fused body runs, in one loop: on an execution
/// space of the host a chunk of consecutive ones, so that the loop is inside
/// the scope where its pointers are restrict (the compiler keeps values in
/// registers across iterations and vectorises; called once per index, the
/// body's pointers are reloaded from the functor each time); on a device,
/// one per thread, as the kernels had. \p I is the policy's index type.
template <class I> struct chunks {
  I Begin, End;
  long Size;
  KFUSE_HOST_DEVICE I begin(I Chunk) const { return Begin + Chunk * static_cast<I>(Size); }
  KFUSE_HOST_DEVICE I end(I Chunk) const {
    return End - begin(Chunk) > static_cast<I>(Size) ? begin(Chunk) + static_cast<I>(Size) : End;
  }
};

/// The size of a chunk for an execution space \p E.
template <class E>
struct chunk_size
    : std::integral_constant<long, std::is_same<typename E::memory_space, Kokkos::HostSpace>::value
                                       ? 256
                                       : 1> {};

/// The chunks of a RangePolicy \p P, of Size<its execution space> indices
/// each (chunk_size; reduction_chunk_size for a reduction).
template <template <class> class Size = chunk_size, class P>
auto chunks_of(const P &Policy)
    -> decltype(Policy.begin(), Policy.end(), chunks<typename P::index_type>{}) {
  return {Policy.begin(), Policy.end(), Size<typename P::execution_space>::value};
}
/// The execution space a count of indices of type \p N runs on: Kokkos'
/// default, a RangePolicy's without properties (named through \p N, so
/// that it is looked up where a count is chunked, after Kokkos' headers).
template <class N>
using count_space =
    typename std::conditional<sizeof(N) != 0, Kokkos::RangePolicy<>, void>::type::execution_space;

/// A count of indices runs on Kokkos' default execution space: its chunks
/// are that space's (one index per call, as before session 29, left the
/// composed functor of two count launches unvectorised on the host:
/// measured 0.87x of the two launches).
template <template <class> class Size = chunk_size, class N,
          class = typename std::enable_if<std::is_integral<N>::value>::type>
chunks<N> chunks_of(const N &Count) {
  return {0, Count, Size<count_space<N>>::value};
}

/// The policy that runs \p Policy's range chunk by chunk (chunks_of): the
/// same type and execution space over the chunks' numbers.
template <template <class> class Size = chunk_size, class P>
auto chunked(const P &Policy) -> decltype(P(Policy.space(), Policy.begin(), Policy.end())) {
  const long S = Size<typename P::execution_space>::value;
  const auto Count = Policy.end() - Policy.begin();
  return P(Policy.space(), 0, (Count + S - 1) / S);
}
template <template <class> class Size = chunk_size, class N,
          class = typename std::enable_if<std::is_integral<N>::value>::type>
N chunked(const N &Count) {
  const N S = static_cast<N>(Size<count_space<N>>::value);
  return (Count + S - 1) / S;
}

/// The size of a chunk of a reduction for an execution space \p E: a
/// chunk_size where the space combines its indices in order (Serial), one
/// index elsewhere: a parallel space then splits the indices among its
/// threads as it splits the kernel's own, and each partial result is the
/// same sum, in the same order.
template <class E>
struct reduction_chunk_size
    : std::integral_constant<long, std::is_same<E, Kokkos::Serial>::value ? chunk_size<E>::value
                                                                          : 1> {};

/// chunks_of and chunked for a reduction (reduction_chunk_size).
template <class P>
auto reduction_chunks_of(const P &Policy) -> decltype(chunks_of<reduction_chunk_size>(Policy)) {
  return chunks_of<reduction_chunk_size>(Policy);
}
template <class P>
auto reduction_chunked(const P &Policy) -> decltype(chunked<reduction_chunk_size>(Policy)) {
  return chunked<reduction_chunk_size>(Policy);
}

/// Joins \p S into \p D, volatile values of a combined reduction (Kokkos 3
/// joins those), through the reducer \p R: with its volatile overload where
/// it has one (Kokkos 3), else its plain one (Kokkos 4 has only that).
template <class R, class T>
KFUSE_HOST_DEVICE inline auto join_volatile(const R &Reducer, volatile T &D,
                                            const volatile T &S, int)
    -> decltype(Reducer.join(D, S), void()) {
  Reducer.join(D, S);
}
template <class R, class T>
KFUSE_HOST_DEVICE inline void join_volatile(const R &Reducer, volatile T &D,
                                            const volatile T &S, long) {
  Reducer.join(const_cast<T &>(D), const_cast<const T &>(S));
}

/// Whether the compiler may contract a product and a sum into one fused
/// multiply-add: CUDA and HIP do by default, and GCC where the target has
/// the instruction. Where it may, one floating-point value read for two
/// bodies lets it share their products and contract them otherwise than in
/// the kernels alone: the results could differ in their last bits (measured
/// on an H200: an integrator pair, 2e-16).
#if defined(__CUDACC__) || defined(__HIPCC__) || defined(__FMA__) || defined(__FP_FAST_FMA)
constexpr bool may_contract = true;
#else
constexpr bool may_contract = false;
#endif

/// True when the numbers \p A and \p B hold the same bits (0.0 and -0.0
/// differ; a NaN equals itself): where they do, a fused body may read one
/// for both. Always false for floating-point numbers where the compiler
/// may contract (may_contract): each body then reads its own.
template <class TA, class TB> bool same_bits(const TA &A, const TB &B) {
  static_assert(std::is_same<typename std::remove_cv<TA>::type,
                             typename std::remove_cv<TB>::type>::value &&
                    std::is_arithmetic<TA>::value,
                "same_bits compares two numbers of one type");
  if (may_contract && std::is_floating_point<TA>::value)
    return false;
  return std::memcmp(&A, &B, sizeof(TA)) == 0;
}

/// The bytes a View spans, whether the fused kernel writes it, and where
/// its elements lie in them (lattice::Shape: a column of a matrix owns a
/// block every row).
struct ViewBytes {
  const char *Begin;
  const char *End;
  bool Written;
  lattice::Shape Lattice = {};
};

/// The bytes of \p V.
template <class V> ViewBytes bytes_of(const V &View, bool Written) {
  const char *Begin = reinterpret_cast<const char *>(View.data());
  std::int64_t Extents[8] = {}, Strides[8] = {};
  const int Rank = static_cast<int>(V::rank) < 8 ? static_cast<int>(V::rank) : 8;
  for (int R = 0; R < Rank; ++R) {
    Extents[R] = static_cast<std::int64_t>(View.extent(R));
    Strides[R] = static_cast<std::int64_t>(View.stride(R));
  }
  return ViewBytes{Begin, Begin + View.span() * sizeof(typename V::value_type), Written,
                   lattice::shapeOf(Rank, Extents, Strides, sizeof(typename V::value_type))};
}

/// True if two names of a raw pointer hold one pointer (where the plan
/// merged them into one).
template <class T, class U> bool same_pointer(T *A, U *B) {
  return static_cast<const void *>(A) == static_cast<const void *>(B);
}

/// True if the raw pointer \p P holds the data of the one-dimensional View
/// \p V, whose elements lie one after the other (where the plan merged the
/// pointer into the View: `p[i]` is `v(i)`).
template <class T, class V> bool data_of(T *P, const V &View) {
  return static_cast<const void *>(P) == static_cast<const void *>(View.data()) &&
         (View.extent(0) <= 1 || View.stride(0) == 1);
}

/// What a raw pointer of type \p P points to, named as a View's elements.
template <class P> struct pointee {
  using value_type = typename std::remove_pointer<P>::type;
};

/// The bytes of the elements [min(Lo), max(Hi)) of the array at \p P: the
/// footprint of a raw pointer that launches index from each of Lo up to
/// the matching Hi (their ranges shifted by the accesses' offsets). With
/// no bounds, every byte, written: it overlaps everything.
template <class T>
ViewBytes pointer_bytes(T *P, std::initializer_list<long long> Lo,
                        std::initializer_list<long long> Hi, bool Written) {
  if (Lo.size() == 0 || Hi.size() == 0)
    return ViewBytes{reinterpret_cast<const char *>(std::uintptr_t(0)),
                     reinterpret_cast<const char *>(~std::uintptr_t(0)), true};
  long long L = *Lo.begin(), H = *Hi.begin();
  for (long long X : Lo)
    L = X < L ? X : L;
  for (long long X : Hi)
    H = X > H ? X : H;
  // In addresses, not pointer arithmetic: an offset of -1 reaches before
  // the pointer.
  const std::uintptr_t Base = reinterpret_cast<std::uintptr_t>(P);
  const long long Size = static_cast<long long>(sizeof(T));
  if (!P || H <= L)
    return ViewBytes{reinterpret_cast<const char *>(Base), reinterpret_cast<const char *>(Base),
                     Written};
  return ViewBytes{reinterpret_cast<const char *>(Base + static_cast<std::uintptr_t>(L * Size)),
                   reinterpret_cast<const char *>(Base + static_cast<std::uintptr_t>(H * Size)),
                   Written};
}

/// False when KFUSE_DISABLE is set to anything but "" or "0".
inline bool fusion_enabled() {
  static const bool Enabled = [] {
    const char *S = std::getenv("KFUSE_DISABLE");
    return !S || !*S || std::strcmp(S, "0") == 0;
  }();
  return Enabled;
}

/// True if \p A and \p B share a byte: their spans meet, and their
/// elements do not interleave (two columns of one matrix share none).
inline bool share_bytes(const ViewBytes &A, const ViewBytes &B) {
  return A.Begin < B.End && B.Begin < A.End &&
         !lattice::interleaved(reinterpret_cast<std::uintptr_t>(A.Begin), A.Lattice,
                               reinterpret_cast<std::uintptr_t>(B.Begin), B.Lattice);
}

/// True if no written View overlaps another View of the list.
inline bool no_overlap(std::initializer_list<ViewBytes> Views) {
  for (const ViewBytes *A = Views.begin(); A != Views.end(); ++A)
    for (const ViewBytes *B = A + 1; B != Views.end(); ++B)
      if ((A->Written || B->Written) && share_bytes(*A, *B))
        return false;
  return true;
}

/// A template parameter of the code around a launch, carried to a fused
/// functor at namespace scope as the type of an empty member:
/// `type_is<Real>` for a type, `value_is<int, N>` for a value.
template <class T> struct type_is {
  using type = T;
};
template <class T, T V> struct value_is {
  static constexpr T value = V;
};
#if __cplusplus < 201703L
template <class T, T V> constexpr T value_is<T, V>::value;
#endif

/// The fused functor template \p F instantiated for its members' types and
/// initialised with \p Members (C++14 has no class template argument
/// deduction).
template <template <class...> class F, class... M>
F<typename std::decay<M>::type...> make_fused(const M &...Members) {
  return F<typename std::decay<M>::type...>{Members...};
}

/// True if the Views \p A and \p B are one View: the same data, span and
/// strides (where the plan merged two arguments into one).
template <class VA, class VB> bool same_view(const VA &A, const VB &B) {
  if (!std::is_same<typename VA::non_const_value_type,
                    typename VB::non_const_value_type>::value ||
      static_cast<const void *>(A.data()) != static_cast<const void *>(B.data()) ||
      A.span() != B.span())
    return false;
  for (unsigned D = 0; D < VA::rank; ++D)
    if (A.extent(D) != B.extent(D) || A.stride(D) != B.stride(D))
      return false;
  return true;
}

namespace detail {

/// Waits for the device's work to finish, where the unit is compiled for
/// one (the default execution space is then the GPU); no-op on a host.
inline void device_fence() {
#if defined(__CUDACC__)
  (void)cudaDeviceSynchronize();
#elif defined(__HIPCC__)
  (void)hipDeviceSynchronize();
#endif
}

inline bool env_flag(const char *Name, bool Default) {
  const char *S = std::getenv(Name);
  if (!S || !*S)
    return Default;
  return std::strcmp(S, "0") != 0;
}

inline bool verbose() {
  static const bool Verbose = env_flag("KFUSE_VERBOSE", false);
  return Verbose;
}

/// Whether fused groups time themselves: on by default where the unit is
/// compiled for a GPU, whose speed the plan could only estimate.
inline bool measuring() {
#if defined(__CUDACC__) || defined(__HIPCC__)
  static const bool On = env_flag("KFUSE_MEASURE", true);
#else
  static const bool On = env_flag("KFUSE_MEASURE", false);
#endif
  return On;
}

/// One fused group timing itself: its calls alternate between the fused
/// kernel (1) and the original launches (0). The time from one call to the
/// next (the device fenced at both) counts for the choice of the first; the
/// first call of each choice is not counted (modules load, caches fill).
/// After Samples of each, the faster choice by median is kept, the fused
/// kernel where they tie.
struct Trial {
  static constexpr int Samples = 5;
  const char *Label = nullptr;
  int Verdict = -1; ///< -1 while timing, else the choice kept
  int Last = -1;    ///< the previous call's choice, while its time counts
  int Calls = 0;
  bool Warm[2] = {false, false};
  double Since = 0;
  double Seconds[2][Samples] = {};
  int Count[2] = {0, 0};
};

/// Every group's trial; one group times itself at a time, so that the
/// others' choices stay fixed in its intervals.
struct Trials {
  Trial Slots[128];
  int Used = 0;
  Trial *Holder = nullptr;
};

inline Trials &trials() {
  static Trials All;
  return All;
}

inline double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

inline double median_of(double *V, int N) {
  for (int I = 1; I < N; ++I)
    for (int J = I; J > 0 && V[J] < V[J - 1]; --J) {
      const double T = V[J];
      V[J] = V[J - 1];
      V[J - 1] = T;
    }
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

/// The trial of group \p Label (added where \p Add and there is room).
/// Called on every launch of a measuring build: a site passes the same
/// literal each time, so its pointer is compared first.
inline Trial *trial_of(const char *Label, bool Add) {
  Trials &All = trials();
  for (int I = 0; I < All.Used; ++I)
    if (All.Slots[I].Label == Label)
      return &All.Slots[I];
  for (int I = 0; I < All.Used; ++I)
    if (std::strcmp(All.Slots[I].Label, Label) == 0)
      return &All.Slots[I];
  if (!Add || All.Used == 128)
    return nullptr;
  All.Slots[All.Used].Label = Label;
  return &All.Slots[All.Used++];
}

/// True if another group is timing itself, so \p T runs fused meanwhile.
/// A group not called for 2 seconds gives up its turn and keeps its plan.
inline bool waiting(const Trial &T, double Now) {
  Trials &All = trials();
  if (!All.Holder || All.Holder == &T)
    return false;
  if (Now - All.Holder->Since < 2.0)
    return true;
  All.Holder->Verdict = 1;
  All.Holder = nullptr;
  return false;
}

/// The choice for a call of group \p T whose guard held, at time \p Now
/// (seconds_now after device_fence), its turn to time itself.
inline bool measured_choice(Trial &T, double Now) {
  Trials &All = trials();
  if (T.Verdict >= 0)
    return T.Verdict == 1;
  All.Holder = &T;
  if (T.Last >= 0) {
    if (!T.Warm[T.Last])
      T.Warm[T.Last] = true;
    else if (T.Count[T.Last] < Trial::Samples)
      T.Seconds[T.Last][T.Count[T.Last]++] = Now - T.Since;
  }
  if (T.Count[0] == Trial::Samples && T.Count[1] == Trial::Samples) {
    const double Launches = median_of(T.Seconds[0], Trial::Samples);
    const double Fused = median_of(T.Seconds[1], Trial::Samples);
    T.Verdict = Fused <= Launches ? 1 : 0;
    All.Holder = nullptr;
    if (verbose())
      std::fprintf(stderr,
                   "kfuse: '%s' timed itself: %.1f us a call fused, %.1f us with its "
                   "launches (medians of %d): %s\n",
                   T.Label, Fused * 1e6, Launches * 1e6, Trial::Samples,
                   T.Verdict ? "runs fused" : "runs its launches");
    return T.Verdict == 1;
  }
  T.Last = T.Calls++ % 2 == 0 ? 1 : 0;
  T.Since = Now;
  return T.Last == 1;
}

} // namespace detail

/// Whether to run the fused kernel \p Label: fusion is enabled, what the
/// plan assumed \p Holds, and, where groups time themselves (a GPU build),
/// the fused kernel was not measured slower than the original launches.
/// With KFUSE_VERBOSE set, the first refusal of each label is reported on
/// stderr, and each group's timing.
inline bool use_fused(const char *Label, bool Holds) {
  if (!fusion_enabled())
    return false;
  if (Holds) {
    if (!detail::measuring())
      return true;
    detail::Trial *T = detail::trial_of(Label, true);
    if (!T)
      return true;
    if (T->Verdict >= 0 || detail::waiting(*T, detail::seconds_now()))
      return T->Verdict != 0;
    detail::device_fence();
    return detail::measured_choice(*T, detail::seconds_now());
  }
  if (detail::measuring())
    if (detail::Trial *T = detail::trial_of(Label, false))
      T->Last = -1; // the interval after a fallback is neither choice's
  if (detail::verbose()) {
    static const char *Seen[64] = {};
    for (const char *&Slot : Seen) {
      if (Slot && std::strcmp(Slot, Label) == 0)
        return false;
      if (!Slot) {
        Slot = Label;
        std::fprintf(stderr,
                     "kfuse: fallback for '%s': its Views overlap, or its "
                     "ranges differ, unlike in the profile\n",
                     Label);
        return false;
      }
    }
  }
  return false;
}

} // namespace kfuse

// Launches deferred to fuse across functions use the guard too (and
// Defer.hpp includes the shadow check, Shadow.hpp).
#include "Defer.hpp"

#endif // KFUSE_RUNTIME_GUARD_HPP
