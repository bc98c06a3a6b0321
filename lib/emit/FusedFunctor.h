//===- FusedFunctor.h - The functor of one fused group ----------*- C++ -*-===//
//
// The fused functor's text around the kernels' bodies (FusedBodies): its
// members, its operator (over chunks of indices, or one index), the
// composition of kernels' own functors where their bodies cannot be copied,
// and the reduction's value type. FusedKernelEmitter writes the guard and
// the launch that replaces the group around it.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_EMIT_FUSEDFUNCTOR_H
#define KFUSE_EMIT_FUSEDFUNCTOR_H

#include "emit/FusedBodies.h"
#include <string>
#include <vector>

namespace kfuse {
namespace emit {

/// The functor of a fused group, written over its bodies.
struct FusedFunctor : FusedBodies {
  using FusedBodies::FusedBodies;

  /// The fused operator's index parameters (`const int kfuse_i0`, ...).
  std::string indexParams();

  /// The same as arguments (`kfuse_i0`, ...).
  std::string indexArgs();

  /// The reduction's value type, as its kernel spells it.
  std::string accumulatorType();

  /// Each call of the restrict body runs a chunk of indices (on the host;
  /// one on a device): parallel_fors over a 1-D range, where the order of
  /// the indices is free (reductions keep Kokkos' order of combining).
  bool chunked() const;

  /// A composed functor's call runs a chunk of indices (on the host; one
  /// on a device), each part's operator over the chunk in turn
  /// (::kfuse::compose_chunks): over a 1-D range. A reduction's chunks
  /// are more than one index only where they keep its order of combining
  /// (::kfuse::reduction_chunk_size).
  bool composedChunks() const;

  /// The prefix of the chunk helpers for this group's launch.
  std::string chunkHelper() const;

  /// True if \p M launches the enclosing object (`*this`).
  static bool self(const KernelModel &M);

  /// The enclosing object's launches: its Views are its members.
  bool selfComposition() const;

  /// The member of the composed functor holding kernel \p K's functor.
  static std::string partMember(size_t K);

  /// A member of the composed functor: its type parameter, its name, and
  /// the argument of make_fused that initialises it.
  struct Part {
    std::string Member, Arg;
  };

  /// The members of the composed functor, in order: the enclosing object
  /// (once) or each kernel's functor as written, each kernel's work tag,
  /// then the conditions.
  std::vector<Part> compositionParts() const;

  /// The member of the composed functor holding kernel \p K's work tag.
  static std::string tagMember(size_t K);

  /// The template parameters the copied bodies name (of the templates
  /// around the launches), in first-use order.
  std::vector<KernelModel::TemplateParam> templateParams() const;
  /// The empty member that carries template parameter \p P into the functor.
  static std::string templateParamMember(const KernelModel::TemplateParam &P);

  /// Arguments of make_fused, in the order of the functor's members.
  std::vector<std::string> memberArgs();

  /// The composed functor: a copy of the object, the work tags, the
  /// conditions; its operator calls the object's operators in turn.
  std::vector<std::string> composedFunctor(const std::string &Name);

  /// The functor's data members, in order: each View (or the object
  /// holding it) once, then the numbers.
  std::vector<std::string> memberNames();

  /// The fused functor: a class template over its members' types, defined
  /// at namespace scope (CUDA cannot launch a type local to a function).
  std::vector<std::string> functor(const std::string &Name);
};

} // namespace emit
} // namespace kfuse

#endif
