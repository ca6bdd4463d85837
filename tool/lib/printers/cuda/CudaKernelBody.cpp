// KernelPrinter, the block body: accesses redirected to tiles, array
// reductions as atomics, leader-only writes of block-uniform statements, and
// barriers from the read/write sets of the block's parts.
#include "cuda/CudaKernel.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

namespace hy::cudagen {

void KernelPrinter::replace(CharSourceRange r, const std::string &text) {
  Rewriter::RewriteOptions opts;
  opts.IncludeInsertsAtBeginOfRange = false;
  opts.IncludeInsertsAtEndOfRange = false;
  if (r.isTokenRange())
    r = CharSourceRange::getCharRange(
        r.getBegin(), Lexer::getLocForEndOfToken(r.getEnd(), 0, SM, ctx.getLangOpts()));
  R.RemoveText(r, opts);
  R.InsertTextAfter(r.getBegin(), text);
}

void KernelPrinter::insertBefore(const Stmt *s, const std::string &text) {
  R.InsertTextBefore(begin(s), text);
}

void KernelPrinter::insertAfter(const Stmt *s, const std::string &text) {
  R.InsertTextAfter(stmtEnd(ctx, s), text);
}

void KernelPrinter::rewriteBody() {
  // Inner block loops that are not part of the grid stay serial loops.
  for (size_t i = 1; i < k.blockLoops.size(); ++i)
    replacePragma(R, *k.blockLoops[i].pragma,
                  "// " + k.blockLoops[i].pragma->text +
                      (i < collapsed ? " (grid dimension)" : " (serial inside each block)"));
  // Accesses redirected to tiles (innermost first, so nested ones compose).
  std::vector<std::pair<const Expr *, const Fetch *>> acc(k.tileOf.begin(), k.tileOf.end());
  std::sort(acc.begin(), acc.end(), [&](auto &a, auto &b) {
    return R.getRangeSize(a.first->getSourceRange()) < R.getRangeSize(b.first->getSourceRange());
  });
  // The target of an atomic update starts where the update does: its tile
  // text goes into the atomic call instead of being applied on its own.
  std::map<const Expr *, std::string> targetText;
  for (const ArrayUpdate &u : k.arrayUpdates)
    if (!u.fetchCall)
      targetText[u.target];
  for (auto &[e, f] : acc) {
    auto it = targetText.find(e);
    std::string text = redirect(e, f, it == targetText.end());
    if (it != targetText.end())
      it->second = text;
  }
  for (const ArrayUpdate &u : k.arrayUpdates) {
    if (u.fetchCall) // hy::fetch_<op> is atomic in device code already
      continue;
    std::string target = targetText[u.target];
    if (target.empty())
      target = R.getRewrittenText(SM.getExpansionRange(u.target->getSourceRange()));
    std::string value = u.value ? R.getRewrittenText(SM.getExpansionRange(u.value->getSourceRange()))
                                : u.valueText;
    replace(SM.getExpansionRange(u.assign->getSourceRange()),
            std::string("hy::cuda::atomic_") + atomicName(u.op) + "(&(" + target + "), " +
                value + ")");
  }
  Sets state;
  block(k.body.get(), state, /*inCompound=*/true);
}

std::string KernelPrinter::redirect(const Expr *e, const Fetch *f, bool apply) {
  const Tile *t = tileFor(f);
  std::vector<Access> a;
  collectAccesses(e, a);
  if (!t || a.empty())
    return "";
  const auto &idx = a.front().indices;
  int rank = idx.size();
  std::vector<std::string> local(rank);
  for (int d = 0; d < rank; ++d) {
    std::string x = R.getRewrittenText(SM.getExpansionRange(idx[d]->getSourceRange()));
    std::string o = text(f->origins[d]);
    local[d] = "(" + x + ") - (" + o + ")";
    if (in.opts.checkFetch)
      local[d] = "hy::tile_index_checked(" + local[d] + ", " + t->size[d] + ", " +
                 cString(where(SM, e->getBeginLoc())) + ", " +
                 cString(f->array->getName().str()) + ", " + std::to_string(d) + ")";
  }
  std::string flat = "(" + local[f->perm[0]] + ")";
  for (int s = 1; s < rank; ++s)
    flat = "(" + flat + ") * " + t->pitch[s] + " + (" + local[f->perm[s]] + ")";
  std::string text = t->name + "[" + flat + "]";
  if (apply)
    replace(SM.getExpansionRange(e->getSourceRange()), text);
  return text;
}

Sets KernelPrinter::setsOf(const Stmt *s) const {
  Sets out;
  std::vector<Access> acc;
  collectAccesses(s, acc);
  for (const Access &a : acc) {
    if (a.meta || !(a.element || classifyArray(a.var->getType()).kind != ArrayKind::None))
      continue;
    std::string key = a.var->getName().str();
    if (a.element)
      if (auto it = k.tileOf.find(a.elementExpr); it != k.tileOf.end())
        key = tileFor(it->second) ? tileFor(it->second)->name : key;
    if (a.read)
      out.r.insert(key);
    if (a.write)
      out.w.insert(key);
  }
  return out;
}

// For the report: why a barrier goes before `later`, given what the block
// did since the last one.
std::string KernelPrinter::barrierReason(const Sets &state, const Sets &later) const {
  std::string x = state.conflict(later);
  std::string what = "'" + x + "'";
  for (const Tile &t : tiles)
    if (t.name == x)
      what = "the tile of '" + t.f->array->getName().str() + "'";
  return later.r.count(x) && state.w.count(x)
             ? "it reads " + what + ", which the block's threads wrote before"
             : "it writes " + what + ", which the block's threads used before";
}

// Call after every other edit that inserts text in front of the node: the
// Rewriter puts later InsertTextBefore text first, so the barrier then
// stands outside whatever wraps the statement (a barrier inside the
// leader's `if (hy_leader) { ... }` would be reached by one thread only).
void KernelPrinter::barrierBefore(const Node *n, const Sets &mine, Sets &state, bool inCompound) {
  if (flat)
    return; // every thread runs its own iterations: nothing to wait for
  if (state.conflicts(mine)) {
    remark(in, begin(n->stmt), "barrier (__syncthreads) before this statement: " +
                                   barrierReason(state, mine));
    if (inCompound)
      insertBefore(n->stmt, std::string(kBarrier) + " ");
    else {
      insertBefore(n->stmt, std::string("{ ") + kBarrier + " ");
      insertAfter(n->stmt, " }");
    }
    state.clear();
  }
}

void KernelPrinter::block(const Node *n, Sets &state, bool inCompound) {
  switch (n->kind) {
  case NodeKind::Sequence:
    for (auto &c : n->children)
      block(c.get(), state, true);
    return;
  case NodeKind::Uniform: {
    Sets mine = setsOf(n->stmt);
    if (!flat && !mine.w.empty() && !isa<DeclStmt>(n->stmt) && !isa<NullStmt>(n->stmt)) {
      // Braced whole where it is a branch of an `if`, so that an `else`
      // after it still belongs to that `if`.
      insertBefore(n->stmt, inCompound ? "if (hy_leader) { " : "{ if (hy_leader) { ");
      insertAfter(n->stmt, inCompound ? " }" : " } }");
    }
    barrierBefore(n, mine, state, inCompound); // outside the leader's branch
    state.add(mine);
    return;
  }
  case NodeKind::ThreadNest: {
    Sets mine = setsOf(n->stmt);
    threadNest(n, inCompound);
    barrierBefore(n, mine, state, inCompound); // before the nest's own prologue
    state.add(mine);
    return;
  }
  case NodeKind::FetchNode:
    fetch(n, state, inCompound, /*threadLevel=*/false);
    return;
  case NodeKind::Control: {
    Sets header;
    for (const Stmt *c : n->stmt->children()) {
      bool body = false;
      for (auto &ch : n->children)
        body |= ch->stmt == c;
      if (!body && c)
        header.add(setsOf(c));
    }
    barrierBefore(n, header, state, inCompound);
    state.add(header);
    Sets incoming = state;
    Sets out;
    bool loop = !isa<IfStmt>(n->stmt);
    for (auto &c : n->children) {
      Sets s = incoming;
      Sets exposed = firstExposed(c.get());
      block(c.get(), s, isa<CompoundStmt>(c->stmt));
      if (!flat && loop && (s.conflicts(exposed) || header.conflicts(s))) {
        // Loop-carried: the next iteration may read what this one wrote.
        remark(in, begin(n->stmt),
               "barrier (__syncthreads) at the end of each iteration of this loop: the next "
               "iteration " + (s.conflicts(exposed) ? barrierReason(s, exposed).substr(3)
                                                    : barrierReason(header, s).substr(3)));
        if (const auto *cs = dyn_cast<CompoundStmt>(c->stmt))
          R.InsertTextBefore(cs->getRBracLoc(), std::string(kBarrier) + " ");
        else {
          insertBefore(c->stmt, "{ ");
          insertAfter(c->stmt, std::string(" ") + kBarrier + " }");
        }
        s.clear();
      }
      out.add(s);
    }
    out.add(incoming);
    state = out;
    return;
  }
  case NodeKind::ThreadStmt:
    return;
  }
}

Sets KernelPrinter::firstExposed(const Node *n) const {
  if (n->kind == NodeKind::FetchNode)
    return Sets{}; // a fetch starts with a barrier
  if (n->kind == NodeKind::Sequence && !n->children.empty()) {
    Sets s;
    for (auto &c : n->children) {
      if (c->kind == NodeKind::FetchNode)
        break;
      s.add(setsOf(c->stmt));
    }
    return s;
  }
  return setsOf(n->stmt);
}

} // namespace hy::cudagen
