// Internal to the CUDA target: what code moved out of its scope needs. A
// kernel is printed at namespace scope, away from the function its loop was
// in, and functions of the file that kernels call run on the device, where
// host variables do not exist. KernelScope carries what a kernel's text
// names from the scope it left (template parameters of enclosing templates,
// local types and aliases, members of the enclosing class, constants), or
// says precisely what to move where when that cannot be done.
#pragma once

#include "hy/Diagnostics.h"
#include "hy/Model.h"
#include "hy/Targets.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hy::cudagen {

/// A diagnostic kept for later (the report prints kernels too, silently).
struct Problem {
  clang::SourceLocation loc;
  Diag diag;
  std::vector<std::string> args;
  clang::SourceLocation noteLoc; // optional note
  Diag note = Diag::NoteDeclaredHere;
  std::vector<std::string> noteArgs;
};
void reportAll(clang::DiagnosticsEngine &DE, const std::vector<Problem> &problems);

/// A constant a kernel or device function reads (hy::constantGlobal:
/// constexpr, or const with a constant initializer) declared at namespace
/// scope or as a static member: device code has no copy of such a variable
/// where it is odr-used (`std::min(x, K)` binds a reference to it, `kT[i]`
/// indexes an array) or where it is not constexpr or an integer, so device
/// code gets its own copy, `constexpr T K = value;`.
bool carriedConstant(const clang::VarDecl *v);
/// Whether device code may read the host constant's value where it is not
/// odr-used (constexpr, or a const integer): nvcc's rule for host variables.
bool valueInDeviceCode(const clang::VarDecl *v);
/// The declaration of that copy (exact values: integers, floats as
/// hexadecimal, arrays of them), or "" if the type cannot be copied.
std::string constantCopy(clang::ASTContext &ctx, const clang::VarDecl *v);

/// A type as the kernel's signature must spell it at namespace scope:
/// aliases declared in functions or classes replaced by what they name.
clang::QualType namespaceType(clang::ASTContext &ctx, clang::QualType t);

class KernelScope {
public:
  KernelScope(const PrintInput &in, const Kernel &k, clang::Rewriter &R)
      : in(in), ctx(in.ctx), SM(ctx.getSourceManager()), k(k), R(R) {}

  /// Rewrites the kernel's text in R (qualified members, carried constants
  /// named plainly) and fills the members below.
  void run();

  /// `template <class T, int N>` of the enclosing templates, or "".
  std::string templateHeader;
  /// `<T, N>` for the launch, or "".
  std::string templateArgs;
  /// Declarations the kernel's body needs, copied into the kernel first.
  std::string preamble;
  /// What cannot be carried: errors saying what to move where.
  std::vector<Problem> problems;

private:
  struct Ref;
  void templateParams();
  void collect(const clang::Stmt *s);
  void resolve();
  void carryLocal(const clang::Decl *d);
  void carryUsings();
  std::string recordText(const clang::CXXRecordDecl *rd) const;
  void removeQualifier(const Ref &r);
  bool loopIndex(const clang::VarDecl *v) const;
  bool privateMember(const Ref &r, const clang::NamedDecl *found, const clang::CXXRecordDecl *rd);
  const clang::CXXRecordDecl *qualifyingRecord(const clang::NamedDecl *found) const;
  bool inRegion(clang::SourceLocation loc) const;
  void problem(clang::SourceLocation loc, Diag d, std::vector<std::string> args,
               clang::SourceLocation noteLoc = {}, std::vector<std::string> noteArgs = {});

  friend class RefCollector;

  const PrintInput &in;
  clang::ASTContext &ctx;
  const clang::SourceManager &SM;
  const Kernel &k;
  clang::Rewriter &R;
  unsigned depths = 0; // template parameter lists the kernel takes over
  std::vector<Ref> *refs = nullptr;
  std::set<const clang::Stmt *> localDecls; // DeclStmts carried in
  std::set<const clang::Decl *> carriedTags;  // tags carried without their DeclStmt
  std::set<const clang::VarDecl *> constants; // namespace-scope constants
  std::set<const clang::Decl *> seen;
  std::vector<std::string> dependentConstants; // copied from their class
  // Constant arrays of class templates (`Coef<T>::w`), copied by
  // hy::cuda::constant_copy after the local declarations (the qualifier may
  // name a local alias); by name, with the text that copies each.
  std::vector<std::string> dependentArrays;
  std::map<std::string, std::string> arrayCopies;
  std::vector<std::pair<clang::SourceLocation, std::string>> injectedNames; // `D` -> `D<T>`
  std::vector<std::pair<clang::SourceLocation, clang::SourceLocation>> removed; // qualifiers
};

} // namespace hy::cudagen
