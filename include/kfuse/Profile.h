//===- Profile.h - The kfuse profile (schema version 1) and its loading ----===//
//
// A profile is what a profiled run saw: the launch sites, the chains of launches that ran back to
// back, and what their View arguments had in common. It is written by the header-only runtime
// (include/kfuse/runtime/) or the Kokkos Tools connector, and read here; profiles/README.md
// documents the schema.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_PROFILE_H
#define KFUSE_PROFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kfuse {

/// The schema version this kfuse reads and the runtime writes.
constexpr int ProfileVersion = 1;

/// How a kernel used a View argument (the instrumenter's static model).
enum class ProfileAccess { Read, Write, ReadWrite, Atomic, PassedToCall };

/// The schema's name of an access ("read", "write", "read_write", "atomic", "passed_to_call").
llvm::StringRef accessName(ProfileAccess Access);

/// A View argument of a site, as the instrumented build recorded it.
struct ProfileView {
  std::string Name;  ///< the argument's name in the source
  ProfileAccess Access = ProfileAccess::Read;
  std::string Label; ///< the View's label at run time
};

/// The iteration range of a site's last launch, one entry per dimension.
struct ProfileRange {
  std::vector<int64_t> Begin;
  std::vector<int64_t> End;
  bool Constant = false; ///< every launch had this same range
};

/// One launch site (instrumented build) or kernel name (connector).
struct ProfileSite {
  std::string Id; ///< SiteIdentity's id, or the kernel name from the connector
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Label;
  std::string Kind; ///< "parallel_for", "parallel_reduce" or "parallel_scan"
  std::string Space;
  uint64_t Launches = 0;
  uint64_t TotalNs = 0;
  uint64_t MedianNs = 0;
  ProfileRange Range;
  std::vector<ProfileView> Views;
};

/// A View argument within a chain: the launch's position in the chain and the argument's name.
struct ChainArgument {
  unsigned Position = 0;
  std::string Name;
};

/// How many times, over a chain's runs, two of its arguments were the same allocation (or
/// overlapped in memory without being the same allocation).
struct IdentityFact {
  ChainArgument A;
  ChainArgument B;
  uint64_t Count = 0;
};

/// Launches that ran back to back, in order, with what the runs had in common.
struct ProfileChain {
  std::vector<std::string> Sites; ///< site ids, in launch order
  uint64_t Count = 0;             ///< times this run of launches happened
  uint64_t EqualRanges = 0;       ///< runs in which every launch had the same range
  uint64_t TotalNs = 0;
  std::vector<IdentityFact> SameAllocation; ///< same data pointer and span
  std::vector<IdentityFact> Overlaps;       ///< intersecting bytes, not the same allocation
};

/// A View argument of a raw event.
struct ProfileEventView {
  std::string Name;
  ProfileAccess Access = ProfileAccess::Read;
  uint64_t Data = 0; ///< data pointer
  uint64_t Span = 0; ///< bytes
  std::vector<int64_t> Extents;
  std::vector<int64_t> Strides;
  std::string Layout;
  std::string Label;
};

/// One raw launch (only the first KFUSE_PROFILE_EVENTS launches are kept).
struct ProfileEvent {
  std::string Site;
  std::string Label;
  std::vector<int64_t> Begin;
  std::vector<int64_t> End;
  uint64_t StartNs = 0; ///< since the recorder started
  uint64_t DurationNs = 0;
  std::vector<ProfileEventView> Views;
};

/// A whole profile.
struct Profile {
  int Version = ProfileVersion;
  std::string Source; ///< "instrumented" or "kokkos-tools"
  std::string Program;
  std::string KokkosVersion;
  std::string Backend;
  /// The execution space plans are made for where it is not the profiled
  /// one (`kfuse fuse --backend`, or a CUDA compile command): "" plans for
  /// the backend each kernel ran on.
  std::string PlanSpace;
  std::string Time; ///< ISO 8601, UTC
  uint64_t TotalLaunches = 0;
  uint64_t TotalKernelNs = 0;
  /// Kernels the program ran that kfuse had not instrumented, as Kokkos'
  /// tool callbacks saw them (CoverageKnown: the callbacks were set).
  bool CoverageKnown = false;
  uint64_t UninstrumentedLaunches = 0;
  uint64_t UninstrumentedNs = 0;
  std::vector<ProfileSite> Sites;
  std::vector<ProfileChain> Chains;
  std::vector<ProfileEvent> Events;
  /// What the reader accepted but a user should know (a site listed twice).
  std::vector<std::string> Warnings;

  /// The site with this id, or null.
  const ProfileSite *findSite(llvm::StringRef Id) const;
  /// The chain of exactly these sites in this order, or null.
  const ProfileChain *findChain(llvm::ArrayRef<std::string> SiteIds) const;
  /// The chain First, Second (every pair that ran back to back is in the profile), or null.
  const ProfileChain *findPair(llvm::StringRef First, llvm::StringRef Second) const;
  /// The chains that contain Sites as a contiguous run, longest first.
  std::vector<const ProfileChain *> chainsContaining(llvm::ArrayRef<std::string> SiteIds) const;
};

/// Parses and validates a profile; errors name the offending field ("sites[2].launches: expected
/// a non-negative integer") or the byte offset of malformed JSON.
llvm::Expected<Profile> parseProfile(llvm::StringRef Text);

/// Reads and parses the profile at Path; errors start with the path.
llvm::Expected<Profile> readProfile(llvm::StringRef Path);

} // namespace kfuse

#endif // KFUSE_PROFILE_H
