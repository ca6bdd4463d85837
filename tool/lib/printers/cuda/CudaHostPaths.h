// How host code of the CUDA target reaches an array: by name (`a`), through
// members (`s.A`), or through standard containers and calls (`v[0]`,
// `std::get<0>(t)`, `*o`, `pick(s)`). The host syncs (CudaHost.cpp) name
// the first two directly; for the last they sync the container the array
// lives in, or the array expression itself where it is evaluated.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include <functional>
#include <map>

namespace hy::cudagen {

/// Arrays that can have a device copy: hy::array, hy::worklist, and
/// std::vector of arithmetic elements.
bool deviceArrayType(clang::QualType t);

/// A type whose device arrays hy::cuda::host_within reaches: a device array,
/// or a std::vector, std::array, std::pair, std::tuple or std::optional of
/// such types, arithmetic types, enums and pointers.
bool withinType(clang::QualType t);

/// `s.A`, `p->q.A`, `this->A`: members all the way down to a variable or
/// `this`, so that naming it again in a sync has no side effects.
bool plainPath(const clang::Expr *e);

/// The range-for loop variables of a statement, each with its range.
using RangeOf = std::map<const clang::VarDecl *, const clang::Expr *>;
void rangeLoopVars(const clang::Stmt *s, RangeOf &out);

/// For an array reached through standard containers (`v[0]`,
/// `std::get<0>(t)`, `(*o)`, `pr.first` of a vector element, a range-for
/// variable over a container): the plain path of the outermost container
/// (`v`, `s.vs`), whose arrays host_within syncs. Null when the array is
/// reached otherwise (a call, a member of a user type inside a container).
const clang::Expr *containerRoot(const clang::Expr *x, const RangeOf &ranges);

/// The variable a plain path starts from (null for `this`).
const clang::DeclRefExpr *pathBase(const clang::Expr *e);

/// Calls `f(x, parent)` for every outermost array expression of `s` that is
/// a glvalue of device array type (`a`, `s.A`, `v[0]`, `pick(s)`), not
/// descending into lambdas or into the statements `skip` says. `parent` is
/// the expression that uses x (null at the top).
void arrayExprs(const clang::Stmt *s, const std::function<bool(const clang::Stmt *)> &skip,
                const std::function<void(const clang::Expr *x, const clang::Stmt *parent)> &f);

} // namespace hy::cudagen
