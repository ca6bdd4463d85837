// Recognises the array types kernels may use, also in templates where the
// element type or rank is still dependent: hy::array<T, N>, std::vector<T>
// and hy::worklist<T>; and the value-with-location reduction types
// hy::minloc<T, I> / hy::maxloc<T, I>.
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
  if (kind == ArrayKind::StdVector || kind == ArrayKind::Worklist) {
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

namespace {

// The class template a type names (hy::array<float, 2> -> hy::array) and
// its arguments, through sugar; also for dependent specialisations.
const TemplateDecl *templateOf(QualType t, ArrayRef<TemplateArgument> &args) {
  if (t.isNull())
    return nullptr;
  t = t.getNonReferenceType().getUnqualifiedType();
  const Type *ty = t.getTypePtr();
  if (const auto *el = dyn_cast<ElaboratedType>(ty))
    ty = el->getNamedType().getTypePtr();
  if (const auto *tst = dyn_cast<TemplateSpecializationType>(ty)) {
    const TemplateDecl *td = tst->getTemplateName().getAsTemplateDecl();
    if (isNamed(td, "hy", "array") || isNamed(td, "std", "vector") ||
        isNamed(td, "hy", "worklist") || isNamed(td, "hy", "minloc") ||
        isNamed(td, "hy", "maxloc") || !tst->isSugared()) {
      args = tst->template_arguments();
      return td;
    }
    ty = tst->desugar().getTypePtr();
  }
  const auto *rd = ty->getAsCXXRecordDecl();
  if (const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd)) {
    args = spec->getTemplateArgs().asArray();
    return spec->getSpecializedTemplate();
  }
  return nullptr;
}

} // namespace

ArrayType classifyArray(QualType t) {
  ArrayRef<TemplateArgument> args;
  const TemplateDecl *td = templateOf(t, args);
  if (isNamed(td, "hy", "array"))
    return fromArgs(ArrayKind::HyArray, args);
  if (isNamed(td, "std", "vector"))
    return fromArgs(ArrayKind::StdVector, args);
  if (isNamed(td, "hy", "worklist"))
    return fromArgs(ArrayKind::Worklist, args);
  return {};
}

std::optional<ReductionOp> locReductionOp(QualType t) {
  ArrayRef<TemplateArgument> args;
  const TemplateDecl *td = templateOf(t, args);
  if (isNamed(td, "hy", "minloc"))
    return ReductionOp::Min;
  if (isNamed(td, "hy", "maxloc"))
    return ReductionOp::Max;
  return std::nullopt;
}

} // namespace hy
