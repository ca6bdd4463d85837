// Zone loops (`into(devices)`, docs/language.md "Zones") in the OpenMP and
// CUDA outputs: the loop runs in every zone (MPI rank) and each zone takes
// its iterations from a hy::zones::loop (cyclic); reduction variables start
// from the operator's identity outside zone 0 and are combined across zones
// after the loop; gathered arrays exchange their rows there ('scratch'
// needs nothing: a zone is a process with its own copy). Everything is
// inserted on the lines it belongs to, so the output keeps the input's line
// numbers. The serial target only drops the
// pragma (the loop is the serial program).
#include "PrintUtil.h"
#include "hy/Targets.h"

using namespace clang;

namespace hy {

namespace {

// `z.start(hy::zones::op::add, v); ` for each reduction (start or finish);
// in a CUDA build an array's host copy is made current first, and the
// device copy is stale after (the host writes it).
std::string each(const ZoneLoop &z, const char *what, bool cuda) {
  std::string t;
  for (const Reduction &r : z.reductions) {
    std::string v = r.var->getName().str();
    if (cuda && r.isArray)
      t += "hy::cuda::host(" + v + ", hy::cuda::read_write); ";
    t += z.name + "." + what + "(hy::zones::op::" + runtimeName(r.op) + ", " + v + "); ";
  }
  return t;
}

// `z.gather(a); ` for each gathered array (its host copy made current first
// in a CUDA build, as for reductions).
std::string gathers(const ZoneLoop &z, bool cuda) {
  std::string t;
  for (const clang::VarDecl *a : z.gathers) {
    std::string v = a->getName().str();
    if (cuda)
      t += "hy::cuda::host(" + v + ", hy::cuda::read_write); ";
    t += z.name + ".gather(" + v + "); ";
  }
  return t;
}

} // namespace

void rewriteZones(const PrintInput &in, Rewriter &R, bool cuda) {
  for (const auto &zp : in.model.zones) {
    const ZoneLoop &z = *zp;
    const ForStmt *loop = z.loop.loop;
    replacePragma(R, *z.loop.pragma,
                  "{ hy::zones::loop " + z.name + "; " + each(z, "start", cuda) + "// " +
                      z.loop.pragma->text + ": this zone's iterations, then the combine");
    // With gathers, take() records the index values (the rows) too.
    const std::string index = z.gathers.empty() ? "" : z.loop.index->getName().str();
    R.InsertTextAfterToken(loop->getRParenLoc(),
                           " { if (!" + z.name + ".take(" + index + ")) continue;");
    R.InsertTextAfter(stmtEnd(in.ctx, loop),
                      " } " + each(z, "finish", cuda) + gathers(z, cuda) + "}");
  }
}

} // namespace hy
