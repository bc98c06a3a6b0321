//===- FormsAhead.cpp - where a reduction computed ahead can be written ---===//
//
// Part of FormJudge (Forms.h): the forms a pair needs for its second
// kernel, a reduction, to be computed ahead with the first (its value type,
// its reducer, the objects it reads) in the first's file.
//
//===----------------------------------------------------------------------===//

#include "plan/cross/Forms.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace kfuse {
namespace cross {

std::string FormJudge::aheadReduction(const KernelModel &K) {
  const std::optional<ReductionModel> &R = K.Reduction;
  if (K.Kind != LaunchKind::Reduce || !R)
    return " is not a reduction";
  if (R->AccumulatorParam.empty() || R->AccumulatorType.empty())
    return " has no accumulator kfuse can name";
  if (R->ScalarVariable && R->Reducer != "Sum" && R->ReducerType.empty())
    return " uses the reducer '" + R->Reducer + "', whose type kfuse cannot name here";
  if (R->ScalarVariable && llvm::is_contained({"Sum", "Prod", "Min", "Max"}, R->Reducer))
    return "";
  if (R->ClassVariable && R->Reducer == "Sum")
    return R->AccumulatorQualified.empty()
               ? " reduces into a value of the class '" +
                     planner::withoutConstRef(R->AccumulatorType) +
                     "', which the other function cannot name (a local class, a template "
                     "or in an anonymous namespace)"
               : "";
  // Other Kokkos reducers into a variable (MinLoc...): their own init
  // and join, on a value of their value type.
  if (R->ReducerVariable && !R->ReducerType.empty() &&
      llvm::is_contained({"MinLoc", "MaxLoc", "MinMax", "MinMaxLoc", "LAnd", "LOr", "BAnd", "BOr"},
                         R->Reducer))
    return R->AccumulatorPortable.empty()
               ? " reduces into a value whose type the other function cannot name"
               : "";
  if (R->ResultIsView)
    return " reduces into a View";
  return " reduces into '" + R->ResultArgText + "'" +
         (R->Reducer == "Sum" ? std::string() : " with the reducer '" + R->Reducer + "'");
}

std::string FormJudge::aheadForm(const KernelModel &A, const KernelModel &B, size_t FileA) {
  for (const KernelModel *K : {&A, &B}) {
    if (std::string Why = aheadReduction(*K); !Why.empty())
      return planner::name(A) +
             " is a reduction whose result its function needs at once "
             "(such a pair runs as one only when both reduce into a variable, as a sum, "
             "product, minimum or maximum, through a Kokkos reducer such as MinLoc, or "
             "into a value type with +=, the second computed ahead), and " +
             planner::name(*K) + Why;
    if (K->Functor.Kind != FunctorModel::Form::Lambda)
      if (std::string Why = aheadObject(*K, K == &B); !Why.empty())
        return Why;
    if (!K->Unknown.empty())
      return planner::unknownAccess(*K);
    if (K->FromMacro || K->InTemplate)
      return planner::name(*K) + " is written " +
             (K->FromMacro ? "through the macro '" + K->MacroName + "'" : "in a template");
    const PolicyModel &P = K->Policy;
    if ((P.Kind != PolicyKind::Count && P.Kind != PolicyKind::Range) || !P.WorkTag.empty() ||
        P.OtherArgs || K->Functor.IndexParams.size() != 1)
      return "the policy of " + planner::name(*K) + " ('" + P.Text +
             "') is not a 1-D range of bounds alone (a reduction computed ahead runs over one)";
  }
  for (const ViewUse &V : B.Views)
    if (planner::writes(V.Mode))
      return planner::name(B) + " writes '" + V.Name + "': computed ahead, in one kernel with " +
             planner::name(A) + ", it would write even where its function is not called";
  for (const ScalarUse &S : B.Scalars)
    if (S.Written)
      return planner::name(B) + " assigns '" + S.Name + "'";
  if (A.Policy.ExecSpace != B.Policy.ExecSpace)
    return "they run on different execution spaces";
  if (planner::withoutConstRef(A.Functor.IndexType) !=
      planner::withoutConstRef(B.Functor.IndexType))
    return "their index types differ";
  if (!planner::thisFunctor(B)) {
    if (std::string Why = functorForm(B, A, true); !Why.empty())
      return Why;
    if (std::string Why = unreadableAt(B, nullptr); !Why.empty())
      return Why;
  }
  // Views the guard cannot compare (reached through an accessor, or
  // through an object the second kernel captures whole, held by its
  // address): none may be written by the first kernel, nor share memory
  // with one it writes.
  const ViewUse *Hidden = nullptr;
  for (const KernelModel *K : {&A, &B})
    for (const ViewUse &V : K->Views)
      if (!V.Local && (!V.Accessor.empty() || (K == &B && planner::throughObject(V))))
        Hidden = Hidden ? Hidden : &V;
  if (Hidden)
    for (const ViewUse &V : A.Views)
      if (!V.Local && planner::writes(V.Mode))
        return planner::name(A) + " writes '" + V.Name + "', and '" + Hidden->Name +
               "' is reached " +
               (Hidden->Accessor.empty() ? "through '" + Hidden->Root + "'"
                                         : "through the accessor '" + Hidden->Accessor + "'") +
               ": the guard cannot tell whether they share memory";
  // B's body is copied into A's file (its functor, which A's site
  // launches): what it names must be declared there.
  IncludeFile = FileA;
  if (std::string Why = declaredLater(B, A.File, A.TopDeclOffset); !Why.empty())
    return Why;
  return includesFor(B, A.File);
}

std::string FormJudge::aheadObject(const KernelModel &K, bool Second, bool AnyObject) {
  const FunctorModel &F = K.Functor;
  if (F.Kind != FunctorModel::Form::Object)
    return planner::name(K) + "'s functor is not known";
  if (F.ReductionMembers)
    return planner::name(K) + "'s class declares how it reduces (init, join or final, or a "
                              "value_type other than the accumulator's number), which a "
                              "reduction computed ahead does not follow";
  if (!Second)
    return "";
  if (!AnyObject && !planner::thisFunctor(K))
    return planner::name(K) + " runs the functor object '" + F.Text +
           "' (a reduction computed ahead is a lambda, or `*this` in a method that sets the "
           "members it reads)";
  if (!F.BodyVisible || F.BodyText.empty())
    return planner::name(K) + "'s functor body is not visible";
  if (!K.TemplateParams.empty())
    return planner::name(K) + " names the template parameter '" + K.TemplateParams.front().Name +
           "', which a copy of its body cannot";
  if (K.ThisBeyondMembers || K.EarlyExit)
    return planner::name(K) + (K.EarlyExit ? " returns early from its body"
                                           : " uses `this` for more than its data members");
  std::set<std::string> Ids = planner::identifiersOf(F.BodyText);
  for (const std::string &N : F.ClassScopeNames)
    if (Ids.count(N))
      return planner::name(K) + " names '" + N +
             "' of its class's scope, which a copy of its body cannot";
  for (const ViewUse &V : K.Views)
    if (!V.Local && (!V.IsMember || !V.Root.empty() || V.PortableType.empty()))
      return planner::name(K) + " reaches the View '" + V.Name + "' " +
             (!V.Root.empty() ? "through the member '" + V.Root + "'"
              : V.IsMember    ? "of a type other files cannot name ('" + V.Type + "')"
                              : "other than as a data member");
  for (const ScalarUse &S : K.Scalars)
    if (!S.IsMember || S.PortableType.empty())
      return "the type of '" + S.Name + "' in " + planner::name(K) + " ('" + S.Type +
             "') cannot be named in other files";
  return "";
}

} // namespace cross
} // namespace kfuse
