// The API that instrumented Kokkos code calls around each launch (C++14, header-only).
//
// What `kfuse instrument` writes around a launch:
//
//   { static const ::kfuse::rt::SiteInfo kfuse_site_{"f.cpp:main#1:ac1f...", "f.cpp", 30, 7,
//                                                    "parallel_for", "copy"};
//     ::kfuse::rt::Launch kfuse_launch_(kfuse_site_);
//     kfuse_launch_.range(0, N).view("c", ::kfuse::rt::Write, c).view("a", ::kfuse::rt::Read, a);
//     kfuse_launch_.start();
//     Kokkos::parallel_for("copy", N, KOKKOS_LAMBDA(const int i) { c(i) = a(i); });
//     kfuse_launch_.stop(); }
//
// Every member is noexcept and swallows failures: profiling never changes what the program does.
// A launch that gathers more than Launch::InlineViews Views allocates; no other steady-state
// launch does.
#ifndef KFUSE_RUNTIME_PROFILER_HPP
#define KFUSE_RUNTIME_PROFILER_HPP

#include <Kokkos_Core.hpp>

#include "Recorder.hpp"

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace kfuse {
namespace rt {

namespace detail {

template <class Layout> inline const char *layoutName() {
  return std::is_same<Layout, Kokkos::LayoutRight>::value    ? "LayoutRight"
         : std::is_same<Layout, Kokkos::LayoutLeft>::value   ? "LayoutLeft"
         : std::is_same<Layout, Kokkos::LayoutStride>::value ? "LayoutStride"
                                                             : "Other";
}

/// Tells the recorder which Kokkos this program runs on, once.
inline void announceKokkos() noexcept {
  static const bool Done = [] {
    char Version[32];
#ifdef KOKKOS_VERSION
    std::snprintf(Version, sizeof(Version), "%d.%d.%d", KOKKOS_VERSION / 10000,
                  KOKKOS_VERSION / 100 % 100, KOKKOS_VERSION % 100);
#else
    std::snprintf(Version, sizeof(Version), "unknown");
#endif
    Recorder::instance().setKokkos(Version, Kokkos::DefaultExecutionSpace::name());
    return true;
  }();
  (void)Done;
}

/// Set while an instrumented launch runs its kernel (top-level launches are
/// issued by one host thread at a time).
inline bool &insideInstrumentedLaunch() noexcept {
  static bool Inside = false;
  return Inside;
}

/// When the last top-level kernel Kokkos announced began.
inline std::uint64_t &kernelBeganNs() noexcept {
  static std::uint64_t Began = 0;
  return Began;
}

/// Whether the last top-level kernel Kokkos announced initialises a new
/// View's memory.
inline bool &kernelAllocates() noexcept {
  static bool Allocates = false;
  return Allocates;
}

inline void kernelBegins(const char *Name, std::uint32_t, std::uint64_t *) {
  kernelBeganNs() = Recorder::nowNs();
  kernelAllocates() = Recorder::initialisesNewView(Name);
}

inline void kernelEnds(std::uint64_t) {
  if (!insideInstrumentedLaunch())
    Recorder::instance().uninstrumentedKernel(Recorder::nowNs() - kernelBeganNs(),
                                              kernelAllocates());
}

inline void deepCopyBegins(Kokkos_Profiling_SpaceHandle, const char *, const void *Dst,
                           Kokkos_Profiling_SpaceHandle, const char *, const void *Src,
                           std::uint64_t Bytes) {
  Recorder::instance().deepCopyBegins(Dst, Src, Bytes);
}

inline void deepCopyEnds() { Recorder::instance().deepCopyEnds(); }

/// Listens to Kokkos' own tool callbacks, once Kokkos is initialised, so
/// the profile accounts for kernels kfuse did not instrument (a library's,
/// a system header's) and for the kernels of deep copies between launches. A Kokkos Tools
/// library the user loaded keeps the callbacks: coverage is then unknown.
inline void listenToKokkos() noexcept {
  static bool Done = false;
  if (Done || !Kokkos::is_initialized())
    return;
  Done = true;
  try {
    // Also at Kokkos::finalize(): a program that aborts after it (a View
    // outliving finalize, common in older codes) keeps its profile.
    Kokkos::push_finalize_hook([] { Recorder::instance().writeOnce(); });
    if (Kokkos::Tools::profileLibraryLoaded())
      return;
    namespace KT = Kokkos::Tools::Experimental;
    KT::set_begin_parallel_for_callback(kernelBegins);
    KT::set_begin_parallel_reduce_callback(kernelBegins);
    KT::set_begin_parallel_scan_callback(kernelBegins);
    KT::set_end_parallel_for_callback(kernelEnds);
    KT::set_end_parallel_reduce_callback(kernelEnds);
    KT::set_end_parallel_scan_callback(kernelEnds);
    KT::set_begin_deep_copy_callback(deepCopyBegins);
    KT::set_end_deep_copy_callback(deepCopyEnds);
    Recorder::instance().setCoverageKnown();
  } catch (...) {
  }
}

} // namespace detail

/// One launch, on the stack around the Kokkos call it profiles.
class Launch {
public:
  /// Room for this many Views without allocating.
  enum : int { InlineViews = 16 };

  /// Starts describing a launch of Site.
  explicit Launch(const SiteInfo &Site) noexcept {
    detail::announceKokkos();
    detail::listenToKokkos();
    Data.Site = Recorder::instance().site(Site, Detailed);
  }
  Launch(const Launch &) = delete;
  Launch &operator=(const Launch &) = delete;

  /// The launch's computed label (when the site has no literal one).
  Launch &label(const std::string &L) noexcept {
    if (Detailed) {
      try {
        Label = L;
        HasLabel = true;
      } catch (...) {
      }
    }
    return *this;
  }

  /// The iteration range of the next dimension; call once per dimension, in order.
  Launch &range(long long Begin, long long End) noexcept {
    if (Data.NumDims < MaxRangeDims) {
      Data.Begin[Data.NumDims] = Begin;
      Data.End[Data.NumDims] = End;
      ++Data.NumDims;
    }
    return *this;
  }

  /// The execution space's name; Kokkos::DefaultExecutionSpace::name() when not called.
  Launch &space(const char *ExecSpaceName) noexcept {
    Data.Space = ExecSpaceName;
    return *this;
  }

  /// A View the kernel uses, under its name in the source and with its access mode.
  template <class ViewT> Launch &view(const char *Name, Access Mode, const ViewT &V) noexcept {
    try {
      ViewArg *A = nextView();
      if (!A)
        return *this;
      using ValueType = typename ViewT::value_type;
      A->Name = Name;
      A->Mode = Mode;
      A->Data = static_cast<const void *>(V.data());
      A->SpanBytes = static_cast<std::uint64_t>(V.span()) * sizeof(ValueType);
      A->ElemBytes = sizeof(ValueType);
      const int Rank = static_cast<int>(ViewT::rank);
      A->Rank = Rank < MaxViewRank ? Rank : MaxViewRank;
      for (int R = 0; R < A->Rank; ++R) {
        A->Extents[R] = static_cast<std::int64_t>(V.extent(R));
        A->Strides[R] = static_cast<std::int64_t>(V.stride(R));
      }
      A->Layout = detail::layoutName<typename ViewT::array_layout>();
      if (Detailed) {
        ViewLabels.resize(static_cast<std::size_t>(NumViews));
        ViewLabels.back() = V.label();
      }
    } catch (...) {
    }
    return *this;
  }

  /// A raw pointer the kernel indexes, with the elements [Lo, Hi) it reaches
  /// over the launch's range (its footprint): recorded as a 1-D array of
  /// those elements, compared with the Views by the bytes they span.
  template <class T>
  Launch &pointer(const char *Name, Access Mode, T *P, long long Lo, long long Hi) noexcept {
    ViewArg *A = nullptr;
    try {
      A = nextView();
    } catch (...) {
    }
    if (!A)
      return *this;
    const long long N = Hi > Lo ? Hi - Lo : 0;
    A->Name = Name;
    A->Mode = Mode;
    // In addresses: an offset of -1 reaches before the pointer.
    A->Data = reinterpret_cast<const void *>(reinterpret_cast<std::uintptr_t>(P) +
                                             static_cast<std::uintptr_t>(Lo * sizeof(T)));
    A->SpanBytes = static_cast<std::uint64_t>(N) * sizeof(T);
    A->ElemBytes = sizeof(T);
    A->Rank = 1;
    A->Extents[0] = N;
    A->Strides[0] = 1;
    A->Layout = "Other";
    if (Detailed) {
      try {
        ViewLabels.resize(static_cast<std::size_t>(NumViews));
        ViewLabels.back() = "raw pointer";
      } catch (...) {
      }
    }
    return *this;
  }

  /// Fences, then starts the timer: the time measured is the kernel's alone.
  void start() noexcept {
    fence();
    Data.StartNs = Recorder::nowNs();
    Started = true;
    detail::insideInstrumentedLaunch() = true;
  }

  /// Fences, stops the timer and hands the launch to the recorder.
  void stop() noexcept {
    detail::insideInstrumentedLaunch() = false;
    if (!Started || Data.Site < 0)
      return;
    fence();
    Data.DurationNs = Recorder::nowNs() - Data.StartNs;
    Started = false;
    if (!Data.Space)
      Data.Space = Kokkos::DefaultExecutionSpace::name();
    if (HasLabel)
      Data.Label = Label.c_str();
    Data.Views = NumViews > InlineViews ? MoreViews.data() : Views;
    Data.NumViews = NumViews;
    if (Detailed && ViewLabels.size() == static_cast<std::size_t>(NumViews))
      Data.ViewLabels = ViewLabels.data();
    Recorder::instance().record(Data);
  }

private:
  static void fence() noexcept {
    try {
      Kokkos::fence();
    } catch (...) {
    }
  }

  ViewArg *nextView() {
    if (NumViews < InlineViews)
      return &Views[NumViews++];
    if (NumViews == InlineViews)
      MoreViews.assign(Views, Views + InlineViews);
    MoreViews.emplace_back();
    ++NumViews;
    return &MoreViews.back();
  }

  LaunchData Data;
  bool Detailed = false;
  bool Started = false;
  bool HasLabel = false;
  int NumViews = 0;
  ViewArg Views[InlineViews];
  std::vector<ViewArg> MoreViews;
  std::string Label;
  std::vector<std::string> ViewLabels;
};

} // namespace rt
} // namespace kfuse

#endif // KFUSE_RUNTIME_PROFILER_HPP
