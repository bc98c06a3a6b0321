//===- PlannerSupport.h - What the planner's parts share ------*- C++ -*-===//
//
// Internal to lib/: naming launches in messages, the launch-index signature
// of a View access, and a raw token view of source text, shared by the
// planner (FusionPlanner.cpp) and its legality checks (FusionLegality.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_PLANNERSUPPORT_H
#define KFUSE_LIB_PLANNERSUPPORT_H

#include "kfuse/LaunchModel.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace kfuse {
namespace planner {

/// 'label', or "the launch at FILE:LINE" (the file's name).
std::string name(const KernelModel &M);

/// A launch as fused code names it (in comments and in a fused kernel's
/// label): its label, else its function, else name().
std::string codeName(const KernelModel &M);

/// True if every View of \p Sites named by \p Group can get a restrict
/// pointer: none is reached only through an accessor (ViewUse::Accessor),
/// handed whole to a function kfuse does not follow, or used in a followed
/// call (KernelModel::FollowsCalls): there the body names the View itself.
bool restrictable(const std::vector<size_t> &Group, const std::vector<KernelModel> &Sites);

/// Why \p M may not join any fused kernel: its first access that kfuse
/// cannot attribute to a View (KernelModel::Unknown must not be empty).
std::string unknownAccess(const KernelModel &M);

/// \p S without whitespace.
std::string squeeze(llvm::StringRef S);

/// True if only whitespace and comments separate [From, To) in \p Text.
bool onlyTrivia(llvm::StringRef Text, unsigned From, unsigned To);

/// The part of an index that depends on the launch: (dimension, index
/// parameter position, offset) for each launch-index dimension.
using LaunchIndexSig = std::set<std::tuple<size_t, size_t, int64_t>>;

/// Signature of \p A in \p M, or a reason it is not a provably injective
/// function of the launch index.
std::string signatureOf(const KernelModel &M, const ViewAccess &A,
                        LaunchIndexSig &Sig);

/// `a(i, j + 1)` as written (`p[i + 1]` for a raw pointer).
std::string accessText(const ViewUse &V, const ViewAccess &A);

/// The elements [Lo, Hi) kernel \p M reaches through the raw pointer \p V
/// (ViewUse::Pointer), as long long expressions valid at its launch: its
/// range shifted by the smallest and largest offset of its accesses. Empty
/// (with \p Why set) unless M runs over a 1-D range whose ends kfuse reads
/// and every access is `p[i + k]`, loaded or stored.
/// With \p At, the range is At's, as written at At's launch (a kernel fused
/// across functions runs over the second's range, which the guard checks is
/// the first's).
std::optional<std::pair<std::string, std::string>>
pointerFootprint(const KernelModel &M, const ViewUse &V, std::string &Why,
                 const PolicyModel *At = nullptr);

/// The first raw pointer (ViewUse::Pointer) kernel \p M indexes, or null.
const ViewUse *rawPointerOf(const KernelModel &M);

/// The guard's entry for View or raw pointer \p V of kernel \p M, named
/// \p Name where the guard runs, over the range \p At (M's own when null):
/// `::kfuse::bytes_of(v, written)` or `::kfuse::pointer_bytes(p, ...)`.
std::string guardBytes(const KernelModel &M, const ViewUse &V, const std::string &Name,
                       bool Written, const PolicyModel *At = nullptr);

inline bool writes(AccessMode M) { return M != AccessMode::Read; }

/// True if \p V is reached through an object its kernel captures whole
/// (`field.density`; `domain.m_ss` through the accessor `domain.ss(i)`).
inline bool throughObject(const ViewUse &V) { return !V.Local && !V.Root.empty(); }

/// True if a guard can name \p V: not reached through an accessor, or
/// reached through one yet named by its path (ViewUse::Named), of public
/// members or through pointers to the private ones (ViewUse::Steps).
inline bool guardNames(const ViewUse &V) {
  return V.Accessor.empty() || (V.Named && (!V.PrivateMember || !V.Steps.empty()));
}

/// The element type of \p V as the reference rule compares it (canonical).
inline const std::string &elementType(const ViewUse &V) {
  return V.ValueTypeCanonical.empty() ? V.ValueType : V.ValueTypeCanonical;
}

/// True if an element of a View of \p Element (as elementType) may hold a
/// value of type \p Type (canonical): the same type, or an element kfuse
/// cannot see through (a class may hold a double, an unknown type anything);
/// a character type aliases anything, an integer type its signed or
/// unsigned variant.
bool mayHold(const std::string &Element, const std::string &Type);

/// True if an element of a View of one of \p Elements may hold a value of
/// type \p T (mayHold).
bool mayHoldAny(const std::set<std::string> &Elements, const std::string &T);

/// The pointer data members of the project by qualified name: "" where every
/// unit keeps the member's memory its own (FileModel::PointerFields, merged
/// over the whole program), else why not.
using PointerFieldVerdicts = std::map<std::string, std::string>;

/// Why what host code reads or writes through a pointer member (\p Field)
/// may be an element of a View of kernels whose Views have the element
/// types \p Used (those they write: \p Written), or "" when none may hold a
/// number of its type (a read: none they write), or the member only ever
/// holds an allocation of its own (\p Fields; null: not known).
std::string fieldProblem(const HostStatement::FieldUse &Field, const std::set<std::string> &Written,
                         const std::set<std::string> &Used, const PointerFieldVerdicts *Fields);

/// True if the only memory \p S may touch that kfuse cannot name is numbers
/// read through pointers, of types no View in \p Written may hold (C++'s
/// aliasing rules keep such a read from seeing the kernels' stores), and
/// numbers read or written through pointer members (fieldProblem).
bool onlyForeignPointerMemory(const HostStatement &S, const std::set<std::string> &Written,
                              const std::set<std::string> &Used,
                              const PointerFieldVerdicts *Fields);

/// True if elements of \p A and \p B may share memory by their types: an
/// element of either may hold a value of the other's (mayHold).
inline bool mayShareElements(const ViewUse &A, const ViewUse &B) {
  return mayHold(elementType(A), elementType(B)) || mayHold(elementType(B), elementType(A));
}

/// One token of source text, as the raw lexer sees it (comments skipped).
struct RawToken {
  std::string Text;
  bool Identifier = false;
  unsigned Offset = 0; ///< in the text tokenized
};

/// The tokens of \p Source (identifiers, keywords and punctuation).
std::vector<RawToken> tokenize(llvm::StringRef Source);

/// \p Code with every identifier token named in \p Names (not a member
/// after `.`, `->` or `::`) replaced by its mapped name.
std::string renameIdentifiers(llvm::StringRef Code,
                              const std::map<std::string, std::string> &Names);
/// \p T without a leading `const` and a trailing `&` (`const int &` -> `int`).
std::string withoutConstRef(llvm::StringRef T);

/// \p S with every character that cannot be in an identifier replaced by `_`.
std::string identifier(llvm::StringRef S);

/// The type of View \p Name (`a`, or `field.density` for a member of a
/// captured object) inside a functor template: `T_a`,
/// `decltype(T_field::density)`, or, reached through the member of type
/// \p Holder, `decltype(Holder::a)`.
std::string viewTypeIn(const std::string &Holder, const std::string &Name);

/// The element type of a restrict pointer to a View whose elements are
/// \p ValueType: as written when that is a built-in type (and not
/// \p ThroughView), else `typename ViewType::value_type`; const unless
/// \p Written.
std::string pointerElementType(llvm::StringRef ValueType, const std::string &ViewType,
                               bool Written, bool ThroughView = false);

/// \p Code laid out by clang-format (LLVM style, 100 columns), as kfuse
/// writes fused functors.
std::string formatted(const std::string &Code);
/// \p Code with its lines after the first indented by \p More: code written
/// for one place, nested deeper.
std::string deeper(llvm::StringRef Code, llvm::StringRef More);
/// The identifiers of \p Code.
std::set<std::string> identifiersOf(llvm::StringRef Code);

/// Kernel bodies sharing one scope: per kernel, the names it declares there
/// (\p Declared) and every identifier of its body (\p Idents). The first
/// kernel declaring a name keeps it; a later one declaring it, or one
/// declaring a name another kernel reads from outside (a capture), renames
/// its own (`Acc_2`), except where \p Same says the two kernels' names are
/// one (a launch index bound once). Per kernel, old name to new.
std::vector<std::map<std::string, std::string>>
scopeRenames(const std::vector<std::set<std::string>> &Declared,
             const std::vector<std::set<std::string>> &Idents,
             const std::function<bool(size_t, size_t, const std::string &)> &Same = nullptr);

/// A kernel body `{ declarations; for (...) S; statements; }`: one loop
/// with the declarations before it (its prologue) and any statements after
/// it (its epilogue), which loop fusion merges with other such bodies.
/// Offsets are into the file's text.
struct LoopShape {
  const InnerLoop *Loop = nullptr;
  unsigned PrologueBegin = 0, PrologueEnd = 0; ///< after `{`, to the loop
  unsigned EpilogueBegin = 0, EpilogueEnd = 0; ///< after the loop, to `}`
  std::vector<std::string> Locals;             ///< declared by the body
};
/// The shape of \p M's body, if it has one.
std::optional<LoopShape> loopShape(const KernelModel &M, llvm::StringRef Text);
/// Scalar replacement of a recurrence: in inner loop \p Loop (step +1 or
/// -1), the View \p View is stored at element e(j) by one unconditional
/// plain assignment \p Write and read only at e(j) after it or at the
/// previous iteration's element before it (\p Carried). With restrict, the
/// value can stay in a register from one iteration to the next instead of
/// going through memory, which is what a hand-fused tridiagonal sweep does.
struct Recurrence {
  const InnerLoop *Loop = nullptr;
  const ViewUse *View = nullptr;
  const ViewAccess *Write = nullptr;
  const ViewAccess *Previous = nullptr; ///< the first read of the previous element
  std::vector<const ViewAccess *> Carried; ///< the reads served by the register
};
/// True if the loop body \p Body may skip a statement, leave the loop or
/// change its variable \p Var.
bool irregular(llvm::StringRef Body, const std::string &Var);
/// The recurrences of the top-level inner loops of \p M.
std::vector<Recurrence> recurrencesOf(const KernelModel &M, llvm::StringRef Text);
/// True if \p M's functor is the object of the method launching it.
inline bool thisFunctor(const KernelModel &M) {
  return M.Functor.Kind == FunctorModel::Form::Object &&
         llvm::StringRef(M.Functor.Text).trim() == "*this";
}

} // namespace planner
} // namespace kfuse

#endif // KFUSE_LIB_PLANNERSUPPORT_H
