//===- KokkosAST.h - Recognising Kokkos types and expressions --*- C++ -*-===//
//
// Small queries on the Clang AST shared by the launch finder and the body
// analyzer: is this type a Kokkos::View, what is its element type and rank,
// what text did the user write for this expression.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_KOKKOSAST_H
#define KFUSE_LIB_KOKKOSAST_H

#include "kfuse/LaunchModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace kfuse {

/// The name of the class template \p T is a specialization of, with its
/// enclosing namespaces ("Kokkos::View"), or "" when it is none. Works for
/// dependent types written inside templates too.
std::string templateNameOf(clang::QualType T);

/// True if \p T (references and cv stripped) is a Kokkos::View.
bool isKokkosView(clang::QualType T);

/// True if a value of type \p T can reach memory: a pointer, a reference, a
/// View, or a class with such a member or base (`std::vector`, a struct of
/// Views, a lambda that captured one). Incomplete and dependent types count.
bool holdsMemory(clang::QualType T);

/// Fills the element type, rank and layout of a View type.
void describeView(clang::QualType T, const clang::ASTContext &Ctx,
                  ViewUse &Out);

/// The source text of \p E as the user wrote it (the macro use, not its
/// expansion), or "" when it cannot be recovered.
std::string exprText(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The source text of a character range, resolving macro locations.
std::string rangeText(clang::SourceRange R, const clang::ASTContext &Ctx);

/// The user-visible position of \p Loc (the expansion location).
SourcePos positionOf(clang::SourceLocation Loc, const clang::ASTContext &Ctx);

/// Strips parentheses, implicit casts, temporaries and trivial copies.
const clang::Expr *stripWrappers(const clang::Expr *E);

/// \p T printed the way a user would write it (typedef names kept).
std::string typeText(clang::QualType T, const clang::ASTContext &Ctx);

/// \p T (references and cv dropped) spelled so that any file of the
/// project can name it: its canonical type, fully qualified, when that names
/// only Kokkos, the standard library and built-in types, and, if a typedef
/// spelled it differently, no execution or memory space (which would pin
/// the backend the typedef chose). "" when there is no such spelling.
std::string portableTypeText(clang::QualType T, const clang::ASTContext &Ctx);

/// \p T (a reference or cv-qualified too) fully qualified, when it is a
/// class that is no template specialization, declared at namespace scope
/// outside anonymous namespaces: a name code in any function that sees its
/// declaration can use. "" otherwise.
std::string qualifiedClassText(clang::QualType T, const clang::ASTContext &Ctx);

} // namespace kfuse

#endif // KFUSE_LIB_KOKKOSAST_H
