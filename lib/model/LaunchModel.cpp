//===- LaunchModel.cpp - Names of the launch model's enumerations; the ---===//
//===- shape of a launch's instantiations ---------------------------------===//

#include "kfuse/LaunchModel.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace kfuse {

std::string SiteId::str() const {
  return RelFile + ":" + Function + "#" + std::to_string(Ordinal) + ":" + Hash;
}

const char *toString(LaunchKind K) {
  switch (K) {
  case LaunchKind::For:
    return "parallel_for";
  case LaunchKind::Reduce:
    return "parallel_reduce";
  case LaunchKind::Scan:
    return "parallel_scan";
  }
  return "?";
}

const char *toString(AccessMode M) {
  switch (M) {
  case AccessMode::Read:
    return "read";
  case AccessMode::Write:
    return "write";
  case AccessMode::ReadWrite:
    return "read-write";
  case AccessMode::Atomic:
    return "atomic";
  case AccessMode::PassedToCall:
    return "passed-to-call";
  }
  return "?";
}

const char *toString(PolicyKind K) {
  switch (K) {
  case PolicyKind::Count:
    return "count";
  case PolicyKind::Range:
    return "range";
  case PolicyKind::MDRange:
    return "mdrange";
  case PolicyKind::Team:
    return "team";
  case PolicyKind::Other:
    return "other";
  }
  return "?";
}

const char *toString(IndexForm F) {
  switch (F) {
  case IndexForm::LaunchIndex:
    return "launch-index";
  case IndexForm::LoopVar:
    return "loop-var";
  case IndexForm::Constant:
    return "constant";
  case IndexForm::Indirect:
    return "indirect";
  case IndexForm::Other:
    return "other";
  }
  return "?";
}

namespace {
/// A View an instantiation only reads through an accessor: the object it
/// is read from may be of a type the template takes (a neighbour list of
/// one layout or another), so the instantiations may read others.
bool readThroughAccessor(const ViewUse &V) {
  return !V.Accessor.empty() && V.Mode == AccessMode::Read && !V.Local;
}
} // namespace

std::string templateShape(const KernelModel &M) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << int(M.Kind) << int(M.Policy.Kind) << M.Policy.Rank << M.Policy.WorkTag << '|'
     << int(M.Functor.Kind) << M.Functor.IndexType << M.Functor.BodyVisible << '|'
     << M.Unknown.size() << M.EarlyExit << M.Reduction.has_value() << '|';
  for (const ViewUse &V : M.Views) {
    if (readThroughAccessor(V))
      continue;
    OS << V.Name << V.Root << V.Local << V.Rank << V.Layout << V.MetadataUsed << int(V.Mode)
       << V.Accessor << V.Named << '(';
    for (const ViewAccess &A : V.Accesses) {
      OS << int(A.Mode) << A.Callee << A.Through << '[';
      for (const IndexExpr &I : A.Indices)
        OS << int(I.Form) << I.Var << I.Offset << I.Text << ',';
      OS << ']';
    }
    OS << ')';
  }
  for (const ScalarUse &Sc : M.Scalars)
    OS << Sc.Name << Sc.Written << ',';
  for (const std::string &N : M.ScopedNames)
    OS << N << ',';
  for (const KernelModel::TemplateParam &P : M.TemplateParams)
    OS << P.Name << P.IsType << ',';
  return S;
}

void mergeInstantiation(KernelModel &First, const KernelModel &Other) {
  auto Alike = [](const ViewUse &A, const ViewUse &B) {
    return A.Name == B.Name && A.Type == B.Type && A.Accessor == B.Accessor;
  };
  auto ReadIn = [&](const KernelModel &M, const ViewUse &V) {
    return llvm::any_of(M.Views, [&](const ViewUse &U) {
      return readThroughAccessor(U) && Alike(U, V);
    });
  };
  for (ViewUse &V : First.Views) {
    if (readThroughAccessor(V) && !ReadIn(Other, V))
      V.Named = false;
    for (const ViewUse &U : Other.Views)
      if (U.Name == V.Name && U.ValueType != V.ValueType)
        First.TemplateTypesVary = true;
  }
  for (const ViewUse &V : Other.Views)
    if (readThroughAccessor(V) && !ReadIn(First, V)) {
      First.Views.push_back(V);
      First.Views.back().Named = false;
    }
}

std::string atomicOperation(const ViewAccess &A) {
  if (A.Mode != AccessMode::Atomic)
    return "";
  llvm::StringRef Name = A.Callee;
  size_t Colon = Name.rfind("::");
  if (Colon != llvm::StringRef::npos)
    Name = Name.drop_front(Colon + 2);
  if (!Name.consume_front("atomic_"))
    return "";
  // atomic_fetch_add, atomic_add_fetch, atomic_add: the operation without
  // which value the call returns.
  Name.consume_front("fetch_");
  Name.consume_back("_fetch");
  static const std::pair<const char *, const char *> Families[] = {
      {"add", "add"}, {"sub", "add"}, {"inc", "add"}, {"increment", "add"},
      {"dec", "add"}, {"decrement", "add"}, {"max", "max"}, {"min", "min"},
      {"and", "and"}, {"or", "or"},   {"xor", "xor"},   {"mul", "mul"}};
  for (auto [Op, Family] : Families)
    if (Name == Op)
      return Family;
  return "";
}

AccessMode combine(AccessMode A, AccessMode B) {
  if (A == B)
    return A;
  // An escape hides everything else; an atomic mixed with anything is
  // reported as atomic and the per-access list tells the rest.
  if (A == AccessMode::PassedToCall || B == AccessMode::PassedToCall)
    return AccessMode::PassedToCall;
  if (A == AccessMode::Atomic || B == AccessMode::Atomic)
    return AccessMode::Atomic;
  return AccessMode::ReadWrite;
}

} // namespace kfuse
