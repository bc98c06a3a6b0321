// Kokkos Tools connector: a kokkosp_* library that writes a kfuse profile for an unmodified binary.
//
// Load it with KOKKOS_PROFILE_LIBRARY=libkfuse_kokkos_tools.so (Kokkos 3.x) or
// KOKKOS_TOOLS_LIBS=... (4.x). It records kernel names, their order and their durations through
// the same Recorder as the instrumented build, so the profile has the same schema with
// "source": "kokkos-tools", a site per kernel name (file "", line 0), and no View arguments.
// Kokkos' own kernels are not sites: they end the current chain, since they may touch the
// launches' data. Deep copies (and the fills inside them) and the initialisation of a new View
// ("Kokkos::View::initialization [a]") do not: kfuse judges them from the source, as any host code
// between two launches.
//
// Durations are the time between Kokkos' begin and end callbacks. The connector asks Kokkos for
// global fencing (kokkosp_request_tool_settings, Kokkos 3.3 on; Kokkos' default too): Kokkos
// fences before each callback, so on an asynchronous backend (CUDA) a duration is the kernel's
// run, not its launch.

#include "kfuse/runtime/Recorder.hpp"

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cxxabi.h>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#define KFUSE_CONNECTOR_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

using kfuse::rt::Recorder;
using kfuse::rt::SiteInfo;

/// Kernel ids handed to Kokkos for kernels we ignore.
constexpr std::uint64_t IgnoredKernel = ~std::uint64_t(0);

/// Kokkos' Kokkos_Profiling_SpaceHandle, passed by value to the deep copy callbacks.
struct SpaceHandle {
  char Name[64];
};

/// Backend names of Kokkos 4's device-type field (the top 8 bits of a device id).
const char *backendOfDeviceId(std::uint32_t DevId) {
  static const char *const Names[] = {"Serial", "OpenMP",  "Cuda",  "HIP",     "OpenMPTarget",
                                      "HPX",    "Threads", "SYCL",  "OpenACC"};
  const std::uint32_t Type = DevId >> 24;
  return Type < sizeof(Names) / sizeof(Names[0]) ? Names[Type] : nullptr;
}

class Connector {
public:
  void init(std::uint64_t InterfaceVersion) {
    Recorder &R = Recorder::instance();
    R.setSource("kokkos-tools");
    // Kokkos 4 (interface 20211015 on) encodes the backend in the device id; Kokkos 3.4
    // (20210225) passes a plain device number.
    DeviceIdsNameBackend = InterfaceVersion >= 20211015;
  }

  void metadata(const char *Key, const char *Value) {
    if (!Key || !Value)
      return;
    if (std::strcmp(Key, "Kokkos Version") == 0) {
      // "3.4.01" -> "3.4.1"
      unsigned Major = 0, Minor = 0, Patch = 0;
      if (std::sscanf(Value, "%u.%u.%u", &Major, &Minor, &Patch) == 3) {
        char Buf[32];
        std::snprintf(Buf, sizeof(Buf), "%u.%u.%u", Major, Minor, Patch);
        Recorder::instance().setKokkos(Buf, nullptr);
      } else {
        Recorder::instance().setKokkos(Value, nullptr);
      }
    } else if (std::strcmp(Key, "Default Device") == 0) {
      // The mangled type name of the default execution space: "N6Kokkos6SerialE".
      std::string Space = Value;
      unsigned Length = 0;
      int Used = 0;
      if (std::sscanf(Value, "N6Kokkos%u%n", &Length, &Used) == 1 &&
          std::strlen(Value + Used) > Length)
        Space.assign(Value + Used, Length);
      setBackend(Space);
    }
  }

  void begin(const char *Kind, const char *Name, std::uint32_t DevId, std::uint64_t *KernelId) {
    if (!KernelId)
      return;
    *KernelId = IgnoredKernel;
    if (!Name || std::strncmp(Name, "Kokkos::", 8) == 0) {
      if (!Recorder::instance().insideDeepCopy() && !Recorder::initialisesNewView(Name))
        Recorder::instance().breakChain();
      return;
    }
    std::lock_guard<std::mutex> Lock(Mutex);
    const int Site = siteFor(Kind, Name);
    if (Site < 0)
      return;
    if (DeviceIdsNameBackend && Backend.empty()) {
      if (const char *Space = backendOfDeviceId(DevId))
        setBackendLocked(Space);
    }
    *KernelId = NextKernelId++;
    InFlight.push_back(Kernel{*KernelId, Site, Recorder::nowNs()});
  }

  void end(std::uint64_t KernelId) {
    const std::uint64_t Now = Recorder::nowNs();
    if (KernelId == IgnoredKernel)
      return;
    kfuse::rt::LaunchData Data;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto It = InFlight.end();
      for (auto I = InFlight.begin(); I != InFlight.end(); ++I)
        if (I->Id == KernelId)
          It = I;
      if (It == InFlight.end())
        return;
      Data.Site = It->Site;
      Data.Space = Backend.empty() ? nullptr : Backend.c_str();
      Data.StartNs = It->StartNs;
      Data.DurationNs = Now - It->StartNs;
      InFlight.erase(It);
    }
    Recorder::instance().record(Data);
  }

private:
  void setBackend(const std::string &Name) {
    std::lock_guard<std::mutex> Lock(Mutex);
    setBackendLocked(Name);
  }
  void setBackendLocked(const std::string &Name) {
    Backend = Name;
    Recorder::instance().setKokkos(nullptr, Name.c_str());
  }

  struct Kernel {
    std::uint64_t Id;
    int Site;
    std::uint64_t StartNs;
  };
  struct Known {
    std::string Kind, Name;
    int Site;
  };

  static std::uint64_t hash(const char *Kind, const char *Name) {
    std::uint64_t H = 1469598103934665603ull;
    for (const char *S : {Kind, Name}) {
      for (; *S; ++S)
        H = (H ^ static_cast<unsigned char>(*S)) * 1099511628211ull;
      H = (H ^ 0xff) * 1099511628211ull;
    }
    return H;
  }

  /// \p Name as a person reads it: Kokkos names an unlabelled kernel by its
  /// functor's mangled type ("4KinE", "N2md5ForceE"), shown demangled
  /// ("KinE", "md::Force"). Only names that look mangled are touched: a
  /// label "d" is no "double".
  static std::string readable(const char *Name) {
    const bool Mangled =
        std::isdigit(static_cast<unsigned char>(Name[0])) ||
        ((Name[0] == 'N' || Name[0] == 'Z') && std::isdigit(static_cast<unsigned char>(Name[1])));
    if (!Mangled)
      return Name;
    int Status = 0;
    char *Out = abi::__cxa_demangle(Name, nullptr, nullptr, &Status);
    std::string Result = Status == 0 && Out ? std::string(Out) : std::string(Name);
    std::free(Out);
    return Result;
  }

  /// The recorder's site for a kernel name and kind; no allocation once the kernel is known.
  int siteFor(const char *Kind, const char *Name) {
    std::vector<Known> &Bucket = Buckets[hash(Kind, Name)];
    for (const Known &K : Bucket)
      if (K.Kind == Kind && K.Name == Name)
        return K.Site;
    // A new kernel: one SiteInfo with storage that lives as long as the process.
    const std::string Shown = readable(Name);
    const bool NameTaken = !UsedIds.emplace(Shown, 0).second;
    Strings.push_back(Shown);
    const char *Label = Strings.back().c_str();
    const char *Id = Label;
    if (NameTaken) {
      Strings.push_back(Shown + " [" + Kind + "]");
      Id = Strings.back().c_str();
    }
    Infos.push_back(SiteInfo{Id, "", 0, 0, Kind, Label});
    bool Detailed;
    const int Site = Recorder::instance().site(Infos.back(), Detailed);
    Bucket.push_back(Known{Kind, Name, Site});
    return Site;
  }

  std::mutex Mutex;
  bool DeviceIdsNameBackend = false;
  std::string Backend; // the execution space every kernel is recorded on
  std::uint64_t NextKernelId = 0;
  std::vector<Kernel> InFlight;
  std::unordered_map<std::uint64_t, std::vector<Known>> Buckets;
  std::unordered_map<std::string, int> UsedIds;
  std::deque<std::string> Strings;
  std::deque<SiteInfo> Infos;
};

Connector &connector() {
  static Connector *C = new Connector();
  return *C;
}

template <class F> void guarded(F &&Body) noexcept {
  try {
    Body();
  } catch (...) {
  }
}

} // namespace

KFUSE_CONNECTOR_EXPORT void kokkosp_init_library(const int /*LoadSeq*/,
                                                 const std::uint64_t InterfaceVersion,
                                                 const std::uint32_t /*DevInfoCount*/,
                                                 void * /*DeviceInfo*/) {
  guarded([&] { connector().init(InterfaceVersion); });
}

/// Kokkos' Kokkos_Tools_ToolSettings (Kokkos_Profiling_C_Interface.h).
struct ToolSettings {
  bool requires_global_fencing;
  bool padding[255];
};

KFUSE_CONNECTOR_EXPORT void kokkosp_request_tool_settings(const std::uint32_t NumActions,
                                                          ToolSettings *Settings) {
  if (NumActions >= 1 && Settings)
    Settings->requires_global_fencing = true;
}

KFUSE_CONNECTOR_EXPORT void kokkosp_finalize_library() {
  guarded([] { Recorder::instance().writeOnce(); });
}

KFUSE_CONNECTOR_EXPORT void kokkosp_declare_metadata(const char *Key, const char *Value) {
  guarded([&] { connector().metadata(Key, Value); });
}

KFUSE_CONNECTOR_EXPORT void kokkosp_begin_parallel_for(const char *Name, const std::uint32_t DevId,
                                                       std::uint64_t *KernelId) {
  guarded([&] { connector().begin("parallel_for", Name, DevId, KernelId); });
}

KFUSE_CONNECTOR_EXPORT void kokkosp_end_parallel_for(const std::uint64_t KernelId) {
  guarded([&] { connector().end(KernelId); });
}

KFUSE_CONNECTOR_EXPORT void kokkosp_begin_parallel_reduce(const char *Name,
                                                          const std::uint32_t DevId,
                                                          std::uint64_t *KernelId) {
  guarded([&] { connector().begin("parallel_reduce", Name, DevId, KernelId); });
}

KFUSE_CONNECTOR_EXPORT void kokkosp_end_parallel_reduce(const std::uint64_t KernelId) {
  guarded([&] { connector().end(KernelId); });
}

KFUSE_CONNECTOR_EXPORT void kokkosp_begin_parallel_scan(const char *Name,
                                                        const std::uint32_t DevId,
                                                        std::uint64_t *KernelId) {
  guarded([&] { connector().begin("parallel_scan", Name, DevId, KernelId); });
}

KFUSE_CONNECTOR_EXPORT void kokkosp_end_parallel_scan(const std::uint64_t KernelId) {
  guarded([&] { connector().end(KernelId); });
}

KFUSE_CONNECTOR_EXPORT void kokkosp_begin_deep_copy(SpaceHandle /*DstHandle*/,
                                                    const char * /*DstName*/, const void *DstPtr,
                                                    SpaceHandle /*SrcHandle*/,
                                                    const char * /*SrcName*/, const void *SrcPtr,
                                                    std::uint64_t Size) {
  // (Its launches have no View arguments: the copy never overlaps them.)
  guarded([&] { Recorder::instance().deepCopyBegins(DstPtr, SrcPtr, Size); });
}

KFUSE_CONNECTOR_EXPORT void kokkosp_end_deep_copy() {
  guarded([] { Recorder::instance().deepCopyEnds(); });
}
