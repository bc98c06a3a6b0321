//===- PrivateMembers.cpp - Name private View members outside their class -===//

#include "emit/PrivateMembers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>

namespace kfuse {
namespace emit {

std::string PrivateMembers::tagFor(const ViewUse::MemberStep &Step) {
  // By the class and the member, so that code naming the same member
  // elsewhere in the block spells the same tag without asking this one.
  std::string Class;
  for (char C : Step.Class)
    if (llvm::isAlnum(C))
      Class += C;
    else if (!Class.empty() && Class.back() != '_')
      Class += '_';
  while (!Class.empty() && Class.back() == '_')
    Class.pop_back();
  std::string Name = Prefix + "_" + Class + "_" + Step.Member;
  if (llvm::none_of(Tags, [&](const Tag &T) { return T.Name == Name; }))
    Tags.push_back({Name, Step});
  return Name;
}

std::string PrivateMembers::name(const ViewUse &V, const std::string &Written) {
  if (V.Steps.empty())
    return Written;
  std::vector<std::string> Members;
  for (const ViewUse::MemberStep &S : V.Steps)
    Members.push_back(S.Member);
  std::string Path = "." + llvm::join(Members, ".");
  // The object: what \p Written names before the path (never empty: the
  // path starts at a capture or a member of the functor).
  if (!llvm::StringRef(Written).ends_with(Path) || Written.size() == Path.size())
    return Written;
  std::string Expr = Written.substr(0, Written.size() - Path.size());
  for (const ViewUse::MemberStep &S : V.Steps)
    Expr = S.Class.empty() ? Expr + "." + S.Member
                           : "(" + Expr + ".*" + Prefix + "_member(" + tagFor(S) + "{}))";
  return Expr;
}

std::string PrivateMembers::declarations(bool OneLine) const {
  if (Tags.empty())
    return "";
  std::string Out = "// Pointers to private members the guard names (an explicit instantiation\n"
                    "// names them: its arguments are not checked for access).\n"
                    "template <class Tag, class Pointer, Pointer Member> struct " +
                    Prefix + "_members {\n  friend auto " + Prefix +
                    "_member(Tag) { return Member; }\n};\n";
  for (const Tag &T : Tags) {
    std::string Pointer = "&" + T.Step.Class + "::" + T.Step.Member;
    Out += "struct " + T.Name + " {\n  friend auto " + Prefix + "_member(" + T.Name + ");\n};\n";
    Out += "template struct " + Prefix + "_members<" + T.Name + ", decltype(" + Pointer + "), " +
           Pointer + ">;\n";
  }
  if (OneLine) {
    Out = Out.substr(Out.find("template <"));
    std::replace(Out.begin(), Out.end(), '\n', ' ');
  }
  return Out;
}

} // namespace emit
} // namespace kfuse
