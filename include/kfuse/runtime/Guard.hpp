//===- Guard.hpp - The run-time check before a fused launch -----*- C++ -*-===//
//
// Code written by `kfuse fuse` runs the fused kernel only when what the plan
// relied on holds: no View it writes overlaps another View it uses (so the
// fused order and restrict are safe), and the ranges it assumed equal are.
// KFUSE_DISABLE=1 forces the original launches; KFUSE_VERBOSE=1 says on
// stderr, once per fused group, when the guard sends it to the original
// launches. Host code only; C++14; a few comparisons per launch.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_RUNTIME_GUARD_HPP
#define KFUSE_RUNTIME_GUARD_HPP

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
/// A count of indices runs one index per call (its execution space is
/// Kokkos' default, which this header cannot name).
template <template <class> class Size = chunk_size, class N,
          class = typename std::enable_if<std::is_integral<N>::value>::type>
chunks<N> chunks_of(const N &Count) {
  return {0, Count, 1};
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
  return Count;
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

/// True when the numbers \p A and \p B hold the same bits (0.0 and -0.0
/// differ; a NaN equals itself): where they do, a fused body may read one
/// for both.
template <class TA, class TB> bool same_bits(const TA &A, const TB &B) {
  static_assert(std::is_same<typename std::remove_cv<TA>::type,
                             typename std::remove_cv<TB>::type>::value &&
                    std::is_arithmetic<TA>::value,
                "same_bits compares two numbers of one type");
  return std::memcmp(&A, &B, sizeof(TA)) == 0;
}

/// The bytes a View spans, and whether the fused kernel writes it.
struct ViewBytes {
  const char *Begin;
  const char *End;
  bool Written;
};

/// The bytes of \p V.
template <class V> ViewBytes bytes_of(const V &View, bool Written) {
  const char *Begin = reinterpret_cast<const char *>(View.data());
  return ViewBytes{Begin,
                   Begin + View.span() * sizeof(typename V::value_type),
                   Written};
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

/// True if no written View overlaps another View of the list.
inline bool no_overlap(std::initializer_list<ViewBytes> Views) {
  for (const ViewBytes *A = Views.begin(); A != Views.end(); ++A)
    for (const ViewBytes *B = A + 1; B != Views.end(); ++B)
      if ((A->Written || B->Written) && A->Begin < B->End && B->Begin < A->End)
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
  if (A.data() != B.data() || A.span() != B.span())
    return false;
  for (unsigned D = 0; D < VA::rank; ++D)
    if (A.extent(D) != B.extent(D) || A.stride(D) != B.stride(D))
      return false;
  return true;
}

/// Whether to run the fused kernel \p Label: fusion is enabled and what the
/// plan assumed \p Holds. With KFUSE_VERBOSE set, the first refusal of each
/// label is reported on stderr.
inline bool use_fused(const char *Label, bool Holds) {
  if (!fusion_enabled())
    return false;
  if (Holds)
    return true;
  static const bool Verbose = [] {
    const char *S = std::getenv("KFUSE_VERBOSE");
    return S && *S && std::strcmp(S, "0") != 0;
  }();
  if (Verbose) {
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

// Launches deferred to fuse across functions use the guard too.
#include "Defer.hpp"

#endif // KFUSE_RUNTIME_GUARD_HPP
