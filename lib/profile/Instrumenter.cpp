//===- Instrumenter.cpp - Make every Kokkos launch record itself ----------===//

#include "kfuse/Instrumenter.h"
#include "emit/PrivateMembers.h"
#include "plan/PlannerSupport.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

namespace kfuse {

namespace {

/// One insertion into the original text.
struct Insertion {
  unsigned Offset;
  std::string Text;
  unsigned Order; ///< ties at one offset keep the order they were made in
};

/// A C++ string literal for \p S.
std::string quoted(llvm::StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

const char *accessName(AccessMode M) {
  switch (M) {
  case AccessMode::Read:
    return "::kfuse::rt::Read";
  case AccessMode::Write:
    return "::kfuse::rt::Write";
  case AccessMode::ReadWrite:
    return "::kfuse::rt::ReadWrite";
  case AccessMode::Atomic:
    return "::kfuse::rt::Atomic";
  case AccessMode::PassedToCall:
    return "::kfuse::rt::PassedToCall";
  }
  return "::kfuse::rt::Read";
}

/// Inserted code must stay on one line so the original lines keep their
/// numbers; expressions spread over lines (or holding comments) are not
/// copied into it.
bool fitsOnOneLine(llvm::StringRef Text) {
  return !Text.empty() && !Text.contains('\n') && !Text.contains("//") &&
         !Text.contains("/*");
}

/// Why \p M cannot be instrumented, or "" when it can.
std::string refusal(const KernelModel &M) {
  if (!M.WholeStmt.valid())
    return "launch is part of a larger expression";
  if (M.Functor.Kind == FunctorModel::Form::Unknown)
    return "functor type not known";
  return "";
}

bool isIdentifier(llvm::StringRef S) {
  return !S.empty() && !llvm::isDigit(S.front()) &&
         llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

/// The code recording View \p V, reached from the object \p Root through
/// the member path \p Path ("" for \p Root itself). In a template, another
/// instantiation's object may lack the members one instantiation has: there
/// the path is named in a generic lambda that only the objects having it call.
std::string viewCall(const KernelModel &M, const ViewUse &V, llvm::StringRef Root,
                     llvm::StringRef Path) {
  std::string Head = quoted(V.Name) + ", " + accessName(V.Mode) + ", ";
  if (!M.InTemplate || Path.empty())
    return "kfuse_launch_.view(" + Head + Root.str() + (Path.empty() ? "" : ".") +
           Path.str() + "); ";
  return "::kfuse::rt::viewIf(kfuse_launch_, " + Head + Root.str() +
         ", [](const auto &kfuse_o_) -> decltype((kfuse_o_." + Path.str() +
         ")) { return kfuse_o_." + Path.str() + "; }); ";
}

/// viewCall() for a View named \p Name in the code of the launch.
std::string namedViewCall(const KernelModel &M, const ViewUse &V) {
  auto [Root, Path] = llvm::StringRef(V.Name).split('.');
  if (!isIdentifier(Root))
    return viewCall(M, V, V.Name, "");
  return viewCall(M, V, Root, Path);
}

} // namespace

InstrumentedFile Instrumenter::instrument(llvm::StringRef Original,
                                          llvm::StringRef OriginalPath,
                                          const std::vector<KernelModel> &Sites) {
  InstrumentedFile Out;
  std::vector<Insertion> Edits;
  unsigned Order = 0;
  auto Insert = [&](unsigned Offset, std::string Text) {
    Edits.push_back({Offset, std::move(Text), Order++});
  };

  for (const KernelModel &M : Sites) {
    if (std::string Why = refusal(M); !Why.empty()) {
      // A template this unit never instantiates launches nothing here:
      // nothing to say (a unit that instantiates it says it).
      if (!(M.InTemplate && !M.Instantiations))
        Out.Skipped.push_back({M.Pos, Why});
      continue;
    }
    ++Out.Instrumented;
    std::string Prefix = "{ static const ::kfuse::rt::SiteInfo kfuse_site_{" +
                         quoted(M.Id.str()) + ", " + quoted(M.Id.RelFile) +
                         ", " + std::to_string(M.Pos.Line) + ", " +
                         std::to_string(M.Pos.Column) + ", " +
                         quoted(toString(M.Kind)) + ", " +
                         quoted(M.LabelKind == "literal" ? M.Label : "") +
                         "}; ::kfuse::rt::Launch kfuse_launch_(kfuse_site_); ";
    if (M.LabelKind == "expression" && fitsOnOneLine(M.Label))
      Prefix += "kfuse_launch_.label(" + M.Label + "); ";

    // Macro-written launches: the arguments cannot be edited in place, so
    // the range comes from the model's text.
    bool WrapArguments = !M.FromMacro && M.Policy.Range.valid() &&
                         M.Functor.Range.valid();
    if (!WrapArguments) {
      for (size_t D = 0; D < M.Policy.End.size(); ++D) {
        std::string Begin = D < M.Policy.Begin.size() ? M.Policy.Begin[D] : "0";
        if (fitsOnOneLine(Begin) && fitsOnOneLine(M.Policy.End[D]))
          Prefix += "kfuse_launch_.range(" + Begin + ", " + M.Policy.End[D] +
                    "); ";
      }
    }

    bool ObjectFunctor = M.Functor.Kind == FunctorModel::Form::Object;
    emit::PrivateMembers Private("kfuse_site" + std::to_string(&M - Sites.data()));
    std::string MemberViews;
    std::vector<std::string> Hidden;
    for (const ViewUse &V : M.Views) {
      if (V.Local) // declared in the body: no identity before the launch
        continue;
      // A raw pointer: its footprint, where kfuse can bound it.
      if (V.Pointer) {
        std::string Why;
        if (auto F = planner::pointerFootprint(M, V, Why))
          Prefix += "kfuse_launch_.pointer(" + quoted(V.Name) + ", " + accessName(V.Mode) +
                    ", " + V.Name + ", " + F->first + ", " + F->second + "); ";
        continue;
      }
      // Behind private members: through pointers to them.
      if (!V.Steps.empty() && V.Named && !ObjectFunctor) {
        Prefix += "kfuse_launch_.view(" + quoted(V.Name) + ", " + accessName(V.Mode) + ", " +
                  Private.name(V, V.Name) + "); ";
        continue;
      }
      if (!V.Accessor.empty() && !V.Named) {
        std::string Entry = "'" + V.Name + "' (accessor '" + V.Accessor + "')";
        if (!llvm::is_contained(Hidden, Entry)) // (one per instantiation's type)
          Hidden.push_back(Entry);
        continue;
      }
      if (ObjectFunctor) {
        // A launch of `*this` names what its class may: its own private
        // members, protected ones of its bases (not a base's private ones).
        if (V.PrivateMember && !(planner::thisFunctor(M) && V.ClassReadable)) {
          Out.Skipped.push_back(
              {M.Pos, "view '" + V.Name + "' is a private member of '" +
                          M.Functor.ClassName + "': its identity is not recorded"});
          continue;
        }
        MemberViews += viewCall(M, V, "kfuse_f_", V.Member.empty() ? V.Name : V.Member);
      } else {
        Prefix += namedViewCall(M, V);
      }
    }
    if (!Hidden.empty())
      Out.Skipped.push_back(
          {M.Pos, "the identities of Views reached only through accessors are not recorded: " +
                      llvm::join(Hidden, ", ")});
    Prefix += "kfuse_launch_.start(); ";
    if (!Private.empty()) // on the line the launch's function begins on
      Insert(M.TopDeclOffset, Private.declarations(/*OneLine=*/true));
    Insert(M.WholeStmt.Offset, Prefix);

    if (WrapArguments) {
      Insert(M.Policy.Range.Offset, "::kfuse::rt::policy(kfuse_launch_, ");
      Insert(M.Policy.Range.Offset + M.Policy.Range.Length, ")");
      if (ObjectFunctor && !MemberViews.empty() && !M.FromMacro) {
        Insert(M.Functor.Range.Offset, "::kfuse::rt::inspect(");
        Insert(M.Functor.Range.Offset + M.Functor.Range.Length,
               ", [&](const auto &kfuse_f_) { " + MemberViews + "})");
      }
    }
    Insert(M.WholeStmt.Offset + M.WholeStmt.Length,
           " kfuse_launch_.stop(); }");
  }

  std::stable_sort(Edits.begin(), Edits.end(),
                   [](const Insertion &A, const Insertion &B) {
                     return A.Offset < B.Offset ||
                            (A.Offset == B.Offset && A.Order < B.Order);
                   });
  std::string Text = "#include <kfuse/runtime/Instrumentation.hpp>\n#line 1 " +
                     quoted(OriginalPath) + "\n";
  unsigned Pos = 0;
  for (const Insertion &E : Edits) {
    if (E.Offset > Original.size())
      continue;
    Text.append(Original.data() + Pos, E.Offset - Pos);
    Text += E.Text;
    Pos = E.Offset;
  }
  Text.append(Original.data() + Pos, Original.size() - Pos);
  Out.Text = std::move(Text);
  return Out;
}

} // namespace kfuse
