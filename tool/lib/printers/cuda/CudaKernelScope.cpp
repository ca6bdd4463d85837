// KernelScope (CudaScope.h): a kernel is printed at namespace scope, so every
// name its text uses must mean there what it meant in the loop. Names of the
// enclosing templates become the kernel's template parameters; local types,
// aliases, enums, using-declarations and constants are copied into the
// kernel; members of the enclosing class are qualified with the class;
// constants at namespace scope get a device copy. What cannot be carried
// (a member of a local class, a private member, a generic lambda's `auto`)
// is an error that says what to move where.
#include "cuda/CudaScope.h"
#include "PrintUtil.h"
#include "hy/Analysis.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallString.h"
#include <algorithm>
#include <functional>

using namespace clang;

namespace hy::cudagen {

void reportAll(DiagnosticsEngine &DE, const std::vector<Problem> &problems) {
  for (const Problem &p : problems) {
    {
      auto db = report(DE, p.loc, p.diag);
      for (const std::string &a : p.args)
        db << a;
    } // emitted here: one diagnostic at a time
    if (p.noteLoc.isValid()) {
      auto nb = report(DE, p.noteLoc, p.note);
      for (const std::string &a : p.noteArgs)
        nb << a;
    }
  }
}

// --- constants

bool carriedConstant(const VarDecl *v) { return constantGlobal(v); }

bool valueInDeviceCode(const VarDecl *v) {
  const VarDecl *def = v->getDefinition() ? v->getDefinition() : v;
  return def->isConstexpr() || def->getType()->isIntegralOrEnumerationType();
}

namespace {

std::string intText(const llvm::APSInt &v) {
  if (v.isSigned() && v.isMinSignedValue() && v.getBitWidth() >= 64)
    return "(-9223372036854775807LL - 1)";
  llvm::SmallString<32> s;
  v.toString(s, 10);
  return std::string(s) + (v.isUnsigned() ? "ULL" : "LL");
}

// An evaluated value as C++ text of type `t` (exact), or "" if it is not
// an arithmetic value or an array of them.
std::string valueText(ASTContext &ctx, const APValue &v, QualType t) {
  t = t.getCanonicalType();
  if (const auto *at = ctx.getAsConstantArrayType(t)) {
    std::string s = "{";
    unsigned n = at->getSize().getZExtValue();
    for (unsigned i = 0; i < n; ++i) {
      const APValue &e = i < v.getArrayInitializedElts() ? v.getArrayInitializedElt(i)
                                                          : v.getArrayFiller();
      std::string x = valueText(ctx, e, at->getElementType());
      if (x.empty())
        return "";
      s += (i ? ", " : "") + x;
    }
    return s + "}";
  }
  if (v.isInt()) {
    if (t->isBooleanType())
      return v.getInt().getBoolValue() ? "true" : "false";
    if (t->isSpecificBuiltinType(BuiltinType::Int)) {
      llvm::SmallString<16> s;
      v.getInt().toString(s, 10);
      return v.getInt().isMinSignedValue() ? "(-2147483647 - 1)" : std::string(s);
    }
    return "(" + typeText(ctx, t) + ")" + intText(v.getInt());
  }
  if (v.isFloat()) {
    const llvm::APFloat &f = v.getFloat();
    std::string suffix = t->isSpecificBuiltinType(BuiltinType::Float) ? "f"
                         : t->isSpecificBuiltinType(BuiltinType::Double) ? ""
                                                                          : "L";
    if (f.isNaN())
      return std::string("__builtin_nan") + (suffix == "L" ? "l" : suffix) + "(\"\")";
    if (f.isInfinity())
      return std::string(f.isNegative() ? "-" : "") + "__builtin_huge_val" +
             (suffix == "L" ? "l" : suffix) + "()";
    char buf[64];
    unsigned n = f.convertToHexString(buf, 0, false, llvm::APFloat::rmNearestTiesToEven);
    return std::string(buf, n) + suffix;
  }
  return "";
}

} // namespace

std::string constantCopy(ASTContext &ctx, const VarDecl *v) {
  const VarDecl *def = v->getDefinition() ? v->getDefinition() : v;
  if (v->getType()->isDependentType() || !def->getInit())
    return "";
  const APValue *val = def->evaluateValue();
  if (!val)
    return "";
  QualType t = def->getType().getCanonicalType();
  std::string value = valueText(ctx, *val, t);
  if (value.empty())
    return "";
  // `T name[2][3]`: the element type, then the name and its extents.
  std::string dims;
  QualType elem = t;
  while (const auto *at = ctx.getAsConstantArrayType(elem)) {
    dims += "[" + std::to_string(at->getSize().getZExtValue()) + "]";
    elem = at->getElementType();
  }
  return (dims.empty() ? "constexpr " : "static constexpr ") + typeText(ctx, elem) + " " +
         v->getName().str() + dims + " = " + value + ";";
}

// Whether an alias was declared in a function's body (or in a class that
// is): a name the kernel, at namespace scope, cannot spell.
static bool functionLocal(const TypedefNameDecl *d) {
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (dc->isFunctionOrMethod())
      return true;
  return false;
}

// Whether such an alias is named anywhere inside t: a template argument
// (`hy::minloc<ELT, long long>`), a pointee, an element type.
static bool namesFunctionLocalAlias(QualType t) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool found = false;
    bool VisitTypedefType(TypedefType *tt) {
      found = found || functionLocal(tt->getDecl());
      return !found;
    }
  } f;
  f.TraverseType(t);
  return f.found;
}

QualType namespaceType(ASTContext &ctx, QualType t) {
  for (int guard = 0; guard < 32; ++guard) {
    const auto *tt = t->getAs<TypedefType>();
    if (!tt)
      break;
    const DeclContext *dc = tt->getDecl()->getDeclContext();
    while (dc->isTransparentContext())
      dc = dc->getParent();
    if (dc->isFileContext())
      break;
    t = ctx.getQualifiedType(tt->desugar(), t.getQualifiers());
  }
  // A local alias inside the type: the type it stands for, fully spelled
  // (a local class or enum in it stays, and is refused where it matters).
  return namesFunctionLocalAlias(t) ? t.getCanonicalType() : t;
}

// --- references the kernel's text makes

struct KernelScope::Ref {
  const NamedDecl *decl = nullptr;  // what the name denotes
  const NamedDecl *found = nullptr; // as lookup found it (a using shadow)
  SourceLocation loc;               // the name (where a qualifier goes)
  SourceRange qualifier;            // written before it, if any
  bool isType = false, templateArgs = false, odrUse = true, implicitMember = false;
  bool qualifierHead = false; // a type that starts a qualifier (`Inner<3>::V`)
  bool accessOnly = false;    // a later part of a qualifier: only its access matters
  bool injected = false;      // a class template's own name without arguments
  bool dependentScope = false; // `B<T>::w`, B<T> dependent: the qualifier as written names it
};

class RefCollector : public RecursiveASTVisitor<RefCollector> {
public:
  explicit RefCollector(std::vector<KernelScope::Ref> &out) : out(out) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc q) {
    if (!q)
      return true;
    std::vector<NestedNameSpecifierLoc> chain;
    for (NestedNameSpecifierLoc l = q; l; l = l.getPrefix())
      chain.push_back(l);
    for (size_t i = 0; i < chain.size(); ++i) {
      NestedNameSpecifierLoc l = chain[i];
      bool first = i + 1 == chain.size(); // the leftmost component
      NestedNameSpecifier *n = l.getNestedNameSpecifier();
      if (first && n->getKind() == NestedNameSpecifier::NamespaceAlias) {
        KernelScope::Ref r;
        r.decl = r.found = n->getAsNamespaceAlias();
        r.loc = l.getLocalBeginLoc();
        out.push_back(r);
      }
      if (TypeLoc tl = l.getTypeLoc()) {
        if (!first)
          qualified.insert(tl.getOpaqueData());
        else
          heads.insert(tl.getOpaqueData());
        TraverseTypeLoc(tl);
      }
    }
    return true;
  }
  bool TraverseElaboratedTypeLoc(ElaboratedTypeLoc tl) {
    if (tl.getQualifierLoc())
      qualified.insert(tl.getNamedTypeLoc().getOpaqueData());
    return RecursiveASTVisitor::TraverseElaboratedTypeLoc(tl);
  }

  bool VisitDeclRefExpr(DeclRefExpr *e) {
    const auto *fd = dyn_cast<FunctionDecl>(e->getDecl());
    if (fd && fd->isOverloadedOperator())
      return true; // found by operator lookup, wherever the kernel is
    KernelScope::Ref r;
    r.decl = e->getDecl();
    r.found = e->getFoundDecl();
    r.loc = e->getLocation();
    if (e->getQualifierLoc())
      r.qualifier = e->getQualifierLoc().getSourceRange();
    r.templateArgs = e->hasExplicitTemplateArgs();
    r.odrUse = e->isNonOdrUse() == NOUR_None;
    out.push_back(r);
    return true;
  }
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *e) {
    if (e->decls_begin() == e->decls_end())
      return true;
    KernelScope::Ref r;
    r.decl = r.found = *e->decls_begin();
    r.loc = e->getNameLoc();
    if (e->getQualifierLoc())
      r.qualifier = e->getQualifierLoc().getSourceRange();
    r.templateArgs = e->hasExplicitTemplateArgs();
    out.push_back(r);
    return true;
  }
  // `B<T>::g` with B<T> dependent: the member as the template defines it
  // (or a base it names), for its access only.
  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *e) {
    const Type *t = e->getQualifier() ? e->getQualifier()->getAsType() : nullptr;
    if (const NamedDecl *m = t ? dependentMember(t, e->getDeclName(), 0) : nullptr) {
      KernelScope::Ref r;
      r.decl = r.found = m;
      r.loc = e->getLocation();
      // A constant array member (`Coef<T>::w[i]`): device code needs a
      // copy of it. Anything else: only its access matters.
      const auto *v = dyn_cast<VarDecl>(m);
      if (v && v->isStaticDataMember() && v->getType()->isArrayType()) {
        r.dependentScope = true;
        r.qualifier = e->getQualifierLoc().getSourceRange();
      } else {
        r.accessOnly = true;
      }
      out.push_back(r);
    }
    return true;
  }
  static const CXXRecordDecl *templateRecord(const Type *t) {
    if (const auto *ts = t->getAs<TemplateSpecializationType>())
      if (const auto *ct = dyn_cast_or_null<ClassTemplateDecl>(
              ts->getTemplateName().getAsTemplateDecl()))
        return ct->getTemplatedDecl();
    if (const auto *ic = t->getAs<InjectedClassNameType>())
      return ic->getDecl();
    return t->getAsCXXRecordDecl();
  }
  static const NamedDecl *dependentMember(const Type *t, DeclarationName name, int depth) {
    const CXXRecordDecl *rd = templateRecord(t);
    if (!rd || !rd->hasDefinition() || depth > 8)
      return nullptr;
    rd = rd->getDefinition();
    for (const NamedDecl *m : rd->lookup(name))
      return m;
    for (const CXXBaseSpecifier &b : rd->bases())
      if (const NamedDecl *m = dependentMember(b.getType().getTypePtr(), name, depth + 1))
        return m;
    return nullptr;
  }
  bool VisitUnresolvedMemberExpr(UnresolvedMemberExpr *e) {
    if (!e->isImplicitAccess() || e->decls_begin() == e->decls_end() || e->getQualifierLoc())
      return true;
    KernelScope::Ref r;
    r.decl = r.found = *e->decls_begin();
    r.loc = e->getMemberLoc();
    r.templateArgs = e->hasExplicitTemplateArgs();
    r.implicitMember = true;
    out.push_back(r);
    return true;
  }
  void type(TypeLoc tl, const NamedDecl *d, const NamedDecl *found = nullptr) {
    if (!d)
      return;
    KernelScope::Ref r;
    // After a qualifier (`S::In`): S names it; only its access matters.
    r.accessOnly = qualified.count(tl.getOpaqueData());
    r.decl = d;
    r.found = found ? found : d;
    r.loc = tl.getBeginLoc();
    r.isType = true;
    r.qualifierHead = heads.count(tl.getOpaqueData());
    out.push_back(r);
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc tl) {
    type(tl, tl.getTypedefNameDecl());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc tl) {
    type(tl, tl.getDecl());
    return true;
  }
  bool VisitInjectedClassNameTypeLoc(InjectedClassNameTypeLoc tl) {
    type(tl, tl.getDecl());
    if (!out.empty() && out.back().loc == tl.getBeginLoc() && out.back().decl == tl.getDecl())
      out.back().injected = true;
    return true;
  }
  bool VisitUsingTypeLoc(UsingTypeLoc tl) {
    const UsingShadowDecl *s = tl.getTypePtr()->getFoundDecl();
    type(tl, s->getTargetDecl(), s);
    return true;
  }
  bool VisitUnresolvedUsingTypeLoc(UnresolvedUsingTypeLoc tl) {
    type(tl, tl.getDecl()); // `using typename Base<T>::elem;` in a class
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc tl) {
    TemplateName n = tl.getTypePtr()->getTemplateName();
    if (UsingShadowDecl *s = n.getAsUsingShadowDecl())
      type(tl, s->getTargetDecl(), s);
    else
      type(tl, n.getAsTemplateDecl());
    return true;
  }
  bool VisitTemplateTypeParmTypeLoc(TemplateTypeParmTypeLoc tl) {
    type(tl, tl.getDecl());
    return true;
  }

  std::vector<KernelScope::Ref> &out;
  std::set<void *> qualified; // type locations written after a qualifier
  std::set<void *> heads;     // type locations that start a qualifier
};

// --- the kernel's template parameters

namespace {

// The template parameter lists that apply to `fd`'s body, outermost first:
// those of enclosing class templates (or, for a member defined outside its
// class, the lists written on that definition) and of fd itself.
std::vector<const TemplateParameterList *> enclosingTemplateLists(const FunctionDecl *fd) {
  std::vector<const TemplateParameterList *> lists;
  if (fd->getNumTemplateParameterLists() > 0) {
    for (unsigned i = 0; i < fd->getNumTemplateParameterLists(); ++i)
      lists.push_back(fd->getTemplateParameterList(i));
  } else {
    std::vector<const TemplateParameterList *> outer;
    // A friend defined in its class sees the class's parameters.
    const DeclContext *start = fd->getFriendObjectKind() != Decl::FOK_None
                                   ? fd->getLexicalDeclContext()
                                   : fd->getDeclContext();
    for (const DeclContext *dc = start; dc; dc = dc->getParent()) {
      if (const auto *ps = dyn_cast<ClassTemplatePartialSpecializationDecl>(dc))
        outer.push_back(ps->getTemplateParameters());
      else if (const auto *rd = dyn_cast<CXXRecordDecl>(dc)) {
        if (const ClassTemplateDecl *ct = rd->getDescribedClassTemplate())
          outer.push_back(ct->getTemplateParameters());
      } else if (const auto *outerFn = dyn_cast<FunctionDecl>(dc)) {
        if (const FunctionTemplateDecl *ft = outerFn->getDescribedFunctionTemplate())
          outer.push_back(ft->getTemplateParameters());
      }
    }
    lists.assign(outer.rbegin(), outer.rend());
  }
  if (const FunctionTemplateDecl *ft = fd->getDescribedFunctionTemplate())
    lists.push_back(ft->getTemplateParameters());
  return lists;
}

std::optional<unsigned> templateDepth(const NamedDecl *d) {
  if (const auto *t = dyn_cast<TemplateTypeParmDecl>(d))
    return t->getDepth();
  if (const auto *t = dyn_cast<NonTypeTemplateParmDecl>(d))
    return t->getDepth();
  if (const auto *t = dyn_cast<TemplateTemplateParmDecl>(d))
    return t->getDepth();
  return std::nullopt;
}

} // namespace

void KernelScope::templateParams() {
  std::vector<const TemplateParameterList *> lists = enclosingTemplateLists(k.function);
  depths = lists.size();
  std::string header, args;
  const LangOptions &LO = ctx.getLangOpts();
  for (const TemplateParameterList *l : lists)
    for (const NamedDecl *p : *l) {
      // An unnamed parameter cannot be named in the loop: the kernel does
      // not need it (nor can the launch name it).
      if (p->getName().empty())
        continue;
      if (p->isImplicit()) { // a generic lambda's `auto`
        problem(p->getLocation(), Diag::KernelInGenericLambda, {});
        continue;
      }
      std::string name = p->getName().str(), decl;
      bool pack = p->isTemplateParameterPack();
      if (const auto *t = dyn_cast<TemplateTypeParmDecl>(p))
        decl = std::string(t->wasDeclaredWithTypename() ? "typename" : "class") +
               (pack ? "... " : " ") + name;
      else if (const auto *n = dyn_cast<NonTypeTemplateParmDecl>(p))
        decl = typeText(ctx, n->getType()) + (pack ? "... " : " ") + name;
      else // a template template parameter, as written (without its default)
        decl = Lexer::getSourceText(
                   CharSourceRange::getCharRange(
                       SM.getExpansionLoc(p->getBeginLoc()),
                       Lexer::getLocForEndOfToken(SM.getExpansionLoc(p->getLocation()), 0, SM, LO)),
                   SM, LO)
                   .str();
      header += (header.empty() ? "" : ", ") + decl;
      args += (args.empty() ? "" : ", ") + name + (pack ? "..." : "");
    }
  if (!header.empty()) {
    templateHeader = "template <" + header + ">\n";
    templateArgs = "<" + args + ">";
  }
}

// --- where a name was declared, and what the kernel needs for it

bool KernelScope::inRegion(SourceLocation loc) const {
  const Stmt *region = k.blockLoops.front().loop;
  SourceLocation at = SM.getExpansionLoc(loc);
  return !SM.isBeforeInTranslationUnit(at, SM.getExpansionLoc(region->getBeginLoc())) &&
         SM.isBeforeInTranslationUnit(at, stmtEnd(ctx, region));
}

void KernelScope::problem(SourceLocation loc, Diag d, std::vector<std::string> args,
                          SourceLocation noteLoc, std::vector<std::string> noteArgs) {
  for (const Problem &o : problems)
    if (o.loc == SM.getExpansionLoc(loc) && o.diag == d)
      return; // a name the walk met twice
  Problem p;
  p.loc = SM.getExpansionLoc(loc);
  p.diag = d;
  p.args = std::move(args);
  p.noteLoc = noteLoc;
  p.noteArgs = std::move(noteArgs);
  problems.push_back(p);
}

void KernelScope::collect(const Stmt *s) {
  RefCollector c(*refs);
  c.TraverseStmt(const_cast<Stmt *>(s));
}

// A declaration of the function around the loop (a type, an enumerator's
// enum, an alias, a using-declaration, a constant): its declaration
// statement is copied into the kernel, and what that needs in turn.
void KernelScope::carryLocal(const Decl *d) {
  if (const auto *ec = dyn_cast<EnumConstantDecl>(d))
    d = cast<Decl>(ec->getDeclContext());
  if (const auto *us = dyn_cast<UsingShadowDecl>(d))
    d = us->getIntroducer();
  if (!seen.insert(d).second)
    return;
  const DeclStmt *ds = nullptr;
  for (const DynTypedNode &p : ctx.getParents(*d))
    if ((ds = p.get<DeclStmt>()))
      break;
  if (!ds) {
    if (const auto *nd = dyn_cast<NamedDecl>(d))
      problem(nd->getLocation(), Diag::KernelLocalNotCarried, {nd->getNameAsString()});
    return;
  }
  if (SM.getExpansionLoc(ds->getBeginLoc()) != ds->getBeginLoc() ||
      ds->getEndLoc().isMacroID()) {
    if (const auto *nd = dyn_cast<NamedDecl>(d))
      problem(nd->getLocation(), Diag::KernelLocalInMacro, {nd->getNameAsString()});
    return;
  }
  // A statement that also declares variables of the function (`enum E {A}
  // e;`): only the type is copied.
  bool otherVars = false;
  for (const Decl *o : ds->decls())
    if (const auto *v = dyn_cast<VarDecl>(o))
      otherVars |= !v->isUsableInConstantExpressions(ctx) || v->getType()->isReferenceType();
  if (otherVars && isa<TagDecl>(d))
    carriedTags.insert(d);
  else if (otherVars) {
    problem(cast<NamedDecl>(d)->getLocation(), Diag::KernelLocalNotCarried,
            {cast<NamedDecl>(d)->getNameAsString()});
    return;
  } else
    localDecls.insert(ds);
  // A local class's member functions run on the device in the copy.
  if (const auto *rd = dyn_cast<CXXRecordDecl>(d))
    for (const Decl *m : rd->decls())
      if (const auto *md = dyn_cast<CXXMethodDecl>(m))
        if (!md->isImplicit()) {
          SourceLocation at = SM.getExpansionLoc(md->getInnerLocStart());
          // Once, though several kernels may copy the class.
          if (!llvm::StringRef(R.getRewrittenText(SourceRange(at, at))).starts_with("__host__"))
            R.InsertTextBefore(at, "__host__ __device__ ");
        }
  collect(ds);
}

// The using-directives, using-declarations and namespace aliases of the
// blocks around the loop: the kernel looks names up as the loop did.
void KernelScope::carryUsings() {
  DynTypedNode node = DynTypedNode::create(*static_cast<const Stmt *>(k.blockLoops.front().loop));
  for (int guard = 0; guard < 1000; ++guard) {
    DynTypedNodeList parents = ctx.getParents(node);
    if (parents.empty())
      break;
    const DynTypedNode &p = parents[0];
    if (const auto *cs = p.get<CompoundStmt>())
      for (const Stmt *s : cs->body()) {
        if (s == node.get<Stmt>())
          break;
        if (const auto *ds = dyn_cast<DeclStmt>(s))
          for (const Decl *d : ds->decls())
            if ((isa<UsingDirectiveDecl>(d) || isa<UsingDecl>(d) || isa<NamespaceAliasDecl>(d) ||
                 isa<UsingEnumDecl>(d)) &&
                seen.insert(d).second)
              localDecls.insert(ds);
      }
    if (p.get<FunctionDecl>())
      break;
    node = p;
  }
}

// The class of the kernel's function (or one around it) through which an
// unqualified member name is found.
const CXXRecordDecl *KernelScope::qualifyingRecord(const NamedDecl *found) const {
  const DeclContext *owner = found->getDeclContext();
  while (owner->isTransparentContext())
    owner = owner->getParent();
  const auto *member = dyn_cast<CXXRecordDecl>(owner);
  for (const DeclContext *dc = k.function->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *rd = dyn_cast<CXXRecordDecl>(dc)) {
      if (!member || rd->getCanonicalDecl() == member->getCanonicalDecl())
        return rd;
      if (rd->hasDefinition() && member->hasDefinition() && rd->isDerivedFrom(member))
        return rd;
    }
  return member;
}

// The class as the kernel names it: as written on a member defined outside
// its class (`Box<U>::f`), else its (injected) name with its template
// parameters, fully qualified.
std::string KernelScope::recordText(const CXXRecordDecl *rd) const {
  const LangOptions &LO = ctx.getLangOpts();
  if (NestedNameSpecifierLoc q = k.function->getQualifierLoc())
    for (NestedNameSpecifierLoc l = q; l; l = l.getPrefix())
      if (const Type *t = l.getNestedNameSpecifier()->getAsType())
        if (const CXXRecordDecl *named = t->getAsCXXRecordDecl();
            named && named->getCanonicalDecl() == rd->getCanonicalDecl()) {
          // From the qualifier's start to the end of this component's type.
          CharSourceRange r = CharSourceRange::getTokenRange(
              SM.getExpansionLoc(q.getBeginLoc()), SM.getExpansionLoc(l.getTypeLoc().getEndLoc()));
          return Lexer::getSourceText(r, SM, LO).str();
        }
  PrintingPolicy pp(LO);
  pp.SuppressTagKeyword = true;
  pp.FullyQualifiedName = true;
  QualType t;
  if (const auto *ps = dyn_cast<ClassTemplatePartialSpecializationDecl>(rd))
    t = ps->getInjectedSpecializationType();
  else if (const ClassTemplateDecl *ct = rd->getDescribedClassTemplate())
    t = const_cast<ClassTemplateDecl *>(ct)->getInjectedClassNameSpecialization();
  else
    t = ctx.getRecordType(rd);
  // A class inside a class: its outer class as the kernel names it (with
  // its template arguments), then `::template Inner<N>` where needed.
  if (const auto *outer = dyn_cast<CXXRecordDecl>(rd->getDeclContext())) {
    pp.FullyQualifiedName = false;
    pp.SuppressScope = true;
    bool dependentTemplate = outer->isDependentContext() && rd->getDescribedClassTemplate();
    return recordText(outer) + "::" + (dependentTemplate ? "template " : "") + t.getAsString(pp);
  }
  return t.getAsString(pp);
}

// A private or protected member named in the kernel, which is a function
// outside its class: an error (true) that says so.
bool KernelScope::privateMember(const Ref &r, const NamedDecl *found, const CXXRecordDecl *rd) {
  AccessSpecifier a = found->getAccess();
  if (a != AS_private && a != AS_protected)
    return false;
  std::string name = found->getNameAsString();
  problem(r.loc, Diag::KernelPrivateMember,
          {name, a == AS_private ? "private" : "protected", rd->getNameAsString()},
          found->getLocation(), {name});
  return true;
}

// An index of the kernel's loops, which the kernel declares itself (also
// one declared before its loop).
bool KernelScope::loopIndex(const VarDecl *v) const {
  for (const LoopInfo &li : k.blockLoops)
    if (li.index == v)
      return true;
  std::function<bool(const Node *)> in = [&](const Node *n) {
    if (!n)
      return false;
    for (const LoopInfo &li : n->loops)
      if (li.index == v)
        return true;
    for (const auto &c : n->children)
      if (in(c.get()))
        return true;
    return false;
  };
  return in(k.body.get());
}

void KernelScope::removeQualifier(const Ref &r) {
  if (!r.qualifier.isValid())
    return;
  SourceLocation b = SM.getExpansionLoc(r.qualifier.getBegin()), e = SM.getExpansionLoc(r.loc);
  R.RemoveText(CharSourceRange::getCharRange(b, e));
  removed.push_back({b, e});
}

void KernelScope::resolve() {
  // Refs grow while local declarations are carried (their own names).
  for (size_t i = 0; i < refs->size(); ++i) {
    Ref r = (*refs)[i];
    const NamedDecl *d = r.decl, *found = r.found ? r.found : r.decl;
    std::string name = d->getNameAsString();
    if (auto depth = templateDepth(d)) {
      // One of a generic lambda (or local template) written in the loop
      // comes with the kernel's copy of that code.
      if (*depth >= depths && !inRegion(d->getLocation()))
        problem(r.loc, Diag::KernelInnerTemplateParam, {name.empty() ? "auto" : name});
      continue;
    }
    if (inRegion(found->getLocation()) || isa<BindingDecl>(d))
      continue;
    const DeclContext *dc = found->getDeclContext();
    while (dc->isTransparentContext())
      dc = dc->getParent();
    if (r.accessOnly) {
      if (const auto *rd = dyn_cast<CXXRecordDecl>(dc))
        privateMember(r, found, rd);
      continue;
    }
    if (const auto *v = dyn_cast<VarDecl>(d)) {
      if (dc->isFunctionOrMethod()) {
        // A constant of the function: copied (it may size an array or be a
        // template argument in the kernel); other locals are parameters.
        if (!isa<ParmVarDecl>(v) && v->isUsableInConstantExpressions(ctx) &&
            !v->getType()->isReferenceType()) {
          carryLocal(v);
          continue;
        }
        // Named where the kernel has no such variable: in a declaration it
        // copies (`using S = decltype(x);`, printed before the loop), or
        // in the loop only by decltype or sizeof (not a parameter then).
        bool captured = std::any_of(k.captures.begin(), k.captures.end(),
                                    [&](const Capture &c) { return c.var == v; });
        if (!inRegion(r.loc) || !(captured || loopIndex(v)))
          problem(r.loc, Diag::KernelVariableInType, {name});
        continue;
      }
      // Copied where device code odr-uses it (or may: in a template), and
      // where the kernel could not name it (a member named without its class).
      bool unnamed = isa<CXXRecordDecl>(dc) && !r.qualifier.isValid();
      if (carriedConstant(v) && (r.odrUse || unnamed || k.function->isDependentContext() ||
                                 v->getType()->isArrayType() || !valueInDeviceCode(v))) {
        // A member of a class template whose value depends on its
        // parameters: the copy takes it from the class by name.
        bool dependentValue = v->getType()->isDependentType() ||
                              (v->getInit() && v->getInit()->isValueDependent());
        if (dependentValue || r.dependentScope) {
          const auto *rd = dyn_cast<CXXRecordDecl>(dc);
          if (!rd) {
            problem(r.loc, Diag::KernelConstantType, {name, v->getType().getAsString()});
            continue;
          }
          if (privateMember(r, found, rd))
            continue;
          if (v->getType()->isArrayType()) {
            // A constant array: copied for each instantiation at compile
            // time (hy/cuda/constants.cuh), from the class as written in
            // front of it, or as the kernel names the enclosing class.
            if (!v->isConstexpr()) {
              problem(r.loc, Diag::KernelConstantType, {name, v->getType().getAsString()});
              continue;
            }
            std::string from =
                r.dependentScope
                    ? Lexer::getSourceText(CharSourceRange::getCharRange(
                                               SM.getExpansionLoc(r.qualifier.getBegin()),
                                               SM.getExpansionLoc(r.loc)),
                                           SM, ctx.getLangOpts())
                          .str()
                    : recordText(qualifyingRecord(found)) + "::";
            std::string copy = "static constexpr auto " + name +
                               " = hy::cuda::constant_copy(" + from + name + ");";
            auto [it, fresh] = arrayCopies.emplace(name, copy);
            if (fresh)
              dependentArrays.push_back(copy);
            else if (it->second != copy)
              problem(r.loc, Diag::KernelConstantClash, {name});
            removeQualifier(r);
            continue;
          }
          if (seen.insert(v).second)
            dependentConstants.push_back(
                "constexpr auto " + name + " = " +
                recordText(qualifyingRecord(found)) + "::" + name + ";");
          removeQualifier(r);
          continue;
        }
        if (constantCopy(ctx, v).empty()) {
          problem(r.loc, Diag::KernelConstantType, {name, v->getType().getAsString()});
          continue;
        }
        constants.insert(v);
        // The copy is named plainly; `ns::K` and `S::K` become `K`.
        removeQualifier(r);
      }
      continue; // non-constant globals: reported with the captures
    }
    if (r.qualifier.isValid()) {
      // Visible where its qualifier is (its first name is a Ref too), if
      // its class lets code outside it name it.
      if (const auto *rd = dyn_cast<CXXRecordDecl>(dc))
        privateMember(r, found, rd);
      continue;
    }
    if (r.injected) {
      // `D` inside the class template D means D<T>: the kernel says so.
      const auto *rd = cast<CXXRecordDecl>(d);
      if (rd->getDescribedClassTemplate() || rd->isDependentContext()) {
        if (r.loc.isMacroID()) {
          problem(r.loc, Diag::KernelMemberInMacro, {name});
          continue;
        }
        std::string text = recordText(rd);
        if (rd->isDependentContext() && !r.qualifierHead &&
            isa<CXXRecordDecl>(rd->getDeclContext()))
          text = "typename " + text;
        // Last: a qualifier that starts with it may be removed (a copied
        // constant is named plainly).
        injectedNames.push_back({r.loc, text});
        continue;
      }
    }
    if (dc->isFunctionOrMethod()) {
      if (isa<FunctionDecl>(d) && !isa<UsingShadowDecl>(found))
        continue; // a lambda's call operator and the like
      carryLocal(found);
      continue;
    }
    if (const auto *rd = dyn_cast<CXXRecordDecl>(dc)) {
      if (isa<FieldDecl>(d) || isa<IndirectFieldDecl>(d))
        continue; // through `this`: reported with the captures
      if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(d->getAsFunction()))
        if (!md->isStatic()) {
          if (r.implicitMember)
            problem(r.loc, Diag::ThisInKernel, {name});
          continue;
        }
      if (rd->isLocalClass() || rd->isLambda()) {
        problem(r.loc, Diag::KernelLocalClassMember, {name, rd->getNameAsString()});
        continue;
      }
      if (privateMember(r, found, rd))
        continue;
      if (r.loc.isMacroID()) {
        problem(r.loc, Diag::KernelMemberInMacro, {name});
        continue;
      }
      const CXXRecordDecl *q = qualifyingRecord(found);
      bool dependent = q->isDependentContext();
      std::string text = recordText(q) + "::";
      // `typename` for a dependent type, except in a qualifier, where only
      // a type can stand; `template` before a dependent member template.
      if (dependent && r.isType && !r.qualifierHead)
        text = "typename " + text;
      if (dependent && (r.templateArgs || (r.isType && isa<ClassTemplateDecl>(d))))
        text += "template ";
      R.InsertTextBefore(r.loc, text);
    }
  }
  for (auto &[loc, text] : injectedNames) {
    bool gone = false;
    for (auto &[b, e] : removed)
      gone |= !SM.isBeforeInTranslationUnit(loc, b) && SM.isBeforeInTranslationUnit(loc, e);
    if (!gone)
      R.ReplaceText(CharSourceRange::getTokenRange(loc, loc), text);
  }
}

void KernelScope::run() {
  templateParams();
  std::vector<Ref> all;
  refs = &all;
  collect(k.blockLoops.front().loop);
  for (const Capture &c : k.captures)
    if (c.var->isParameterPack())
      problem(c.var->getLocation(), Diag::KernelParameterPack, {c.var->getName().str()});
  resolve();
  carryUsings();
  // Generic lambdas' parameters: their types are the lambda's `auto`.
  for (const Capture &c : k.captures)
    if (const auto *p = dyn_cast<ParmVarDecl>(c.var))
      if (const auto *md = dyn_cast<CXXMethodDecl>(p->getDeclContext());
          md && md->getParent()->isLambda() && md->getParent()->isGenericLambda() &&
          p->getType()->isDependentType())
        problem(p->getLocation(), Diag::KernelGenericLambdaParam, {p->getName().str()});
  // A local enum passed by value: the kernel's signature cannot name it.
  for (const Capture &c : k.captures)
    if (const auto *tt = namespaceType(ctx, c.var->getType().getNonReferenceType())->getAs<TagType>())
      if (tt->getDecl()->getDeclContext()->isFunctionOrMethod() ||
          isa<CXXRecordDecl>(tt->getDecl()->getDeclContext()))
        if (!tt->getDecl()->getDeclContext()->isFileContext())
          problem(c.var->getLocation(), Diag::KernelLocalTypeParam,
                  {c.var->getName().str(), tt->getDecl()->getNameAsString()});
  // The copies, constants first (local constants may use them).
  std::vector<const VarDecl *> cs(constants.begin(), constants.end());
  std::sort(cs.begin(), cs.end(), [&](const VarDecl *a, const VarDecl *b) {
    return SM.isBeforeInTranslationUnit(a->getLocation(), b->getLocation());
  });
  std::set<std::string> names;
  for (const VarDecl *v : cs) {
    if (!names.insert(v->getName().str()).second)
      problem(v->getLocation(), Diag::KernelConstantClash, {v->getName().str()});
    preamble += "  " + constantCopy(ctx, v) + "\n";
  }
  for (const std::string &c : dependentConstants)
    preamble += "  " + c + "\n";
  std::vector<std::pair<SourceLocation, std::string>> locals;
  for (const Stmt *s : localDecls) {
    std::string text = R.getRewrittenText(stmtRange(ctx, s));
    // A constant the loop used only in what became the kernel's trip count
    // would be unused in the copy (nvcc warning #177-D).
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d); v && !v->getName().empty())
          text += " (void)" + v->getName().str() + ";";
    locals.push_back({s->getBeginLoc(), text});
  }
  for (const Decl *d : carriedTags)
    locals.push_back({d->getBeginLoc(),
                      R.getRewrittenText(CharSourceRange::getTokenRange(
                          SM.getExpansionRange(d->getSourceRange()).getAsRange())) +
                          ";"});
  std::sort(locals.begin(), locals.end(), [&](auto &a, auto &b) {
    return SM.isBeforeInTranslationUnit(a.first, b.first);
  });
  for (auto &[loc, text] : locals)
    preamble += "  " + text + "\n";
  for (const std::string &c : dependentArrays)
    preamble += "  " + c + "\n";
}

} // namespace hy::cudagen
