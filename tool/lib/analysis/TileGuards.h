// The conditions inside a fetch's statement that decide whether an access
// runs, and the variables that follow an index: the static tile bounds check
// (CheckFetch.cpp) may trust the loops' ranges for a dimension only where no
// such condition mentions those variables.
#pragma once

#include "Checker.h"

namespace hy::checks {

/// Why an access `e` inside `root` (the fetched statement) may run for
/// only some values of the variables `made` (the loop indices and x % C
/// values a dimension's offset is made of; `loops`: the loops over them),
/// as text for the warning: "the condition on 'r' around it", or "a jump
/// ..."; "" if no condition around it in `root` mentions a variable that
/// follows them. Those are `made`, the variables that their loops write
/// and do not declare (a counter next to k), and the locals of `kernel`
/// computed from any of these (r = bi * T + i).
std::string conditionOn(const Stmt *kernel, const Stmt *root, const Expr *e,
                        std::set<const VarDecl *> made, const std::vector<const ForStmt *> &loops);

/// The variables `s` assigns, increments or decrements.
void writtenIn(const Stmt *s, std::set<const VarDecl *> &out);

/// The variables `s` names.
void varsIn(const Stmt *s, std::set<const VarDecl *> &out);

/// `seeds` and every variable declared or assigned in `body` from an
/// expression that mentions one of them (to a fixed point).
std::set<const VarDecl *> derivedFrom(const Stmt *body, std::set<const VarDecl *> seeds);

} // namespace hy::checks
