// Analyses over the AST that the model builder and the checks share:
// canonical-loop recognition, variable accesses (read/write, element or
// whole), array classification, expression utilities.
#pragma once

#include "hy/Model.h"
#include "clang/AST/ASTContext.h"
#include <optional>
#include <vector>

namespace hy {

/// Recognises `for (i = lo; i CMP hi; i += s)`; reports an error at the
/// offending part (when `diagnose`) and returns nullopt if it is not one.
std::optional<LoopInfo> analyzeCanonicalLoop(clang::ASTContext &ctx,
                                             const clang::ForStmt *loop,
                                             const PragmaDirective *pragma,
                                             bool diagnose = true);

/// One use of a variable.
struct Access {
  const clang::VarDecl *var = nullptr;
  const clang::Expr *expr = nullptr; // the DeclRefExpr
  bool read = false, write = false;
  bool element = false;              // through A(...), v[i] or a raw a[i]
  bool meta = false;                 // only A.extent()/size(): no data touched
  /// The member call this use is the object of (`q.push(v)`, `q.size()`).
  const clang::CXXMemberCallExpr *member = nullptr;
  /// The object of a call named push (`q.push(v)`, also unresolved in a
  /// template), or passed to a function of the file whose parameter is
  /// only pushed to (`add(q, v)`): a push if `var` is a worklist.
  bool push = false;
  /// The push call itself when it is `var.push(v)` (null through a helper).
  const clang::CallExpr *pushCall = nullptr;
  const clang::Expr *elementExpr = nullptr; // the whole A(i, j) expression
  /// The array this use reaches through members of `var` (`s.A` in
  /// `s.A(0) = 1`, `ws.next` in `ws.next.clear()`): the outermost member
  /// expression of array type, or null when the use is of `var` itself.
  const clang::MemberExpr *arrayMember = nullptr;
  std::vector<const clang::Expr *> indices;  // i, j of A(i, j)
  /// Passed whole to a call: the parameters of functions of the file it
  /// binds to (every candidate's, for an unresolved call).
  std::vector<const clang::ParmVarDecl *> params;
};

/// Every use of a variable inside `s`, classified.
void collectAccesses(const clang::Stmt *s, std::vector<Access> &out);

/// Variables declared inside `s`.
void collectDeclaredVars(const clang::Stmt *s,
                         std::set<const clang::VarDecl *> &out);

/// Does `e` mention any variable of `vars`? Returns the first one.
const clang::VarDecl *mentionsAny(const clang::Stmt *e,
                                  const std::set<const clang::VarDecl *> &vars);

/// Evaluates an integer constant expression (nullopt if not constant or
/// value-dependent).
std::optional<int64_t> evalInt(clang::ASTContext &ctx, const clang::Expr *e);

/// A variable at namespace scope (or a static member) whose value is known
/// at translation time: constexpr, or const with a constant initializer of
/// an integer, enum or arithmetic (array) type. Kernels may read it.
bool constantGlobal(const clang::VarDecl *v);

/// Structural equality of two expressions (same variables, operators, literals).
bool sameExpr(clang::ASTContext &ctx, const clang::Expr *a, const clang::Expr *b);

/// The DeclRefExpr'd variable of an expression after stripping parens/casts.
const clang::VarDecl *refVar(const clang::Expr *e);

/// The variable (or structured binding) that `name` denotes right before
/// statement `at`, as C++ looks names up: declarations earlier in the
/// enclosing blocks and control-statement headers, the parameters of the
/// enclosing lambda or function, then members and namespace scope. Null if
/// nothing of that name is visible there.
const clang::ValueDecl *lookupBefore(clang::ASTContext &ctx, const clang::Stmt *at,
                                     llvm::StringRef name);

/// The lambda a variable holds (`auto show = [&] { ... };`), if any.
const clang::LambdaExpr *heldLambda(const clang::VarDecl *v);

/// The continue statements in `body` that belong to the loop `body` is the
/// body of (not to a loop nested in it, nor inside a lambda).
void ownContinues(const clang::Stmt *body, std::vector<const clang::ContinueStmt *> &out);

/// The break, return, goto and co_return statements in `s` that leave it
/// (or leave a loop of `parallel` inside it), each with its keyword; a
/// break of a loop or switch nested in `s` stays inside. `breakable`: a
/// break at the top of `s` stays inside too. Lambdas are not entered.
void jumpsOut(const clang::Stmt *s, const std::set<const clang::Stmt *> &parallel, bool breakable,
              std::vector<std::pair<const clang::Stmt *, const char *>> &out);

/// The parts of a control statement (if, for, while, do, switch, range
/// for): its headers (init, condition variable, condition, increment, range;
/// absent ones null) and its bodies (then/else or loop body). False for any
/// other statement.
bool controlParts(const clang::Stmt *s, std::vector<const clang::Stmt *> &headers,
                  std::vector<const clang::Stmt *> &bodies);

} // namespace hy
