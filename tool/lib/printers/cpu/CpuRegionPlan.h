// The plan of a host loop's parallel region and of a team function
// (CpuRegions.h), shared by the planner (CpuRegions.cpp) and the text it
// becomes (CpuRegionsText.cpp). A region's body is a list of items: a
// kernel, a run of host statements, a team call, and (inside the region's
// loop) an inner host loop or an `if` whose branches hold the team's work,
// each with its own list of items.
#pragma once

#include "hy/Model.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace hy {

struct HostRegion {
  const clang::Stmt *loop = nullptr; // the host loop (null: an if's branch)
  unsigned line = 0;
  std::string why; // "" when the loop is one region
  // The body's statements in order: a kernel, or a run of host statements.
  // A call statement of a team function (callees: the functions it calls,
  // a template's several) is run by every thread, like a kernel.
  struct Item {
    const Kernel *kernel = nullptr;
    std::vector<const clang::Stmt *> host;
    bool mayThrow = false;
    std::vector<const clang::FunctionDecl *> callees;
    // In a team function: a declaration every thread runs (replicated()).
    bool replicated = false;
    // In a region's host loop: its host statements break out of the loop
    // (the masked thread ends the loop for the team through its flag).
    bool breaks = false;
    // A team call's arguments that one thread evaluates before it.
    std::vector<const clang::Expr *> once;
    // A team call whose value the statement uses (`x = f(...);`, `const T
    // x = f(...);`): every thread calls, the statement (the next item, on
    // one thread) reads the value from the call's frame.
    const clang::CallExpr *valueCall = nullptr;
    clang::QualType valueType; // the callee's return type
    // The callee shares a frame with its team (hy::team_frame: its value,
    // shared locals or exception); it may throw (then the exception is
    // the region's, and the team leaves the loop after the call).
    bool framed = false, callThrows = false;
    // A host loop inside the region's loop, run by every thread of the
    // team (its plan: its condition on one thread, shared).
    std::shared_ptr<HostRegion> inner;
    // An `if` whose branches launch kernels: its condition evaluated once
    // by one thread into a shared flag, every thread takes its branch.
    const clang::IfStmt *branch = nullptr;
    std::shared_ptr<HostRegion> then, otherwise; // the branches' items (loop null)
    bool condThrows = false;
    bool team() const { return kernel || !callees.empty() || inner || branch; }
    bool nested() const { return inner || branch; }
  };
  std::vector<Item> items;
  // Locals moved out of the region (the outermost loop's plan holds those
  // of its inner loops and branches too), and the declaration each one
  // had (null: an inner for loop's init-statement, assigned at its top).
  std::vector<const clang::VarDecl *> hoisted;
  std::map<const clang::VarDecl *, const clang::DeclStmt *> declOf;
  bool breaks = false;     // a host statement breaks out of the loop
  bool headThrows = false; // the condition or increment (an inner loop's init) may throw
  bool nested = false;     // an inner loop of a region
  /// The first kernel's small-loop test (hy::omp_worth), when the body
  /// starts with it: the region runs on one thread while it is false.
  std::string worth;
  unsigned worthLine = 0; // that kernel's line
  bool guarded() const {
    return headThrows || std::any_of(items.begin(), items.end(), [](const Item &i) {
             return i.mayThrow || i.condThrows || i.callThrows || (i.inner && i.inner->guarded()) ||
                    (i.then && i.then->guarded()) || (i.otherwise && i.otherwise->guarded());
           });
  }
  bool nests() const {
    return std::any_of(items.begin(), items.end(), [](const Item &i) { return i.nested(); });
  }
};

// A function that launches kernels, called by every thread of a region's
// team (a call statement of a region's host loop, or of another such
// function): its kernels are the team's work-sharing loops, its host
// statements run on one thread ('omp masked') followed by a barrier, its
// calls of such functions by every thread again. Called anywhere else
// (no hy::team_call), it is one parallel region of its own.
struct TeamFunction {
  const clang::FunctionDecl *fd = nullptr; // its definition (a template's pattern)
  const clang::CompoundStmt *body = nullptr;
  unsigned line = 0;
  std::string why; // "" when a team can call it
  std::vector<HostRegion::Item> items;
  std::string worth; // its first kernel's small-loop test, for its own region
  unsigned worthLine = 0;
  std::set<unsigned> calledFrom; // the lines of the host loops whose teams call it
  // Its `return e;` (the last statement; one thread stores e in the
  // frame, every thread returns it), its locals that every thread reads
  // (hy::team_frame slots, assigned where they were declared), whether a
  // host statement (or a function it calls for the team) may throw, and
  // whether it shares a frame with its team (any of these, or a callee's).
  const clang::ReturnStmt *ret = nullptr;
  std::vector<const clang::VarDecl *> shared;
  std::map<const clang::VarDecl *, const clang::DeclStmt *> declOf;
  bool throws = false, framed = false;
};

} // namespace hy
