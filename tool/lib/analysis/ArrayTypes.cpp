// Recognises the array types kernels may use, also in templates where the
// element type or rank is still dependent: hy::array<T, N> and std::vector<T>.
#include "hy/Model.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TemplateBase.h"
#include "clang/AST/Type.h"

using namespace clang;

namespace hy {

static bool isNamed(const NamedDecl *d, const char *ns, const char *name) {
  if (!d || d->getName() != name)
    return false;
  const DeclContext *dc = d->getDeclContext();
  while (dc && dc->isInlineNamespace())
    dc = dc->getParent();
  const auto *nd = dyn_cast_or_null<NamespaceDecl>(dc);
  return nd && nd->getName() == ns;
}

static ArrayType fromArgs(ArrayKind kind, ArrayRef<TemplateArgument> args) {
  ArrayType r;
  if (args.empty() || args[0].getKind() != TemplateArgument::Type)
    return r;
  r.kind = kind;
  r.elem = args[0].getAsType();
  if (kind == ArrayKind::StdVector) {
    r.rank = 1;
  } else if (args.size() >= 2) {
    const TemplateArgument &n = args[1];
    if (n.getKind() == TemplateArgument::Integral)
      r.rank = static_cast<int>(n.getAsIntegral().getExtValue());
    else if (n.getKind() == TemplateArgument::Expression) {
      const Expr *e = n.getAsExpr()->IgnoreParenImpCasts();
      if (const auto *lit = dyn_cast<IntegerLiteral>(e))
        r.rank = static_cast<int>(lit->getValue().getZExtValue());
    }
  }
  return r;
}

ArrayType classifyArray(QualType t) {
  if (t.isNull())
    return {};
  t = t.getNonReferenceType().getUnqualifiedType();
  const Type *ty = t.getTypePtr();
  if (const auto *el = dyn_cast<ElaboratedType>(ty))
    ty = el->getNamedType().getTypePtr();
  if (const auto *tst = dyn_cast<TemplateSpecializationType>(ty)) {
    const TemplateDecl *td = tst->getTemplateName().getAsTemplateDecl();
    if (isNamed(td, "hy", "array"))
      return fromArgs(ArrayKind::HyArray, tst->template_arguments());
    if (isNamed(td, "std", "vector"))
      return fromArgs(ArrayKind::StdVector, tst->template_arguments());
    if (!tst->isSugared())
      return {};
    ty = tst->desugar().getTypePtr();
  }
  const auto *rd = ty->getAsCXXRecordDecl();
  if (const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd)) {
    const auto *td = spec->getSpecializedTemplate();
    if (isNamed(td, "hy", "array"))
      return fromArgs(ArrayKind::HyArray, spec->getTemplateArgs().asArray());
    if (isNamed(td, "std", "vector"))
      return fromArgs(ArrayKind::StdVector, spec->getTemplateArgs().asArray());
  }
  return {};
}

} // namespace hy
