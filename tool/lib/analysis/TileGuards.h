// The conditions inside a fetch's statement that decide whether an access
// runs, and the variables that follow an index: the static tile bounds check
// (CheckFetch.cpp) may trust the loops' ranges for a dimension only where no
// such condition mentions those variables.
#pragma once

#include "Checker.h"

namespace hy::checks {

/// A condition between `root` and an access: of an if, switch, while or do
/// around it, of a ?: or the left side of && / || it is in, of a for loop
/// around it whose index is not `own` (that loop's range is the index's),
/// or around a break, continue, return or goto anywhere in `root`. `cond`
/// is null for a jump that no condition guards (it may cut any loop short).
struct Guard {
  const Stmt *cond = nullptr;
  const VarDecl *own = nullptr; // the for loop's own index, if any
};
std::vector<Guard> guardsOf(const Stmt *root, const Expr *e);

/// The variables `s` assigns, increments or decrements.
void writtenIn(const Stmt *s, std::set<const VarDecl *> &out);

/// The variables `s` names.
void varsIn(const Stmt *s, std::set<const VarDecl *> &out);

/// `seeds` and every variable declared or assigned in `body` from an
/// expression that mentions one of them (to a fixed point).
std::set<const VarDecl *> derivedFrom(const Stmt *body, std::set<const VarDecl *> seeds);

} // namespace hy::checks
