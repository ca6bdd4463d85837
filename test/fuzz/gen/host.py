# Families where host code matters: worklists (a kernel pushes, the host
# reads the count, a second kernel reads the items), a breadth-first search
# whose host loop runs until the frontier is empty (hy::fetch_min claims),
# ping-pong kernels in a host loop that swap their arrays, and host
# statements that touch arrays between kernels (the GPU build must move
# them at the right places).
from .exprs import ExprGen, Leaf
from .kernel import Kernel, start
from .maps import read


def worklist(unit):
    k = start(unit, "worklist")
    rng = unit.rng
    src = k.use(k.pick(["L"]))
    out = k.use(k.pick(["L"], exclude=[src]), write=True)
    wl = unit.fresh("wl")
    k.params.append(("hy::worklist<int> &%s" % wl, wl))
    unit.body.append("hy::worklist<int> %s(L);" % wl)
    k.add("%s.clear();" % wl)
    k.add("#pragma hy parallel for")
    k.add("for (int i = 0; i < L; ++i)")
    k.add("  if (%s > %s)" % (src.at("i"), ExprGen(unit, src.is_float(), [k.salt()]).gen(1).text))
    k.add("    %s.push(i);" % wl)
    k.add("#pragma hy parallel for")
    k.add("for (int f = 0; f < static_cast<int>(%s.size()); ++f) {" % wl)
    k.add("  const int v = %s(f);" % wl)
    e = ExprGen(unit, out.is_float(), [read(k, out, "v"), read(k, src, "v"), k.salt()])
    k.add("  %s = %s;" % (out.at("v"), e.value(2)))
    k.add("}")
    unit.outputs.append(("%s.size" % wl, "%s.size()" % wl))
    return k


def bfs(unit):
    """Levels of a random graph from vertex 0: CSR arrays built on the host,
    a host loop over frontiers, fetch_min claims and worklist pushes."""
    rng = unit.rng
    k = Kernel(unit, "bfs", "int")
    k.templatable = False
    n = rng.randrange(20, 300)
    deg = rng.randrange(1, 5)
    off, adj, depth = (unit.fresh(x) for x in ("off", "adj", "depth"))
    unit.body.append("hy::array<int, 1> %s(%d + 1), %s(%d);" % (off, n, adj, n * deg))
    unit.body.append("std::vector<int> %s(%d);" % (depth, n))
    unit.body.append("make_graph(%s, %s, %d, %d, %d);" % (off, adj, n, deg, rng.randrange(1 << 30)))
    k.params += [("const hy::array<int, 1> &" + off, off), ("const hy::array<int, 1> &" + adj, adj),
                 ("std::vector<int> &" + depth, depth)]
    k.add("const int n = %d;" % n)
    k.add("for (int v = 0; v < n; ++v)")
    k.add("  %s[v] = 1 << 30;" % depth)
    k.add("%s[0] = 0;" % depth)
    k.add("hy::worklist<int> cur(n), next(n);")
    k.add("cur.push(0);")
    k.add("int level = 0;")
    k.add("while (cur.size() > 0) {")
    k.add("  next.clear();")
    k.add("#pragma hy parallel for reduction(min : %s)" % depth)
    k.add("  for (int f = 0; f < static_cast<int>(cur.size()); ++f) {")
    k.add("    const int u = cur(f);")
    inner = rng.random() < 0.5
    if inner:
        k.add("#pragma hy parallel for into(threads)")
    k.add("    for (int e = %s(u); e < %s(u + 1); ++e) {" % (off, off))
    k.add("      const int w = %s(e);" % adj)
    k.add("      if (hy::fetch_min(%s[w], level + 1) > level + 1)" % depth)
    k.add("        next.push(w);")
    k.add("    }")
    k.add("  }")
    k.add("  std::swap(cur, next);")
    k.add("  ++level;")
    k.add("}")
    k.repeatable = False
    arr = unit.arrays  # depth is a vector: digest it as an ordered array
    from .unit import Array
    d = Array(depth, "int", [str(n)], vector=True)
    arr.append(d)
    return k


def pingpong(unit):
    k = start(unit, "pingpong")
    rng = unit.rng
    vec = rng.random() < 0.3
    a = k.use(unit.array(k.ty, ["L"], vector=vec), write=True)
    b = k.use(unit.array(k.ty, ["L"], vector=vec, init=False), write=True)
    k.add("for (int round = 0; round < %d; ++round) {" % rng.randrange(1, 5))
    k.add("#pragma hy parallel for")
    k.add("  for (int i = 0; i < L; ++i)")
    e = ExprGen(unit, a.is_float(), [read(k, a, "i"), read(k, a, "(i + 1) % L"),
                                     read(k, a, "(i + L - 1) % L"), k.salt(),
                                     Leaf("static_cast<ELT>(round)", 8)])
    k.add("    %s = %s;" % (b.at("i"), e.value()))
    k.add("  std::swap(%s, %s);" % (a.name, b.name) if not vec or rng.random() < 0.5 else
          "  %s.swap(%s);" % (a.name, b.name))
    k.add("}")
    return k


def host_touch(unit):
    """Host statements between kernels: read and write some elements."""
    rng = unit.rng
    pool = [a for a in unit.arrays if a.digest == "ordered" and a.dims == ["L"]]
    if not pool:
        return None
    a = rng.choice(pool)
    i, j = rng.randrange(unit.geo["L"]), rng.randrange(unit.geo["L"])
    unit.body.append("%s = wrap(%s + %s + static_cast<%s>(%d));"
                     % (a.at(str(i)), a.at(str(i)), a.at(str(j)), a.ty, rng.randrange(1, 9)))
    if rng.random() < 0.5:
        unit.body.append("for (int i = 0; i < L; i += %d)" % rng.randrange(3, 17))
        unit.body.append("  %s = wrap(%s * static_cast<%s>(2));" % (a.at("i"), a.at("i"), a.ty))
    return None
