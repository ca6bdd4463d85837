// The constructors and destructors that code runs without naming them: the
// AST shows a construction as a CXXConstructExpr of possibly implicit
// constructors, and a destruction not at all. For the CUDA target both
// matter like calls: those of this file must become __host__ __device__
// (deviceFunctions), those of library types without a device version are
// errors (checkDeviceCode).
#include "cuda/CudaHost.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include <set>

using namespace clang;

namespace hy::cudagen {

namespace {

// Written by the user (not implicit, not defaulted on its first declaration).
bool written(const CXXMethodDecl *md) { return md->isUserProvided(); }

void constructors(const CXXConstructExpr *ce, const std::function<void(const CXXConstructorDecl *)> &f,
                  std::set<const CXXConstructorDecl *> &seen) {
  const CXXConstructorDecl *c = ce->getConstructor();
  if (!c || c->isTrivial() || !seen.insert(c).second)
    return;
  if (written(c)) {
    f(c);
    return;
  }
  // Implicit or defaulted: the subobjects' constructors (Sema defined it
  // when the program used it).
  if (const auto *def = dyn_cast_or_null<CXXConstructorDecl>(c->getDefinition()))
    for (const CXXCtorInitializer *init : def->inits())
      if (const auto *sub = dyn_cast_or_null<CXXConstructExpr>(init->getInit()->IgnoreImplicit()))
        constructors(sub, f, seen);
}

void destructors(QualType t, const std::function<void(const CXXDestructorDecl *)> &f,
                 std::set<const CXXRecordDecl *> &seen) {
  t = t.getNonReferenceType();
  while (const auto *at = t->getAsArrayTypeUnsafe())
    t = at->getElementType();
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || rd->hasTrivialDestructor() || !seen.insert(rd).second)
    return;
  if (const CXXDestructorDecl *d = rd->getDestructor(); d && written(d))
    f(d);
  for (const CXXBaseSpecifier &b : rd->bases())
    destructors(b.getType(), f, seen);
  for (const FieldDecl *fd : rd->fields())
    destructors(fd->getType(), f, seen);
}

} // namespace

void writtenConstructors(const CXXConstructExpr *ce,
                         const std::function<void(const CXXConstructorDecl *)> &f) {
  std::set<const CXXConstructorDecl *> seen;
  constructors(ce, f, seen);
}

void writtenDestructors(QualType t, const std::function<void(const CXXDestructorDecl *)> &f) {
  std::set<const CXXRecordDecl *> seen;
  destructors(t, f, seen);
}

} // namespace hy::cudagen
