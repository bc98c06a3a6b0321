//===- PointerFields.h - pointer members holding allocations of their own ===//
//
// Part of the effects analysis (lib/effects): host code reading or writing
// numbers through a pointer data member (`array[which] += dt` of a timer)
// touches memory kfuse cannot name, unless the member only ever holds an
// allocation of its own that nothing else reaches: then no View's elements
// are there, and a pending kernel cannot be observed through it.
#pragma once

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <string>

namespace kfuse {

/// The verdict of a pointer member every use of which is in the unit (a
/// private member of a class whose member functions all have their bodies
/// here, no friends) and keeps its memory its own: no other unit can say
/// otherwise.
inline constexpr const char *OwnInEveryUnit = "(its own allocation: every use is in this unit)";

/// The pointer data members of the project's classes that the unit's
/// project code uses, by qualified name: "" where every use in the unit
/// keeps the member's memory its own (assigned a `new` or `malloc` result
/// or null, indexed, dereferenced, deleted, compared), OwnInEveryUnit where
/// moreover no other unit can use it, else the first use that lets its
/// value go elsewhere ("passed to 'f' (file:line)").
/// \p Decls are the unit's declarations in project files (the parent map
/// of \p Ctx covers them); \p ProjectPath gives a location's project file,
/// "" outside the project.
std::map<std::string, std::string>
pointerFieldUses(clang::ASTContext &Ctx, llvm::ArrayRef<clang::Decl *> Decls,
                 llvm::function_ref<std::string(clang::SourceLocation)> ProjectPath);

} // namespace kfuse
