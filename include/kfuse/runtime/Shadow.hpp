//===- Shadow.hpp - Fused groups checked against their original launches -*- C++ -*-===//
//
// KFUSE_SHADOW=1 proves on a user's own runs that a fused build computes
// what the original computes. Each fused group, every time it runs where its
// guard holds: copies every View its kernels hold (and the results of its
// reductions), runs the original launches, keeps their results, puts the
// copies back, runs the fused launch, and compares every element bit for
// bit (KFUSE_SHADOW_TOLERANCE=R accepts a relative difference up to R, for
// code compiled with floating-point contraction). The first difference of
// each View prints the group's label, the View, the index and both values
// on stderr; the program then goes on with the original's results and exits
// non-zero. Without KFUSE_SHADOW the check costs a test of one flag per
// group: the Views are named by a function called only when it runs.
//
// Host code only (the copies go through host mirrors); C++14; included by
// Defer.hpp (which Guard.hpp includes); needs Kokkos_Core.hpp before its templates are
// instantiated (deep_copy and create_mirror are found through the Views'
// namespace).
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_RUNTIME_SHADOW_HPP
#define KFUSE_RUNTIME_SHADOW_HPP

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace kfuse {
namespace shadow_detail {

inline bool env_on(const char *Name) {
  const char *S = std::getenv(Name);
  return S && *S && std::strcmp(S, "0") != 0;
}

/// KFUSE_SHADOW set to anything but "" or "0".
inline bool enabled() {
  static const bool On = env_on("KFUSE_SHADOW");
  return On;
}

inline double tolerance() {
  static const double T = [] {
    const char *S = std::getenv("KFUSE_SHADOW_TOLERANCE");
    return S && *S ? std::atof(S) : 0.0;
  }();
  return T;
}

inline long &failures() {
  static long N = 0;
  return N;
}

/// Called at exit once a difference was found: the status says so.
inline void exit_failing() {
  std::fprintf(stderr, "kfuse: shadow check: %ld difference(s) between fused and original "
                       "launches; exiting with status 1\n",
               failures());
  std::fflush(nullptr);
  std::_Exit(EXIT_FAILURE);
}

inline void record_failure() {
  if (failures()++ == 0)
    std::atexit(exit_failing);
}

/// The \p K-th comma-separated name of \p Names.
inline std::string name_at(const char *Names, unsigned K) {
  std::string All(Names), Out;
  size_t Begin = 0;
  for (unsigned I = 0; I < K; ++I) {
    Begin = All.find(',', Begin);
    if (Begin == std::string::npos)
      return "?";
    ++Begin;
  }
  size_t End = All.find(',', Begin);
  return All.substr(Begin, End == std::string::npos ? std::string::npos : End - Begin);
}

template <class T> bool same_value(const T &A, const T &B, std::true_type /*floating*/) {
  if (std::memcmp(&A, &B, sizeof(T)) == 0)
    return true;
  double Tol = tolerance();
  return Tol > 0 && std::fabs(double(A) - double(B)) <=
                        Tol * std::fmax(std::fabs(double(A)), std::fabs(double(B)));
}
template <class T> bool same_value(const T &A, const T &B, std::false_type) {
  return std::memcmp(&A, &B, sizeof(T)) == 0;
}
template <class T> bool same_value(const T &A, const T &B) {
  return same_value(A, B, std::is_floating_point<T>());
}

template <class T> std::string value_text(const T &V, std::true_type /*arithmetic*/) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.17g", double(V));
  return Buf;
}
template <class T> std::string value_text(const T &, std::false_type) { return "(not a number)"; }
template <class T> std::string value_text(const T &V) {
  return value_text(V, std::is_arithmetic<T>());
}

/// A host number a reduction of the group writes.
template <class T> struct ValueItem {
  T *Target = nullptr;
  T Before{}, Expected{};
  void before() { Before = *Target; }
  void expect() { Expected = *Target; }
  void restore_before() { *Target = Before; }
  void compare(const char *Label, const std::string &Name) {
    if (!same_value(*Target, Expected)) {
      std::fprintf(stderr, "kfuse: shadow check of '%s': '%s' differs: fused %s, original %s\n",
                   Label, Name.c_str(), value_text(*Target).c_str(),
                   value_text(Expected).c_str());
      record_failure();
    }
  }
  void restore_expected() { *Target = Expected; }
};

template <class V, class M> void put_back(const V &View, const M &Mirror, std::false_type) {
  deep_copy(View, Mirror); // (found in the View's namespace)
}
template <class V, class M> void put_back(const V &, const M &, std::true_type /*const*/) {}

/// A View of the group: host copies of its elements before and after the
/// original launches.
template <class V> struct ViewItem {
  using Mirror = decltype(create_mirror(std::declval<const V &>()));
  using Value = typename V::non_const_value_type;
  V View;
  Mirror Before, Expected;
  void copy(Mirror &To) {
    To = create_mirror(View);
    deep_copy(To, View);
  }
  void restore(const Mirror &From) {
    put_back(View, From, std::is_const<typename V::value_type>());
  }
  void before() { copy(Before); }
  void expect() { copy(Expected); }
  void restore_before() { restore(Before); }
  void restore_expected() { restore(Expected); }
  void compare(const char *Label, const std::string &Name) {
    Mirror Got;
    copy(Got);
    const Value *G = Got.data(), *E = Expected.data();
    for (size_t K = 0; K < Got.span(); ++K) {
      if (same_value(G[K], E[K]))
        continue;
      // The element's indices, from its offset and the strides.
      std::string At = "(";
      size_t Rest = K;
      unsigned Rank = static_cast<unsigned>(V::rank);
      size_t Index[8] = {0};
      bool Used[8] = {false};
      for (unsigned Step = 0; Step < Rank && Rank <= 8; ++Step) {
        unsigned Widest = 8;
        for (unsigned D = 0; D < Rank; ++D)
          if (!Used[D] && (Widest == 8 || Got.stride(D) > Got.stride(Widest)))
            Widest = D;
        Used[Widest] = true;
        size_t S = Got.stride(Widest) ? Got.stride(Widest) : 1;
        Index[Widest] = Rest / S;
        Rest %= S;
      }
      for (unsigned D = 0; D < Rank; ++D)
        At += (D ? ", " : "") + std::to_string(Index[D]);
      At += ")";
      std::fprintf(stderr,
                   "kfuse: shadow check of '%s': '%s' differs at %s: fused %s, original %s\n",
                   Label, Name.c_str(), At.c_str(), value_text(G[K]).c_str(),
                   value_text(E[K]).c_str());
      record_failure();
      break;
    }
  }
};

/// Copies \p N bytes between host or device memory (a raw pointer's bytes
/// may be in either).
inline void copy_bytes(void *To, const void *From, size_t N) {
#if defined(__CUDACC__)
  (void)cudaMemcpy(To, From, N, cudaMemcpyDefault);
#elif defined(__HIPCC__)
  (void)hipMemcpy(To, From, N, hipMemcpyDefault);
#else
  std::memcpy(To, From, N);
#endif
}

/// The bytes a raw pointer of the group reaches (its footprint, as the
/// guard computes it).
struct BytesItem {
  char *Begin = nullptr;
  size_t Size = 0;
  std::string Before, Expected;
  void copy(std::string &To) {
    To.resize(Size);
    if (Size)
      copy_bytes(&To[0], Begin, Size);
  }
  void put(const std::string &From) {
    if (Size)
      copy_bytes(Begin, From.data(), Size);
  }
  void before() { copy(Before); }
  void expect() { copy(Expected); }
  void restore_before() { put(Before); }
  void restore_expected() { put(Expected); }
  void compare(const char *Label, const std::string &Name) {
    std::string Got;
    copy(Got);
    for (size_t K = 0; K < Size; ++K)
      if (Got[K] != Expected[K]) {
        std::fprintf(stderr,
                     "kfuse: shadow check of '%s': '%s' differs at byte %zu of what it reaches\n",
                     Label, Name.c_str(), K);
        record_failure();
        break;
      }
  }
};

inline BytesItem make_item(const ViewBytes &B) {
  BytesItem I;
  // (A footprint of every byte, where no kernel bounds the pointer: none
  // to copy; the planner allows that only for pointers the group reads.)
  size_t Size = static_cast<size_t>(B.End - B.Begin);
  if (B.Written && B.End > B.Begin && Size < (size_t(1) << 40)) {
    I.Begin = const_cast<char *>(B.Begin);
    I.Size = Size;
  }
  return I;
}

template <class T> ViewItem<T> make_item(const T &View) {
  ViewItem<T> I;
  I.View = View;
  return I;
}
template <class T> ValueItem<T> make_item(T *Value) {
  ValueItem<T> I;
  I.Target = Value;
  return I;
}

} // namespace shadow_detail

/// A reduction's result, for shadow_items: the host number itself.
template <class T>
typename std::enable_if<std::is_arithmetic<T>::value, T *>::type result_of(T &Value) {
  return &Value;
}
/// A reduction into a View (rank 0): the View.
template <class V>
typename std::enable_if<!std::is_arithmetic<V>::value, const V &>::type
result_of(const V &View) {
  return View;
}

/// The Views and results a shadow check copies (shadow_of's \p Make
/// returns them).
template <class... T>
std::tuple<decltype(shadow_detail::make_item(std::declval<T>()))...>
shadow_items(const T &...Held) {
  return std::make_tuple(shadow_detail::make_item(Held)...);
}

/// The shadow check of one run of a fused group (shadow_of). Where the
/// group is one statement, a loop runs it twice:
///
///   for (auto S = ::kfuse::shadow_of(...); S.next();)
///     if (S.run_fused(::kfuse::use_fused(...))) { fused } else { original }
///
/// the original launches first, then the fused one on the same inputs.
/// Where code between its launches stays in place, run_fused() sends the
/// first run to the original launches, and replay() (true once they ran)
/// asks for the fused launch again, then compare().
template <class Make> class Shadow {
public:
  Shadow(const char *Label, const char *Names, const Make &M)
      : Label(Label), Names(Names), MakeItems(M) {}

  /// Whether to run the fused launch: \p Fused (use_fused's verdict) for
  /// the group's first run, unless the shadow check sends it to the
  /// original launches; the fused launch for the second.
  bool run_fused(bool Fused) {
    if (Pass > 0)
      return true;
    if (Fused && shadow_detail::enabled()) {
      It = MakeItems();
      each([](auto &I) { I.before(); });
      Checking = true;
      return false;
    }
    return Fused;
  }
  /// True if the original launches ran in place of the fused one to be
  /// checked: their results are kept, the inputs put back.
  bool replay() {
    if (!Checking)
      return false;
    // (All copied before any is put back: two items may be one View.)
    each([](auto &I) { I.expect(); });
    each([](auto &I) { I.restore_before(); });
    Pass = 1;
    return true;
  }
  /// Compares the fused launch's results with the original's, and leaves
  /// the original's.
  void compare() {
    if (!Checking)
      return;
    unsigned K = 0;
    each([&](auto &I) { I.compare(Label, shadow_detail::name_at(Names, K++)); });
    each([](auto &I) { I.restore_expected(); });
    Checking = false;
  }
  /// True while the original launches run to be checked.
  bool checking() const { return Checking && Pass == 0; }
  /// For the loop form: true for the first run, and for the second where
  /// the shadow check runs.
  bool next() {
    ++Step;
    if (Step == 1)
      return true;
    if (Step == 2)
      return replay();
    compare();
    return false;
  }
  /// Runs the pending first kernel of a chain across functions (flush()),
  /// and where the original launches run to be checked, keeps it pending
  /// for the fused launch after them.
  void flush(const char *Chain) {
    if (Checking)
      replay_pending(Chain);
    else
      ::kfuse::flush(Chain);
  }

private:
  using Items = decltype(std::declval<Make &>()());
  template <class F> void each(F Fn) {
    eachIn(Fn, std::make_index_sequence<std::tuple_size<Items>::value>());
  }
  template <class F, size_t... K> void eachIn(F &Fn, std::index_sequence<K...>) {
    (void)std::initializer_list<int>{(Fn(std::get<K>(It)), 0)...};
  }

  const char *Label;
  const char *Names;
  Make MakeItems;
  Items It;
  int Pass = 0;
  int Step = 0;
  bool Checking = false;
};

/// The shadow check of fused group \p Label: \p Make returns
/// shadow_items() of the Views its kernels hold and the results of its
/// reductions (result_of), named by \p Names, comma-separated. It is called
/// only where the check runs (KFUSE_SHADOW=1, the guard holding), so it
/// may name what exists only then.
template <class Make>
Shadow<Make> shadow_of(const char *Label, const char *Names, const Make &M) {
  return Shadow<Make>(Label, Names, M);
}

} // namespace kfuse

#endif // KFUSE_RUNTIME_SHADOW_HPP
