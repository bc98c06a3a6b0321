// Process-wide recorder of Kokkos launches: aggregates them on the fly and writes the kfuse profile.
//
// Header-only, dependency-free and C++14, because it is compiled into the user's program (through
// Profiler.hpp) and into the Kokkos Tools connector. It knows nothing of Kokkos: callers hand it
// plain launch records. The profile grows with the number of distinct sites and chains, never with
// the number of launches: per site a fixed-size sample reservoir, per chain a few counters.
//
// Per launch (steady state: no allocation, no string building) the recorder updates the site's
// counters, its median reservoir and its last range, and hands the launch to the ChainCounter,
// which counts every run of 2..MaxChainLength launches ending at it and what their View
// arguments had in common.
// The profile is written once: at Kokkos::finalize(), at exit (std::atexit), or when the Kokkos
// Tools connector finalizes, whichever comes first; stderr says where.
#ifndef KFUSE_RUNTIME_RECORDER_HPP
#define KFUSE_RUNTIME_RECORDER_HPP

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ChainCounter.hpp"
#include "JsonText.hpp"

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

namespace kfuse {
namespace rt {

/// How a kernel uses a View argument, from the instrumenter's static model.
enum Access : int { Read = 0, Write = 1, ReadWrite = 2, Atomic = 3, PassedToCall = 4 };

/// One launch site; the instrumenter emits one static, aggregate-initialised instance per site.
struct SiteInfo {
  const char *Id;    ///< "examples/stream/stream.cpp:main#1:ac1f032465ca3e65"
  const char *File;  ///< file as the instrumenter saw it
  int Line;          ///< 1-based line of the launch
  int Column;        ///< 1-based column of the launch
  const char *Kind;  ///< "parallel_for" | "parallel_reduce" | "parallel_scan"
  const char *Label; ///< literal label, or "" when the label is computed
};

/// The most View ranks a launch record keeps (MaxRangeDims, in ChainCounter.hpp, for ranges).
enum : int { MaxViewRank = 8 };
/// Samples kept per site for the median.
enum : int { ReservoirSize = 256 };

/// One View argument of one launch, as the Launch API captured it.
struct ViewArg {
  const char *Name;        ///< argument name in the source (a literal with static storage)
  int Mode;                ///< an Access
  const void *Data;        ///< View::data()
  std::uint64_t SpanBytes; ///< View::span() * sizeof(value_type)
  std::uint64_t ElemBytes; ///< sizeof(value_type)
  int Rank;                ///< number of extents/strides below
  const char *Layout;      ///< "LayoutRight", "LayoutLeft", "LayoutStride" or "Other"
  std::int64_t Extents[MaxViewRank];
  std::int64_t Strides[MaxViewRank];
};

/// Everything a finished launch hands to the recorder. Pointers need only live during record().
struct LaunchData {
  int Site = -1;                ///< from Recorder::site()
  const char *Label = nullptr;  ///< computed label, or nullptr to keep the site's literal one
  const char *Space = nullptr;  ///< execution space name, or nullptr
  int NumDims = 0;
  long long Begin[MaxRangeDims];
  long long End[MaxRangeDims];
  std::uint64_t StartNs = 0;    ///< Recorder::nowNs() when the kernel started
  std::uint64_t DurationNs = 0;
  const ViewArg *Views = nullptr;
  int NumViews = 0;
  const std::string *ViewLabels = nullptr; ///< NumViews View labels, or nullptr if not gathered
};

namespace detail {

/// The profile's name of an Access.
inline const char *accessName(int Mode) {
  switch (Mode) {
  case Read:
    return "read";
  case Write:
    return "write";
  case ReadWrite:
    return "read_write";
  case Atomic:
    return "atomic";
  case PassedToCall:
    return "passed_to_call";
  default:
    return "unknown";
  }
}

/// A View argument of a site, as its first launch saw it.
struct ViewDesc {
  std::string Name;
  int Mode;
  std::string Label;
};

/// What the recorder knows of one site.
struct SiteState {
  std::string Id, File, Kind, Label, Space;
  int Line = 0, Column = 0;
  bool Seen = false;
  std::vector<ViewDesc> Views;
  std::uint64_t Launches = 0, TotalNs = 0;
  std::vector<std::uint64_t> Samples;
  int NumDims = 0;
  long long Begin[MaxRangeDims], End[MaxRangeDims];
  bool ConstantRange = true;
};

/// A View argument of a raw event.
struct EventViewRecord {
  ViewArg Arg;
  std::string Label;
};

/// A raw launch (KFUSE_PROFILE_EVENTS).
struct EventRecord {
  int Site;
  std::string Label;
  int NumDims;
  long long Begin[MaxRangeDims], End[MaxRangeDims];
  std::uint64_t StartNs, DurationNs;
  std::vector<EventViewRecord> Views;
};

} // namespace detail

/// The process-wide recorder. Every member is noexcept: nothing reaches the user's program.
class Recorder {
public:
  /// The one recorder of this process. Built in static storage (no allocation that could fail)
  /// and never destroyed, so a launch after the profile was written (from another static
  /// destructor, say) is harmless.
  static Recorder &instance() noexcept {
    alignas(Recorder) static unsigned char Storage[sizeof(Recorder)];
    static Recorder *R = new (Storage) Recorder();
    return *R;
  }

  /// Monotonic nanoseconds.
  static std::uint64_t nowNs() noexcept {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now().time_since_epoch())
                                          .count());
  }

  /// Registers Info on its first use; returns the site's index, or -1 on failure. Detailed is set
  /// when this launch should gather View labels (the site's first launch, or raw events wanted).
  int site(const SiteInfo &Info, bool &Detailed) noexcept {
    Detailed = false;
    try {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto It = SiteIndex.find(&Info);
      auto ById = SiteById.find(Info.Id ? Info.Id : "");
      int Index;
      if (It != SiteIndex.end()) {
        Index = It->second;
      } else if (ById != SiteById.end()) {
        // Another instantiation of a template: one site, at one source location.
        Index = ById->second;
        SiteIndex.emplace(&Info, Index);
      } else {
        Index = static_cast<int>(Sites.size());
        Sites.emplace_back();
        detail::SiteState &S = Sites.back();
        S.Id = Info.Id ? Info.Id : "";
        S.File = Info.File ? Info.File : "";
        S.Kind = Info.Kind ? Info.Kind : "";
        S.Label = Info.Label ? Info.Label : "";
        S.Line = Info.Line;
        S.Column = Info.Column;
        S.Samples.reserve(ReservoirSize);
        SiteIndex.emplace(&Info, Index);
        SiteById.emplace(S.Id, Index);
      }
      Detailed = !Sites[Index].Seen || Events.size() < EventsLimit;
      return Index;
    } catch (...) {
      return -1;
    }
  }

  /// Adds one finished launch.
  void record(const LaunchData &L) noexcept {
    try {
      std::lock_guard<std::mutex> Lock(Mutex);
      recordLocked(L);
    } catch (...) {
      // Out of memory: drop the launch rather than disturb the program.
    }
  }

  /// A kernel ran that kfuse did not instrument (a library's, a launch kfuse
  /// could not wrap): its time counts against the profile's coverage, and
  /// it separates the launches before and after it, unless it is part of a
  /// deep copy (a fill) or of a View's allocation (\p Allocation: Kokkos
  /// initialising the new View's memory, which no launch before it can
  /// touch): those are host code of the program, which kfuse judges from
  /// the source.
  void uninstrumentedKernel(std::uint64_t DurationNs, bool Allocation = false) noexcept {
    std::lock_guard<std::mutex> Lock(Mutex);
    ++UninstrumentedLaunches;
    UninstrumentedNs += DurationNs;
    if (DeepCopies == 0 && !Allocation)
      Chains.breakChain();
  }

  /// True if \p KernelName is the kernel Kokkos runs to initialise a View
  /// it allocates ("Kokkos::View::initialization [label]").
  static bool initialisesNewView(const char *KernelName) noexcept {
    static const char Prefix[] = "Kokkos::View::initialization";
    return KernelName && std::strncmp(KernelName, Prefix, sizeof(Prefix) - 1) == 0;
  }

  /// A deep copy of \p Bytes bytes from \p Src (null: a value) to \p Dst
  /// begins or ends. It ends the chain only where it writes a View of the
  /// launch before it or of the launch after it, or reads one they write
  /// (it must run between them);
  /// otherwise the pair around it stays a candidate, and kfuse judges the
  /// copy from the source as any host code between launches. Kokkos'
  /// kernels inside it (fills) are part of it.
  void deepCopyBegins(const void *Dst = nullptr, const void *Src = nullptr,
                      std::uint64_t Bytes = 0) noexcept {
    std::lock_guard<std::mutex> Lock(Mutex);
    ++DeepCopies;
    try {
      Chains.hostTouches(Dst, Bytes, true);
      Chains.hostTouches(Src, Bytes, false);
    } catch (...) {
      Chains.breakChain();
    }
  }
  void deepCopyEnds() noexcept {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (DeepCopies > 0)
      --DeepCopies;
  }
  /// Whether a deep copy is running (its kernels are not the program's).
  bool insideDeepCopy() noexcept {
    std::lock_guard<std::mutex> Lock(Mutex);
    return DeepCopies > 0;
  }

  /// Kokkos' tool callbacks were set, so every kernel is accounted for.
  void setCoverageKnown() noexcept {
    std::lock_guard<std::mutex> Lock(Mutex);
    CoverageKnown = true;
  }

  void breakChain() noexcept {
    std::lock_guard<std::mutex> Lock(Mutex);
    Chains.breakChain();
  }

  /// "instrumented" (the default) or "kokkos-tools".
  void setSource(const char *S) noexcept { setString(Source, S); }
  /// Kokkos version ("3.4.1") and backend ("Serial"), when known.
  void setKokkos(const char *Version, const char *Backend) noexcept {
    if (Version)
      setString(KokkosVersion, Version);
    if (Backend)
      setString(Backend_, Backend);
  }
  /// Keep the first N raw launch events ($KFUSE_PROFILE_EVENTS when the recorder starts).
  void setEventLimit(std::size_t N) noexcept {
    std::lock_guard<std::mutex> Lock(Mutex);
    EventsLimit = N;
  }
  /// Whether the profile is written at exit (tests turn it off).
  void setWriteAtExit(bool On) noexcept { WriteAtExit.store(On); }

  /// The path the profile goes to: $KFUSE_PROFILE, or kfuse-profile.json.
  static std::string profilePath() {
    const char *P = std::getenv("KFUSE_PROFILE");
    return P && *P ? P : "kfuse-profile.json";
  }

  /// Writes the profile once, to profilePath(); later calls do nothing. Called at exit and by
  /// the connector's kokkosp_finalize_library.
  void writeOnce() noexcept {
    if (!WriteAtExit.load() || Written.exchange(true))
      return;
    try {
      const std::string Path = profilePath();
      if (writeProfile(Path))
        std::fprintf(stderr, "kfuse: wrote the profile to '%s'\n", Path.c_str());
    } catch (...) {
    }
  }

  /// Writes the profile to Path now (test hook; does not count as the write at exit). On failure
  /// prints "kfuse: error: cannot write profile 'PATH': reason" on stderr and returns false.
  bool writeProfile(const std::string &Path) noexcept {
    std::string Text;
    try {
      Text = json();
    } catch (...) {
      return fail(Path, "out of memory");
    }
    std::string Tmp;
    try {
      Tmp = Path + ".tmp";
#if defined(__unix__) || defined(__APPLE__)
      Tmp += std::to_string(static_cast<long long>(::getpid()));
#endif
    } catch (...) {
      return fail(Path, "out of memory");
    }
    std::FILE *F = std::fopen(Tmp.c_str(), "wb");
    if (!F)
      return fail(Path, std::strerror(errno));
    const bool Ok = std::fwrite(Text.data(), 1, Text.size(), F) == Text.size();
    const int WriteErr = errno;
    if (std::fclose(F) != 0 || !Ok) {
      const int Err = Ok ? errno : WriteErr;
      std::remove(Tmp.c_str());
      return fail(Path, std::strerror(Err));
    }
    if (std::rename(Tmp.c_str(), Path.c_str()) != 0) {
      const int Err = errno;
      std::remove(Tmp.c_str());
      return fail(Path, std::strerror(Err));
    }
    return true;
  }

  /// Forgets every launch (test hook); configuration and registered sites' identities are kept.
  void reset() noexcept {
    std::lock_guard<std::mutex> Lock(Mutex);
    Sites.clear();
    SiteIndex.clear();
    Chains.clear();
    Events.clear();
    TotalLaunches = 0;
    TotalKernelNs = 0;
    UninstrumentedLaunches = UninstrumentedNs = 0;
    CoverageKnown = false;
    Written.store(false);
  }

  /// The profile as JSON text (schema version 1, see profiles/README.md).
  std::string json() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return jsonLocked();
  }

private:
  Recorder() noexcept {
    try {
      if (const char *E = std::getenv("KFUSE_PROFILE_EVENTS")) {
        const long long N = std::atoll(E);
        EventsLimit = N > 0 ? static_cast<std::size_t>(N) : 0;
      }
      StartTime = std::time(nullptr);
      Program = programPath();
    } catch (...) {
    }
    std::atexit(&Recorder::atExit);
  }
  Recorder(const Recorder &) = delete;
  Recorder &operator=(const Recorder &) = delete;

  static void atExit() { instance().writeOnce(); }

  void setString(std::string &Field, const char *S) noexcept {
    try {
      std::lock_guard<std::mutex> Lock(Mutex);
      Field = S ? S : "";
    } catch (...) {
    }
  }

  static bool fail(const std::string &Path, const char *Reason) noexcept {
    std::fprintf(stderr, "kfuse: error: cannot write profile '%s': %s\n", Path.c_str(), Reason);
    return false;
  }

  static std::string programPath() {
#if defined(__linux__)
    char Buf[4096];
    const ssize_t N = ::readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
    if (N > 0)
      return std::string(Buf, static_cast<std::size_t>(N));
#endif
    return "";
  }

  std::uint64_t random() noexcept {
    RandomState ^= RandomState << 13;
    RandomState ^= RandomState >> 7;
    RandomState ^= RandomState << 17;
    return RandomState;
  }

  void recordLocked(const LaunchData &L) {
    // The program's own launch never runs inside a deep copy: a copy whose end Kokkos did not
    // announce (an early return) ends here.
    DeepCopies = 0;
    if (L.Site < 0 || L.Site >= static_cast<int>(Sites.size()))
      return;
    detail::SiteState &S = Sites[L.Site];
    const int NumDims = std::min<int>(std::max(L.NumDims, 0), MaxRangeDims);
    const int NumViews = std::max(L.NumViews, 0);

    // Site counters, range, median reservoir.
    if (!S.Seen) {
      S.Seen = true;
      if (L.Label)
        S.Label = L.Label;
      if (L.Space)
        S.Space = L.Space;
      S.NumDims = NumDims;
      S.ConstantRange = NumDims > 0;
      std::copy(L.Begin, L.Begin + NumDims, S.Begin);
      std::copy(L.End, L.End + NumDims, S.End);
    } else if (S.ConstantRange) {
      S.ConstantRange = S.NumDims == NumDims && std::equal(L.Begin, L.Begin + NumDims, S.Begin) &&
                        std::equal(L.End, L.End + NumDims, S.End);
    }
    if (!S.ConstantRange) {
      S.NumDims = NumDims;
      std::copy(L.Begin, L.Begin + NumDims, S.Begin);
      std::copy(L.End, L.End + NumDims, S.End);
    }
    if (static_cast<int>(S.Views.size()) < NumViews) {
      for (int I = static_cast<int>(S.Views.size()); I < NumViews; ++I) {
        detail::ViewDesc D;
        D.Name = L.Views[I].Name ? L.Views[I].Name : "";
        D.Mode = L.Views[I].Mode;
        if (L.ViewLabels)
          D.Label = L.ViewLabels[I];
        S.Views.push_back(std::move(D));
      }
    }
    ++S.Launches;
    S.TotalNs += L.DurationNs;
    if (S.Samples.size() < static_cast<std::size_t>(ReservoirSize)) {
      S.Samples.push_back(L.DurationNs);
    } else {
      const std::uint64_t J = random() % S.Launches;
      if (J < static_cast<std::uint64_t>(ReservoirSize))
        S.Samples[J] = L.DurationNs;
    }
    ++TotalLaunches;
    TotalKernelNs += L.DurationNs;

    if (Events.size() < EventsLimit)
      addEvent(L, NumDims, NumViews);

    Chains.add(L.Site, NumDims, L.Begin, L.End, L.DurationNs, L.Views, NumViews);
  }

  void addEvent(const LaunchData &L, int NumDims, int NumViews) {
    detail::EventRecord E;
    E.Site = L.Site;
    E.Label = L.Label ? L.Label : Sites[L.Site].Label;
    E.NumDims = NumDims;
    std::copy(L.Begin, L.Begin + NumDims, E.Begin);
    std::copy(L.End, L.End + NumDims, E.End);
    E.StartNs = L.StartNs >= StartNs ? L.StartNs - StartNs : 0;
    E.DurationNs = L.DurationNs;
    for (int I = 0; I < NumViews; ++I) {
      detail::EventViewRecord V;
      V.Arg = L.Views[I];
      if (L.ViewLabels)
        V.Label = L.ViewLabels[I];
      E.Views.push_back(std::move(V));
    }
    Events.push_back(std::move(E));
  }

  const std::string &viewName(int Site, int Arg) const {
    static const std::string Unknown = "?";
    const auto &Views = Sites[Site].Views;
    return Arg < static_cast<int>(Views.size()) ? Views[Arg].Name : Unknown;
  }

  std::string isoTime() const {
    std::tm T;
#if defined(_WIN32)
    gmtime_s(&T, &StartTime);
#else
    gmtime_r(&StartTime, &T);
#endif
    char Buf[32];
    std::strftime(Buf, sizeof(Buf), "%Y-%m-%dT%H:%M:%SZ", &T);
    return Buf;
  }

  static std::uint64_t median(std::vector<std::uint64_t> Samples) {
    if (Samples.empty())
      return 0;
    const std::size_t Mid = Samples.size() / 2;
    std::nth_element(Samples.begin(), Samples.begin() + Mid, Samples.end());
    std::uint64_t M = Samples[Mid];
    if (Samples.size() % 2 == 0) {
      const std::uint64_t Low = *std::max_element(Samples.begin(), Samples.begin() + Mid);
      M = Low + (M - Low) / 2;
    }
    return M;
  }

  void appendArgRef(std::string &Out, const detail::ChainNode &N, int Pos, int Arg) const {
    Out += '[';
    appendInt(Out, Pos);
    Out += ", ";
    detail::appendJsonString(Out, viewName(N.Sites[Pos], Arg));
    Out += ']';
  }

  static void appendInt(std::string &Out, long long V) { detail::appendInt(Out, V); }

  std::string jsonLocked() {
    using detail::appendJsonString;
    using detail::appendUInt;
    std::string Out;
    Out.reserve(4096);
    Out += "{\"kfuse_profile\": 1,\n \"source\": ";
    appendJsonString(Out, Source);
    Out += ",\n \"program\": ";
    appendJsonString(Out, Program);
    Out += ", \"kokkos_version\": ";
    appendJsonString(Out, KokkosVersion);
    Out += ", \"backend\": ";
    appendJsonString(Out, Backend_);
    Out += ",\n \"time\": ";
    appendJsonString(Out, isoTime());
    Out += ",\n \"total_launches\": ";
    appendUInt(Out, TotalLaunches);
    Out += ", \"total_kernel_ns\": ";
    appendUInt(Out, TotalKernelNs);
    if (CoverageKnown) {
      Out += ",\n \"uninstrumented_launches\": ";
      appendUInt(Out, UninstrumentedLaunches);
      Out += ", \"uninstrumented_kernel_ns\": ";
      appendUInt(Out, UninstrumentedNs);
    }
    Out += ",\n \"sites\": [";
    for (std::size_t I = 0; I < Sites.size(); ++I) {
      const detail::SiteState &S = Sites[I];
      Out += I ? ",\n  " : "\n  ";
      Out += "{\"id\": ";
      appendJsonString(Out, S.Id);
      Out += ", \"file\": ";
      appendJsonString(Out, S.File);
      Out += ", \"line\": ";
      appendInt(Out, S.Line);
      Out += ", \"column\": ";
      appendInt(Out, S.Column);
      Out += ", \"label\": ";
      appendJsonString(Out, S.Label);
      Out += ", \"kind\": ";
      appendJsonString(Out, S.Kind);
      Out += ", \"space\": ";
      appendJsonString(Out, S.Space);
      Out += ",\n   \"launches\": ";
      appendUInt(Out, S.Launches);
      Out += ", \"total_ns\": ";
      appendUInt(Out, S.TotalNs);
      Out += ", \"median_ns\": ";
      appendUInt(Out, median(S.Samples));
      Out += ",\n   \"range\": {\"begin\": ";
      detail::appendIntArray(Out, S.Begin, S.NumDims);
      Out += ", \"end\": ";
      detail::appendIntArray(Out, S.End, S.NumDims);
      Out += ", \"constant\": ";
      Out += S.ConstantRange ? "true" : "false";
      Out += "},\n   \"views\": [";
      for (std::size_t V = 0; V < S.Views.size(); ++V) {
        Out += V ? ", " : "";
        Out += "{\"name\": ";
        appendJsonString(Out, S.Views[V].Name);
        Out += ", \"access\": ";
        appendJsonString(Out, detail::accessName(S.Views[V].Mode));
        Out += ", \"label\": ";
        appendJsonString(Out, S.Views[V].Label);
        Out += '}';
      }
      Out += "]}";
    }
    Out += Sites.empty() ? "],\n" : "\n ],\n";

    Out += " \"chains\": [";
    std::vector<detail::ChainNode *> Kept = Chains.chainsToWrite();
    for (std::size_t I = 0; I < Kept.size(); ++I) {
      const detail::ChainNode &N = *Kept[I];
      Out += I ? ",\n  " : "\n  ";
      Out += "{\"sites\": [";
      for (std::size_t K = 0; K < N.Sites.size(); ++K) {
        Out += K ? ", " : "";
        appendJsonString(Out, Sites[N.Sites[K]].Id);
      }
      Out += "], \"count\": ";
      appendUInt(Out, N.Count);
      Out += ", \"equal_ranges\": ";
      appendUInt(Out, N.EqualRanges);
      Out += ", \"total_ns\": ";
      appendUInt(Out, N.TotalNs);
      for (int Kind = 0; Kind < 2; ++Kind) {
        Out += Kind == 0 ? ",\n   \"same_allocation\": [" : ",\n   \"overlaps\": [";
        bool First = true;
        for (const detail::Fact &F : N.Facts) {
          const std::uint64_t C = Kind == 0 ? F.Same : F.Overlap;
          if (!C)
            continue;
          Out += First ? "" : ", ";
          First = false;
          Out += "{\"a\": ";
          appendArgRef(Out, N, F.PosA, F.ArgA);
          Out += ", \"b\": ";
          appendArgRef(Out, N, F.PosB, F.ArgB);
          Out += ", \"count\": ";
          appendUInt(Out, C);
          Out += '}';
        }
        Out += ']';
      }
      Out += '}';
    }
    Out += Kept.empty() ? "]" : "\n ]";

    if (EventsLimit > 0) {
      Out += ",\n \"events\": [";
      for (std::size_t I = 0; I < Events.size(); ++I) {
        const detail::EventRecord &E = Events[I];
        Out += I ? ",\n  " : "\n  ";
        Out += "{\"site\": ";
        appendJsonString(Out, Sites[E.Site].Id);
        Out += ", \"label\": ";
        appendJsonString(Out, E.Label);
        Out += ", \"begin\": ";
        detail::appendIntArray(Out, E.Begin, E.NumDims);
        Out += ", \"end\": ";
        detail::appendIntArray(Out, E.End, E.NumDims);
        Out += ", \"start_ns\": ";
        appendUInt(Out, E.StartNs);
        Out += ", \"duration_ns\": ";
        appendUInt(Out, E.DurationNs);
        Out += ", \"views\": [";
        for (std::size_t V = 0; V < E.Views.size(); ++V) {
          const ViewArg &A = E.Views[V].Arg;
          const int Rank = std::min<int>(std::max(A.Rank, 0), MaxViewRank);
          char Ptr[32];
          std::snprintf(Ptr, sizeof(Ptr), "0x%" PRIxPTR, reinterpret_cast<std::uintptr_t>(A.Data));
          Out += V ? ",\n    " : "\n    ";
          Out += "{\"name\": ";
          appendJsonString(Out, A.Name);
          Out += ", \"access\": ";
          appendJsonString(Out, detail::accessName(A.Mode));
          Out += ", \"data\": ";
          appendJsonString(Out, Ptr);
          Out += ", \"span\": ";
          appendUInt(Out, A.SpanBytes);
          Out += ", \"extents\": ";
          detail::appendIntArray(Out, A.Extents, Rank);
          Out += ", \"strides\": ";
          detail::appendIntArray(Out, A.Strides, Rank);
          Out += ", \"layout\": ";
          appendJsonString(Out, A.Layout);
          Out += ", \"label\": ";
          appendJsonString(Out, E.Views[V].Label);
          Out += '}';
        }
        Out += "]}";
      }
      Out += Events.empty() ? "]" : "\n ]";
    }
    Out += "\n}\n";
    return Out;
  }

  std::mutex Mutex;
  std::atomic<bool> Written{false};
  std::atomic<bool> WriteAtExit{true};
  std::string Source = "instrumented";
  std::string KokkosVersion, Backend_, Program;
  std::time_t StartTime = 0;
  std::uint64_t StartNs = nowNs();
  std::uint64_t TotalLaunches = 0, TotalKernelNs = 0;
  std::uint64_t UninstrumentedLaunches = 0, UninstrumentedNs = 0;
  bool CoverageKnown = false;
  int DeepCopies = 0; // deep copies begun and not ended
  std::uint64_t RandomState = 0x9E3779B97F4A7C15ull;

  std::vector<detail::SiteState> Sites;
  std::unordered_map<const SiteInfo *, int> SiteIndex;
  std::unordered_map<std::string, int> SiteById;

  detail::ChainCounter Chains;

  std::size_t EventsLimit = 0;
  std::vector<detail::EventRecord> Events;
};

} // namespace rt
} // namespace kfuse

#endif // KFUSE_RUNTIME_RECORDER_HPP
