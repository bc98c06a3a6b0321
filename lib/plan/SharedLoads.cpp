//===- SharedLoads.cpp - Bases two kernels load alike ---------------------===//
//
// SharedLoads.h. Two index values are compared as terms (IndexExpr::Value):
// alike where they are one term up to the names of their Views and numbers,
// each name of one kernel standing for one name of the other, which the
// guard then checks are one View and one number.
//
//===----------------------------------------------------------------------===//

#include "plan/SharedLoads.h"
#include "plan/GroupRules.h"
#include "plan/PlannerSupport.h"
#include "llvm/ADT/STLExtras.h"
#include <map>

namespace kfuse {
namespace planner {

bool SharedLoads::loaded(const std::string &Name, bool First) const {
  return llvm::any_of(Pointers, [&](const auto &P) { return (First ? P.first : P.second) == Name; });
}

namespace {

/// The tokens of a term: parentheses, commas and atoms (`i0`, `42`, `$r`,
/// `@d.rows`, an operator).
std::vector<std::string> tokens(const std::string &Term) {
  std::vector<std::string> Out;
  std::string Atom;
  auto Flush = [&] {
    if (!Atom.empty())
      Out.push_back(Atom);
    Atom.clear();
  };
  for (char C : Term) {
    if (C == '(' || C == ')' || C == ',') {
      Flush();
      Out.push_back(std::string(1, C));
    } else if (C == ' ') {
      Flush();
    } else {
      Atom += C;
    }
  }
  Flush();
  return Out;
}

/// A one-to-one pairing of the names of the first kernel with the second's.
struct Pairing {
  std::map<std::string, std::string> Views, Numbers, ViewsBack, NumbersBack;
  std::map<std::string, std::string> Pointers, PointersBack;

  bool pair(const std::string &A, const std::string &B, bool View) {
    auto &To = View ? Views : Numbers;
    auto &Back = View ? ViewsBack : NumbersBack;
    return pairIn(To, Back, A, B);
  }
  static bool pairIn(std::map<std::string, std::string> &To,
                     std::map<std::string, std::string> &Back, const std::string &A,
                     const std::string &B) {
    auto It = To.find(A), Jt = Back.find(B);
    if (It != To.end() || Jt != Back.end())
      return It != To.end() && Jt != Back.end() && It->second == B && Jt->second == A;
    To[A] = B;
    Back[B] = A;
    return true;
  }
};

/// True if \p A and \p B are one term up to names, pairing them in \p P.
bool alike(const std::string &A, const std::string &B, Pairing &P) {
  std::vector<std::string> TA = tokens(A), TB = tokens(B);
  if (TA.size() != TB.size())
    return false;
  for (size_t K = 0; K < TA.size(); ++K) {
    const std::string &X = TA[K], &Y = TB[K];
    char KX = X.empty() ? 0 : X[0], KY = Y.empty() ? 0 : Y[0];
    if ((KX == '$' || KX == '@') && KX == KY) {
      if (!P.pair(X.substr(1), Y.substr(1), KX == '@'))
        return false;
    } else if (X != Y) {
      return false;
    }
  }
  return true;
}

const ViewUse *viewNamed(const KernelModel &M, const std::string &Name) {
  for (const ViewUse &V : M.Views)
    if (V.Name == Name && !V.Local)
      return &V;
  return nullptr;
}

const ScalarUse *numberNamed(const KernelModel &M, const std::string &Name) {
  for (const ScalarUse &S : M.Scalars)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

/// The one index value at which \p M loads the raw pointer \p P on every
/// iteration, where it does nothing else with it; else "" and \p Why.
std::string loadValue(const KernelModel &M, const ViewUse &P, std::string &Why) {
  std::string Value;
  bool Always = false;
  for (const ViewAccess &A : P.Accesses) {
    if (A.Mode != AccessMode::Read || A.Indices.size() != 1 || !A.Through.empty()) {
      Why = name(M) + " does more than load '" + P.Name + "' ('" + accessText(P, A) + "')";
      return "";
    }
    const std::string &V = A.Indices.front().Value;
    if (V.empty()) {
      Why = "kfuse cannot follow what the index of '" + accessText(P, A) + "' in " + name(M) +
            " computes";
      return "";
    }
    if (!Value.empty() && V != Value) {
      Why = name(M) + " loads '" + P.Name + "' at more than one index";
      return "";
    }
    Value = V;
    Always |= A.Always;
  }
  if (!Always) {
    Why = name(M) + " loads '" + P.Name + "' only on some iterations";
    return "";
  }
  return Value;
}

/// Why the names \p P paired cannot stand for one View and one number each
/// (read by both, written by neither, named by the guard), or "".
std::string pairedNames(const KernelModel &A, const KernelModel &B, const Pairing &P) {
  for (const auto &[NA, NB] : P.Views) {
    const ViewUse *VA = viewNamed(A, NA), *VB = viewNamed(B, NB);
    for (const auto &[V, K, N] : {std::tuple(VA, &A, &NA), std::tuple(VB, &B, &NB)}) {
      if (!V || V->Pointer || !guardNames(*V))
        return "the guard cannot name '" + *N + "', which the index in " + name(*K) + " reads";
      if (V->Mode != AccessMode::Read)
        return name(*K) + " changes '" + *N + "', which the index reads";
    }
  }
  for (const auto &[NA, NB] : P.Numbers) {
    const ScalarUse *SA = numberNamed(A, NA), *SB = numberNamed(B, NB);
    for (const auto &[S, K, N] : {std::tuple(SA, &A, &NA), std::tuple(SB, &B, &NB)}) {
      // (A functor object's member the guard reads through the object.)
      if (!S || S->Written || S->WrittenThrough || S->PrivateMember ||
          (K->Functor.Kind != FunctorModel::Form::Lambda && !S->IsMember))
        return "the guard cannot compare '" + *N + "', which the index in " + name(*K) + " reads";
    }
  }
  return "";
}

} // namespace

SharedLoads sharedLoads(const KernelModel &A, const KernelModel &B, std::string *Why) {
  SharedLoads Out;
  std::string First;
  auto Refuse = [&](std::string W) {
    if (First.empty())
      First = std::move(W);
  };
  bool Kinds = llvm::all_of(std::initializer_list<const KernelModel *>{&A, &B},
                            [](const KernelModel *K) {
                              return K->Kind == LaunchKind::For || K->Kind == LaunchKind::Reduce;
                            });
  if (!Kinds || A.Functor.IndexParams.size() != B.Functor.IndexParams.size() ||
      A.Functor.IndexParams.empty()) {
    if (Why)
      *Why = "";
    return Out;
  }
  Pairing Names;
  // The pointers of either whose footprint kfuse cannot bound, each with
  // the other kernel's pointer it loads alike.
  auto Unbounded = [](const KernelModel &M, const ViewUse &V) {
    std::string W;
    return V.Pointer && !V.Local && !pointerFootprint(M, V, W);
  };
  for (const ViewUse &PA : A.Views) {
    if (!Unbounded(A, PA))
      continue;
    std::string W;
    std::string TA = loadValue(A, PA, W);
    if (TA.empty()) {
      Refuse(W);
      continue;
    }
    bool Found = false;
    std::string Closest; // why the second's pointer of that name is not loaded alike
    for (const ViewUse &PB : B.Views) {
      if (!PB.Pointer || PB.Local || PB.ValueTypeCanonical != PA.ValueTypeCanonical)
        continue;
      std::string TB = loadValue(B, PB, W);
      if (TB.empty() && PB.Name == PA.Name)
        Closest = W;
      Pairing Tried = Names;
      if (TB.empty() || !alike(TA, TB, Tried) || !Pairing::pairIn(Tried.Pointers, Tried.PointersBack, PA.Name, PB.Name))
        continue;
      if (std::string Problem = pairedNames(A, B, Tried); !Problem.empty()) {
        Refuse(Problem);
        continue;
      }
      Names = std::move(Tried);
      Out.Pointers.emplace_back(PA.Name, PB.Name);
      Found = true;
      break;
    }
    if (!Found)
      Refuse(!Closest.empty() ? Closest
                              : name(B) + " does not load '" + PA.Name + "' at the index " +
                                    name(A) + " loads it at on every iteration");
  }
  // A pointer of the second's alone: nothing of the first's covers it.
  for (const ViewUse &PB : B.Views)
    if (Unbounded(B, PB) && !Out.loaded(PB.Name, /*First=*/false))
      Refuse(name(A) + " does not load '" + PB.Name + "' at the index " + name(B) +
             " loads it at on every iteration");
  Out.Views.assign(Names.Views.begin(), Names.Views.end());
  Out.Numbers.assign(Names.Numbers.begin(), Names.Numbers.end());
  if (Why)
    *Why = First;
  return Out;
}

std::vector<std::string> unboundedPointers(const std::vector<const KernelModel *> &Group) {
  std::vector<std::string> Out;
  for (const KernelModel *K : Group)
    for (const ViewUse &V : K->Views)
      if (std::string W; V.Pointer && !V.Local && !pointerFootprint(*K, V, W) &&
                         !llvm::is_contained(Out, V.Name))
        Out.push_back(V.Name);
  return Out;
}

std::string loadsAlikeInBlock(const std::vector<const KernelModel *> &Group) {
  auto Uses = [](const KernelModel &K, const std::string &N) {
    return llvm::any_of(K.Views, [&](const ViewUse &V) { return V.Name == N && !V.Local; });
  };
  auto Writes = [](const KernelModel &K) {
    return llvm::any_of(K.Views, [](const ViewUse &V) { return writes(V.Mode); });
  };
  for (const std::string &N : unboundedPointers(Group)) {
    const KernelModel *First = nullptr;
    const ViewUse *P = nullptr;
    for (const KernelModel *K : Group)
      for (const ViewUse &V : K->Views)
        if (!P && V.Name == N && V.Pointer && !V.Local) {
          First = K;
          P = &V;
        }
    std::string Why;
    pointerFootprint(*First, *P, Why);
    for (const KernelModel *K : Group) {
      if (K == First || (!Uses(*K, N) && !Writes(*K)))
        continue;
      std::string NotAlike;
      SharedLoads S = sharedLoads(*First, *K, &NotAlike);
      auto Same = [](const auto &Pairs) {
        return llvm::all_of(Pairs, [](const auto &P) { return P.first == P.second; });
      };
      bool Alike = llvm::is_contained(S.Pointers, std::make_pair(N, N)) && Same(S.Views) &&
                   Same(S.Numbers);
      if (Alike && (rangeOf(*First) != rangeOf(*K) || First->Policy.OpaqueBounds ||
                    K->Policy.OpaqueBounds))
        NotAlike = "they run over different ranges", Alike = false;
      else if (!Alike && NotAlike.empty())
        NotAlike = name(*K) + " does not load '" + N + "' at the index " + name(*First) +
                   " loads it at, under the same names";
      if (!Alike)
        return name(*First) + ": " + Why + ", and " + name(*First) + " and " + name(*K) +
               " do not load it alike: " + NotAlike;
    }
  }
  return "";
}

} // namespace planner
} // namespace kfuse
