//===- LaunchModel.cpp - Names of the launch model's enumerations ---------===//

#include "kfuse/LaunchModel.h"

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
