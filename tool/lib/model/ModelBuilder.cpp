// Walks every function of the main file and turns each outermost
// block-level `parallel for` nest into a Kernel: block loops, a tree of
// block-body nodes (uniform statements, uniform control flow, thread nests,
// fetches) and the fetch descriptions.
#include "hy/ModelBuilder.h"
#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hy {

namespace {

/// The single statement inside `{ s }`, or s itself.
const Stmt *unwrap(const Stmt *s) {
  while (const auto *cs = dyn_cast_or_null<CompoundStmt>(s)) {
    if (cs->size() != 1)
      break;
    s = cs->body_front();
  }
  return s;
}

class Builder {
public:
  Builder(ASTContext &ctx, const PragmaTable &pragmas, const Attachment &att,
          TranslationModel &model)
      : ctx(ctx), SM(ctx.getSourceManager()), DE(ctx.getDiagnostics()),
        pragmas(pragmas), att(att), model(model) {}

  bool run() {
    walkDecls(ctx.getTranslationUnitDecl());
    // A pragma in code the walk does not reach would be left in place and
    // its loop run serially without a word: an error instead.
    for (const auto &[id, loop] : att.loops)
      if (const PragmaDirective *p = pragmas.byId(id); p && !reached.count(p))
        error(p->loc, Diag::PragmaNotReached);
    for (const auto &[id, probe] : att.fetchProbes)
      if (const PragmaDirective *p = pragmas.byId(id); p && !reached.count(p))
        error(p->loc, Diag::PragmaNotReached);
    // A scan separator belongs directly in the braced body of a kernel's
    // block loop (buildKernel takes it there).
    for (const auto &[id, site] : att.scans)
      if (const PragmaDirective *p = pragmas.byId(id); p && !reached.count(p))
        error(p->loc, Diag::ScanPlacement);
    return ok;
  }

private:
  const PragmaDirective *loopPragma(const Stmt *s) const {
    const auto *fs = dyn_cast_or_null<ForStmt>(s);
    if (!fs)
      return nullptr;
    auto it = att.loopPragma.find(fs);
    if (it == att.loopPragma.end())
      return nullptr;
    reached.insert(it->second);
    return it->second;
  }
  const PragmaDirective *fetchPragma(const Stmt *s) const {
    const auto *is = dyn_cast_or_null<IfStmt>(s);
    if (!is)
      return nullptr;
    auto it = att.probePragma.find(is);
    if (it == att.probePragma.end())
      return nullptr;
    reached.insert(it->second);
    return it->second;
  }
  bool isBlockLoop(const Stmt *s) const {
    const PragmaDirective *p = loopPragma(s);
    return p && !p->intoThreads && !p->intoDevices;
  }
  bool isThreadLoop(const Stmt *s) const {
    const PragmaDirective *p = loopPragma(s);
    return p && p->intoThreads;
  }
  bool containsAnnotated(const Stmt *s) const {
    if (!s)
      return false;
    if (loopPragma(s) || fetchPragma(s))
      return true;
    for (const Stmt *c : s->children())
      if (containsAnnotated(c))
        return true;
    return false;
  }
  void error(SourceLocation loc, Diag d) {
    report(DE, loc, d);
    ok = false;
  }

  // --- host level
  void walkDecls(const DeclContext *dc) {
    for (const Decl *d : dc->decls()) {
      if (!SM.isInMainFile(SM.getExpansionLoc(d->getLocation())) &&
          !isa<NamespaceDecl>(d) && !isa<LinkageSpecDecl>(d))
        continue;
      if (const auto *fr = dyn_cast<FriendDecl>(d); fr && fr->getFriendDecl())
        d = fr->getFriendDecl(); // a friend function defined in its class
      if (const auto *ftd = dyn_cast<FunctionTemplateDecl>(d))
        d = ftd->getTemplatedDecl();
      if (const auto *fd = dyn_cast<FunctionDecl>(d)) {
        if (fd->doesThisDeclarationHaveABody() && !fd->isTemplateInstantiation()) {
          currentFunction = fd;
          walkHost(fd->getBody());
        }
      } else if (const auto *ctd = dyn_cast<ClassTemplateDecl>(d)) {
        walkDecls(ctd->getTemplatedDecl());
      } else if (const auto *inner = dyn_cast<DeclContext>(d)) {
        if (isa<NamespaceDecl>(d) || isa<LinkageSpecDecl>(d) || isa<CXXRecordDecl>(d))
          walkDecls(inner);
      }
    }
  }

  void walkHost(const Stmt *s) {
    if (!s)
      return;
    if (const PragmaDirective *p = loopPragma(s)) {
      if (p->intoDevices) {
        buildZone(cast<ForStmt>(s), p);
        return;
      }
      if (p->intoThreads) {
        error(p->intoLoc, Diag::IntoOutsideBlock);
      } else {
        buildKernel(cast<ForStmt>(s));
        return;
      }
    }
    if (const PragmaDirective *p = fetchPragma(s))
      error(p->loc, Diag::FetchOutsideKernel);
    if (const auto *le = dyn_cast<LambdaExpr>(s)) {
      walkHost(le->getBody());
      return;
    }
    // Member functions of a local class: their loops are kernels too.
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const auto *rd = dyn_cast<CXXRecordDecl>(d); rd && rd->hasDefinition()) {
          const FunctionDecl *saved = currentFunction;
          walkDecls(rd);
          currentFunction = saved;
        }
    for (const Stmt *c : s->children())
      walkHost(c);
  }

  // --- zone loops: host loops whose body (kernels included) is walked as
  // host code; a zone loop inside one is an error.
  void buildZone(const ForStmt *fs, const PragmaDirective *p) {
    if (currentZone) {
      error(p->intoLoc, Diag::ZoneNested);
      report(DE, currentZone->loop.loop->getBeginLoc(), Diag::NoteOuterLoop);
    } else if (p->minBlocks) {
      error(p->minBlocksLoc, Diag::ZoneMinBlocks);
    } else if (auto li = analyzeCanonicalLoop(ctx, fs, p)) {
      auto z = std::make_unique<ZoneLoop>();
      z->loop = *li;
      z->function = currentFunction;
      z->name = "hy_zone_L" + std::to_string(SM.getExpansionLineNumber(fs->getBeginLoc()));
      currentZone = z.get();
      model.zones.push_back(std::move(z));
    } else {
      ok = false;
    }
    ZoneLoop *outer = currentZone;
    for (const Stmt *c : fs->children())
      walkHost(c);
    if (!outer || outer->loop.loop == fs)
      currentZone = nullptr;
  }

  // A zone loop met while building a kernel.
  bool zoneInKernel(const PragmaDirective *p) {
    if (!p->intoDevices)
      return false;
    error(p->intoLoc, Diag::ZoneInKernel);
    report(DE, kernel->blockLoops.front().loop->getBeginLoc(), Diag::NoteOuterLoop);
    return true;
  }

  // The declaration at namespace scope whose text holds `d` (a lambda's
  // class), or `d` itself.
  const Decl *holder(const Decl *d) const {
    SourceLocation at = SM.getExpansionLoc(d->getBeginLoc());
    for (const Decl *o : d->getDeclContext()->decls()) {
      if (o == d || o->isImplicit())
        continue;
      SourceRange r = SM.getExpansionRange(o->getSourceRange()).getAsRange();
      if (!SM.isBeforeInTranslationUnit(at, r.getBegin()) &&
          !SM.isBeforeInTranslationUnit(r.getEnd(), at))
        return o;
    }
    return d;
  }

  // The function's name as part of an identifier (kernel names): operators,
  // lambdas, constructors and names outside ASCII letters and digits get a
  // spelling made of those.
  static std::string identifierPart(const FunctionDecl *fd) {
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd); md && md->getParent()->isLambda())
      return "lambda";
    switch (fd->getOverloadedOperator()) {
#define OVERLOADED_OPERATOR(Name, Spelling, Token, Unary, Binary, MemberOnly)                      \
  case OO_##Name:                                                                                  \
    return "operator" #Name;
#include "clang/Basic/OperatorKinds.def"
    default:
      break;
    }
    if (isa<CXXConversionDecl>(fd))
      return "conversion";
    if (isa<CXXDestructorDecl>(fd))
      return "destructor";
    std::string name = fd->getNameAsString(), out;
    for (char c : name)
      if (std::isalnum(static_cast<unsigned char>(c)) && static_cast<unsigned char>(c) < 128)
        out += c;
      else if (c == '_' || (!out.empty() && out.back() != '_'))
        out += '_'; // a run of other characters becomes one '_'
    if (out.empty() || !std::isalpha(static_cast<unsigned char>(out[0])))
      out = "fn" + out;
    return out;
  }

  // --- kernels
  void buildKernel(const ForStmt *outer) {
    if (auto d = unsupportedKernelPlace(ctx, outer)) {
      error(loopPragma(outer)->loc, *d);
      return;
    }
    // The scan separators inside the loop are this kernel's (takeScan);
    // one elsewhere is reported by run().
    SourceRange range = SM.getExpansionRange(outer->getSourceRange()).getAsRange();
    kernelScans.clear();
    for (const auto &[id, site] : att.scans)
      if (const PragmaDirective *p = pragmas.byId(id);
          p && SM.isBeforeInTranslationUnit(range.getBegin(), p->loc) &&
          SM.isBeforeInTranslationUnit(p->loc, range.getEnd())) {
        reached.insert(p);
        kernelScans.push_back({p, site});
      }
    auto k = std::make_unique<Kernel>();
    k->number = model.kernels.size();
    k->function = currentFunction;
    const Decl *top = currentFunction;
    if (const auto *ftd = currentFunction->getDescribedFunctionTemplate())
      top = ftd;
    // Climb to a declaration at namespace scope (methods defined in classes;
    // a friend function stands where it is written, in its class).
    auto context = [](const Decl *d) {
      return d->getFriendObjectKind() != Decl::FOK_None ? d->getLexicalDeclContext()
                                                        : d->getDeclContext();
    };
    while (context(top) && !context(top)->isFileContext()) {
      const auto *parent = dyn_cast<Decl>(context(top));
      if (!parent)
        break;
      top = parent;
      if (const auto *rd = dyn_cast<CXXRecordDecl>(top))
        if (const auto *ctd = rd->getDescribedClassTemplate())
          top = ctd;
    }
    // A lambda's class at namespace scope (`auto f = [](...) {...};`) has
    // no place of its own in the text: the declaration that holds it does.
    if (const auto *rd = dyn_cast<CXXRecordDecl>(top); rd && rd->isLambda())
      top = holder(rd);
    k->topLevel = top;
    unsigned line = SM.getExpansionLineNumber(outer->getBeginLoc());
    k->name = "hy_" + identifierPart(currentFunction) + "_L" + std::to_string(line);

    const Stmt *s = outer;
    while (true) {
      const auto *fs = cast<ForStmt>(s);
      auto li = analyzeCanonicalLoop(ctx, fs, loopPragma(fs));
      if (!li) {
        ok = false;
        return;
      }
      if (!k->blockLoops.empty() && li->pragma->minBlocks) {
        error(li->pragma->minBlocksLoc, Diag::MinBlocksNotOutermost);
        report(DE, k->blockLoops.front().loop->getBeginLoc(), Diag::NoteOuterLoop);
      }
      k->blockLoops.push_back(*li);
      const Stmt *inner = unwrap(fs->getBody());
      if (isBlockLoop(inner)) {
        s = inner;
        continue;
      }
      k->blockBody = fs->getBody();
      break;
    }
    takeScan(*k);
    kernel = k.get();
    k->body = buildBlock(k->blockBody);
    model.kernels.push_back(std::move(k));
    kernel = nullptr;
  }

  // The scan separator standing directly in the kernel's block body (its
  // rules: analysis/CheckScan.cpp); a second one is an error.
  void takeScan(Kernel &k) {
    const auto *body = dyn_cast<CompoundStmt>(k.blockBody);
    for (const auto &[p, site] : kernelScans) {
      if (!body || site.block != body) {
        error(p->loc, Diag::ScanPlacement);
        continue;
      }
      if (k.scan) {
        error(p->loc, Diag::ScanTwice);
        report(DE, k.scan->pragma->loc, Diag::NoteOtherScan);
        continue;
      }
      k.scan = std::make_unique<Scan>();
      k.scan->pragma = p;
      k.scan->body = body;
      k.scan->split = site.split;
      k.scan->inclusive = p->scanInclusive;
      unsigned at = 0;
      for (const Stmt *c : body->body()) {
        const bool beforeIt = at++ < site.split;
        (beforeIt == p->scanInclusive ? k.scan->input : k.scan->scan).push_back(c);
      }
    }
  }

  std::unique_ptr<Node> buildBlock(const Stmt *s) {
    auto n = std::make_unique<Node>();
    n->stmt = s;
    if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
      n->kind = NodeKind::Sequence;
      for (const Stmt *c : cs->body())
        n->children.push_back(buildBlock(c));
      return n;
    }
    if (const PragmaDirective *p = fetchPragma(s)) {
      n->kind = NodeKind::FetchNode;
      n->fetch = buildFetch(cast<IfStmt>(s), p, /*inThreads=*/false);
      n->children.push_back(buildBlock(probeBody(cast<IfStmt>(s))));
      return n;
    }
    if (const PragmaDirective *p = loopPragma(s)) {
      if (zoneInKernel(p)) {
        n->kind = NodeKind::Uniform;
        return n;
      }
      if (!p->intoThreads) {
        error(p->loc, Diag::ImperfectBlockNest);
        report(DE, kernel->blockLoops.front().loop->getBeginLoc(), Diag::NoteOuterLoop);
        n->kind = NodeKind::Uniform;
        return n;
      }
      return buildThreadNest(cast<ForStmt>(s));
    }
    if (!containsAnnotated(s)) {
      n->kind = NodeKind::Uniform;
      return n;
    }
    n->kind = NodeKind::Control;
    if (const auto *is = dyn_cast<IfStmt>(s)) {
      n->children.push_back(buildBlock(is->getThen()));
      if (is->getElse())
        n->children.push_back(buildBlock(is->getElse()));
    } else if (const auto *fs = dyn_cast<ForStmt>(s)) {
      n->children.push_back(buildBlock(fs->getBody()));
    } else if (const auto *ws = dyn_cast<WhileStmt>(s)) {
      n->children.push_back(buildBlock(ws->getBody()));
    } else if (const auto *ds = dyn_cast<DoStmt>(s)) {
      n->children.push_back(buildBlock(ds->getBody()));
    } else if (const auto *rs = dyn_cast<CXXForRangeStmt>(s)) {
      n->children.push_back(buildBlock(rs->getBody()));
    } else {
      // switch, labels, ...: annotated code under them is not supported.
      for (const Stmt *c : s->children())
        if (c && containsAnnotated(c))
          n->children.push_back(buildBlock(c));
    }
    return n;
  }

  std::unique_ptr<Node> buildThreadNest(const ForStmt *outer) {
    auto n = std::make_unique<Node>();
    n->kind = NodeKind::ThreadNest;
    n->stmt = outer;
    const Stmt *s = outer;
    while (true) {
      const auto *fs = cast<ForStmt>(s);
      auto li = analyzeCanonicalLoop(ctx, fs, loopPragma(fs));
      if (!li) {
        ok = false;
        return n;
      }
      if (li->pragma->minBlocks)
        error(li->pragma->minBlocksLoc, Diag::MinBlocksOnThreads);
      n->loops.push_back(*li);
      const Stmt *inner = unwrap(fs->getBody());
      if (isThreadLoop(inner)) {
        if (n->loops.size() == 3) {
          error(loopPragma(inner)->loc, Diag::TooManyThreadDims);
          return n;
        }
        s = inner;
        continue;
      }
      break;
    }
    threadScopes.push_back(n.get());
    n->children.push_back(buildThreadBody(n->loops.back().loop->getBody(), n.get()));
    threadScopes.pop_back();
    return n;
  }

  std::unique_ptr<Node> buildThreadBody(const Stmt *s, Node *nest) {
    auto n = std::make_unique<Node>();
    n->stmt = s;
    if (const PragmaDirective *p = loopPragma(s)) {
      if (!zoneInKernel(p)) {
        error(p->loc, p->intoThreads ? Diag::ImperfectThreadNest : Diag::BlockLoopInThreads);
        report(DE, nest->loops.front().loop->getBeginLoc(), Diag::NoteOuterLoop);
      }
      n->kind = NodeKind::ThreadStmt;
      return n;
    }
    if (const PragmaDirective *p = fetchPragma(s)) {
      n->kind = NodeKind::FetchNode;
      n->fetch = buildFetch(cast<IfStmt>(s), p, /*inThreads=*/true);
      nest->fixedShape = true;
      n->children.push_back(buildThreadBody(probeBody(cast<IfStmt>(s)), nest));
      return n;
    }
    if (!containsAnnotated(s)) {
      n->kind = NodeKind::ThreadStmt;
      return n;
    }
    n->kind = isa<CompoundStmt>(s) ? NodeKind::Sequence : NodeKind::Control;
    for (const Stmt *c : s->children())
      if (c)
        n->children.push_back(buildThreadBody(c, nest));
    return n;
  }

  Fetch *buildFetch(const IfStmt *probe, const PragmaDirective *p, bool inThreads) {
    auto f = std::make_unique<Fetch>();
    f->pragma = p;
    f->probe = probe;
    f->stmt = probeBody(probe);
    f->insideThreadNest = inThreads;
    f->number = kernel->fetches.size();
    ProbeArgs args = probeArgs(probe);
    f->array = refVar(args.array);
    f->sizes = args.sizes;
    f->origins = args.origins;
    const FetchClause &fc = p->fetch;
    if (!f->array) {
      error(fc.array.loc, Diag::FetchNotArray);
      kernel->fetches.push_back(std::move(f));
      return kernel->fetches.back().get();
    }
    f->type = classifyArray(f->array->getType());
    if (f->type.kind == ArrayKind::None) {
      report(DE, fc.array.loc, Diag::FetchNotArray) << fc.array.name << f->array->getType();
      ok = false;
    } else if (f->type.rank != 0) {
      int r = f->type.rank;
      if ((int)f->sizes.size() != r) {
        report(DE, fc.array.loc, Diag::FetchRank)
            << fc.array.name << (unsigned)f->sizes.size() << "sizes" << r;
        ok = false;
      } else if ((int)f->origins.size() != r) {
        report(DE, fc.array.loc, Diag::FetchRank)
            << fc.array.name << (unsigned)f->origins.size() << "origins" << r;
        ok = false;
      }
    }
    for (const Expr *e : f->sizes) {
      f->constSizes.push_back(evalInt(ctx, e));
      if (f->constSizes.back() && *f->constSizes.back() <= 0) {
        report(DE, e->getBeginLoc(), Diag::FetchSizeNonPositive)
            << std::to_string(*f->constSizes.back());
        ok = false;
      }
      if (!e->isTypeDependent() && !e->getType()->isIntegralOrEnumerationType()) {
        error(e->getBeginLoc(), Diag::FetchSizeNotInt);
      }
    }
    // Permutation.
    int rank = static_cast<int>(f->sizes.size());
    if (!fc.perm.empty()) {
      std::vector<bool> seen(rank, false);
      bool good = (int)fc.perm.size() == rank;
      for (int v : fc.perm) {
        if (v < 0 || v >= rank || seen[v])
          good = false;
        else
          seen[v] = true;
      }
      if (!good) {
        report(DE, fc.permLoc, Diag::FetchPerm) << std::to_string(rank - 1);
        ok = false;
      }
      f->perm = fc.perm;
    } else {
      for (int d = 0; d < rank; ++d)
        f->perm.push_back(d);
    }
    // Thread indices: loops around the fetch, or thread loops inside it.
    std::map<std::string, const VarDecl *> visible;
    for (const Node *nest : threadScopes)
      for (const LoopInfo &li : nest->loops)
        visible[li.index->getName().str()] = li.index;
    collectInnerThreadIndices(f->stmt, visible);
    for (const NamedLoc &t : fc.threads) {
      auto it = visible.find(t.name);
      if (it == visible.end()) {
        report(DE, t.loc, Diag::FetchThreadIndex) << t.name;
        ok = false;
        continue;
      }
      f->threads.push_back(it->second);
    }
    kernel->fetches.push_back(std::move(f));
    return kernel->fetches.back().get();
  }

  void collectInnerThreadIndices(const Stmt *s,
                                 std::map<std::string, const VarDecl *> &out) {
    if (!s)
      return;
    if (isThreadLoop(s))
      if (auto li = analyzeCanonicalLoop(ctx, cast<ForStmt>(s), loopPragma(s), false))
        out[li->index->getName().str()] = li->index;
    for (const Stmt *c : s->children())
      collectInnerThreadIndices(c, out);
  }

  ASTContext &ctx;
  SourceManager &SM;
  DiagnosticsEngine &DE;
  const PragmaTable &pragmas;
  const Attachment &att;
  TranslationModel &model;
  const FunctionDecl *currentFunction = nullptr;
  mutable std::set<const PragmaDirective *> reached; // pragmas the walk met
  std::vector<std::pair<const PragmaDirective *, Attachment::ScanSite>> kernelScans; // buildKernel
  Kernel *kernel = nullptr;
  ZoneLoop *currentZone = nullptr; // the zone loop being walked
  std::vector<Node *> threadScopes;
  bool ok = true;
};

} // namespace

bool buildModel(ASTContext &ctx, const PragmaTable &pragmas, const Attachment &att,
                TranslationModel &model) {
  return Builder(ctx, pragmas, att, model).run();
}

} // namespace hy
