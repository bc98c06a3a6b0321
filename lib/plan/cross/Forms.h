//===- Forms.h - where fused code can be written ===//
//
// Part of the cross-function planner (lib/plan/CrossFunctionPlanner.cpp),
// split by responsibility into layers, each using the ones below it:
// State (the project's index and the chain being judged), Forms (where
// fused code can be written), HostCode (what the code around the launches
// may observe), Windows (the callers' windows), Ahead (a reduction computed
// ahead), and the Planner (which chains, and their legality).
#pragma once

#include "plan/cross/State.h"

namespace kfuse {
namespace cross {

/// Whether the code of two kernels can be written as a chain needs it:
/// their functors, policies and bodies named where the fused code goes, in
/// one body over restrict pointers or called in turn.
class FormJudge : public CrossState {
public:
  using CrossState::CrossState;

  /// Why the reduction \p K cannot be a part of two reductions run as one
  /// (ReduceBoth: its value combined as Kokkos combines it), as the end of
  /// a sentence about it, or "".
  static std::string aheadReduction(const KernelModel &K);

  /// Why the reductions \p A (in the file \p FileA) and \p B cannot run as
  /// one with B computed ahead, or "".
  std::string aheadForm(const KernelModel &A, const KernelModel &B, size_t FileA);

  /// Why the functor object of \p K cannot be a part of two reductions run
  /// as one (\p Second: the one computed ahead, whose body is copied into a
  /// functor of its data members, as its method assigns them), or "".
  /// \p AnyObject: the second's body is copied from any functor object,
  /// built from the object's members where it is launched.
  static std::string aheadObject(const KernelModel &K, bool Second, bool AnyObject = false);

  /// Why a copy of \p M's body at \p Offset of \p File would not compile
  /// because that file declares something the body names only after it, or
  /// "".
  static std::string declaredLater(const KernelModel &M, const std::string &File, unsigned Offset);

  /// True if copies of the bodies of \p A and \p B in one function at
  /// \p Offset of \p Launcher's file compile there: what they name is
  /// declared before it, in that file or in a file its unit includes (a
  /// lambda's other headers are included for it: includesFor).
  bool bodiesFit(const KernelModel &A, const KernelModel &B, const KernelModel &Launcher) const;

  /// A file declaring what \p M's body names that \p File neither is nor
  /// includes, or null.
  const std::string *notIncluded(const KernelModel &M, const std::string &File) const;

  /// Whether the bodies of \p KA (at \p A) and \p KB (at \p B) can be
  /// copied into one (CrossChain::Inlinable), else they are composed;
  /// Reverse as kernelForm set it.
  bool oneBody(const KernelModel &KA, const KernelModel &KB, SiteRef A, SiteRef B,
               bool Ahead) const;

  /// True if the profile saw two Views of \p K (at \p Position of the
  /// chain), one of them written, overlapping within one launch, or as one
  /// allocation in some runs but not in every run of this chain (Within):
  /// one body over restrict pointers (whose guard checks every View against
  /// every other) would run none of those runs; the kernels are composed
  /// instead.
  bool overlapsWithin(const KernelModel &K, int Position) const;
  /// True if the names of each View of the one body (oneViewClasses) can be
  /// one pointer: Views alike in rank, element type and layout.
  bool oneViewsAlike(const KernelModel &KA, const KernelModel &KB) const;

  /// Whether \p M's body can be copied into a fused body over raw
  /// pointers: a lambda's `parallel_for` whose Views are captured (or public
  /// members of a captured object of a named class), or a bound functor
  /// object's defined in the launch's file (or a lambda's reduction into a
  /// number), whose Views are only indexed (no metadata, no escape, no atomic, every index written
  /// out of macros), whose scalars are named where the AST saw them, and
  /// whose body does not return early.
  static bool inlinable(const KernelModel &M, llvm::StringRef Text);

  /// True if \p K, a launch in a template of a header, is the same in every
  /// unit that instantiates it (templateShape, and the Views read through
  /// accessors) and every unit of the program is read.
  bool everyUnitAgrees(const KernelModel &K) const;

  /// Why \p A and \p B have a form the deferred launch does not handle.
  std::string kernelForm(const KernelModel &A, const KernelModel &B);

  /// Fills Includes with the headers the copy of \p M's body in \p File
  /// needs that its unit does not include; why that cannot be, or "" (a
  /// declaration in a source file cannot be included).
  /// With \p OwnMembers the copy declares the data members the body reads
  /// through `this` itself (BodyMemberFiles are not needed).
  std::string includesFor(const KernelModel &M, const std::string &File,
                          bool OwnMembers = false);

  /// Why the functor of \p M (the first kernel when \p First, else the
  /// second; \p Other the other one) cannot take part: the first is kept
  /// for a later launch and named in the second's file, the second is
  /// composed with it where it is launched.
  std::string functorForm(const KernelModel &M, const KernelModel &Other, bool First);

  /// True if code at \p Offset of \p At's file can name the functor class
  /// of \p F: defined above it in that file, or in a header its unit reads.
  bool nameableAt(const FunctorModel &F, const KernelModel &At, unsigned Offset) const;

  /// Why the guard written where \p Site is launched cannot read the Views
  /// of \p M's functor object (a private member, one of a member object),
  /// or "". With no \p Site, only public members can be read.
  static std::string unreadableAt(const KernelModel &M, const KernelModel *Site);
  static std::string unreadableAt(const KernelModel &M, const KernelModel &Site) {
    return unreadableAt(M, &Site);
  }

  /// Why the site of \p Site, launching \p M's functor object with its
  /// own, cannot call M's operator(): its body is in a source file of
  /// another unit; or "". (A header with it is included: classNameableAt.)
  std::string operatorUnseen(const KernelModel &M, const KernelModel &Site) const;

  /// Why the body of \p B's operator() cannot be copied into \p A's file
  /// as a functor of its data members (CrossChain::CopySecond), or "".
  /// \p ByMembers: B's site hands over the members, not its object
  /// (CrossChain::SecondMembers), so B may be any functor object and the
  /// files declaring only its members are not needed.
  std::string copiedSecond(const KernelModel &B, const KernelModel &A, bool ByMembers = false);

  /// nameableAt, or the class is declared in a header of the project, which
  /// the fused code includes (Includes holds it then).
  bool classNameableAt(const FunctorModel &F, const KernelModel &At, unsigned Offset);

  /// True if code of \p At's function can name the work tag of \p P (a
  /// tag a header declares is named where that header is included).
  bool tagNameableAt(const PolicyModel &P, const KernelModel &At);

  /// Adds \p Header, a header of the project, to the Includes of \p At's
  /// file; false where it is not a header.
  bool includeHeader(const std::string &Header, const KernelModel &At);
};

} // namespace cross
} // namespace kfuse
