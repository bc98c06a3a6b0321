//===- KokkosStub.h - A tiny Kokkos for in-memory unit tests ----*- C++ -*-===//
//
// Enough of the Kokkos API for the launch model to see Views, policies and
// launches without parsing the real headers. Mapped as <Kokkos_Core.hpp>.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_TEST_KOKKOSSTUB_H
#define KFUSE_TEST_KOKKOSSTUB_H

#include "kfuse/LaunchFinder.h"
#include <string>

namespace kfuse::test {

inline const char *const KokkosStubHeader = R"cpp(
#pragma once
#define KOKKOS_LAMBDA [=]
#define KOKKOS_CLASS_LAMBDA [ =, *this ]
#define KOKKOS_INLINE_FUNCTION inline
namespace std { template <class C> struct char_traits {}; template <class C> struct allocator {};
  template <class C, class T = char_traits<C>, class A = allocator<C>> struct basic_string {
    basic_string(const C *) {} };
  using string = basic_string<char>; }
namespace Kokkos {
struct Serial {}; struct OpenMP {};
using DefaultExecutionSpace = Serial;
struct LayoutRight {}; struct LayoutLeft {}; struct LayoutStride {};
template <unsigned N> struct MemoryTraits {};
using Atomic = MemoryTraits<1>;
template <class T> struct IndexType {};
template <class T> struct Schedule {};
struct Dynamic {};
template <unsigned N> struct Rank {};
// Elements are doubles; a View of long holds long (an index read from it).
template <class D> struct StubElement { using type = double; };
template <> struct StubElement<long *> { using type = long; };
template <class DataType, class... Props> struct View {
  View() {}
  View(const std::string &, long = 0, long = 0) {}
  template <class... I> typename StubElement<DataType>::type &operator()(I...) const {
    static typename StubElement<DataType>::type d{};
    return d;
  }
  template <class I> double &operator[](I) const { static double d; return d; }
  template <class... I> double &access(I...) const { static double d; return d; }
  long extent(int) const { return 0; }
  double *data() const { return nullptr; }
};
template <class... Props> struct RangePolicy {
  RangePolicy(long, long) {}
  RangePolicy(Serial, long, long) {}
};
template <class... Props> struct MDRangePolicy {
  MDRangePolicy(const long (&)[2], const long (&)[2]) {}
  MDRangePolicy(const long (&)[3], const long (&)[3]) {}
};
template <class... Props> struct TeamPolicy {
  struct member_type { int league_rank() const { return 0; } };
  TeamPolicy(long, long) {}
};
namespace Impl { template <class M> struct TeamThreadRangeBoundariesStruct {}; }
template <class M> Impl::TeamThreadRangeBoundariesStruct<M> TeamThreadRange(const M &, int) { return {}; }
template <class T> struct Sum { Sum(T &) {} };
template <class T> struct Max { Max(T &) {} };
template <class P, class F> void parallel_for(const std::string &, const P &, const F &) {}
template <class P, class F> void parallel_for(const P &, const F &, const std::string & = "") {}
template <class P, class F, class R> void parallel_reduce(const std::string &, const P &, const F &, R &&) {}
template <class P, class F, class R> void parallel_reduce(const P &, const F &, R &&) {}
template <class P, class F> void parallel_scan(const std::string &, const P &, const F &) {}
template <class T> void atomic_add(T *, T) {}
template <class T> T atomic_fetch_add(T *, T) { return T(); }
template <class T> T atomic_fetch_max(T *, T) { return T(); }
template <class T> void atomic_increment(T *) {}
template <class T> T atomic_compare_exchange(T *, T, T) { return T(); }
template <class A, class B> void deep_copy(const A &, const B &) {}
void fence() {}
}
)cpp";

/// Models the launches of \p Code, which may `#include <Kokkos_Core.hpp>`
/// to get the stub.
FileModel analyzeWithStub(const std::string &Code);

/// The one site of \p Model with label \p Label (fails the test if absent).
const KernelModel &siteLabelled(const FileModel &Model, const std::string &Label);

/// The View named \p Name of \p Site, or null.
const ViewUse *viewNamed(const KernelModel &Site, const std::string &Name);

} // namespace kfuse::test

#endif // KFUSE_TEST_KOKKOSSTUB_H
