//===- ProfileReader.cpp - Loads and validates kfuse profiles --------------===//
//
// The only code that knows nlohmann/json. Every error names the field it is about, as a path
// from the document's root ("chains[3].same_allocation[0].b").
//
//===----------------------------------------------------------------------===//

#include "kfuse/Profile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <limits>

using namespace llvm;
using Json = nlohmann::json;

namespace kfuse {

StringRef accessName(ProfileAccess Access) {
  switch (Access) {
  case ProfileAccess::Read:
    return "read";
  case ProfileAccess::Write:
    return "write";
  case ProfileAccess::ReadWrite:
    return "read_write";
  case ProfileAccess::Atomic:
    return "atomic";
  case ProfileAccess::PassedToCall:
    return "passed_to_call";
  }
  llvm_unreachable("unknown access");
}

const ProfileSite *Profile::findSite(StringRef Id) const {
  for (const ProfileSite &S : Sites)
    if (S.Id == Id)
      return &S;
  return nullptr;
}

const ProfileChain *Profile::findChain(ArrayRef<std::string> SiteIds) const {
  for (const ProfileChain &C : Chains)
    if (ArrayRef<std::string>(C.Sites) == SiteIds)
      return &C;
  return nullptr;
}

const ProfileChain *Profile::findPair(StringRef First, StringRef Second) const {
  for (const ProfileChain &C : Chains)
    if (C.Sites.size() == 2 && C.Sites[0] == First && C.Sites[1] == Second)
      return &C;
  return nullptr;
}

std::vector<const ProfileChain *>
Profile::chainsContaining(ArrayRef<std::string> SiteIds) const {
  std::vector<const ProfileChain *> Result;
  for (const ProfileChain &C : Chains) {
    if (C.Sites.size() < SiteIds.size() || SiteIds.empty())
      continue;
    for (size_t I = 0; I + SiteIds.size() <= C.Sites.size(); ++I) {
      if (ArrayRef<std::string>(C.Sites).slice(I, SiteIds.size()) == SiteIds) {
        Result.push_back(&C);
        break;
      }
    }
  }
  std::stable_sort(Result.begin(), Result.end(),
                   [](const ProfileChain *A, const ProfileChain *B) {
                     return A->Sites.size() > B->Sites.size();
                   });
  return Result;
}

namespace {

/// Reads one JSON document into a Profile, keeping the path of the field being read.
class ProfileParser {
public:
  Expected<Profile> parse(const Json &Root);

private:
  static Error fieldError(const std::string &Path, const Twine &Message) {
    return createStringError(inconvertibleErrorCode(), Path + ": " + Message);
  }
  static std::string member(const std::string &Path, StringRef Key) {
    return Path.empty() ? Key.str() : Path + "." + Key.str();
  }
  static std::string element(const std::string &Path, size_t Index) {
    return Path + "[" + std::to_string(Index) + "]";
  }

  /// The field Key of the object Obj (at Path), or an error if it is missing.
  static Expected<const Json *> field(const Json &Obj, StringRef Key, const std::string &Path) {
    auto It = Obj.find(Key.str());
    if (It == Obj.end())
      return fieldError(member(Path, Key), "missing");
    return &*It;
  }

  static Error readString(const Json &Obj, StringRef Key, const std::string &Path,
                          std::string &Out) {
    Expected<const Json *> V = field(Obj, Key, Path);
    if (!V)
      return V.takeError();
    if (!(*V)->is_string())
      return fieldError(member(Path, Key), "expected a string");
    Out = (*V)->get<std::string>();
    return Error::success();
  }

  static Error readBool(const Json &Obj, StringRef Key, const std::string &Path, bool &Out) {
    Expected<const Json *> V = field(Obj, Key, Path);
    if (!V)
      return V.takeError();
    if (!(*V)->is_boolean())
      return fieldError(member(Path, Key), "expected a boolean");
    Out = (*V)->get<bool>();
    return Error::success();
  }

  static Error checkUnsigned(const Json &V, const std::string &Path, uint64_t Max,
                             uint64_t &Out) {
    if (!V.is_number_integer())
      return fieldError(Path, "expected an integer");
    if (!V.is_number_unsigned())
      return fieldError(Path, "expected a non-negative integer");
    Out = V.get<uint64_t>();
    if (Out > Max)
      return fieldError(Path, "integer out of range");
    return Error::success();
  }

  static Error readUnsigned(const Json &Obj, StringRef Key, const std::string &Path,
                            uint64_t &Out) {
    Expected<const Json *> V = field(Obj, Key, Path);
    if (!V)
      return V.takeError();
    return checkUnsigned(**V, member(Path, Key), std::numeric_limits<uint64_t>::max(), Out);
  }

  static Error readUnsigned(const Json &Obj, StringRef Key, const std::string &Path,
                            unsigned &Out) {
    Expected<const Json *> V = field(Obj, Key, Path);
    if (!V)
      return V.takeError();
    uint64_t Wide = 0;
    if (Error E = checkUnsigned(**V, member(Path, Key), std::numeric_limits<unsigned>::max(),
                                Wide))
      return E;
    Out = static_cast<unsigned>(Wide);
    return Error::success();
  }

  /// The array field Key, or an error if it is missing or not an array.
  static Expected<const Json *> array(const Json &Obj, StringRef Key, const std::string &Path) {
    Expected<const Json *> V = field(Obj, Key, Path);
    if (!V)
      return V.takeError();
    if (!(*V)->is_array())
      return fieldError(member(Path, Key), "expected an array");
    return *V;
  }

  static Error readIntArray(const Json &Obj, StringRef Key, const std::string &Path,
                            std::vector<int64_t> &Out) {
    Expected<const Json *> A = array(Obj, Key, Path);
    if (!A)
      return A.takeError();
    const std::string Here = member(Path, Key);
    for (size_t I = 0; I < (*A)->size(); ++I) {
      const Json &V = (**A)[I];
      if (!V.is_number_integer())
        return fieldError(element(Here, I), "expected an integer");
      if (V.is_number_unsigned() &&
          V.get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max()))
        return fieldError(element(Here, I), "integer out of range");
      Out.push_back(V.get<int64_t>());
    }
    return Error::success();
  }

  static Error readAccess(const Json &Obj, const std::string &Path, ProfileAccess &Out) {
    std::string Name;
    if (Error E = readString(Obj, "access", Path, Name))
      return E;
    for (ProfileAccess A : {ProfileAccess::Read, ProfileAccess::Write, ProfileAccess::ReadWrite,
                            ProfileAccess::Atomic, ProfileAccess::PassedToCall}) {
      if (accessName(A) == Name) {
        Out = A;
        return Error::success();
      }
    }
    return fieldError(member(Path, "access"),
                      "unknown access '" + Name +
                          "' (expected read, write, read_write, atomic or passed_to_call)");
  }

  Error readSite(const Json &V, const std::string &Path, ProfileSite &S);
  Error readChain(const Json &V, const std::string &Path, ProfileChain &C);
  Error readFacts(const Json &Obj, StringRef Key, const std::string &Path, size_t ChainLength,
                  std::vector<IdentityFact> &Out);
  Error readArgument(const Json &Obj, StringRef Key, const std::string &Path, size_t ChainLength,
                     ChainArgument &Out);
  Error readEvent(const Json &V, const std::string &Path, ProfileEvent &E);

  StringSet<> SiteIds;
};

Expected<Profile> ProfileParser::parse(const Json &Root) {
  if (!Root.is_object())
    return createStringError(inconvertibleErrorCode(),
                             "expected a JSON object at the top level (not a kfuse profile)");
  Profile P;
  auto VersionIt = Root.find("kfuse_profile");
  if (VersionIt == Root.end())
    return fieldError("kfuse_profile", "missing (not a kfuse profile)");
  if (!VersionIt->is_number_integer())
    return fieldError("kfuse_profile", "expected an integer");
  const int64_t Version = VersionIt->get<int64_t>();
  if (Version != ProfileVersion)
    return createStringError(inconvertibleErrorCode(),
                             "unsupported profile version " + std::to_string(Version) +
                                 " (this kfuse reads version " +
                                 std::to_string(ProfileVersion) + ")");
  P.Version = ProfileVersion;

  if (Error E = readString(Root, "source", "", P.Source))
    return std::move(E);
  if (P.Source != "instrumented" && P.Source != "kokkos-tools")
    return fieldError("source", "expected \"instrumented\" or \"kokkos-tools\", got \"" +
                                    P.Source + "\"");
  if (Error E = readString(Root, "program", "", P.Program))
    return std::move(E);
  if (Error E = readString(Root, "kokkos_version", "", P.KokkosVersion))
    return std::move(E);
  if (Error E = readString(Root, "backend", "", P.Backend))
    return std::move(E);
  if (Error E = readString(Root, "time", "", P.Time))
    return std::move(E);
  if (Error E = readUnsigned(Root, "total_launches", "", P.TotalLaunches))
    return std::move(E);
  if (Error E = readUnsigned(Root, "total_kernel_ns", "", P.TotalKernelNs))
    return std::move(E);
  // Optional: written when the runtime listened to Kokkos' tool callbacks.
  if (Root.contains("uninstrumented_kernel_ns")) {
    P.CoverageKnown = true;
    if (Error E = readUnsigned(Root, "uninstrumented_launches", "", P.UninstrumentedLaunches))
      return std::move(E);
    if (Error E = readUnsigned(Root, "uninstrumented_kernel_ns", "", P.UninstrumentedNs))
      return std::move(E);
  }

  Expected<const Json *> Sites = array(Root, "sites", "");
  if (!Sites)
    return Sites.takeError();
  for (size_t I = 0; I < (*Sites)->size(); ++I) {
    ProfileSite S;
    if (Error E = readSite((**Sites)[I], element("sites", I), S))
      return std::move(E);
    // Two entries for one site (a template instantiated twice, recorded by
    // an older runtime, or profiles of several programs put together) are
    // one site: merged, and said, never a reason to reject the profile.
    if (!SiteIds.insert(S.Id).second) {
      ProfileSite &Kept = *llvm::find_if(P.Sites, [&](const ProfileSite &K) { return K.Id == S.Id; });
      Kept.Launches += S.Launches;
      Kept.TotalNs += S.TotalNs;
      Kept.MedianNs = std::max(Kept.MedianNs, S.MedianNs);
      P.Warnings.push_back(element("sites", I) + ": site id '" + S.Id +
                           "' appears again; its launches are counted with the first entry");
      continue;
    }
    P.Sites.push_back(std::move(S));
  }

  Expected<const Json *> Chains = array(Root, "chains", "");
  if (!Chains)
    return Chains.takeError();
  for (size_t I = 0; I < (*Chains)->size(); ++I) {
    ProfileChain C;
    if (Error E = readChain((**Chains)[I], element("chains", I), C))
      return std::move(E);
    // The runs of one repeated sequence overlap (A A A counts A A twice,
    // each launch in two runs): a chain's time is at most that of the
    // launches of its sites, or shares would pass 100%.
    uint64_t SitesNs = 0;
    bool Known = !C.Sites.empty();
    std::set<std::string> Seen;
    for (const std::string &Id : C.Sites)
      if (Seen.insert(Id).second) {
        const ProfileSite *S = P.findSite(Id);
        Known &= S != nullptr;
        SitesNs += S ? S->TotalNs : 0;
      }
    if (Known)
      C.TotalNs = std::min(C.TotalNs, SitesNs);
    P.Chains.push_back(std::move(C));
  }

  // Raw events are optional (KFUSE_PROFILE_EVENTS).
  if (Root.contains("events")) {
    Expected<const Json *> Events = array(Root, "events", "");
    if (!Events)
      return Events.takeError();
    for (size_t I = 0; I < (*Events)->size(); ++I) {
      ProfileEvent E;
      if (Error Err = readEvent((**Events)[I], element("events", I), E))
        return std::move(Err);
      P.Events.push_back(std::move(E));
    }
  }
  return P;
}

Error ProfileParser::readSite(const Json &V, const std::string &Path, ProfileSite &S) {
  if (!V.is_object())
    return fieldError(Path, "expected an object");
  if (Error E = readString(V, "id", Path, S.Id))
    return E;
  if (S.Id.empty())
    return fieldError(member(Path, "id"), "expected a non-empty string");
  if (Error E = readString(V, "file", Path, S.File))
    return E;
  if (Error E = readUnsigned(V, "line", Path, S.Line))
    return E;
  if (Error E = readUnsigned(V, "column", Path, S.Column))
    return E;
  if (Error E = readString(V, "label", Path, S.Label))
    return E;
  if (Error E = readString(V, "kind", Path, S.Kind))
    return E;
  if (S.Kind != "parallel_for" && S.Kind != "parallel_reduce" && S.Kind != "parallel_scan")
    return fieldError(member(Path, "kind"),
                      "unknown kind '" + S.Kind +
                          "' (expected parallel_for, parallel_reduce or parallel_scan)");
  if (Error E = readString(V, "space", Path, S.Space))
    return E;
  if (Error E = readUnsigned(V, "launches", Path, S.Launches))
    return E;
  if (Error E = readUnsigned(V, "total_ns", Path, S.TotalNs))
    return E;
  if (Error E = readUnsigned(V, "median_ns", Path, S.MedianNs))
    return E;

  Expected<const Json *> Range = field(V, "range", Path);
  if (!Range)
    return Range.takeError();
  const std::string RangePath = member(Path, "range");
  if (!(*Range)->is_object())
    return fieldError(RangePath, "expected an object");
  if (Error E = readIntArray(**Range, "begin", RangePath, S.Range.Begin))
    return E;
  if (Error E = readIntArray(**Range, "end", RangePath, S.Range.End))
    return E;
  if (S.Range.Begin.size() != S.Range.End.size())
    return fieldError(member(RangePath, "end"),
                      "expected as many entries as begin (" +
                          std::to_string(S.Range.Begin.size()) + ")");
  if (Error E = readBool(**Range, "constant", RangePath, S.Range.Constant))
    return E;

  Expected<const Json *> Views = array(V, "views", Path);
  if (!Views)
    return Views.takeError();
  for (size_t I = 0; I < (*Views)->size(); ++I) {
    const Json &View = (**Views)[I];
    const std::string ViewPath = element(member(Path, "views"), I);
    if (!View.is_object())
      return fieldError(ViewPath, "expected an object");
    ProfileView PV;
    if (Error E = readString(View, "name", ViewPath, PV.Name))
      return E;
    if (Error E = readAccess(View, ViewPath, PV.Access))
      return E;
    if (Error E = readString(View, "label", ViewPath, PV.Label))
      return E;
    S.Views.push_back(std::move(PV));
  }
  return Error::success();
}

Error ProfileParser::readChain(const Json &V, const std::string &Path, ProfileChain &C) {
  if (!V.is_object())
    return fieldError(Path, "expected an object");
  Expected<const Json *> Sites = array(V, "sites", Path);
  if (!Sites)
    return Sites.takeError();
  const std::string SitesPath = member(Path, "sites");
  if ((*Sites)->size() < 2)
    return fieldError(SitesPath, "expected at least 2 sites");
  for (size_t I = 0; I < (*Sites)->size(); ++I) {
    const Json &Id = (**Sites)[I];
    if (!Id.is_string())
      return fieldError(element(SitesPath, I), "expected a string");
    std::string S = Id.get<std::string>();
    if (!SiteIds.contains(S))
      return fieldError(element(SitesPath, I), "unknown site '" + S + "'");
    C.Sites.push_back(std::move(S));
  }
  if (Error E = readUnsigned(V, "count", Path, C.Count))
    return E;
  if (Error E = readUnsigned(V, "equal_ranges", Path, C.EqualRanges))
    return E;
  if (C.EqualRanges > C.Count)
    return fieldError(member(Path, "equal_ranges"),
                      "greater than count (" + std::to_string(C.Count) + ")");
  if (Error E = readUnsigned(V, "total_ns", Path, C.TotalNs))
    return E;
  if (Error E = readFacts(V, "same_allocation", Path, C.Sites.size(), C.SameAllocation))
    return E;
  return readFacts(V, "overlaps", Path, C.Sites.size(), C.Overlaps);
}

Error ProfileParser::readFacts(const Json &Obj, StringRef Key, const std::string &Path,
                               size_t ChainLength, std::vector<IdentityFact> &Out) {
  Expected<const Json *> Facts = array(Obj, Key, Path);
  if (!Facts)
    return Facts.takeError();
  for (size_t I = 0; I < (*Facts)->size(); ++I) {
    const Json &F = (**Facts)[I];
    const std::string FactPath = element(member(Path, Key), I);
    if (!F.is_object())
      return fieldError(FactPath, "expected an object");
    IdentityFact Fact;
    if (Error E = readArgument(F, "a", FactPath, ChainLength, Fact.A))
      return E;
    if (Error E = readArgument(F, "b", FactPath, ChainLength, Fact.B))
      return E;
    if (Error E = readUnsigned(F, "count", FactPath, Fact.Count))
      return E;
    Out.push_back(std::move(Fact));
  }
  return Error::success();
}

Error ProfileParser::readArgument(const Json &Obj, StringRef Key, const std::string &Path,
                                  size_t ChainLength, ChainArgument &Out) {
  Expected<const Json *> V = field(Obj, Key, Path);
  if (!V)
    return V.takeError();
  const std::string Here = member(Path, Key);
  const Json &A = **V;
  if (!A.is_array() || A.size() != 2 || !A[1].is_string())
    return fieldError(Here, "expected [position, \"name\"]");
  uint64_t Position = 0;
  if (Error E = checkUnsigned(A[0], element(Here, 0), std::numeric_limits<unsigned>::max(),
                              Position))
    return E;
  if (Position >= ChainLength)
    return fieldError(element(Here, 0), "position " + std::to_string(Position) +
                                            " out of range (the chain has " +
                                            std::to_string(ChainLength) + " sites)");
  Out.Position = static_cast<unsigned>(Position);
  Out.Name = A[1].get<std::string>();
  return Error::success();
}

Error ProfileParser::readEvent(const Json &V, const std::string &Path, ProfileEvent &Ev) {
  if (!V.is_object())
    return fieldError(Path, "expected an object");
  if (Error E = readString(V, "site", Path, Ev.Site))
    return E;
  if (!SiteIds.contains(Ev.Site))
    return fieldError(member(Path, "site"), "unknown site '" + Ev.Site + "'");
  if (Error E = readString(V, "label", Path, Ev.Label))
    return E;
  if (Error E = readIntArray(V, "begin", Path, Ev.Begin))
    return E;
  if (Error E = readIntArray(V, "end", Path, Ev.End))
    return E;
  if (Error E = readUnsigned(V, "start_ns", Path, Ev.StartNs))
    return E;
  if (Error E = readUnsigned(V, "duration_ns", Path, Ev.DurationNs))
    return E;
  Expected<const Json *> Views = array(V, "views", Path);
  if (!Views)
    return Views.takeError();
  for (size_t I = 0; I < (*Views)->size(); ++I) {
    const Json &View = (**Views)[I];
    const std::string ViewPath = element(member(Path, "views"), I);
    if (!View.is_object())
      return fieldError(ViewPath, "expected an object");
    ProfileEventView EV;
    if (Error E = readString(View, "name", ViewPath, EV.Name))
      return E;
    if (Error E = readAccess(View, ViewPath, EV.Access))
      return E;
    std::string Data;
    if (Error E = readString(View, "data", ViewPath, Data))
      return E;
    StringRef Hex(Data);
    if (!Hex.consume_front("0x") || Hex.getAsInteger(16, EV.Data))
      return fieldError(member(ViewPath, "data"), "expected a hexadecimal pointer \"0x...\"");
    if (Error E = readUnsigned(View, "span", ViewPath, EV.Span))
      return E;
    if (Error E = readIntArray(View, "extents", ViewPath, EV.Extents))
      return E;
    if (Error E = readIntArray(View, "strides", ViewPath, EV.Strides))
      return E;
    if (Error E = readString(View, "layout", ViewPath, EV.Layout))
      return E;
    if (Error E = readString(View, "label", ViewPath, EV.Label))
      return E;
    Ev.Views.push_back(std::move(EV));
  }
  return Error::success();
}

} // namespace

Expected<Profile> parseProfile(StringRef Text) {
  Json Root;
  try {
    Root = Json::parse(Text.begin(), Text.end());
  } catch (const Json::parse_error &E) {
    // Keep nlohmann's explanation, without its "[json.exception.parse_error.101]" prefix.
    StringRef Message(E.what());
    size_t Start = Message.find("parse error");
    if (Start != StringRef::npos)
      Message = Message.drop_front(Start);
    return createStringError(inconvertibleErrorCode(), "malformed JSON at byte " +
                                                           std::to_string(E.byte) + ": " +
                                                           Message.str());
  } catch (const Json::exception &E) {
    return createStringError(inconvertibleErrorCode(), std::string("malformed JSON: ") + E.what());
  }
  return ProfileParser().parse(Root);
}

Expected<Profile> readProfile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read profile '" + Path.str() +
                                                     "': " + Buffer.getError().message());
  Expected<Profile> P = parseProfile((*Buffer)->getBuffer());
  if (!P)
    return createStringError(inconvertibleErrorCode(),
                             Path + ": " + toString(P.takeError()));
  return P;
}

} // namespace kfuse
