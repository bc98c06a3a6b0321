//===- FusedBodies.h - The kernel bodies of one fused group -----*- C++ -*-===//
//
// What FusedKernelEmitter writes inside the fused functor: each kernel's
// body with its View accesses rewritten (raw restrict pointers, carried
// recurrences, scalar replacement), reductions combined, loops merged and
// statements scheduled. The emitter builds the functor, its guard and the
// launch around them.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_EMIT_FUSEDBODIES_H
#define KFUSE_EMIT_FUSEDBODIES_H

#include "kfuse/FusedKernelEmitter.h"
#include "plan/PlannerSupport.h"
#include "plan/StatementSchedule.h"
#include <deque>
#include <map>
#include <set>

namespace kfuse {
namespace emit {

/// A View of the fused kernel: one member per object (argument fusion).
struct FusedView {
  const ViewUse *Use = nullptr; ///< the first use, for its type
  bool Written = false;
  bool Strided = false; ///< indexed through its strides
};

/// The bodies of the kernels of one fused group, as the fused functor runs
/// them, and what they name.
struct FusedBodies {
  FusedBodies(const FusionGroup &Group, const std::vector<KernelModel> &Sites,
              llvm::StringRef Text, const EmitOptions &Opts)
      : Group(Group), Sites(Sites), Text(Text), Opts(Opts) {}

  const FusionGroup &Group;
  const std::vector<KernelModel> &Sites;
  llvm::StringRef Text;
  const EmitOptions &Opts;
  std::vector<std::pair<std::string, FusedView>> Views; // in first-use order
  /// Every View name the kernels use; with restrict, merged names have no
  /// member of their own.
  std::vector<std::string> Members;
  std::vector<const ScalarUse *> Scalars;
  const KernelModel *Reduce = nullptr;
  /// Every reduction, in order; with two or more, they combine into one
  /// value (a struct with one member per reduction).
  std::vector<const KernelModel *> Reductions;
  /// The host conditions of kernels under an `if`, evaluated before the
  /// launch into members `kfuse_ifK` (K the kernel's place in the group).
  std::deque<ScalarUse> Conditions;

  FusedView &view(const std::string &Name);

  void collect();

  /// True if \p Name is a raw pointer of a kernel of the group.
  bool pointerNamed(const std::string &Name) const;

  /// The functor member that holds \p V: the View itself, or the captured
  /// object it is a member of (`field` for `field.density`).
  static const std::string &memberOf(const ViewUse &V);

  /// The type of View \p Name inside the functor template: `T_a`, or
  /// `decltype(T_field::density)` for a member of a captured object.
  static std::string viewType(const std::string &Name) { return planner::viewTypeIn("", Name); }

  void addScalar(const ScalarUse &Sc);

  /// The element access \p A of \p V through raw pointers and strides.
  std::string pointerAccess(const std::string &Name, const FusedView &V,
                            const ViewAccess &A,
                            const std::vector<const ViewAccess *> &All);

  /// [From, To) of the file with every View access in \p All rewritten.
  std::string rewrite(unsigned From, unsigned To,
                      const std::vector<const ViewAccess *> &All);
  std::map<const ViewAccess *, std::string> AccessOwner;
  /// Scalar replacement: accesses written differently, and declarations
  /// inserted before a loop (at its offset).
  std::map<const ViewAccess *, std::string> AccessText;
  std::map<unsigned, std::string> InsertBefore;

  /// Keeps each recurrence of \p M in a register across its loop's
  /// iterations (planner::Recurrence); the store still goes to memory.
  void carryRecurrences(const KernelModel &M);

  /// The accesses of \p M, in text order.
  std::vector<const ViewAccess *> accessesOf(const KernelModel &M);

  /// [From, To) of \p M's text, accesses rewritten when restrict is on.
  std::string bodyText(const KernelModel &M, unsigned From, unsigned To);

  /// `const int i = kfuse_i0;` per named index of \p M.
  std::vector<std::string> indexBindings(const KernelModel &M);

  std::string bindIndices(const KernelModel &M);

  bool combinedReductions() const { return Reductions.size() >= 2; }

  /// A reduction combined through its Kokkos reducer's init and join
  /// (MinLoc, MaxLoc, ...), not by the emitter's own code.
  static bool viaReducer(const ReductionModel &R);

  /// The type of \p R's partial result in the combined value: as the
  /// kernel spells it, or its reducer's value_type.
  std::string valueType(const ReductionModel &R) const;

  /// Combined reductions whose bodies are identical to an earlier one's
  /// (up to the names of their index and accumulator), that write nothing:
  /// computed once, the earlier one's partial result serves both.
  std::map<const KernelModel *, size_t> Repeated;

  void findRepeatedReductions();

  /// The member of the combined value holding reduction \p K's result.
  std::string resultMember(size_t K) const;

  size_t placeOf(const KernelModel &M) const;

  /// The member holding the condition of kernel \p M of the group.
  std::string conditionName(const KernelModel &M) const;

  /// Horizontal fusion: the member holding the end of kernel \p M's range.
  std::string endName(const KernelModel &M) const;

  /// Horizontal fusion: the members holding the ends of kernel \p M's
  /// range, one per dimension where they are read at run time.
  std::vector<std::string> endNames(const KernelModel &M) const;

  /// Horizontal fusion with bounds read at run time: the host variable
  /// holding kernel \p M's (::kfuse::Bounds).
  std::string boundsName(const KernelModel &M) const;

  /// When kernel \p M's part of an index runs: its condition held, and the
  /// index is below its own end (horizontal fusion); "" for always.
  std::string partGuard(const KernelModel &M) const;

  /// The partial result of reduction \p K in the fused body.
  std::string partial(size_t K) const;

  /// Index parameters bound to the fused ones and, where reductions
  /// combine, the accumulator bound to its member of the combined value.
  std::string bindKernel(const KernelModel &M);

  /// The body of kernel \p M, index parameters bound to the fused ones at
  /// its top: `{ bind; body }`.
  std::string kernelBody(const KernelModel &M);

  /// The struct holding the results of several reductions, one member
  /// each, appended to \p L.
  void combinedStruct(const std::string &Name, std::vector<std::string> &L) const;

  /// The combined value of several reductions, its identity and its join:
  /// lines of the functor (the struct itself is defined before it).
  std::vector<std::string> combinedValue(const std::string &Values);

  /// The statement that is the body of loop \p L, through its `;`.
  std::string loopBody(const KernelModel &M, const InnerLoop &L);

  /// For each kernel of a run whose loops merge, the renaming of its local
  /// variables that would clash in the one scope they now share: with a
  /// name another kernel declares too (the first kernel declaring it keeps
  /// it), or one another kernel reads from outside (a capture).
  std::vector<std::map<std::string, std::string>>
  localRenames(const std::vector<const KernelModel *> &Run,
               const std::vector<planner::LoopShape> &Shapes);

  /// A run of kernels whose loops merge (loop fusion): the declarations
  /// before each loop, one loop with each body in turn, then what follows
  /// each loop, each in its own block.
  std::vector<std::string> mergedLoops(const std::vector<const KernelModel *> &Run);

  /// A run of kernels whose statements run in the order \p S gives, in one
  /// block: their indices bound once, merged loops with each body in turn.
  std::vector<std::string> scheduled(const planner::StatementSchedule &S);

  /// Lines of the fused body: one block per kernel, or per run of kernels
  /// whose inner loops are merged (loop fusion), or whose statements run
  /// in another order (a StatementSchedule).
  std::vector<std::string> bodies(bool WithRepeat = true);
  /// The header of the host loop a repeated group runs inside its kernel
  /// (`for (int It = 0; It < T; ++It)`): where each call runs a chunk of
  /// indices, the loop goes around the chunk (bodies(false)), which keeps
  /// its elements in cache from one iteration to the next and its index
  /// loop vectorised; one index per call, around the bodies (bodies()).
  std::string repeatHeader() const;

  std::string indexType() const;
  /// The names of the functor's members, in order: one per View object
  /// (with restrict; every name without), then the scalars.
  /// Composition: the group launches the enclosing object (`*this`) with
  /// work tags; the fused functor holds a copy and calls its operators in
  /// turn, each with its tag.
  /// Functor objects other than `*this` (bound to their Views, see
  /// FunctorModel::Bound) are composed too, with the group's lambdas: the
  /// fused functor holds a copy of each and calls them in turn.
  bool composition() const;
  /// The element type of \p V for a pointer parameter: as written when it is
  /// a builtin type, else through the member's View type.
  std::string elementType(const std::string &Name, const FusedView &V);
};

} // namespace emit
} // namespace kfuse

#endif // KFUSE_EMIT_FUSEDBODIES_H
