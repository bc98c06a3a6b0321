//===- PrivateMembers.h - Name private View members outside their class -*- C++ -*-===//
//
// A guard, or the instrumented run, must name every View a fused group
// relies on, also one a class keeps private behind accessors (`mesh.u(i)`
// returning `m_u(i)`). C++ checks no access in the arguments of an explicit
// instantiation ([temp.explicit]), so a pointer to the member can be named
// there and handed out by a friend function the instantiation defines:
//
//   template <class Tag, class Pointer, Pointer Member> struct P_members {
//     friend auto P_member(Tag) { return Member; }
//   };
//   struct P_Mesh_m_u { friend auto P_member(P_Mesh_m_u); };
//   template struct P_members<P_Mesh_m_u, decltype(&::Mesh::m_u), &::Mesh::m_u>;
//   ... ::kfuse::bytes_of((mesh.*P_member(P_Mesh_m_u{})), true) ...
//
// The declarations go at namespace scope before the code naming them (the
// fused functor's place); P, the block's own prefix, keeps two blocks of
// one namespace apart.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_EMIT_PRIVATEMEMBERS_H
#define KFUSE_LIB_EMIT_PRIVATEMEMBERS_H

#include "kfuse/LaunchModel.h"
#include <string>
#include <vector>

namespace kfuse {
namespace emit {

/// The names of one block of code for Views behind private members.
class PrivateMembers {
public:
  /// \p Prefix, an identifier, starts every name the block declares.
  explicit PrivateMembers(std::string Prefix = "kfuse") : Prefix(std::move(Prefix)) {}

  /// The expression naming \p V, where \p Written names it by its path
  /// (`mesh.m_u`, `this->mesh.m_u`): its private members through pointers
  /// to them. \p Written itself where no member on the path is private.
  std::string name(const ViewUse &V, const std::string &Written);

  /// The declarations the names so far need, one per line, at namespace
  /// scope before the code using them ("" where there are none).
  /// With \p OneLine, without comments or line breaks (the instrumented
  /// copy keeps the user's line numbers).
  std::string declarations(bool OneLine = false) const;

  bool empty() const { return Tags.empty(); }

private:
  struct Tag {
    std::string Name;
    ViewUse::MemberStep Step;
  };
  std::string tagFor(const ViewUse::MemberStep &Step);

  std::string Prefix;
  std::vector<Tag> Tags;
};

} // namespace emit
} // namespace kfuse

#endif
