// Names the generated code needs for itself. Everything hyc prints into a
// translation (kernel parameters, trip counts, block indices, tiles,
// reduction partials, resident scopes) is named `hy_...`; a user's name of
// that form could capture or be captured by them (`const long long hy_trip0
// = hy::trips(0, hy_trip0, 1)`), so in a file with kernels such names are an
// error at their declaration. The CUDA built-ins (threadIdx, ...) are the
// CUDA target's business (CudaDeviceCode.cpp).
#include "hy/Diagnostics.h"
#include "hy/ModelBuilder.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>

using namespace clang;

namespace hy {

namespace {

class Names : public RecursiveASTVisitor<Names> {
public:
  Names(ASTContext &ctx, llvm::function_ref<bool(llvm::StringRef)> reserved, Diag diag)
      : ctx(ctx), SM(ctx.getSourceManager()), reserved(reserved), diag(diag) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitNamedDecl(NamedDecl *d) {
    const IdentifierInfo *id = d->getIdentifier();
    if (!id || d->isImplicit() || !reserved(id->getName()))
      return true;
    SourceLocation at = SM.getExpansionLoc(d->getLocation());
    if (SM.getFileID(at) != SM.getMainFileID() || !seen.insert(at.getRawEncoding()).second)
      return true;
    report(ctx.getDiagnostics(), d->getLocation(), diag) << id->getName();
    ok = false;
    return true;
  }

  bool ok = true;

private:
  ASTContext &ctx;
  const SourceManager &SM;
  llvm::function_ref<bool(llvm::StringRef)> reserved;
  Diag diag;
  std::set<unsigned> seen;
};

} // namespace

bool checkReservedNames(ASTContext &ctx, llvm::function_ref<bool(llvm::StringRef)> reserved,
                        Diag diag) {
  Names n(ctx, reserved, diag);
  n.TraverseDecl(ctx.getTranslationUnitDecl());
  return n.ok;
}

} // namespace hy
