// What code that runs on the GPU may do, checked where hyc can see it: the
// kernels and the functions of the file they call, transitively (found by
// deviceFunctions, CudaHost.cpp). nvcc would otherwise stop on the output:
// no exceptions and no run-time type information on the device, no
// non-constant global variables, and calls only to functions nvcc compiles
// for the device (of this file, which hyc marks; of hy's runtime; constexpr;
// marked HY_HD; the system's math library). Constants at namespace scope
// that a device function odr-uses (an array indexed at run time, a
// reference bound to one) or that nvcc cannot read there (not constexpr,
// not an integer) get a copy at the start of its body, as kernels do
// (CudaKernelScope.cpp).
#include "cuda/CudaHost.h"
#include "cuda/CudaScope.h"
#include "cuda/CudaTwins.h"
#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "hy/ModelBuilder.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <functional>
#include <set>
#include <string>

using namespace clang;

namespace hy::cudagen {

namespace {

// The functions of the system's C and C++ libraries that CUDA's headers
// declare for the device too: the math library (sqrtf, std::fmin, ...),
// printf, memcpy/memset, malloc/free and assert's helper.
bool deviceLibraryFunction(const FunctionDecl *fd) {
  static const std::set<std::string> names = {
      "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "copysign",
      "cos", "cosh", "erf", "erfc", "exp", "exp2", "expm1", "fabs", "fdim", "floor", "fma",
      "fmax", "fmin", "fmod", "frexp", "hypot", "ilogb", "ldexp", "lgamma", "llrint", "llround",
      "log", "log10", "log1p", "log2", "logb", "lrint", "lround", "modf", "nan", "nearbyint",
      "nextafter", "pow", "remainder", "remquo", "rint", "round", "scalbln", "scalbn", "sin",
      "sinh", "sqrt", "tan", "tanh", "tgamma", "trunc", "isfinite", "isinf", "isnan",
      "isnormal", "signbit", "fpclassify", "isgreater", "isgreaterequal", "isless",
      "islessequal", "islessgreater", "isunordered", "abs", "labs", "llabs", "printf",
      "memcpy", "memset", "malloc", "free", "__assert_fail", "__assert_perror_fail"};
  const DeclContext *dc = fd->getDeclContext()->getRedeclContext();
  while (isa<LinkageSpecDecl>(dc))
    dc = dc->getParent();
  const auto *ns = dyn_cast<NamespaceDecl>(dc);
  if (!dc->isTranslationUnit() && !(ns && ns->isStdNamespace()))
    return false;
  if (!fd->getDeclName().isIdentifier())
    return false;
  std::string n = fd->getName().str();
  if (names.count(n))
    return true;
  return n.size() > 1 && (n.back() == 'f' || n.back() == 'l') && names.count(n.substr(0, n.size() - 1));
}

// Code of a system header or of hy's runtime (namespace hy).
bool libraryCode(const SourceManager &SM, const FunctionDecl *fd) {
  if (SM.isInSystemHeader(SM.getExpansionLoc(fd->getLocation())))
    return true;
  for (const DeclContext *dc = fd->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc);
        ns && ns->getParent()->isTranslationUnit() && ns->getName() == "hy")
      return true;
  return false;
}

// Marked HY_HD (as hyc's parse defines it).
bool markedHD(const FunctionDecl *fd) {
  for (const FunctionDecl *r : fd->redecls())
    for (const auto *a : r->specific_attrs<AnnotateAttr>())
      if (a->getAnnotation() == "hy_hd")
        return true;
  return false;
}

// Whether nvcc compiles `fd` for the device although hyc does not mark it:
// of this file (hyc marks it), constexpr, HY_HD, hy's runtime (device
// versions), or of the system's libraries where CUDA declares device
// versions (the math library; members of library classes are left to
// nvcc: in a kernel hyc rewrites std::vector's into views). Other library
// functions that are not constexpr (std::swap in C++17, std::sort) are
// host code to nvcc.
bool deviceReady(const SourceManager &SM, const FunctionDecl *fd) {
  if (const FunctionDecl *p = fd->getTemplateInstantiationPattern())
    fd = p;
  SourceLocation at = SM.getExpansionLoc(fd->getLocation());
  if (SM.isInMainFile(at) || fd->isConstexpr() || fd->isImplicit() || markedHD(fd))
    return true;
  if (SM.isInSystemHeader(at))
    return isa<CXXMethodDecl>(fd) || deviceLibraryFunction(fd) || fd->getBuiltinID() != 0;
  return libraryCode(SM, fd);
}

class DeviceCode : public RecursiveASTVisitor<DeviceCode> {
public:
  DeviceCode(ASTContext &ctx, bool &ok) : ctx(ctx), SM(ctx.getSourceManager()), ok(ok) {}

  /// Checks `body`, the code of `fn` (null: a kernel's loop).
  void run(const Stmt *body, const FunctionDecl *fn) {
    this->fn = fn;
    what = fn ? "'" + fn->getNameAsString() + "', which a kernel calls," : "this kernel";
    copies.clear();
    longDouble = false;
    TraverseStmt(const_cast<Stmt *>(body));
  }

  // nvcc computes `long double` as `double` in device code (and lays its
  // arrays out otherwise): the GPU would not compute the serial values.
  bool VisitExpr(Expr *e) {
    if (!longDouble && isLongDouble(e->getType())) {
      longDouble = true;
      error(e->getExprLoc(), Diag::DeviceLongDouble);
    }
    return true;
  }
  bool VisitVarDecl(VarDecl *v) {
    if (!longDouble && isLongDouble(v->getType())) {
      longDouble = true;
      error(v->getLocation(), Diag::DeviceLongDouble);
    }
    object(v);
    return true;
  }
  static bool isLongDouble(QualType t) {
    if (t.isNull()) // a template's `T c(x)`: its ParenListExpr has no type
      return false;
    t = t.getNonReferenceType();
    while (const auto *at = t->getAsArrayTypeUnsafe())
      t = at->getElementType();
    return t->isSpecificBuiltinType(BuiltinType::LongDouble);
  }

  bool VisitCXXThrowExpr(CXXThrowExpr *e) { return error(e->getThrowLoc(), Diag::DeviceException); }
  // What a throw creates (std::runtime_error) is part of that error.
  bool TraverseCXXThrowExpr(CXXThrowExpr *e) {
    ++inThrow;
    bool r = RecursiveASTVisitor<DeviceCode>::TraverseCXXThrowExpr(e);
    --inThrow;
    return r;
  }
  bool VisitCXXTryStmt(CXXTryStmt *s) { return error(s->getTryLoc(), Diag::DeviceException); }
  bool VisitCXXTypeidExpr(CXXTypeidExpr *e) { return error(e->getBeginLoc(), Diag::DeviceRtti); }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *e) {
    return error(e->getBeginLoc(), Diag::DeviceRtti);
  }

  bool VisitCallExpr(CallExpr *ce) {
    if (const FunctionDecl *fd = ce->getDirectCallee()) {
      if (!arrayArguments(ce, fd))
        callee(ce->getBeginLoc(), fd);
    } else if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreParenImpCasts())) {
      unresolvedLibraryCall(ce->getBeginLoc(), ule);
    }
    return true;
  }

  // In a template, `std::swap(a(i), a(j))` on dependent arguments names
  // an overload set, not a function: when every candidate is a library
  // function nvcc compiles for the host only, so is whichever the
  // instantiation picks (a call that argument-dependent lookup may still
  // send to a function of the file is left to nvcc).
  void unresolvedLibraryCall(SourceLocation loc, const UnresolvedLookupExpr *ule) {
    if (ule->requiresADL() && !ule->getQualifier())
      return;
    const FunctionDecl *first = nullptr;
    for (const NamedDecl *d : ule->decls()) {
      d = d->getUnderlyingDecl();
      const FunctionDecl *f = dyn_cast<FunctionDecl>(d);
      if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d))
        f = ft->getTemplatedDecl();
      if (!f || !SM.isInSystemHeader(SM.getExpansionLoc(f->getLocation())) || deviceReady(SM, f))
        return;
      first = first ? first : f;
    }
    if (first)
      callee(loc, first);
  }

  // A kernel holds its arrays as views (hy::cuda::view): a function of the
  // file that takes a hy::array, std::vector or worklist parameter gets a
  // twin that takes the view (CudaTwins.h); one of a header cannot.
  // True when reported (then the call needs no other error).
  bool arrayArguments(const CallExpr *ce, const FunctionDecl *fd) {
    if (SM.isInMainFile(SM.getExpansionLoc(fd->getLocation())))
      return false;
    std::pair<unsigned, unsigned> key{ce->getBeginLoc().getRawEncoding(),
                                      static_cast<unsigned>(Diag::TwinOutsideFile)};
    if (done.count(key))
      return true;
    std::string file =
        llvm::sys::path::filename(SM.getFilename(SM.getExpansionLoc(fd->getLocation()))).str();
    if (!outsideTwin(ctx, ce, fd, "defined in '" + file + "', which hyc does not rewrite"))
      return false;
    done.insert(key);
    ok = false;
    return true;
  }
  // Constructions and destructions run constructors and destructors
  // (CudaSpecialMembers.cpp): those of this file become __host__
  // __device__, those of other headers are checked like calls, and those
  // of library types (std::vector, std::string, hy::array: they own host
  // memory) must be constexpr or HY_HD. One error per object.
  bool VisitCXXConstructExpr(CXXConstructExpr *ce) {
    if (!objects.count(ce))
      writtenConstructors(ce, [&](const CXXConstructorDecl *c) {
        special(ce->getBeginLoc(), "a temporary", ce->getType(), c);
      });
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *e) {
    if (!objects.count(e->getSubExpr()))
      writtenDestructors(e->getType(), [&](const CXXDestructorDecl *d) {
        special(e->getExprLoc(), "a temporary", e->getType(), d);
      });
    return true;
  }
  void object(VarDecl *v) {
    if (v->getType()->isReferenceType() || isa<ParmVarDecl>(v))
      return;
    std::string name = "'" + v->getNameAsString() + "'";
    const Expr *init = v->getInit() ? v->getInit()->IgnoreImplicit() : nullptr;
    if (const auto *ce = dyn_cast_or_null<CXXConstructExpr>(init)) {
      objects.insert(ce);
      writtenConstructors(ce, [&](const CXXConstructorDecl *c) {
        special(v->getLocation(), name, v->getType(), c);
      });
    }
    writtenDestructors(v->getType(), [&](const CXXDestructorDecl *d) {
      special(v->getLocation(), name, v->getType(), d);
    });
  }
  void special(SourceLocation loc, const std::string &name, QualType type, const CXXMethodDecl *m) {
    if (inThrow)
      return;
    if (!libraryCode(SM, m)) {
      callee(loc, m);
      return;
    }
    const FunctionDecl *fd = m->getTemplateInstantiationPattern() ? m->getTemplateInstantiationPattern() : m;
    if (fd->isConstexpr() || markedHD(fd) || !once(loc, Diag::DeviceHostType))
      return;
    report(ctx.getDiagnostics(), loc, Diag::DeviceHostType)
        << what << name << type.getAsString(ctx.getPrintingPolicy()) << m->getQualifiedNameAsString();
    ok = false;
  }

  bool VisitDeclRefExpr(DeclRefExpr *e) {
    const auto *v = dyn_cast<VarDecl>(e->getDecl());
    if (!v || v->isLocalVarDeclOrParm() || !v->hasGlobalStorage())
      return true;
    if (!constantGlobal(v)) {
      // In a kernel: reported with its captures (GlobalInKernel).
      if (fn && reported.insert({fn, v}).second) {
        report(ctx.getDiagnostics(), e->getLocation(), Diag::DeviceGlobal) << what << v->getName();
        ok = false;
      }
      return true;
    }
    if (fn && (e->isNonOdrUse() == NOUR_None || v->getType()->isArrayType() ||
               !valueInDeviceCode(v) || fn->isDependentContext()))
      copies.push_back({v, e});
    return true;
  }

  ASTContext &ctx;
  const SourceManager &SM;
  bool &ok;
  const FunctionDecl *fn = nullptr;
  std::string what;
  bool longDouble = false; // reported for this function or kernel
  std::vector<std::pair<const VarDecl *, const DeclRefExpr *>> copies; // of fn
  std::set<std::pair<const FunctionDecl *, const VarDecl *>> reported;
  std::set<std::pair<unsigned, unsigned>> done;
  std::set<const Expr *> objects; // constructions checked with their variable
  int inThrow = 0;

private:
  // Once per place (a kernel's statement can be walked twice).
  bool once(SourceLocation loc, Diag d) {
    return done.insert({loc.getRawEncoding(), static_cast<unsigned>(d)}).second;
  }
  bool error(SourceLocation loc, Diag d) {
    if (once(loc, d))
      report(ctx.getDiagnostics(), loc, d) << what;
    ok = false;
    return true;
  }
  void callee(SourceLocation loc, const FunctionDecl *fd) {
    if (deviceReady(SM, fd) || !once(loc, Diag::DeviceHostFunction))
      return;
    if (SM.isInSystemHeader(SM.getExpansionLoc(fd->getLocation()))) {
      report(ctx.getDiagnostics(), loc, Diag::DeviceLibraryFunction) << what << fd->getQualifiedNameAsString();
      ok = false;
      return;
    }
    std::string file =
        llvm::sys::path::filename(SM.getFilename(SM.getExpansionLoc(fd->getLocation()))).str();
    report(ctx.getDiagnostics(), loc, Diag::DeviceHostFunction)
        << what << fd->getQualifiedNameAsString() << file;
    ok = false;
  }
};

// The names a copy at the start of fn's body would clash with: its
// parameters and the declarations directly in its body.
bool nameTaken(const FunctionDecl *fn, StringRef name) {
  for (const ParmVarDecl *p : fn->parameters())
    if (p->getName() == name)
      return true;
  if (const auto *cs = dyn_cast_or_null<CompoundStmt>(fn->getBody()))
    for (const Stmt *s : cs->body())
      if (const auto *ds = dyn_cast<DeclStmt>(s))
        for (const Decl *d : ds->decls())
          if (const auto *nd = dyn_cast<NamedDecl>(d); nd && nd->getName() == name)
            return true;
  return false;
}

} // namespace

bool checkDeviceCode(const PrintInput &in, const std::set<const FunctionDecl *> &device,
                     Rewriter &host) {
  ASTContext &ctx = in.ctx;
  const SourceManager &SM = ctx.getSourceManager();
  // The kernels use CUDA's built-in variables: a name of the file that
  // would hide one (or clash with it at namespace scope) is an error.
  bool ok = checkReservedNames(
      ctx,
      [](llvm::StringRef n) {
        return n == "threadIdx" || n == "blockIdx" || n == "blockDim" || n == "gridDim" ||
               n == "warpSize";
      },
      Diag::CudaBuiltinName);
  DeviceCode dc(ctx, ok);
  for (const Kernel *k : deviceCheckedKernels(in.model)) {
    dc.run(k->blockLoops.front().loop, nullptr);
    // Reductions combine with shuffles and atomics of at most 8 bytes (a
    // 16-byte hy::minloc pair takes a 16-byte compare-and-swap); every
    // integral type of up to 8 bytes, the character types included.
    std::vector<const Reduction *> reds;
    for (const Reduction &r : k->reductions)
      reds.push_back(&r);
    std::function<void(const Node *)> nests = [&](const Node *n) {
      for (const Reduction &r : n->reductions)
        reds.push_back(&r);
      for (auto &c : n->children)
        nests(c.get());
    };
    nests(k->body.get());
    for (const Reduction *r : reds) {
      QualType t = r->var->getType().getNonReferenceType();
      if (r->isArray)
        t = classifyArray(t).elem;
      // A reduction across blocks has its accumulator in a kernel parameter
      // `T *`: nvcc (13.0) miscompiles the host stub of a `char8_t *` one.
      // Array elements travel in a view, which it passes fine.
      bool acrossBlocks = std::any_of(k->captures.begin(), k->captures.end(),
                                      [&](const Capture &c) { return c.reduction == r; });
      if (acrossBlocks && !t.isNull() &&
          t.getCanonicalType()->isSpecificBuiltinType(BuiltinType::Char8)) {
        report(ctx.getDiagnostics(), r->loc, Diag::ReductionChar8Gpu) << r->var->getName();
        ok = false;
      }
      if (!t.isNull() && (t->isSpecificBuiltinType(BuiltinType::Int128) ||
                          t->isSpecificBuiltinType(BuiltinType::UInt128))) {
        report(ctx.getDiagnostics(), r->loc, Diag::ReductionTypeGpu)
            << r->var->getName() << t.getAsString(ctx.getPrintingPolicy());
        ok = false;
      }
    }
  }
  for (const FunctionDecl *fn : device) {
    const auto *body = dyn_cast_or_null<CompoundStmt>(fn->getBody());
    if (!body || !SM.isInMainFile(SM.getExpansionLoc(fn->getLocation())))
      continue;
    dc.run(body, fn);
    // The copies, named plainly (`ns::kT[i]` becomes `kT[i]`).
    std::string text;
    std::map<std::string, const VarDecl *> names;
    for (auto &[v, e] : dc.copies) {
      std::string name = v->getName().str();
      auto [it, fresh] = names.emplace(name, v);
      if (it->second->getCanonicalDecl() != v->getCanonicalDecl() || (fresh && nameTaken(fn, name))) {
        report(ctx.getDiagnostics(), e->getLocation(), Diag::KernelConstantClash) << name;
        ok = false;
        continue;
      }
      if (NestedNameSpecifierLoc q = e->getQualifierLoc())
        host.RemoveText(CharSourceRange::getCharRange(SM.getExpansionLoc(q.getBeginLoc()),
                                                      SM.getExpansionLoc(e->getLocation())));
      if (!fresh)
        continue;
      std::string copy = constantCopy(ctx, v);
      if (copy.empty()) {
        report(ctx.getDiagnostics(), e->getLocation(), Diag::KernelConstantType)
            << name << v->getType().getAsString();
        ok = false;
        continue;
      }
      text += " " + (copy.rfind("static ", 0) == 0 ? copy : "static " + copy);
    }
    if (!text.empty())
      host.InsertTextAfter(body->getLBracLoc().getLocWithOffset(1), text);
  }
  return ok;
}

} // namespace hy::cudagen
