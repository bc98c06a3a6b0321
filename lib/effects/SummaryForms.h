//===- SummaryForms.h - What host expressions are, by their form -*- C++ -*-===//
//
// Part of the effects analysis (lib/effects): predicates on the expressions
// and statements of a function body that FunctionSummarizer reads when it
// summarises the body for chains across functions (an assignment of a View
// handle, a getter, storage of the function's own, a repeatable expression).
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LIB_EFFECTS_SUMMARYFORMS_H
#define KFUSE_LIB_EFFECTS_SUMMARYFORMS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

namespace kfuse {
namespace summary {

/// \p E without parentheses, implicit casts, temporaries and cleanups.
const clang::Expr *bare(const clang::Expr *E);

/// True if a class of type \p T holds a View (as a member, a member's
/// member or a base): such an object is never a View's element.
bool hasViewMember(clang::QualType T, unsigned Depth = 0);

/// True if \p E names storage no View's element can be, for a reference
/// parameter bound to it: a local that is no reference (or a parameter
/// taken by value), a data member of one, or a data member of an object
/// holding Views, also through an accessor whose body returns it
/// (`domain.dt()`: `return m_dt;`).
bool ownStorage(const clang::Expr *E);

/// An expression that only names something: a variable, a member of one
/// (through `.` or `->`), an element of a standard container named so at an
/// index of names and literals (`stages[s - 1]`), `this`, a literal, its
/// address, or a copy of one.
bool namesOnly(const clang::Expr *E);

/// True if a value of type \p T is View handles and numbers only (a View,
/// or a class of such members and bases, copied as the compiler copies
/// it): copying one copies handles, it touches no element.
bool handlesOnly(clang::QualType T, unsigned Depth = 0);

/// True if \p Init builds an object of View handles and numbers from View
/// handles and literals only (`Shift f(b, c)`, `Shift f{b, c}`): an
/// aggregate, or a constructor of the project with an empty body whose
/// initializers copy its parameters or literals (so do its bases'). It
/// touches no element and reads no number.
bool buildsFromHandles(const clang::Expr *Init, unsigned Depth = 0);

/// True if \p E is a call of a getter of the project (non-virtual, no
/// arguments, a body of `return m;` for a data member m of its type) on
/// an object named as namesOnly allows (`neighbor->get_neigh_list()`).
bool getterCall(const clang::Expr *E);

/// True if \p E is a data member of a variable or of `this`, through `.`
/// or `->` (`this->system`, `sys->box.lo`): evaluating it reads names only.
bool memberOfName(const clang::Expr *E);

/// True if \p S assigns a View handle a copy of another, or an empty View
/// (`x = atom.x;`, `v = t_v();`), or an object of handles and numbers a
/// copy of another, also as a getter returns it
/// (`list = neighbor->get_list();`): the handles change, no
/// element is touched.
bool assignsHandle(const clang::Stmt *S);

/// The data member of `this` that \p S assigns as a whole statement
/// (`m = value;`, `this->m = value;`, also through an operator=), and the
/// value assigned; null when it is no such assignment.
const clang::FieldDecl *assignedMember(const clang::Stmt *S, const clang::Expr *&Value);

/// True if evaluating \p S once more does what evaluating it once does: no
/// assignment, increment, allocation or call other than getters of the
/// project (a body of one `return` of such an expression), const methods
/// and element accesses of the libraries, and their math functions (a
/// library's other functions may print, draw a random number...).
bool repeatable(const clang::Stmt *S, const clang::SourceManager &SM, unsigned Depth = 0);

} // namespace summary
} // namespace kfuse

#endif // KFUSE_LIB_EFFECTS_SUMMARYFORMS_H
