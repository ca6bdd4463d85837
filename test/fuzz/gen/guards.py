# Host shape "guards" (issue 26, family 5): fetched tiles whose accesses sit
# under edge guards (`if (r < h && c < w)` with run-time h, w), tiles exactly
# big enough (the accesses reach both ends of the halo), in 1-D and 2-D
# blocks, the guard written as one condition, nested ifs, a negation, a
# `?:`, a `continue` or on the thread indices, also with the written
# array's own tile fetched. Valid programs: hyc must accept them, and
# --check-fetch must find every access inside its tile.
from .exprs import ExprGen, Leaf
from .kernel import concrete


def pick(u, dims, ty, exclude=None):
    pool = [a for a in u.arrays if a.dims == dims and a.ty == ty and not a.vector
            and a.digest == "ordered" and a is not exclude]
    if pool and u.srng.random() < 0.5:
        return u.srng.choice(pool)
    return u.array(ty, dims)


def guard_lines(rng, conds, idx_conds, stmt, keep):
    """The guarded statement in one of its forms; conds are the edge
    conditions on the global indices, idx_conds the same on thread
    indices; keep is the statement's else value (the element itself)."""
    form = rng.choice(["and", "nested", "not", "ternary", "continue", "threads"])
    lhs, rhs = stmt
    if form == "and":
        return ["if (%s)" % " && ".join(conds), "  %s = %s;" % (lhs, rhs)]
    if form == "nested":
        out = []
        for i, c in enumerate(conds):
            out.append("  " * i + "if (%s)" % c)
        return out + ["  " * len(conds) + "%s = %s;" % (lhs, rhs)]
    if form == "not":
        neg = {"<": ">="}
        parts = []
        for c in conds:
            a, op, b = c.split(" ", 2)
            parts.append("%s %s %s" % (a, neg[op], b))
        return ["if (!(%s))" % " || ".join(parts), "  %s = %s;" % (lhs, rhs)]
    if form == "ternary":
        return ["%s = (%s) ? %s : %s;" % (lhs, " && ".join(conds), rhs, keep)]
    if form == "continue":
        return ["if (!(%s))" % " && ".join(conds), "  continue;", "%s = %s;" % (lhs, rhs)]
    return ["if (%s)" % " && ".join(idx_conds), "  %s = %s;" % (lhs, rhs)]


def guards(u):
    rng, g = u.srng, u.geo
    ty = rng.choice(u.types)
    name = u.fresh("guarded")
    with u.drawing_from(rng):
        if rng.random() < 0.5:
            src = pick(u, ["L"], ty)
            out = pick(u, ["L"], ty, src)
            n = rng.randrange(1, g["L"] + 1)
            reads = [Leaf("src(g - H)", 1008), Leaf("src(g + H)", 1008)]
            if g["H"] > 1:
                reads.append(Leaf("src(g + %d)" % rng.randrange(-g["H"] + 1, g["H"]), 1008))
            e = ExprGen(u, ty in ("float", "double"), reads[:3] + [Leaf("static_cast<ELT>(s)", 64)])
            lines = guard_lines(rng, ["g < n"], ["t < n - o - H"], ("out(g)", concrete(e.value(2, reads[:2]), ty)),
                                "out(g)")
            fetch_out = ["#pragma hy parallel fetch(out : T1 : o + H : t)"] if rng.random() < 0.4 else []
            body = (["#pragma hy parallel for", "for (int b = 0; b < NB; ++b) {", "  const int o = b * T1;",
                     "#pragma hy parallel fetch(src : T1 + 2 * H : o : t)"] + fetch_out +
                    ["#pragma hy parallel for into(threads)", "  for (int t = 0; t < T1; ++t) {",
                     "    const int g = o + H + t;"] + ["    " + l for l in lines] + ["  }", "}"])
            sig = "const hy::array<%s, 1> &src, hy::array<%s, 1> &out, int n, int s" % (ty, ty)
            bounds = [str(n)]
        else:
            src = pick(u, ["R", "C"], ty)
            out = pick(u, ["R", "C"], ty, src)
            h, w = rng.randrange(1, g["R"] + 1), rng.randrange(1, g["C"] + 1)
            reads = [Leaf("src(r - H, c - H)", 1008), Leaf("src(r + H, c + H)", 1008),
                     Leaf("src(r - H, c + H)", 1008), Leaf("src(r, c)", 1008)]
            e = ExprGen(u, ty in ("float", "double"), reads[:3] + [Leaf("static_cast<ELT>(s)", 64)])
            lines = guard_lines(rng, ["r < h", "c < w"], ["i < h - ro - H", "j < w - co - H"],
                                ("out(r, c)", concrete(e.value(2, reads[:2]), ty)), "out(r, c)")
            fetch_out = (["#pragma hy parallel fetch(out : TR, TC : ro + H, co + H : i, j)"]
                         if rng.random() < 0.4 else [])
            body = (["#pragma hy parallel for", "for (int bi = 0; bi < NBR; ++bi)",
                     "#pragma hy parallel for", "  for (int bj = 0; bj < NBC; ++bj) {",
                     "    const int ro = bi * TR, co = bj * TC;",
                     "#pragma hy parallel fetch(src : TR + 2 * H, TC + 2 * H : ro, co : i, j)"] + fetch_out +
                    ["#pragma hy parallel for into(threads)", "    for (int i = 0; i < TR; ++i)",
                     "#pragma hy parallel for into(threads)", "      for (int j = 0; j < TC; ++j) {",
                     "        const int r = ro + H + i, c = co + H + j;"] +
                    ["        " + l for l in lines] + ["      }", "  }"])
            sig = "const hy::array<%s, 2> &src, hy::array<%s, 2> &out, int h, int w, int s" % (ty, ty)
            bounds = [str(h), str(w)]
    u.kernels.append("static void %s(%s) {\n%s\n}" % (name, sig, "\n".join("  " + l for l in body)))
    for _ in range(rng.randrange(1, 3)):
        u.body.append("%s(%s);" % (name, ", ".join([src.name, out.name] + bounds + [str(rng.randrange(0, 60))])))
