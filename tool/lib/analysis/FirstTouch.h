// How a stretch of code first touches a variable: whether it writes the
// variable before it reads it (a zone loop's 'scratch' data must be written
// first in every iteration, and not read after the loop before it is
// written again; CheckZones.cpp, docs/language.md "Zones").
#pragma once

#include "clang/AST/Stmt.h"
#include "clang/AST/Decl.h"

namespace hy {

enum class Touch { None, Writes, Reads };

struct FirstTouch {
  Touch touch = Touch::None;
  const clang::Expr *where = nullptr; // the read, for Reads
};

/// How `s`, run from its start, first touches `v`: statements of a compound
/// statement in order; in any other statement, a read of `v` anywhere in it
/// (other than through its size) is a read first, unless the statement
/// replaces `v` whole (`v = e` or `v.fill / assign / clear(...)` where e
/// and the arguments do not use `v`). A statement that only writes `v`
/// (element stores, however conditional or partial; passing `v` to a
/// non-const reference or pointer parameter, or to a call a template leaves
/// unresolved, which is taken as an output)
/// writes it first.
FirstTouch firstTouch(const clang::Stmt *s, const clang::VarDecl *v);

/// How the code of `body` that runs after `loop` (a statement inside it)
/// first touches `v`: the statements after the loop in every enclosing
/// statement, innermost first. Statements before the loop are not looked
/// at again (a loop around both runs them after it: not seen).
FirstTouch firstTouchAfter(const clang::Stmt *body, const clang::Stmt *loop,
                           const clang::VarDecl *v);

} // namespace hy
