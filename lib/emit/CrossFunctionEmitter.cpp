//===- CrossFunctionEmitter.cpp - Code for chains across functions -------===//

#include "kfuse/CrossFunctionEmitter.h"
#include "emit/CrossParts.h"
#include "emit/InlinedPairEmitter.h"
#include "plan/PlannerSupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <functional>
#include <map>
#include <optional>

namespace kfuse {
using namespace crossparts;
namespace {


/// The site of \p A, a reduction whose function needs its result at once:
/// when the caller's window holds the captures of \p B, the two run as
/// one and B's result is kept for its site.
std::string aheadSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                      llvm::StringRef TextA, const EmitOptions &Opts) {
  std::string Indent = indentAt(TextA, siteRange(A).Offset);
  std::string Label = quoted(A) + "+" + quoted(B);
  // What this kernel writes, against the second's Views (by their captures).
  std::vector<std::string> Checks;
  std::vector<Member> Members = membersOf(B);
  for (const ViewUse &VA : A.Views) {
    if (VA.Local || !planner::writes(VA.Mode))
      continue;
    for (size_t K = 0; K < Members.size(); ++K) {
      if (llvm::none_of(B.Views, [&](const ViewUse &V) { return V.Name == Members[K].Name; }))
        continue;
      std::string Theirs = "std::get<" + std::to_string(K) + ">(*kfuse_second)";
      Checks.push_back(VA.Name == Members[K].Name
                           ? "::kfuse::same_or_apart(" + VA.Name + ", " + Theirs + ")"
                           : "::kfuse::apart(" + VA.Name + ", true, " + Theirs + ", false)");
    }
  }
  std::string Out = std::string(Markers::Begin) + " ahead(\"" + quoted(A) + "\") with \"" +
                    quoted(B) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // '" + quoted(B) + "' (" + place(B) + ") may be computed here too, in one kernel");
  Emit("  // with this one, when " + callersOf(C) + " is about to call its function.");
  Emit("  const auto kfuse_policy = " + A.Policy.Text + ";");
  Emit("  auto *kfuse_second = ::kfuse::ahead<" + capturesTuple(B) + ">(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  Emit("  if (kfuse_second && ::kfuse::use_fused(\"" + Label + "\", " +
       (Checks.empty() ? std::string("true") : llvm::join(Checks, " &&\n" + Indent + "      ")) +
       ")) {");
  Emit("    ::kfuse::BothValues<" + aheadValue(A) + ", " + aheadValue(B) + "> kfuse_values;");
  Emit("    Kokkos::parallel_reduce(\"" + Label + "\", kfuse_policy,");
  Emit("        ::kfuse::reduce_both<" + planner::withoutConstRef(A.Functor.IndexType) + ", " +
       aheadCombine(A) + ", " + aheadCombine(B) + ">(");
  Emit("            " + TextA.substr(A.Functor.Range.Offset, A.Functor.Range.Length).str() + ",");
  Emit("            ::kfuse::make_from_tuple<" + C.PartName + ">(*kfuse_second)),");
  Emit("        kfuse_values);");
  Emit("    " + A.Reduction->ResultText + " = kfuse_values.First;");
  Emit("    ::kfuse::computed_ahead(\"" + C.Key + "\", kfuse_values.Second);");
  Emit("  } else {");
  Out += originalSection(TextA, A, Indent + "    ");
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

/// The site of \p B, computed ahead with \p A: takes that result when it
/// was computed over this range from these Views and values.
std::string aheadResultSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                            llvm::StringRef TextB, const EmitOptions &Opts) {
  std::string Indent = indentAt(TextB, siteRange(B).Offset);
  std::string AccB = aheadValue(B);
  std::vector<std::string> Same;
  std::vector<Member> Members = membersOf(B);
  for (size_t K = 0; K < Members.size(); ++K) {
    std::string Theirs = "std::get<" + std::to_string(K) + ">(*kfuse_captures)";
    bool View = llvm::any_of(B.Views, [&](const ViewUse &V) { return V.Name == Members[K].Name; });
    Same.push_back(Members[K].Object ? "::kfuse::same_object(" + Theirs + ", " + Members[K].Name + ")"
                   : View            ? "::kfuse::same_view(" + Theirs + ", " + Members[K].Name + ")"
                                     : Theirs + " == " + Members[K].Name);
  }
  std::string Out = std::string(Markers::Begin) + " ahead-result(\"" + quoted(B) +
                    "\") after \"" + quoted(A) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // Computed ahead with '" + quoted(A) + "' (" + place(A) + ") when this range, these");
  Emit(llvm::any_of(Members, [](const Member &M) { return M.Object; })
           ? "  // Views, objects and values were the ones it was computed from."
           : "  // Views and these values were the ones it was computed from.");
  Emit("  const auto kfuse_policy = " + B.Policy.Text + ";");
  Emit("  " + capturesTuple(B) + " *kfuse_captures = nullptr;");
  Emit("  const " + AccB + " *kfuse_ahead = ::kfuse::ahead_result<" + capturesTuple(B) + ", " +
       AccB + ">(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy), kfuse_captures);");
  Emit("  if (kfuse_ahead && " + llvm::join(Same, " &&\n" + Indent + "      ") + ") {");
  Emit("    " + B.Reduction->ResultText + " = *kfuse_ahead;");
  Emit("    ::kfuse::discard(\"" + C.Key + "\");");
  Emit("  } else {");
  Emit("    ::kfuse::discard(\"" + C.Key + "\");");
  Out += originalSection(TextB, B, Indent + "    ");
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

/// The site of \p A, the first kernel of \p C: deferred when the window is
/// armed. When \p C is reversed, this site launches both (through
/// \p Inlined's one body, when given, else the two functors in turn).
std::string deferredSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                         llvm::StringRef TextA, const EmitOptions &Opts,
                         const InlinedPair *Inlined) {
  std::string Indent = indentAt(TextA, siteRange(A).Offset);
  std::string Out = std::string(Markers::Begin) + " deferred(\"" + quoted(A) + "\") until \"" +
                    quoted(B) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("if (::kfuse::deferring(\"" + C.Key + "\")) {");
  Emit("  // Runs later: fused with '" + quoted(B) + "' (" + place(B) + "), or on its own.");
  Emit("  const auto kfuse_policy = " + A.Policy.Text + ";");
  if (C.Reverse) {
    // The second's site cannot name this functor's class: this site
    // launches both when the second asks.
    // Or, where it cannot name the second's either, the second's site
    // hands over its members, which a copy of its body runs on.
    std::string Second = C.SecondMembers ? membersTuple(B) : B.Functor.SpelledClass;
    Emit("  ::kfuse::defer_fusable<" + Second + ">(\"" + C.Key +
         "\", ::kfuse::bounds_of(kfuse_policy),");
    Emit("      " + A.Functor.Text + ",");
    Emit("      [=](const auto &kfuse_part) {");
    Emit("        Kokkos::parallel_for(" + labelArgument(A) + "kfuse_policy, kfuse_part);");
    Emit("      },");
    Emit("      [=](const auto &kfuse_first, const " + Second + " &kfuse_" +
         (C.SecondMembers ? "members" : "second") + ") {");
    if (C.SecondMembers)
      Emit("        const auto kfuse_second = " + copyOf(C, B, "kfuse_members") + ";");
    Emit("        if (!::kfuse::use_fused(\"" + quoted(A) + "+" + quoted(B) + "\", " +
         (Inlined ? Inlined->Guard
                  : guardOf(C, A, B, "kfuse_first.", "kfuse_second.", Indent + "              ")) +
         "))");
    Emit("          return false;");
    bool Chunked = !Inlined && chunkablePolicy(A.Policy); // launched over A's policy
    auto LaunchOf = [&](const std::string &Make) {
      return "Kokkos::parallel_for(\"" + quoted(A) + "+" + quoted(B) + "\", " +
             (Inlined   ? Inlined->Policy
              : Chunked ? std::string("::kfuse::chunked(kfuse_policy)")
                        : std::string("kfuse_policy")) +
             ", " + Make + ");";
    };
    std::string Index = planner::withoutConstRef(A.Functor.IndexType);
    std::string SecondPart = C.SecondMembers ? std::string("kfuse_second")
                             : C.CopySecond  ? copyOf(C, B, "kfuse_second")
                                             : taggedPart(B, "kfuse_second");
    // The shadow check runs the two as written first, each alone over
    // this range.
    Emit("        for (auto kfuse_shadow = " +
         shadowOf({{&A, "kfuse_first."}, {&B, "kfuse_second."}}, quoted(A) + "+" + quoted(B)) +
         "; kfuse_shadow.next();) {");
    Emit("          if (kfuse_shadow.run_fused(true)) {");
    Emit("            " +
         planner::deeper(
             Inlined ? inlinedLaunch(*Inlined, LaunchOf, Indent + "        ")
                     : LaunchOf("::kfuse::compose" + std::string(Chunked ? "_chunks<" : "<") +
                                Index + ">(" +
                                (Chunked ? "::kfuse::chunks_of(kfuse_policy), " : "") +
                                taggedPart(A, "kfuse_first") + ", " + SecondPart + ")"),
             "    "));
    Emit("          } else {");
    Emit("            Kokkos::parallel_for(" + labelArgument(A) + "kfuse_policy, ::kfuse::alone<" +
         Index + ">(" + taggedPart(A, "kfuse_first") + "));");
    Emit("            Kokkos::parallel_for(" + labelArgument(B) + "kfuse_policy, ::kfuse::alone<" +
         Index + ">(" + SecondPart + "));");
    Emit("          }");
    Emit("        }");
    Emit("        return true;");
    Emit("      });");
    Emit("} else {");
    Emit("  ::kfuse::flush(\"" + C.Key + "\"); // one pending from an outer call runs first");
    Out += originalSection(TextA, A, Indent + "  ");
    Out += "\n" + Indent + "}\n" + Indent + Markers::End;
    return Out;
  }
  deferPart(C, A, partOf(C, A), "  ", Emit);
  Emit("} else {");
  Emit("  ::kfuse::flush(\"" + C.Key + "\"); // one pending from an outer call runs first");
  Out += originalSection(TextA, A, Indent + "  ");
  Out += "\n" + Indent + "}\n" + Indent + Markers::End;
  return Out;
}


/// The launch of \p B composed with the pending kernel \p First (an
/// expression, called with its work tag), labelled \p Label.
std::string composedLaunch(const KernelModel &B, llvm::StringRef TextB, const std::string &First,
                           const std::string &Label) {
  std::string Index = planner::withoutConstRef(B.Functor.IndexType);
  std::string Second = B.Functor.Kind == FunctorModel::Form::Object
                           ? taggedPart(B, "kfuse_second")
                           : TextB.substr(B.Functor.Range.Offset, B.Functor.Range.Length).str();
  // Over a 1-D range each call runs a chunk of indices (ComposedChunks).
  // A reduction's chunks only where they keep its order of combining.
  bool Chunked = chunkablePolicy(B.Policy);
  std::string Of = B.Kind == LaunchKind::Reduce ? "reduction_" : "";
  std::string Policy = Chunked ? "::kfuse::" + Of + "chunked(kfuse_policy)" : "kfuse_policy";
  std::string Chunks = Chunked ? "::kfuse::" + Of + "chunks_of(kfuse_policy), " : "";
  if (B.Kind == LaunchKind::Reduce)
    return "Kokkos::parallel_reduce(\"" + Label + "\", " + Policy + ", ::kfuse::compose_reduce" +
           (Chunked ? "_chunks<" : "<") + Index + ", " +
           planner::withoutConstRef(B.Reduction->AccumulatorType) + ">(" + Chunks + First + ", " +
           Second + "), " + B.Reduction->ResultArgText + ");";
  return "Kokkos::parallel_for(\"" + Label + "\", " + Policy + ", ::kfuse::compose" +
         (Chunked ? "_chunks<" : "<") + Index + ">(" + Chunks + First + ", " + Second + "));";
}

/// The site of \p M, the second kernel of \p P (X -> M) and the first of
/// \p C (M -> Y): M runs fused with X when X is pending, and the two (or
/// M alone) are deferred again until Y.
std::string middleSite(const CrossChain &P, const CrossChain &C, const KernelModel &X,
                       const KernelModel &M, const KernelModel &Y, llvm::StringRef TextM,
                       const EmitOptions &Opts) {
  std::string Indent = indentAt(TextM, siteRange(M).Offset);
  std::string Part = partOf(C, M); // (a lambda's: chains of three are of lambdas)
  std::string Label = quoted(X) + "+" + quoted(M);
  std::string Launcher = "[=](const auto &kfuse_part) { Kokkos::parallel_for(";
  std::string Out = std::string(Markers::Begin) + " fused-across(\"" + quoted(X) + "\", \"" +
                    quoted(M) + "\") deferred until \"" + quoted(Y) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // '" + quoted(X) + "' (" + place(X) + ") may be pending: then both run as one, later:");
  Emit("  // with '" + quoted(Y) + "' (" + place(Y) + "), or on their own.");
  Emit("  const auto kfuse_policy = " + M.Policy.Text + ";");
  Emit("  auto *kfuse_first = ::kfuse::pending<" + partType(P, X) + ">(");
  Emit("      \"" + P.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  Emit("  const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused(\"" + Label + "\", " +
       guardOf(P, X, M, "kfuse_first->", "", Indent + "        ") + ");");
  std::string Both = "::kfuse::compose<" + planner::withoutConstRef(M.Functor.IndexType) + ">(" +
                     taggedPart(X, "*kfuse_first") + ", " + taggedPart(M, Part) + ")";
  Emit("  if (::kfuse::deferring(\"" + C.Key + "\")) {");
  Emit("    if (kfuse_fuse) {");
  Emit("      const auto kfuse_both = " + Both + ";");
  Emit("      ::kfuse::discard(\"" + P.Key + "\");");
  Emit("      ::kfuse::defer(\"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy), kfuse_both,");
  Emit("                     " + Launcher + "\"" + Label + "\", kfuse_policy, kfuse_part); });");
  Emit("    } else {");
  Emit("      ::kfuse::flush(\"" + P.Key + "\");");
  Emit("      ::kfuse::defer(\"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy), " + Part + ",");
  Emit("                     " + Launcher + labelArgument(M) + "kfuse_policy, kfuse_part); });");
  Emit("    }");
  Emit("  } else {");
  // Run as one now, the shadow check here; deferred as one, it checks the
  // three where they run (lastSite).
  Emit("    for (auto kfuse_shadow = " + shadowOf({{&X, "kfuse_first->"}, {&M, ""}}, Label) +
       "; kfuse_shadow.next();) {");
  Emit("      if (kfuse_shadow.run_fused(kfuse_fuse)) {");
  Emit("        Kokkos::parallel_for(\"" + Label + "\", kfuse_policy, " + Both + ");");
  Emit("        ::kfuse::discard(\"" + P.Key + "\");");
  Emit("      } else {");
  Emit("        kfuse_shadow.flush(\"" + P.Key + "\");");
  Emit("        if (!kfuse_fuse)");
  Emit("          ::kfuse::flush(\"" + C.Key + "\"); // one pending from an outer call runs first");
  Out += originalSection(TextM, M, Indent + "        ");
  Emit("      }");
  Emit("    }");
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

/// The site of \p Y, the second kernel of \p C (M -> Y), whose first is
/// the second of \p P (X -> M): X and M may be pending as one, or M alone.
std::string lastSite(const CrossChain &P, const CrossChain &C, const KernelModel &X,
                     const KernelModel &M, const KernelModel &Y, llvm::StringRef TextY,
                     const EmitOptions &Opts) {
  std::string Indent = indentAt(TextY, siteRange(Y).Offset);
  bool SecondObject = Y.Functor.Kind == FunctorModel::Form::Object;
  std::string Second = SecondObject ? "kfuse_second." : "";
  std::string Index = planner::withoutConstRef(M.Functor.IndexType);
  CrossChain Apart; // X and Y: no names merged
  std::string Out = std::string(Markers::Begin) + " fused-across(\"" + quoted(M) + "\", \"" +
                    quoted(Y) + "\") after \"" + quoted(X) + "\"" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // '" + quoted(M) + "' (" + place(M) + ") may be pending, alone or run as one with");
  Emit("  // '" + quoted(X) + "' (" + place(X) + "): then they run here as one with this kernel.");
  Emit("  const auto kfuse_policy = " + Y.Policy.Text + ";");
  if (SecondObject)
    Emit("  const auto kfuse_second = " + Y.Functor.Text + ";");
  Emit("  auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<" + Index + ", " +
       taggedType(X, partType(P, X)) + ", " + taggedType(M, partType(C, M)) + ">>(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  Emit("  auto *kfuse_first = ::kfuse::pending<" + partType(C, M) + ">(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
  std::string Three = quoted(X) + "+" + quoted(M) + "+" + quoted(Y);
  std::string Two = quoted(M) + "+" + quoted(Y);
  Emit("  const bool kfuse_three = kfuse_both && ::kfuse::use_fused(\"" + Three + "\", " +
       guardOf(Apart, X, Y, "kfuse_both->A.", Second, Indent + "        ") + " &&");
  Emit("        " + guardOf(C, M, Y, "kfuse_both->B.", Second, Indent + "        ") + ");");
  Emit("  const bool kfuse_two = !kfuse_three && kfuse_first && ::kfuse::use_fused(\"" + Two +
       "\", " + guardOf(C, M, Y, "kfuse_first->", Second, Indent + "        ") + ");");
  // One shadow check for each form; where the three run as one, the
  // original launches are the three, X and M each alone over this range
  // (the bounds pending() matched).
  Emit("  for (auto kfuse_shadow3 = " +
       shadowOf({{&X, "kfuse_both->A."}, {&M, "kfuse_both->B."}, {&Y, Second}}, Three) +
       "; kfuse_shadow3.next();)");
  Emit("    for (auto kfuse_shadow = " + shadowOf({{&M, "kfuse_first->"}, {&Y, Second}}, Two) +
       "; kfuse_shadow.next();) {");
  Emit("      if (kfuse_shadow3.run_fused(kfuse_three)) {");
  Emit("        " + planner::deeper(composedLaunch(Y, TextY, "*kfuse_both", Three), "    "));
  Emit("        ::kfuse::discard(\"" + C.Key + "\");");
  Emit("      } else if (kfuse_shadow.run_fused(kfuse_two)) {");
  Emit("        " + planner::deeper(composedLaunch(Y, TextY, taggedPart(M, "*kfuse_first"), Two),
                                    "    "));
  Emit("        ::kfuse::discard(\"" + C.Key + "\");");
  Emit("      } else {");
  Emit("        if (kfuse_shadow3.checking()) {");
  for (auto [K, Part] : {std::pair{&X, "A"}, std::pair{&M, "B"}})
    Emit("          Kokkos::parallel_for(" + labelArgument(*K) + "kfuse_policy, ::kfuse::alone<" +
         Index + ">(kfuse_both->" + Part + "));");
  Emit("        } else {");
  Emit("          kfuse_shadow.flush(\"" + C.Key + "\");");
  Emit("        }");
  Out += originalSection(TextY, Y, Indent + "        ");
  Emit("      }");
  Emit("    }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

/// At the site of \p B: its policy, its functor object, and \p A, the first
/// kernel of \p C, where it is pending over that range (`kfuse_first`).
void pendingFirst(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                  const std::function<void(const std::string &)> &Emit) {
  Emit("  const auto kfuse_policy = " + B.Policy.Text + ";");
  if (B.Functor.Kind == FunctorModel::Form::Object)
    Emit("  const auto kfuse_second = " + B.Functor.Text + ";");
  Emit("  auto *kfuse_first = ::kfuse::pending<" + partType(C, A) + ">(");
  Emit("      \"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy));");
}

/// The loop running \p Launch where \p Fused holds (then dropping what
/// is pending on \p Key), else the pending first kernel and \p Original
/// (the original section); where the shadow check runs (\p Shadow), the
/// pending first kernel and the original first, kept, then \p Launch on
/// the same inputs. \p In: its indent in the site's block.
void checkedLaunch(const std::function<void(const std::string &)> &Emit, std::string &Out,
                   const std::string &In, const std::string &Shadow, const std::string &Fused,
                   const std::string &Launch, const std::string &Key,
                   const std::function<std::string(const std::string &)> &Original) {
  Emit(In + "for (auto kfuse_shadow = " + Shadow + "; kfuse_shadow.next();) {");
  Emit(In + "  if (kfuse_shadow.run_fused(" + Fused + ")) {");
  Emit(In + "    " + planner::deeper(Launch, In));
  Emit(In + "    ::kfuse::discard(\"" + Key + "\");");
  Emit(In + "  } else {");
  Emit(In + "    kfuse_shadow.flush(\"" + Key + "\");");
  Out += Original(In + "    ");
  Emit(In + "  }");
  Emit(In + "}");
}

/// The site of \p B, the second kernel of \p C: runs \p A and \p B as one when
/// A is pending and the guard holds (through \p Inlined's one body, when
/// given, else by calling the two functors in turn).
std::string fusedSite(const CrossChain &C, const KernelModel &A, const KernelModel &B,
                      llvm::StringRef TextB, const EmitOptions &Opts,
                      const InlinedPair *Inlined) {
  std::string Indent = indentAt(TextB, siteRange(B).Offset);
  std::string Label = quoted(A) + "+" + quoted(B);
  // A functor object is built once, for the guard to read its Views.
  bool SecondObject = B.Functor.Kind == FunctorModel::Form::Object;
  std::string Guard =
      Inlined ? Inlined->Guard
              : guardOf(C, A, B, "kfuse_first->", SecondObject ? "kfuse_second." : "",
                        Indent + "        ");
  auto LaunchOf = [&](const std::string &Make) {
    return B.Kind == LaunchKind::Reduce
               ? "Kokkos::parallel_reduce(\"" + Label + "\", " + Inlined->Policy + ", " + Make +
                     ", " + B.Reduction->ResultArgText + ");"
               : "Kokkos::parallel_for(\"" + Label + "\", " + Inlined->Policy + ", " + Make +
                     ");";
  };
  std::string Launch = !Inlined ? composedLaunch(B, TextB, taggedPart(A, "*kfuse_first"), Label)
                                : inlinedLaunch(*Inlined, LaunchOf, Indent + "    ");
  std::string Out = std::string(Markers::Begin) + " fused-across(\"" + quoted(A) + "\", \"" +
                    quoted(B) + "\")" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  if (C.Reverse) {
    Emit("{");
    Emit("  // '" + quoted(A) + "' (" + place(A) + ") may be pending: then its site launches");
    Emit("  // both as one.");
    Emit("  const auto kfuse_policy = " + B.Policy.Text + ";");
    Emit("  const auto kfuse_second = " + B.Functor.Text + ";");
    // Its members where the first's site cannot name its class.
    std::string Handed = C.SecondMembers ? membersTuple(B) + "(" +
                                               memberArgs(B, "kfuse_second", false) + ")"
                                         : "kfuse_second";
    if (C.SecondMembers) {
      Emit("  if (!::kfuse::fuse_pending(\"" + C.Key + "\", ::kfuse::bounds_of(kfuse_policy),");
      Emit("                             " + Handed + ")) {");
    } else {
      Emit("  if (!::kfuse::fuse_pending(\"" + C.Key +
           "\", ::kfuse::bounds_of(kfuse_policy), kfuse_second)) {");
    }
    Emit("    ::kfuse::flush(\"" + C.Key + "\");");
    Out += originalSection(TextB, B, Indent + "    ");
    Emit("  }");
    Emit("}");
    Emit(Markers::End);
    return Out;
  }
  Emit("{");
  Emit("  // '" + quoted(A) + "' (" + place(A) + ") may be pending: then both run here as one");
  Emit("  // (and, where the shadow check runs, after the two as they are written).");
  pendingFirst(C, A, B, Emit);
  checkedLaunch(Emit, Out, "  ",
                shadowOf({{&A, "kfuse_first->"}, {&B, SecondObject ? "kfuse_second." : ""}},
                         Label),
                "kfuse_first && ::kfuse::use_fused(\"" + Label + "\", " +
                    planner::deeper(Guard, "  ") + ")",
                Launch, C.Key,
                [&](const std::string &In) { return originalSection(TextB, B, Indent + In); });
  Emit("}");
  Emit(Markers::End);
  return Out;
}

/// The site of \p A, a launch fused with itself across two calls of its
/// function (CrossChain::self): where the call before left it pending and
/// the guard holds, both run here as one; else, in the first call of a
/// window, it is deferred; else it runs as written.
std::string selfSite(const CrossChain &C, const KernelModel &A, llvm::StringRef TextA,
                     const EmitOptions &Opts, const InlinedPair *Inlined) {
  std::string Indent = indentAt(TextA, siteRange(A).Offset);
  std::string Label = quoted(A) + "+" + quoted(A);
  bool Object = A.Functor.Kind == FunctorModel::Form::Object;
  // (A functor object is built once, as kfuse_second, for the guard.)
  std::string Part = Object ? "kfuse_second" : partOf(C, A);
  std::string Guard = Inlined ? Inlined->Guard
                              : guardOf(C, A, A, "kfuse_first->", Object ? "kfuse_second." : "",
                                        Indent + "        ");
  auto LaunchOf = [&](const std::string &Make) {
    return "Kokkos::parallel_for(\"" + Label + "\", " + Inlined->Policy + ", " + Make + ");";
  };
  std::string Launch = !Inlined ? composedLaunch(A, TextA, taggedPart(A, "*kfuse_first"), Label)
                                : inlinedLaunch(*Inlined, LaunchOf, Indent + "    ");
  std::string Out = std::string(Markers::Begin) + " fused-across(\"" + quoted(A) + "\", \"" +
                    quoted(A) + "\")" +
                    (Opts.ProfilePath.empty() ? "" : " profile=" + Opts.ProfilePath);
  auto Emit = [&](const std::string &Line) { Out += "\n" + Indent + Line; };
  Emit("{");
  Emit("  // This launch may be pending from the call before: then both run here as one.");
  Emit("  // Else, in the first of two calls in a row, it runs later: fused with the next.");
  pendingFirst(C, A, A, Emit);
  Emit("  const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused(\"" + Label + "\", " +
       planner::deeper(Guard, "  ") + ");");
  Emit("  if (!kfuse_fuse && ::kfuse::deferring(\"" + C.Key + "\")) {");
  deferPart(C, A, Part, "    ", Emit);
  Emit("  } else {");
  checkedLaunch(Emit, Out, "    ",
                shadowOf({{&A, "kfuse_first->"}, {&A, Object ? "kfuse_second." : ""}}, Label),
                "kfuse_fuse", Launch, C.Key,
                [&](const std::string &In) { return originalSection(TextA, A, Indent + In); });
  Emit("  }");
  Emit("}");
  Emit(Markers::End);
  return Out;
}

} // namespace

std::vector<std::vector<TextEdit>>
emitAcrossFunctions(const CrossFunctionPlan &Plan, const std::vector<FileAnalysis> &All,
                    const EmitOptions &Opts) {
  std::vector<std::vector<TextEdit>> Out(All.size());
  // Chains of three: the second of one chain is the first of the next.
  std::map<std::pair<size_t, size_t>, const CrossChain *> ByFirst, BySecond;
  for (const CrossChain &C : Plan.Chains) {
    ByFirst[{C.First.File, C.First.Site}] = &C;
    BySecond[{C.Second.File, C.Second.Site}] = &C;
  }
  auto Find = [](const auto &Map, SiteRef R) -> const CrossChain * {
    auto It = Map.find({R.File, R.Site});
    return It == Map.end() ? nullptr : It->second;
  };
  auto SiteOf = [&](SiteRef R) -> const KernelModel & {
    return All[R.File].Model.Sites[R.Site];
  };
  // Each part functor once per unit, in every file whose code names it: the
  // files of its sites, less those whose unit includes another of them
  // (a header), where it goes once.
  auto Includes = [&](size_t Unit, const std::string &File) {
    return llvm::is_contained(All[Unit].Model.ProjectFiles, File);
  };
  for (const CrossChain &C : Plan.Chains) {
    const KernelModel &A = SiteOf(C.First);
    if (C.Ahead) {
      // The second's functor, in the first's file (its site launches both).
      Out[C.First.File].push_back({A.TopDeclOffset, 0,
                                   aheadPart(C, A, SiteOf(C.Second), All[C.Second.File].Text)});
      continue;
    }
    if (A.Functor.Kind == FunctorModel::Form::Object)
      continue; // a functor object keeps its class
    std::map<size_t, std::pair<unsigned, std::string>> Where; // file -> offset, path
    auto Need = [&](SiteRef R) {
      unsigned At = SiteOf(R).TopDeclOffset;
      auto [It, New] = Where.emplace(R.File, std::make_pair(At, SiteOf(R).File));
      if (!New)
        It->second.first = std::min(It->second.first, At);
    };
    Need(C.First);
    Need(C.Second);
    if (const CrossChain *N = Find(ByFirst, C.Second))
      Need(N->Second);
    std::string Part = partFunctor(C, A, SiteOf(C.Second), All[C.First.File].Text);
    for (const auto &[File, At] : Where) {
      bool Elsewhere = llvm::any_of(Where, [&, File = File](const auto &Other) {
        return Other.first != File && Includes(File, Other.second.second);
      });
      if (!Elsewhere)
        Out[File].push_back({At.first, 0, Part});
    }
  }
  // Private members the guards name: declared once per file, before the
  // first function of the file whose chain code names them.
  std::map<size_t, std::pair<unsigned, std::vector<const KernelModel *>>> Hidden;
  for (const CrossChain &C : Plan.Chains) {
    std::vector<SiteRef> Refs = {C.First, C.Second};
    if (const CrossChain *P = Find(BySecond, C.First))
      Refs.insert(Refs.begin(), P->First);
    std::vector<const KernelModel *> Kernels;
    for (SiteRef K : Refs)
      Kernels.push_back(&SiteOf(K));
    if (privateDeclarations(Kernels).empty())
      continue;
    for (SiteRef R : Refs) {
      auto [It, New] = Hidden.try_emplace(R.File, SiteOf(R).TopDeclOffset,
                                          std::vector<const KernelModel *>());
      It->second.first = std::min(It->second.first, SiteOf(R).TopDeclOffset);
      It->second.second.insert(It->second.second.end(), Kernels.begin(), Kernels.end());
    }
  }
  for (const auto &[File, AtKernels] : Hidden)
    Out[File].push_back({AtKernels.first, 0, privateDeclarations(AtKernels.second)});
  // Lines closing windows first: edits at one offset keep their order, and
  // a window closes before another opens on the same line.
  auto AddLine = [&](const InsertedLine &L) {
    Out[L.File].push_back({L.Offset, 0, markedLine(L.Indent + L.Code)});
  };
  for (const CrossChain &C : Plan.Chains)
    for (const InsertedLine &L : C.Lines)
      if (L.Closes)
        AddLine(L);
  for (const CrossChain &C : Plan.Chains) {
    const KernelModel &A = SiteOf(C.First), &B = SiteOf(C.Second);
    llvm::StringRef TextA = All[C.First.File].Text, TextB = All[C.Second.File].Text;
    const CrossChain *P = Find(BySecond, C.First), *N = Find(ByFirst, C.Second);
    if (C.Ahead) {
      Out[C.First.File].push_back(
          {siteRange(A).Offset, siteRange(A).Length, aheadSite(C, A, B, TextA, Opts)});
      Out[C.Second.File].push_back(
          {siteRange(B).Offset, siteRange(B).Length, aheadResultSite(C, A, B, TextB, Opts)});
      for (const InsertedLine &L : C.Lines)
        if (!L.Closes)
          AddLine(L);
      continue;
    }
    // One body for a pair (not part of a chain of three), in the file of
    // the site that launches it.
    std::optional<InlinedPair> Inlined;
    if (runsAsOneBody(Plan, C, Opts.Restrict)) {
      const KernelModel &Launcher = C.Reverse ? A : B;
      size_t File = C.Reverse ? C.First.File : C.Second.File;
      Inlined = inlinedPair(C, A, TextA, B, TextB,
                            "kfuse_fused" + C.Key.substr(std::string("kfuse_chain").size()),
                            indentAt(All[File].Text, siteRange(Launcher).Offset) +
                                (C.Reverse ? "              " : "        "));
      Out[File].push_back({Launcher.TopDeclOffset, 0, Inlined->Functor});
    } else if (C.CopySecond) {
      Out[C.First.File].push_back({A.TopDeclOffset, 0, copiedPart(C, A, B)});
    }
    const InlinedPair *I = Inlined ? &*Inlined : nullptr;
    if (C.self()) {
      Out[C.First.File].push_back(
          {siteRange(A).Offset, siteRange(A).Length, selfSite(C, A, TextA, Opts, I)});
      for (const InsertedLine &L : C.Lines)
        if (!L.Closes)
          AddLine(L);
      continue;
    }
    if (P)
      Out[C.First.File].push_back({siteRange(A).Offset, siteRange(A).Length,
                                   middleSite(*P, C, SiteOf(P->First), A, B, TextA, Opts)});
    else
      Out[C.First.File].push_back(
          {siteRange(A).Offset, siteRange(A).Length, deferredSite(C, A, B, TextA, Opts, I)});
    if (N) {
      // The middle site, written with the next chain.
    } else if (P) {
      Out[C.Second.File].push_back({siteRange(B).Offset, siteRange(B).Length,
                                    lastSite(*P, C, SiteOf(P->First), A, B, TextB, Opts)});
    } else {
      Out[C.Second.File].push_back(
          {siteRange(B).Offset, siteRange(B).Length, fusedSite(C, A, B, TextB, Opts, I)});
    }
    for (const InsertedLine &L : C.Lines)
      if (!L.Closes)
        AddLine(L);
  }
  return Out;
}

} // namespace kfuse
