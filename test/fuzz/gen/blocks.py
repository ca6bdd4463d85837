# Kernel families with blocks and thread nests: 1-D and 2-D blocks whose
# thread nests follow one another (a later nest reads what an earlier one
# wrote, so barriers matter), serial loops around nests (a barrier on the
# back edge), block-uniform locals, branches and writes, and fetches: halo
# tiles of read-only arrays, tiles of the arrays a block writes (exactly its
# own region, written back), 2-D tiles with a permutation, two tiles of one
# array, and fetches inside a thread nest.
#
# Layout: a 1-D array has L = NB * T1 + 2 * H elements; block b owns
# [H + b * T1, H + (b + 1) * T1) and may read [b * T1, (b + 1) * T1 + 2 * H).
# A 2-D array is R x C with R = NBR * TR + 2 * H, C = NBC * TC + 2 * H.
from .exprs import ExprGen, Leaf
from .kernel import Kernel, start
from .maps import read, maybe_lambda, ARRAY_BOUND


def thread_nest(rng, g, var2d):
    """Header lines and the own-offset expression of a 1-D block's thread
    nest over T1 elements: (lines, own offset text, thread index names,
    constant trip counts?)."""
    shape = rng.random()
    if var2d and shape < 0.3 and g["T1"] >= 4:
        tx = rng.choice([d for d in (2, 4, 8, 16) if g["T1"] % d == 0 and d < g["T1"]])
        ty = g["T1"] // tx
        lines = ["#pragma hy parallel for into(threads)",
                 "for (int ty = 0; ty < %d; ++ty)" % ty,
                 "#pragma hy parallel for into(threads)",
                 "for (int tx = 0; tx < %d; ++tx) {" % tx]
        return lines, "(ty * %d + tx)" % tx, ["ty", "tx"]
    if shape < 0.45:
        lines = ["#pragma hy parallel for into(threads)",
                 "for (int t = T1 - 1; t >= 0; --t) {"]
        return lines, "t", ["t"]
    lines = ["#pragma hy parallel for into(threads)", "for (int t = 0; t < T1; ++t) {"]
    return lines, "t", ["t"]


def threads1d(unit):
    k = start(unit, "threads1d")
    rng, g = unit.rng, unit.geo
    src = k.use(k.pick(["L"], ty=rng.choice(unit.types)))
    nw = rng.randrange(1, 3)
    written = []
    for _ in range(nw):
        written.append(k.use(k.pick(["L"], exclude=[src] + written), write=True))
    side = k.use(k.pick(["NB"], vector=False), write=True) if rng.random() < 0.4 else None
    k.add("#pragma hy parallel for")
    nb = "NB"
    if rng.random() < 0.3:
        k.scalar("nb", g["NB"])
        nb = "nb"
    k.add("for (int b = 0; b < %s; ++b) {" % nb)
    k.add("  const int o = b * T1;")
    k.add("  const int oh = o + H;")
    uni = []
    if rng.random() < 0.5:
        k.add("  const ELT u = %s;" % read(k, src, "oh").text)
        uni.append(Leaf("u", ARRAY_BOUND))
    lams = maybe_lambda(k, "  ")
    steps = rng.random() < 0.35
    ind = "  "
    # Fetches before the phase: the source's halo tile, the written arrays'
    # own tiles. A fetched source is read by the nests (nearly always: an
    # unused fetch is legal too).
    fetches = []
    if rng.random() < 0.6:
        fetches.append((src, "T1 + 2 * H", "o"))
    use_src = bool(fetches) and rng.random() < 0.95
    for w in written:
        if rng.random() < 0.5:
            fetches.append((w, "T1", "oh"))
    cond = None
    if rng.random() < 0.25:
        cond = rng.choice(["b % 2 == s % 2", "u > static_cast<ELT>(0)" if uni else "b != 1"])
    nests = []
    for i, w in enumerate(written):
        nests.append(w)
    if len(written) == 1 and rng.random() < 0.5:
        nests.append(written[0])  # the same array updated by a second nest
    body = []
    tnames = []
    for idx, w in enumerate(nests):
        lines, own, names = thread_nest(rng, g, True)
        if names not in tnames:
            tnames.append(names)
        leaves = [k.salt()] + uni
        leaves.append(read(k, w, "oh + %s" % own))
        halo = []
        for d in sorted({0, rng.randrange(-g["H"], g["H"] + 1)}):
            halo.append(read(k, src, "o + %s + H + %d" % (own, d) if d >= 0 else
                             "o + %s + H - %d" % (own, -d)))
        leaves += halo
        for other in written:
            if other is not w:
                leaves.append(read(k, other, "oh + (%s + %d) %% T1" % (own, rng.randrange(g["T1"]))))
        if steps:
            leaves.append(Leaf("static_cast<ELT>(step)", 4))
        e = ExprGen(unit, w.is_float(), leaves, lams)
        body += lines
        body.append("  %s = %s;" % (w.at("oh + %s" % own), e.value(must=halo[-1:] if use_src else ())))
        body.append("}")
    if steps:
        body = ["for (int step = 0; step < %d; ++step) {" % rng.randrange(1, 4)] + \
               ["  " + l for l in body] + ["}"]
    elif len(nests) > 1 or rng.random() < 0.3:
        body = ["{"] + ["  " + l for l in body] + ["}"]
    tlist = ", ".join(tnames[0]) if len(tnames) == 1 else None
    if tlist is None:
        # Different nest shapes in one phase: only a shape-agnostic fetch
        # (threads named by one nest) is meaningful; keep it simple.
        fetches = []
    if cond:
        k.add(ind + "if (%s) {" % cond)
        ind2 = ind + "  "
    else:
        ind2 = ind
    for a, size, org in fetches:
        k.add("#pragma hy parallel fetch(%s : %s : %s : %s)" % (a.name, size, org, tlist))
    for l in body:
        k.add(ind2 + l)
    if cond:
        k.add(ind + "}")
    if side is not None:
        # A block-uniform write after the nests (once per block).
        w = rng.choice(written)
        e = ExprGen(unit, side.is_float(),
                    [read(k, w, "oh"), read(k, w, "oh + T1 - 1"), k.salt()] + uni, lams)
        k.add(ind + "%s = %s;" % (side.at("b"), e.value(2)))
    k.add("}")
    return k


def threads2d(unit):
    k = start(unit, "threads2d")
    rng, g = unit.rng, unit.geo
    src = k.use(k.pick(["R", "C"], ty=rng.choice(unit.types), vector=False))
    out = k.use(k.pick(["R", "C"], vector=False, exclude=[src]), write=True)
    k.add("#pragma hy parallel for")
    k.add("for (int bi = 0; bi < NBR; ++bi)")
    k.add("#pragma hy parallel for")
    k.add("  for (int bj = 0; bj < NBC; ++bj) {")
    k.add("    const int ro = bi * TR, co = bj * TC;")
    k.add("    const int rh = ro + H, ch = co + H;")
    perm = rng.random() < 0.5
    fetch_src = rng.random() < 0.7
    if fetch_src:
        k.add("#pragma hy parallel fetch(%s : TR + 2 * H, TC + 2 * H : ro, co : i, j%s)"
              % (src.name, " : 1, 0" if perm else ""))
    if rng.random() < 0.5:
        k.add("#pragma hy parallel fetch(%s : TR, TC : rh, ch : i, j%s)"
              % (out.name, " : 1, 0" if rng.random() < 0.5 else ""))
    k.add("#pragma hy parallel for into(threads)")
    k.add("    for (int i = 0; i < TR; ++i)")
    k.add("#pragma hy parallel for into(threads)")
    k.add("      for (int j = 0; j < TC; ++j) {")
    h = g["H"]
    leaves = [read(k, out, "rh + i", "ch + j"), k.salt()]
    for _ in range(2):
        di, dj = rng.randrange(-h, h + 1), rng.randrange(-h, h + 1)
        leaves.append(read(k, src, "ro + i + H + (%d)" % di, "co + j + H + (%d)" % dj))
    if perm:
        leaves.append(read(k, src, "ro + (TR - 1 - i) + H", "co + j + H"))
    lams = maybe_lambda(k, "        ")
    e = ExprGen(unit, out.is_float(), leaves, lams)
    must = leaves[2:3] if fetch_src and rng.random() < 0.95 else []
    k.add("        %s = %s;" % (out.at("rh + i", "ch + j"), e.value(must=must)))
    k.add("      }")
    k.add("  }")
    return k


def multitile(unit):
    """Two tiles of one read-only array; each access belongs to the tile
    whose origin its index is written relative to."""
    k = start(unit, "multitile")
    rng, g = unit.rng, unit.geo
    src = k.use(k.pick(["L"], ty=rng.choice(unit.types)))
    out = k.use(k.pick(["L"], exclude=[src]), write=True)
    k.add("#pragma hy parallel for")
    k.add("for (int b = 0; b < NB; ++b) {")
    k.add("  const int o = b * T1;")
    k.add("  const int o2 = ((b + s + 1) % NB) * T1;")
    k.add("#pragma hy parallel fetch(%s : T1 + 2 * H : o : t)" % src.name)
    k.add("#pragma hy parallel fetch(%s : T1 + 2 * H : o2 : t)" % src.name)
    k.add("#pragma hy parallel for into(threads)")
    k.add("  for (int t = 0; t < T1; ++t)")
    leaves = [read(k, src, "o + t + H"), read(k, src, "o2 + (T1 - 1 - t) + H"),
              read(k, src, "o2 + t"), read(k, out, "o + H + t"), k.salt()]
    e = ExprGen(unit, out.is_float(), leaves)
    k.add("    %s = %s;" % (out.at("o + H + t"), e.value(must=leaves[:2])))
    k.add("}")
    return k


def fetch_in_nest(unit):
    """A fetch inside a thread nest that gives every thread one iteration."""
    k = start(unit, "fetch_in_nest")
    rng, g = unit.rng, unit.geo
    src = k.use(k.pick(["L"], ty=rng.choice(unit.types)))
    out = k.use(k.pick(["L"], exclude=[src]), write=True)
    tx = rng.choice([d for d in (1, 2, 4, 8) if g["T1"] % d == 0])
    tyn = g["T1"] // tx
    k.add("#pragma hy parallel for")
    k.add("for (int b = 0; b < NB; ++b) {")
    k.add("  const int o = b * T1, oh = o + H;")
    k.add("#pragma hy parallel for into(threads)")
    k.add("  for (int ty = 0; ty < %d; ++ty)" % tyn)
    k.add("#pragma hy parallel for into(threads)")
    k.add("    for (int tx = 0; tx < %d; ++tx) {" % tx)
    k.add("      const int me = ty * %d + tx;" % tx)
    k.add("#pragma hy parallel fetch(%s : T1 : oh : ty, tx)" % out.name)
    fetch_src = rng.random() < 0.5
    if fetch_src:
        k.add("#pragma hy parallel fetch(%s : T1 + 2 * H : o : ty, tx)" % src.name)
    leaves = [read(k, out, "oh + me"), read(k, src, "o + me"), read(k, src, "o + (T1 - 1 - me) + 2 * H"),
              k.salt(), Leaf("static_cast<ELT>(me)", g["T1"])]
    e = ExprGen(unit, out.is_float(), leaves)
    must = leaves[1:2] if fetch_src and rng.random() < 0.95 else []
    k.add("      %s = %s;" % (out.at("oh + me"), e.value(must=must)))
    k.add("    }")
    k.add("}")
    return k
