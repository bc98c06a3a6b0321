//===- GroupRules.h - What a group of one block may take in -----*- C++ -*-===//
//
// The rules the planner of one block (FusionPlanner::plan) asks of each
// kernel and of the group it grows: the forms fused, the ranges that run as
// one launch, the names of one View merged, aliasing the profile saw or the
// guard cannot check.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_PLAN_GROUPRULES_H
#define KFUSE_PLAN_GROUPRULES_H

#include "kfuse/FusionPlan.h"
#include "kfuse/LaunchModel.h"
#include "kfuse/Profile.h"
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kfuse {
namespace planner {

/// A reduction that can share a fused kernel with others: its partial
/// results combine member by member in one value.
bool combinable(const ReductionModel &R);

/// The result of a reduction among \p Group that the condition of \p M reads.
const std::string *conditionReadsResult(const KernelModel &M, const std::vector<size_t> &Group,
                                        const std::vector<KernelModel> &Sites);

/// A launch of the enclosing object, `parallel_for(policy, *this)`: fused
/// by composition, the object's operators called in turn.
bool composable(const KernelModel &M);

/// A functor object other than `*this` whose Views are bound to variables
/// (FunctorModel::Bound): fused by composition too, with lambdas as parts.
bool boundObject(const KernelModel &M);

/// What the planner supports of one kernel, or "" when all of it.
std::string unsupported(const KernelModel &M);

/// A store of \p M to an element chosen by data (`t(idx(i)) ^= v`), in no
/// dimension pinned to the launch index, or null. Such a kernel costs its
/// random accesses; fusing it gains nothing and was measured slower
/// (examples/gups, gups_atomic: 0.8x fused and hand-fused alike).
const ViewAccess *randomScatter(const KernelModel &M);

/// A load of \p M, inside an inner loop, from an element chosen by data
/// (`x(j, 0)` with `j` read from a neighbour list) in no dimension pinned to
/// the launch index, or null. Such a gather loop costs its random loads and
/// keeps registers busy: fused with the kernels around it, it was measured
/// slower on host backends (examples/md: force_compute with the integrate
/// and energy kernels 0.91-0.95x fused, 0.95x hand-fused).
const ViewAccess *gatherLoop(const KernelModel &M);
/// What a gather loop's access \p A loads, for a remark: "elements chosen
/// by data", or, through a pointer into a View, "elements through the
/// pointer ('c[k]')" (any element, as far as kfuse knows).
std::string gatherText(const ViewAccess &A);

/// Ranges as (begin, end) texts per dimension; a count is [0, N).
std::vector<std::pair<std::string, std::string>> rangeOf(const KernelModel &M);

/// The kernels of \p G, then \p M.
std::vector<const KernelModel *> kernelsWith(const FusionGroup &G,
                                             const std::vector<KernelModel> &Sites,
                                             const KernelModel &M);

/// True if kernels \p All, run over the union of their ranges, read their
/// bounds at run time (FusionGroup::BoundsAtRunTime).
bool boundsAtRunTime(const std::vector<const KernelModel *> &All);

/// Why the kernels of \p G and \p M, whose ranges differ, cannot run as
/// one launch over the union of their ranges, each below its own end; ""
/// when they can.
std::string horizontalBlocked(const FusionGroup &G, const std::vector<KernelModel> &Sites,
                              const KernelModel &M);

/// Why a View that the kernels of \p G and \p M reach through an accessor,
/// which the guard cannot name, might share memory with a View another of
/// them writes; "" when none can: such Views are only read, and every View
/// the other kernels write is allocated in the launches' function
/// (ViewUse::Fresh) or of an element type that cannot hold theirs, nor
/// theirs its (C++'s aliasing rules). A View the reading kernel writes
/// itself is no obstacle: fusing keeps each kernel's accesses in their
/// order (and a race-free kernel writes what it reads through another name
/// only at the index reading it); the bodies read such Views as written,
/// without restrict (planner::restrictable). In a template whose
/// instantiations hold other element types, the types are the first's:
/// any two may share.
std::string accessorAliasing(const FusionGroup &G, const std::vector<KernelModel> &Sites,
                             const KernelModel &M);

/// The policy family two launches must share.
std::string policyFamily(const KernelModel &M);

/// Argument fusion beyond names: Views of \p M and of the group that the
/// profile saw as one allocation in every run of \p Pair, with the same
/// element type and rank (two Views, or two raw pointers), are merged into
/// the name used first; with \p Prof, also those of kernels further apart
/// that a run of the whole group (\p Group, then \p M) showed as one in
/// each of its runs. The guard checks every merged name.
void mergeSameAllocations(FusionGroup &G, const ProfileChain &Pair,
                          const std::vector<KernelModel> &Sites,
                          const std::vector<size_t> &Group, const KernelModel &M,
                          const Profile *Prof = nullptr);

/// A raw pointer that its function initialised with a View's data()
/// (ViewUse::DataOf), used in the group beside that View, one-dimensional
/// with the same element type: one name of the View's elements (`p[i]` is
/// `a(i)`), merged into the View. The guard checks the pointer is the View's
/// data and its elements lie one after the other (::kfuse::data_of).
void mergePointersIntoViews(FusionGroup &G, const std::vector<KernelModel> &Sites,
                            const std::vector<size_t> &Group, const KernelModel &M);

/// Two names of the pair, at least one written by the group, that the
/// profile saw overlapping in memory without being one View: the guard's
/// restrict and order check would fail in those runs, so fusing them gains
/// nothing there and, without the guard, would be wrong. Empty when none.
std::string overlapSeen(const FusionGroup &G, const ProfileChain &Pair,
                        const std::vector<KernelModel> &Sites, const KernelModel &M);

/// Two names of kernels of the group (with \p M appended) that the profile
/// saw as one allocation or overlapping, in any chain that ran the group's
/// launches in a row, one of them written, and that are not merged (facts of
/// adjacent pairs are merged before): the fused kernel would read what the
/// other name wrote in the wrong order, or the guard would refuse it every
/// time. Empty when none.
std::string aliasingInGroup(const FusionGroup &G, const Profile &Prof,
                            const std::vector<KernelModel> &Sites, const KernelModel &M);

// Profitability (Profitability.cpp).

/// True if the plan is for a GPU-like backend: --backend or the compile
/// commands' execution space, else where \p Site ran, else the profile's.
bool onDevice(const Profile &Prof, const ProfileSite *Site);

/// Kernels shorter than this (median) gain from fusion by the launch saved,
/// whatever data they share. On a host backend a launch costs next to
/// nothing: two long kernels sharing no element were measured no faster
/// fused (mvt, 0.95-0.98x, before its loops merged). On a GPU a launch and
/// its synchronisation cost 5-10 us, so kernels up to ten times longer
/// still gain from one launch less.
uint64_t launchBoundNs(const Profile &Prof, const ProfileSite *Site);

/// On a GPU each index is a thread. Two kernels that each run, per index, a
/// loop as long as their range (work quadratic in the thread count: a
/// matrix-vector product, a triangular update) gain from fusion only where
/// their loops merge and the merged loop reuses an element
/// (\p ReuseInMergedLoop: layout_mix, 1.74x fused on an NVIDIA H200).
/// Otherwise fusion saves one launch against a thread body twice as long,
/// and was measured slower on the H200 (CUDA 13, Kokkos 4.6.01): mvt 0.82x
/// (loops merged, no element shared), syr2k 0.95x, syrk 1.00x. Loops over
/// another extent gain: dsmc 1.31x (a loop over a few processes per
/// particle), gnb 1.12x (32 features, each a loop over the samples),
/// covariance 1.02x. See docs/cuda.md. "" where the plan is for a host
/// backend, or either kernel has no such loop.
std::string loopsOnDevice(const KernelModel &A, const KernelModel &B, const Profile &Prof,
                          bool ReuseInMergedLoop, SourcePos &Pos);

} // namespace planner
} // namespace kfuse

#endif // KFUSE_PLAN_GROUPRULES_H
