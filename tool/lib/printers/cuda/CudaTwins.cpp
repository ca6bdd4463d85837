// Device twins of the functions that kernels call with arrays (CudaTwins.h):
// which functions get one, what their bodies may do with the arrays, and
// the twin's text (the function's own text, the array parameters' types
// replaced by the views a kernel holds, marked __device__).
#include "cuda/CudaTwins.h"

#include "PrintUtil.h"
#include "hy/Diagnostics.h"
#include "hy/Model.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace clang;

namespace hy::cudagen {

namespace {

ArrayType arrayOf(const ParmVarDecl *p) { return classifyArray(p->getType().getNonReferenceType()); }

// The members of an array parameter the kernel's view has too.
bool viewMember(StringRef name, ArrayKind kind) {
  if (name == "extent" || name == "size" || name == "empty")
    return true;
  if (kind == ArrayKind::Worklist)
    return name == "push" || name == "front" || name == "back" || name == "at";
  return kind == ArrayKind::StdVector && (name == "front" || name == "back" || name == "at");
}

// The uses of a twin's array parameters that a view cannot stand in for:
// anything but an element access, a member the view has, a range-for, or
// passing the array on to a call (checkDeviceCode checks the callee).
class ArrayUses : public RecursiveASTVisitor<ArrayUses> {
public:
  ArrayUses(ASTContext &ctx, const FunctionDecl *fn, bool &ok) : ctx(ctx), fn(fn), ok(ok) {}

  bool VisitDeclRefExpr(DeclRefExpr *e) {
    const auto *p = dyn_cast<ParmVarDecl>(e->getDecl());
    if (!p || p->getDeclContext() != fn || !arrayParam(p))
      return true;
    std::string how = misuse(e, arrayOf(p).kind);
    if (how.empty())
      return true;
    report(ctx.getDiagnostics(), e->getLocation(), Diag::TwinArrayUse)
        << fn->getNameAsString() << p->getName() << how;
    ok = false;
    return true;
  }

private:
  // "" when the use is one a view has; else how it is used, for the error.
  std::string misuse(const Expr *e, ArrayKind kind) {
    auto parentOf = [&](const auto &n) {
      DynTypedNodeList ps = ctx.getParents(n);
      return ps.empty() ? DynTypedNode() : ps[0];
    };
    const Expr *child = e;
    DynTypedNode parent = parentOf(*child);
    while (parent.get<ParenExpr>() || parent.get<ImplicitCastExpr>()) {
      child = parent.get<Expr>();
      parent = parentOf(*child);
    }
    if (parent.getNodeKind().isNone())
      return "";
    if (const auto *op = parent.get<CXXOperatorCallExpr>()) {
      OverloadedOperatorKind k = op->getOperator();
      if ((k == OO_Call || k == OO_Subscript) && op->getArg(0) == child)
        return "";
      return std::string("as an operand of '") + getOperatorSpelling(k) + "'";
    }
    if (parent.get<CallExpr>()) // a(i) in a template, or passed on whole
      return "";
    if (parent.get<CXXConstructExpr>())
      return "to make a copy of it";
    if (parent.get<CXXForRangeStmt>())
      return "";
    if (const auto *me = parent.get<MemberExpr>()) {
      std::string n = me->getMemberNameInfo().getAsString();
      return viewMember(n, kind) ? "" : "in a call of its member '" + n + "'";
    }
    if (const auto *me = parent.get<CXXDependentScopeMemberExpr>()) {
      std::string n = me->getMember().getAsString();
      return viewMember(n, kind) ? "" : "in a call of its member '" + n + "'";
    }
    if (const auto *uo = parent.get<UnaryOperator>())
      return uo->getOpcode() == UO_AddrOf ? "to take its address" : "as an operand";
    if (const auto *vd = parent.get<VarDecl>()) {
      if (vd->isImplicit()) { // a range-for's range
        DynTypedNode decl = parentOf(*vd);
        if (const auto *ds = decl.get<DeclStmt>())
          if (parentOf(*ds).get<CXXForRangeStmt>())
            return "";
      }
      return "to initialize '" + vd->getNameAsString() + "', which would hold it beyond the call";
    }
    if (parent.get<ReturnStmt>())
      return "as its return value";
    if (parent.get<LambdaExpr>())
      return "in a lambda's capture";
    if (const auto *bo = parent.get<BinaryOperator>())
      return "as an operand of '" + bo->getOpcodeStr().str() + "'";
    return "other than through its elements";
  }

  ASTContext &ctx;
  const FunctionDecl *fn;
  bool &ok;
};

// The written template arguments of an array parameter's type, when it is
// written as a template-id (hy::array<W, 1>): their text, so that the view
// names what the function's scope names.
std::vector<std::string> writtenArgs(ASTContext &ctx, const ParmVarDecl *p) {
  std::vector<std::string> out;
  const TypeSourceInfo *tsi = p->getTypeSourceInfo();
  if (!tsi)
    return out;
  TypeLoc tl = tsi->getTypeLoc();
  for (bool more = true; more;) {
    more = false;
    if (auto r = tl.getAs<ReferenceTypeLoc>())
      tl = r.getPointeeLoc(), more = true;
    else if (auto q = tl.getAs<QualifiedTypeLoc>())
      tl = q.getUnqualifiedLoc(), more = true;
    else if (auto el = tl.getAs<ElaboratedTypeLoc>())
      tl = el.getNamedTypeLoc(), more = true;
  }
  auto ts = tl.getAs<TemplateSpecializationTypeLoc>();
  if (!ts)
    return out;
  const SourceManager &SM = ctx.getSourceManager();
  for (unsigned i = 0; i < ts.getNumArgs(); ++i) {
    SourceRange r = ts.getArgLoc(i).getSourceRange();
    if (r.isInvalid() || r.getBegin().isMacroID() || r.getEnd().isMacroID())
      return {};
    out.push_back(Lexer::getSourceText(CharSourceRange::getTokenRange(r), SM, ctx.getLangOpts()).str());
  }
  return out;
}

// The type of a twin's parameter for array parameter p: the view a kernel
// holds (CudaKernelText.cpp, KernelPrinter::params), const when p's is.
std::string viewType(ASTContext &ctx, const ParmVarDecl *p) {
  ArrayType a = arrayOf(p);
  std::vector<std::string> args = writtenArgs(ctx, p);
  std::string elem = !args.empty() ? args[0] : typeText(ctx, a.elem);
  std::string t;
  if (a.kind == ArrayKind::Worklist)
    t = "hy::cuda::worklist_view<" + elem + ">";
  else if (a.kind == ArrayKind::HyArray)
    t = "hy::cuda::view<" + elem + ", " +
        (args.size() > 1 ? args[1] : std::to_string(a.rank ? a.rank : 1)) + ">";
  else
    t = "hy::cuda::view<" + elem + ", 1>";
  return (p->getType().getNonReferenceType().isConstQualified() ? "const " : "") + t;
}

// The range of an HY_HD mark on fd as written in the file (invalid if none).
CharSourceRange hdMark(const SourceManager &SM, const FunctionDecl *fd) {
  for (const auto *a : fd->specific_attrs<AnnotateAttr>())
    if (a->getAnnotation() == "hy_hd" && a->getLocation().isMacroID())
      return SM.getExpansionRange(a->getLocation());
  return {};
}

unsigned offsetOf(const SourceManager &SM, SourceLocation loc) {
  return SM.getFileOffset(SM.getExpansionLoc(loc));
}

// The twin's declaration text of redeclaration `rd`, from its first token
// (its template header) to `end` (its body's '{', or its ';').
std::string twinHead(ASTContext &ctx, const FunctionDecl *rd, SourceLocation end) {
  const SourceManager &SM = ctx.getSourceManager();
  const FunctionTemplateDecl *ft = rd->getDescribedFunctionTemplate();
  SourceLocation begin = SM.getExpansionLoc(ft ? ft->getBeginLoc() : rd->getBeginLoc());
  // Edits by offset: [from, to) replaced by text.
  struct Edit {
    unsigned from, to;
    std::string text;
  };
  std::vector<Edit> edits;
  if (hdMark(SM, rd).isInvalid()) { // HY_HD stays: a __host__ __device__ twin
    unsigned at = offsetOf(SM, rd->getInnerLocStart());
    edits.push_back({at, at, "__device__ "});
  }
  for (const ParmVarDecl *p : rd->parameters()) {
    if (!arrayParam(p))
      continue;
    unsigned from = offsetOf(SM, p->getBeginLoc());
    unsigned to = p->getIdentifier()
                      ? offsetOf(SM, p->getLocation())
                      : offsetOf(SM, Lexer::getLocForEndOfToken(p->getEndLoc(), 0, SM, ctx.getLangOpts()));
    edits.push_back({from, to, viewType(ctx, p) + (p->getIdentifier() ? " " : "")});
  }
  std::sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) { return a.from < b.from; });
  StringRef buf = SM.getBufferData(SM.getFileID(begin));
  unsigned pos = offsetOf(SM, begin), stop = offsetOf(SM, end);
  std::string out;
  for (const Edit &e : edits) {
    if (e.from < pos || e.to > stop)
      continue;
    out += buf.substr(pos, e.from - pos).str() + e.text;
    pos = e.to;
  }
  return out + buf.substr(pos, stop - pos).str();
}

// The parameter list of the twin, for telling two twins apart.
std::string twinSignature(ASTContext &ctx, const FunctionDecl *fd) {
  std::string s;
  for (const ParmVarDecl *p : fd->parameters())
    s += (arrayParam(p) ? viewType(ctx, p) : p->getType().getCanonicalType().getAsString()) + ",";
  return s;
}

} // namespace

bool arrayParam(const ParmVarDecl *p) { return arrayOf(p).kind != ArrayKind::None; }

bool outsideTwin(ASTContext &ctx, const CallExpr *ce, const FunctionDecl *fd, StringRef where) {
  const FunctionDecl *pattern = fd->getTemplateInstantiationPattern();
  unsigned first = isa<CXXOperatorCallExpr>(ce) && isa<CXXMethodDecl>(fd) ? 1 : 0;
  for (unsigned i = first; i < ce->getNumArgs() && i - first < fd->getNumParams(); ++i) {
    const auto *dre = dyn_cast<DeclRefExpr>(ce->getArg(i)->IgnoreParenImpCasts());
    const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
    const ParmVarDecl *p = fd->getParamDecl(i - first);
    if (!v || classifyArray(v->getType().getNonReferenceType()).kind == ArrayKind::None ||
        !arrayParam(p))
      continue;
    if (pattern && i - first < pattern->getNumParams() &&
        pattern->getParamDecl(i - first)->getType()->isDependentType() &&
        !arrayParam(pattern->getParamDecl(i - first)))
      continue; // a template parameter: instantiated for the view by nvcc
    report(ctx.getDiagnostics(), dre->getLocation(), Diag::TwinOutsideFile)
        << v->getName() << fd->getQualifiedNameAsString() << p->getName()
        << p->getType().getAsString(ctx.getPrintingPolicy()) << where;
    return true;
  }
  return false;
}

bool findTwins(const PrintInput &in, const std::set<const FunctionDecl *> &device,
               std::set<const FunctionDecl *> &twins) {
  ASTContext &ctx = in.ctx;
  const SourceManager &SM = ctx.getSourceManager();
  bool ok = true;
  std::map<std::pair<const DeclContext *, std::string>, const FunctionDecl *> signatures;
  for (const FunctionDecl *fd : device) {
    if (!fd->hasBody() || !SM.isInMainFile(SM.getExpansionLoc(fd->getLocation())))
      continue;
    const ParmVarDecl *first = nullptr;
    for (const ParmVarDecl *p : fd->parameters())
      if (arrayParam(p) && !first)
        first = p;
    if (!first)
      continue;
    if (isa<CXXMethodDecl>(fd)) {
      report(ctx.getDiagnostics(), fd->getLocation(), Diag::TwinMember)
          << fd->getQualifiedNameAsString() << first->getName();
      ok = false;
      continue;
    }
    bool good = true;
    for (const ParmVarDecl *p : fd->parameters())
      if (arrayParam(p) && !p->getType()->isReferenceType()) {
        report(ctx.getDiagnostics(), p->getLocation(), Diag::TwinArrayByValue)
            << fd->getNameAsString() << p->getName()
            << p->getType().getUnqualifiedType().getAsString(ctx.getPrintingPolicy());
        good = false;
      }
    ArrayUses uses(ctx, fd, good);
    uses.TraverseStmt(fd->getBody());
    auto key = std::make_pair(fd->getDeclContext()->getRedeclContext(),
                              fd->getNameAsString() + "(" + twinSignature(ctx, fd) + ")");
    auto [it, fresh] = signatures.emplace(key, fd);
    if (!fresh) {
      const FunctionDecl *other = it->second;
      const FunctionDecl *later =
          SM.isBeforeInTranslationUnit(other->getLocation(), fd->getLocation()) ? fd : other;
      report(ctx.getDiagnostics(), later->getLocation(), Diag::TwinClash) << fd->getNameAsString();
      good = false;
    }
    ok &= good;
    if (good)
      twins.insert(fd);
  }
  return ok;
}

void printTwins(const PrintInput &in, const std::set<const FunctionDecl *> &twins,
                Rewriter &host) {
  ASTContext &ctx = in.ctx;
  const SourceManager &SM = ctx.getSourceManager();
  const LangOptions &LO = ctx.getLangOpts();
  for (const FunctionDecl *fd : twins) {
    const std::string note = "// Device version of '" + fd->getNameAsString() +
                             "' for kernels, which hold its arrays as views (hyc).\n";
    for (const FunctionDecl *rd : fd->redecls()) {
      if (!SM.isInMainFile(SM.getExpansionLoc(rd->getLocation())))
        continue;
      // The original stays host code: no HY_HD.
      CharSourceRange hd = hdMark(SM, rd);
      if (hd.isValid())
        host.RemoveText(hd);
      std::string text;
      SourceLocation last; // the declaration's last character
      if (rd->doesThisDeclarationHaveABody()) {
        const Stmt *body = rd->getBody();
        SourceLocation lbrace = SM.getExpansionLoc(body->getBeginLoc());
        text = twinHead(ctx, rd, lbrace) + rewrittenText(host, ctx, body->getSourceRange());
        last = SM.getExpansionLoc(body->getEndLoc());
      } else {
        SourceLocation end = SM.getExpansionLoc(rd->getEndLoc());
        SourceLocation semi = Lexer::findLocationAfterToken(end, tok::semi, SM, LO, false);
        if (semi.isInvalid())
          continue;
        text = twinHead(ctx, rd, Lexer::getLocForEndOfToken(end, 0, SM, LO)) + ";";
        last = semi.getLocWithOffset(-1);
      }
      const FunctionTemplateDecl *ft = rd->getDescribedFunctionTemplate();
      SourceLocation begin = ft ? ft->getBeginLoc() : rd->getBeginLoc();
      // The line after the twin maps back to the line after `last`.
      std::string t = "\n" + note + lineDirective(in, begin) + text;
      if (in.opts.lineDirectives)
        t += "\n#line " + std::to_string(SM.getExpansionLineNumber(last) + 1) + " " +
             cString(in.opts.inputName);
      host.InsertTextAfterToken(last, t);
    }
  }
}

} // namespace hy::cudagen
