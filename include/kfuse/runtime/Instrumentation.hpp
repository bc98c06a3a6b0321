//===- Instrumentation.hpp - What instrumented launches call ----*- C++ -*-===//
//
// Helpers that `kfuse instrument` wraps around the arguments of a launch:
// `policy()` records the range of any Kokkos policy (or integer count) and
// hands the policy on unchanged; `inspect()` lets the instrumented code read
// the View members of a functor object; `viewIf()` records a member where
// the object's type has it. Host code only; C++14.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_RUNTIME_INSTRUMENTATION_HPP
#define KFUSE_RUNTIME_INSTRUMENTATION_HPP

#include <kfuse/runtime/Profiler.hpp>

#include <type_traits>

namespace kfuse {
namespace rt {
namespace detail {

/// Records the View \p Get returns for \p Object, where \p Get applies to
/// its type (the overload below is chosen where it does not).
template <class O, class G>
auto viewIf(Launch &L, const char *Name, Access Mode, const O &Object, G &Get, int)
    -> decltype(Get(Object), void()) {
  L.view(Name, Mode, Get(Object));
}

template <class O, class G>
void viewIf(Launch &, const char *, Access, const O &, G &, long) {}

template <class T>
void recordRange(Launch &L, const T &Count, std::true_type /*integral*/) {
  L.range(0, static_cast<long long>(Count));
}

template <class... Props>
void recordPolicy(Launch &L, const Kokkos::RangePolicy<Props...> &P) {
  L.range(static_cast<long long>(P.begin()), static_cast<long long>(P.end()));
}

template <class... Props>
void recordPolicy(Launch &L, const Kokkos::MDRangePolicy<Props...> &P) {
  for (unsigned D = 0; D < Kokkos::MDRangePolicy<Props...>::rank; ++D)
    L.range(static_cast<long long>(P.m_lower[D]),
            static_cast<long long>(P.m_upper[D]));
}

template <class... Props>
void recordPolicy(Launch &L, const Kokkos::TeamPolicy<Props...> &P) {
  L.range(0, static_cast<long long>(P.league_size()));
}

/// Policies kfuse does not know: no range is recorded.
template <class T> void recordPolicy(Launch &, const T &) {}

template <class T>
void recordRange(Launch &L, const T &P, std::false_type /*integral*/) {
  recordPolicy(L, P);
}

} // namespace detail

/// Records the range of \p P in \p L and returns \p P.
template <class P> const P &policy(Launch &L, const P &Policy) noexcept {
  detail::recordRange(L, Policy, std::is_integral<P>());
  return Policy;
}

/// Calls \p Record on the functor \p F (to record its View members) and
/// returns \p F.
template <class F, class R> const F &inspect(const F &Functor, R &&Record) noexcept {
  Record(Functor);
  return Functor;
}

/// Records the View that \p Get, a generic lambda naming a member path of
/// its argument, returns for \p Object; nothing where the path does not
/// exist in \p Object's type. A launch in a template names members this way:
/// another instantiation's object may not have them.
template <class O, class G>
void viewIf(Launch &L, const char *Name, Access Mode, const O &Object, G &&Get) noexcept {
  detail::viewIf(L, Name, Mode, Object, Get, 0);
}

} // namespace rt
} // namespace kfuse

#endif // KFUSE_RUNTIME_INSTRUMENTATION_HPP
