//===- CrossParts.h - Pieces of the code for chains across functions -*- C++ -*-===//
//
// Part of the emission of chains across functions (CrossFunctionEmitter.cpp,
// which writes each site's code): the pieces the sites are made of. Where a
// site's text goes and how it is indented, the functors of the parts (the
// first kernel's, a copy of the second's, a reduction computed ahead), their
// members and types, and the guard.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_EMIT_CROSSPARTS_H
#define KFUSE_LIB_EMIT_CROSSPARTS_H

#include "emit/InlinedPairEmitter.h"
#include "kfuse/CrossFunctionEmitter.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <string>
#include <vector>

namespace kfuse {
namespace crossparts {

/// The statement a site's code replaces: the launch statement itself, in
/// its block or as the branch of an `if` (`else parallel_for(...);`), which
/// the site's one statement replaces as well. Never the `if` around a launch
/// it guards alone (KernelModel::StmtRange then): the plan placed the launch
/// in that `if`'s branch, and the site's code runs where the launch did.
TextRange siteRange(const KernelModel &M);

/// The indentation of the line of \p Text holding \p Offset.
std::string indentAt(llvm::StringRef Text, unsigned Offset);

/// The launch statement \p M as written, for the fallback and `revert`
/// (its first line indented like the others; revert drops that).
std::string originalSection(llvm::StringRef Text, const KernelModel &M,
                            const std::string &Indent);

/// How code and remarks name \p M (planner::codeName).
std::string quoted(const KernelModel &M);

/// "file:line" of \p M's launch, for comments in the emitted code.
std::string place(const KernelModel &M);

/// The members of the first kernel's functor: its captured Views, then its
/// scalars, in the order of the model, then (a lambda's) the template
/// parameters its body names.
struct Member {
  std::string Name, Type;
  bool Object = false; ///< an object holding Views, captured whole
  /// A template parameter the body names (KernelModel::TemplateParams):
  /// the member is an empty value whose type carries it, Arg makes it at
  /// the launch site, Alias names it inside the functor.
  std::string Arg, Alias;
};

std::vector<Member> membersOf(const KernelModel &A);

/// `template <class T_a, ...> struct Name {` and a member per capture.
std::string functorHead(const std::string &Name, const std::vector<Member> &Members);

/// The value type of the reduction \p K, as any scope can name it.
std::string aheadValue(const KernelModel &K);

/// How ReduceBoth combines the partial results of \p K: as its value type
/// (a sum: += from a value-initialised value), or through its reducer.
std::string aheadCombine(const KernelModel &K);

/// The functor of \p B, a reduction computed ahead with \p A: its
/// captures as members, its body verbatim (in A's file, whose site launches
/// both).
std::string aheadPart(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                      llvm::StringRef TextB);

/// The name of the copy of the second kernel's functor (CopySecond).
std::string copyName(const CrossChain &C);

/// The functor of \p B copied into the file of \p A, whose site launches
/// both (CrossChain::CopySecond): the data members its body names, its
/// body as written.
std::string copiedPart(const CrossChain &C, const KernelModel &A, const KernelModel &B);

/// \p B's data members (membersOf) read from \p Object: as its members, or
/// (\p Tuple) as the elements of the tuple they were handed over in.
std::string memberArgs(const KernelModel &B, const std::string &Object, bool Tuple);

/// The copy of \p B's functor built from \p Object, its functor object,
/// or (CrossChain::SecondMembers) from the tuple of its members.
std::string copyOf(const CrossChain &C, const KernelModel &B, const std::string &Object);

/// The tuple of \p B's data members that its site hands to the first's
/// (CrossChain::SecondMembers): types both files name.
std::string membersTuple(const KernelModel &B);

/// The types of \p B's captures, in the order of its functor's members:
/// the tuple the caller builds them into (an object holding Views with
/// its address).
std::string capturesTuple(const KernelModel &B);

/// The functor of \p A's part of the chain \p C, defined in \p A's file
/// (PartFunctor chains), or "".
std::string partFunctor(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                        llvm::StringRef TextA);

/// The type of \p A's part of the chain \p C, as the deferral names it.
std::string partType(const CrossChain &C, const KernelModel &A);

/// \p Expr, a functor of \p M's, as a fused functor calls it: through
/// \p M's work tag where its policy has one.
std::string taggedPart(const KernelModel &M, const std::string &Expr);

/// The type of taggedPart(\p M, a \p Type).
std::string taggedType(const KernelModel &M, const std::string &Type);

std::string labelArgument(const KernelModel &M);

/// The launch of \p I's one body, written by \p LaunchOf for a way to build
/// its functor: where both kernels read numbers of one name, one launch
/// for when they hold the same bits (the body reads one value for both)
/// and one for when not. \p Indent is the launch's.
std::string inlinedLaunch(const InlinedPair &I,
                          const std::function<std::string(const std::string &)> &LaunchOf,
                          const std::string &Indent);

/// The prefix of the names a file's guards give private members.
inline constexpr const char *PrivatePrefix = "kfuse_private";

/// The declarations naming the private members on the paths of \p
/// Kernels' Views, as a functor block (revert removes it), or "".
std::string privateDeclarations(const std::vector<const KernelModel *> &Kernels);

/// The guard: each View of the first kernel against each of the second,
/// where one writes: one name is one View or apart; other names apart.
/// \p First and \p Second prefix the names (`kfuse_first->`).
std::string guardOf(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                    const std::string &First, const std::string &Second,
                    const std::string &Indent);

/// The shadow check of kernels run in turn (each with the prefix the
/// guard names its Views with), labelled \p Label (Shadow.hpp's
/// shadow_of): the Views of every kernel, the Views a lambda named at its
/// own site (no prefix) holds, and the last kernel's reduction result.
std::string shadowOf(const std::vector<std::pair<const KernelModel *, std::string>> &Kernels,
                     const std::string &Label);

/// `::kfuse::defer(...)` keeping \p Part, \p A's functor, pending for \p C,
/// launched as \p A's launch where nothing runs it fused; \p In is the
/// indent of the call inside the site.
void deferPart(const CrossChain &C, const KernelModel &A, const std::string &Part,
               const std::string &In, const std::function<void(const std::string &)> &Emit);

/// \p A's functor as a part: its functor object, or its lambda's captures
/// in C's part functor.
std::string partOf(const CrossChain &C, const KernelModel &A);

} // namespace crossparts
} // namespace kfuse

#endif // KFUSE_LIB_EMIT_CROSSPARTS_H
