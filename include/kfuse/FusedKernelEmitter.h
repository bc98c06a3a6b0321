//===- FusedKernelEmitter.h - Code for one fused group ----------*- C++ -*-===//
//
// Writes the fused functor of a FusionGroup with argument fusion (one member
// per object), the restrict transformation (raw pointers and strides as
// parameters of a static KOKKOS_INLINE_FUNCTION, which compilers honour,
// unlike restrict on members), and the guarded launch with the original
// launches kept, byte for byte, as the fallback.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_FUSEDKERNELEMITTER_H
#define KFUSE_FUSEDKERNELEMITTER_H

#include "kfuse/FusionPlan.h"
#include "kfuse/LaunchModel.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace kfuse {

/// Options of the emitter.
struct EmitOptions {
  bool Restrict = true;    ///< raw restrict pointers; off: index the Views
  std::string ProfilePath; ///< named in the begin marker
};

/// The markers around a rewritten region; `revert` relies on them.
struct Markers {
  static constexpr const char *Begin = "// kfuse-begin";
  static constexpr const char *End = "// kfuse-end";
  /// Follows End where the launch's line went on after it (`{ launch; }`
  /// on one line): the rest of that line, which the comment would
  /// swallow, starts the next line; `revert` joins the two again.
  static constexpr const char *LineGoesOn = " (the line goes on below)\n";
  static constexpr const char *OriginalBegin = "// kfuse-original-begin\n";
  static constexpr const char *OriginalEnd = "\n// kfuse-original-end";
  /// Around code between launches that stays in place (exact bytes).
  static constexpr const char *KeptBegin = "// kfuse-kept-begin";
  static constexpr const char *KeptEnd = "// kfuse-kept-end";
  /// Around a fused functor (at namespace scope); its own line each.
  static constexpr const char *FunctorBegin = "// kfuse-functor-begin";
  static constexpr const char *FunctorEnd = "// kfuse-functor-end\n";
  /// Ends a whole line kfuse inserted (a window of a chain across
  /// functions), followed by a checksum of the line (markedLine): `revert`
  /// removes the lines whose checksum matches, never a line of the user's
  /// that ends with the same text.
  static constexpr const char *Line = " // kfuse-line";
  static constexpr const char *Include =
      "#include <kfuse/runtime/Guard.hpp> // kfuse-include\n";
};

/// \p Code (indentation included, no newline) as a whole line kfuse
/// inserts: followed by Markers::Line and a checksum of \p Code, and '\n'.
std::string markedLine(llvm::StringRef Code);

/// The code of \p Line (through its '\n') when it is one markedLine wrote,
/// else none.
std::optional<llvm::StringRef> unmarkLine(llvm::StringRef Line);

/// Generates the code of a fused group.
class FusedKernelEmitter {
public:
  struct FusedCode {
    /// The functor, a class template to define at namespace scope, between
    /// its markers.
    std::string Functor;
    /// What replaces the launches of the group (from the first launch's
    /// first character to the last launch's `;`).
    std::string Replacement;
  };

  /// The code of \p Group of \p FileText, its functor named \p Name.
  static FusedCode emit(const FusionGroup &Group,
                        const std::vector<KernelModel> &Sites,
                        llvm::StringRef FileText, const EmitOptions &Opts,
                        const std::string &Name);

  /// A name for the functor of \p Group (unique within its file only when
  /// the labels are).
  static std::string functorName(const FusionGroup &Group,
                                 const std::vector<KernelModel> &Sites);
};

} // namespace kfuse

#endif // KFUSE_FUSEDKERNELEMITTER_H
