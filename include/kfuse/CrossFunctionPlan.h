//===- CrossFunctionPlan.h - Chains whose launches are in different functions -*- C++ -*-===//
//
// The profile sees kernels run back to back whose launches are in different
// functions, often in different files, called one after the other from a
// driver. The cross-function planner places each such chain on the
// functions' summaries: the function holding each launch, and a caller
// that calls the first function and then the second (in one block, or
// across its loop's back edge). It fuses the chain when the code that runs
// in between provably touches no View and calls nothing kfuse cannot see;
// then the first launch is deferred inside a window the caller opens, and
// the second runs both (docs/cross-function.md). Plain data.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_CROSSFUNCTIONPLAN_H
#define KFUSE_CROSSFUNCTIONPLAN_H

#include "kfuse/FileAnalysis.h"
#include "kfuse/FusionPlan.h"
#include "kfuse/Profile.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace kfuse {

/// A launch among the analyses: the analysis and the site in it.
struct SiteRef {
  size_t File = 0;
  size_t Site = 0;
};

/// A whole line kfuse inserts into a file (`revert` removes it).
struct InsertedLine {
  size_t File = 0;     ///< index of the analysis whose text it goes into
  unsigned Offset = 0; ///< the start of a line
  std::string Indent;
  std::string Code;    ///< without the indentation and the newline
  /// It closes a window: where other lines go at the same offset (another
  /// window opening after the call that ended this one), it goes first.
  bool Closes = false;
};

/// Where a pending first kernel runs on its own, before code between the
/// calls that may use its Views: an `if` of the caller, or a statement of
/// a function called between (Callee, its name).
struct FlushPoint {
  SourcePos Pos;
  std::string Callee;
};

/// Where a caller calls the first function and then the second, and opens
/// a chain's window around the calls.
struct ChainWindow {
  std::string Caller;    ///< the function opening the window
  SourcePos Pos;         ///< where it opens it
  bool BackEdge = false; ///< the second runs in the caller loop's next iteration
  std::string Variable;  ///< the variable holding the window
  /// The functions the call takes on the way to the first kernel's
  /// function (outermost first), when the caller does not call it itself.
  std::vector<std::string> Through;
  /// The same on the way to the second kernel's function.
  std::vector<std::string> ThroughSecond;
  /// The caller launches the first kernel itself (it calls only the
  /// second's function).
  bool LaunchesFirst = false;
  /// The caller launches the second kernel itself.
  bool LaunchesSecond = false;
  std::vector<FlushPoint> Flushes;
};

/// Two launches of different functions fused through a deferred launch,
/// or one launch with itself where its function is called twice in a row
/// (self(): its site defers at the first call and fuses at the second).
struct CrossChain {
  SiteRef First, Second;
  bool self() const { return First.File == Second.File && First.Site == Second.Site; }
  /// Why the pair runs as written where other calls of its functions are
  /// (calls no window is opened around), or "".
  std::string Elsewhere;
  /// The name both sites and the windows use at run time.
  std::string Key;
  /// The functor the first kernel becomes (a class template).
  std::string PartName;
  /// Every call of the two functions in turn that passes gets a window (at
  /// least one).
  std::vector<ChainWindow> Windows;
  /// The first kernel's site launches both (it can name the second's
  /// functor class, the second's site cannot name the first's); the second
  /// is a functor object and a parallel_for.
  bool Reverse = false;
  /// Reverse, and the second's operator() is defined in a source file the
  /// first's unit does not read: its body is copied into the first's file
  /// as a functor of the data members it names (public ones, read from the
  /// second's functor object at the first's site).
  bool CopySecond = false;
  /// CopySecond, and the first's site cannot name the second's class (a
  /// source file declares it, in an anonymous namespace perhaps): the
  /// second's site hands over the data members the copy runs on, as a
  /// tuple of types both files name.
  bool SecondMembers = false;
  /// Both kernels are reductions into numbers, and the first's function
  /// needs its result at once: the second is computed ahead, in one kernel
  /// with the first, from captures the caller builds as the second's
  /// function would (its declarations before the launch, replayed on the
  /// call's arguments); the second's site takes the result when its Views
  /// and values are the ones it was computed from.
  bool Ahead = false;
  /// Names of the first kernel's Views merged with names of the second's
  /// (one name may be several there: `Dot{r, r}`): the profile saw them as
  /// one View in a run. The plan judged them as one; the guard checks they
  /// are one or apart.
  std::multimap<std::string, std::string> Merged;
  /// Names of the first kernel's Views that are one View with a name of
  /// the second's (the same name included) in every run the profile saw
  /// (with a profile that knows no identities: the same names).
  std::map<std::string, std::string> OneView;
  /// Two names of one kernel (Within[0] the first's, Within[1] the
  /// second's) that were one View in every run the profile saw
  /// (`waxpby(n, 1, r, -alpha, Ap, r)`: its x and w): one restrict pointer
  /// in the one body, the guard checks they still are.
  std::vector<std::pair<std::string, std::string>> Within[2];
  /// Names both kernels give different Views (the profile recorded both in
  /// every run of the chain and never saw them as one or overlapping): the
  /// plan judged them as two, and the guard checks they are apart.
  std::set<std::string> Distinct;
  /// Both bodies can be copied into one fused body (plain element accesses
  /// of captured Views, scalars named where the AST says): with restrict,
  /// the second's site runs them in one function over raw pointers, one per
  /// View (the guard checks OneView and that written Views overlap nothing).
  bool Inlinable = false;
  std::vector<InsertedLine> Lines;
  uint64_t Count = 0;
  double Share = 0;
  /// The kernel the profile saw run between the two (a chain of three
  /// whose middle kernel stores nothing but its own locals: the second is
  /// computed ahead across it), as messages name it; "" for a pair.
  std::string Across;
};

/// A chain across functions that is not fused, and why.
struct CrossRefusal {
  SiteRef First, Second;
  bool FirstFound = true, SecondFound = true; ///< analysed (else only profiled)
  std::string FirstName, SecondName;          ///< as messages name them
  std::string Reason;
  std::string Check;
  SourcePos Pos;
  uint64_t Count = 0;
  double Share = 0;
  std::string Across; ///< as CrossChain::Across
};

struct CrossFunctionPlan {
  std::vector<CrossChain> Chains;
  std::vector<CrossRefusal> Refusals;
};

/// True if chain \p C of \p Plan runs as one body (InlinedPairEmitter)
/// when restrict is on (\p Restrict): its kernels are inlinable and it is a
/// pair, not part of a chain of three; else its kernels are composed.
bool runsAsOneBody(const CrossFunctionPlan &Plan, const CrossChain &C, bool Restrict);

/// True if \p First (a View name of a chain's first kernel) and \p Second
/// (of its second) are one View: the same name, or merged (CrossChain::Merged).
bool sameView(const std::multimap<std::string, std::string> &Merged, const std::string &First,
              const std::string &Second);

/// The Views of \p C's one body: for each (kernel, name) of the two
/// kernels (0 the first), the (kernel, name) that stands for every name one
/// View in every run (OneView, Within); a name in none stands for itself.
std::map<std::pair<int, std::string>, std::pair<int, std::string>>
oneViewClasses(const CrossChain &C);

/// The functions opening \p C's windows, quoted, as a message names them
/// ("'main'", "'main' or 'setup'").
std::string callersOf(const CrossChain &C);

/// Plans the chains of \p Prof whose launches are in different functions of
/// \p All (their per-file plans already made). Such pairs are this plan's:
/// the per-file plans' refusals of them (not adjacent) are removed.
CrossFunctionPlan planAcrossFunctions(std::vector<FileAnalysis> &All, const Profile &Prof,
                                      const FusionOptions &Opts);

} // namespace kfuse

#endif // KFUSE_CROSSFUNCTIONPLAN_H
