# Reduction families: scalar reductions with every operator at block
# level, thread level (of a block-local or of an outer variable, which is
# combined across blocks too) and both; array-element reductions in every
# accepted update form, at either level, with privatized fetch tiles and
# hy::fetch_<op> (also with the old value used as a ticket, whose array is
# then compared as a multiset); hy::minloc / hy::maxloc at both levels.
# The results go to a `long long` array written by host code after the
# kernel (floats times 4: they are multiples of 1/4).
from .exprs import ExprGen, Leaf
from .kernel import Kernel, start
from .maps import read, ARRAY_BOUND

# operator -> (types, identity(type), update(var, expr) forms)
SCALAR_OPS = {
    "+": (["int", "long long", "float", "double"], "0", ["{v} += {e};", "{v} = {v} + {e};"]),
    "*": (["unsigned", "unsigned long long"], "1", ["{v} *= {e} | 1u;"]),
    "min": (["int", "long long", "float", "double"], None, ["{v} = std::min({v}, {e});",
                                                           "{v} = std::min({e}, {v});"]),
    "max": (["int", "long long", "float", "double"], None, ["{v} = std::max({v}, {e});"]),
    "&": (["int", "unsigned", "long long"], "~0", ["{v} &= {e};"]),
    "|": (["int", "unsigned"], "0", ["{v} |= {e};"]),
    "^": (["int", "long long", "unsigned"], "0", ["{v} ^= {e};", "{v} = {v} ^ {e};"]),
    "&&": (["bool"], "true", ["{v} = {v} && ({e} > 0);"]),
    "||": (["bool"], "false", ["{v} = {v} || ({e} > 0);"]),
}


def identity(op, ty):
    ident = SCALAR_OPS[op][1]
    if ident is not None:
        return "static_cast<%s>(%s)" % (ty, ident)
    lim = "std::numeric_limits<%s>::%s()" % (ty, "max" if op == "min" else "lowest")
    return lim


def convert(e, from_float, ty):
    """`e` as type `ty`; a float goes through long long first (a negative
    float converted to an unsigned type is undefined behaviour)."""
    if from_float and ty.startswith("unsigned"):
        e = "static_cast<long long>(%s)" % e
    return "static_cast<%s>(%s)" % (ty, e)


def as_result(ty, v):
    if ty in ("float", "double"):
        return "static_cast<long long>(%s * 4)" % v
    return "static_cast<long long>(%s)" % v


class Results:
    """Reduction results copied by host code into an array of the unit."""

    def __init__(self, k, count):
        self.k = k
        self.array = k.use(k.unit.array("long long", [str(count)], init=False), write=True)
        self.next = 0

    def store(self, ty, var, indent=""):
        self.k.add("%s%s = %s;" % (indent, self.array.at(str(self.next)), as_result(ty, var)))
        self.next += 1


def scalar_red(unit):
    k = start(unit, "scalar_red")
    rng, g = unit.rng, unit.geo
    src = k.use(k.pick(["L"]))
    # block: on a block loop; block2d: on a 2-D block nest; thread: named on
    # a thread loop only (combined across blocks too); both: on both loops.
    level = rng.choice(["block", "block2d", "thread", "both"])
    vars_ = []
    for i in range(rng.randrange(1, 4)):
        op = rng.choice(list(SCALAR_OPS))
        vars_.append(("r%d" % i, op, rng.choice(SCALAR_OPS[op][0])))
    res = Results(k, len(vars_))
    for v, op, vty in vars_:
        k.add("%s %s = %s;" % (vty, v, identity(op, vty)))
    by = {}
    for v, op, _ in vars_:
        by.setdefault(op, []).append(v)
    clause = " ".join("reduction(%s : %s)" % (op, ", ".join(n)) for op, n in by.items())

    def updates(indent, idx, extra):
        for v, op, vty in vars_:
            e = ExprGen(unit, src.is_float(), [read(k, src, idx), k.salt()] + extra).value(2)
            if vty != "bool":
                e = convert(e, src.is_float(), vty)
            k.add(indent + rng.choice(SCALAR_OPS[op][2]).format(v=v, e=e))

    if level == "block":
        k.add("#pragma hy parallel for " + clause)
        k.add("for (int i = 0; i < L; ++i) {")
        updates("  ", "i", [])
        k.add("}")
    elif level == "block2d":
        k.add("#pragma hy parallel for " + clause)
        k.add("for (int bi = 0; bi < NB; ++bi)")
        k.add("#pragma hy parallel for")
        k.add("  for (int t = 0; t < T1; ++t) {")
        updates("    ", "H + bi * T1 + t", [])
        k.add("  }")
    else:
        k.add("#pragma hy parallel for" + (" " + clause if level == "both" else ""))
        k.add("for (int b = 0; b < NB; ++b) {")
        k.add("#pragma hy parallel for into(threads) " + clause)
        k.add("  for (int t = 0; t < T1; ++t) {")
        updates("    ", "H + b * T1 + t", [Leaf("static_cast<ELT>(b)", g["NB"])])
        k.add("  }")
        k.add("}")
    for v, op, vty in vars_:
        res.store(vty, v)
    return k


def local_red(unit):
    """Thread-level reductions into block-local variables, stored per block."""
    k = start(unit, "local_red")
    rng, g = unit.rng, unit.geo
    src = k.use(k.pick(["L"]))
    per_block = k.use(k.pick(["NB"], vector=False), write=True)
    op = rng.choice(["+", "min", "max", "^", "|", "&"] if not src.is_float() and per_block.ty in ("int", "long long")
                    else ["+", "min", "max"])
    vty = per_block.ty
    k.add("#pragma hy parallel for")
    k.add("for (int b = 0; b < NB; ++b) {")
    k.add("  %s acc = %s;" % (vty, identity(op, vty)))
    k.add("#pragma hy parallel for into(threads) reduction(%s : acc)" % op)
    k.add("  for (int t = 0; t < T1; ++t) {")
    e = ExprGen(unit, src.is_float(), [read(k, src, "H + b * T1 + t"), k.salt()]).value(2)
    form = rng.choice(SCALAR_OPS[op][2])
    k.add("    " + form.format(v="acc", e=convert(e, src.is_float(), vty)))
    k.add("  }")
    k.add("  %s = wrap(acc);" % per_block.at("b"))
    k.add("}")
    return k


ARRAY_OPS = {
    "+": ["{a} += {e};", "{a} = {a} + {e};", "hy::fetch_add({a}, {e});"],
    "min": ["{a} = std::min({a}, {e});", "{a} = std::min({e}, {a});", "hy::fetch_min({a}, {e});"],
    "max": ["{a} = std::max({a}, {e});", "hy::fetch_max({a}, {e});"],
    "|": ["{a} |= {e};", "hy::fetch_or({a}, {e});"],
    "^": ["{a} ^= {e};", "{a} = {a} ^ {e};", "hy::fetch_xor({a}, {e});"],
    "&": ["{a} &= {e};", "hy::fetch_and({a}, {e});"],
}


def array_red(unit):
    k = start(unit, "array_red")
    rng, g = unit.rng, unit.geo
    src = k.use(k.pick(["L"]))
    key = k.use(k.pick(["L"], ty="int")) if rng.random() < 0.5 else None
    bins = rng.choice([4, 16, 37, 64])
    op = rng.choice(list(ARRAY_OPS))
    hty = rng.choice(["int", "long long"] + (["float", "double"] if op in "+minmax" else []))
    rank2 = bins in (16, 64) and rng.random() < 0.4
    if rank2:
        side = {16: 4, 64: 8}[bins]
        hist = k.unit.array(hty, [str(side), str(side)], lo=-50, hi=50)
    else:
        hist = k.unit.array(hty, [str(bins)], lo=-50, hi=50)
    k.use(hist, write=True)
    tickets = None
    if op == "+" and hty in ("int", "long long") and rng.random() < 0.3:
        tickets = k.unit.array("long long", ["L"], init=False)
        k.unit.body.append("std::fill(%s.data(), %s.data() + %s.size(), 0LL);" % ((tickets.name,) * 3))
        tickets.digest = "multiset"
        k.use(tickets, write=True)
    level = rng.choice(["block", "thread", "both", "tile"] if not tickets else ["block", "thread"])
    if rank2 and level == "tile":
        level = "thread"

    def keyof(idx):
        if key is not None:
            kx = "((%s %% %d) + %d) %% %d" % (key.at(idx), bins, bins, bins)
        else:
            kx = "(%s * 7 + s) %% %d" % (idx, bins)
        return kx

    def elem(kx):
        if rank2:
            return hist.at("(%s) / %d" % (kx, side), "(%s) %% %d" % (kx, side))
        return hist.at(kx)

    def update(indent, idx):
        e = ExprGen(unit, src.is_float(), [read(k, src, idx), k.salt()]).value(1)
        e = convert(e, src.is_float(), hty)
        if tickets is not None and rng.random() < 0.7:
            k.add(indent + "%s = hy::fetch_add(%s, static_cast<%s>(1));"
                  % (tickets.at(idx), elem(keyof(idx)), hty))
            return
        k.add(indent + "const int kk = %s;" % keyof(idx))
        form = rng.choice(ARRAY_OPS[op])
        k.add(indent + form.format(a=elem("kk"), e=e))

    red = "reduction(%s : %s)" % (op, hist.name)
    if level == "block":
        k.add("#pragma hy parallel for " + red)
        k.add("for (int i = 0; i < L; ++i) {")
        update("  ", "i")
        k.add("}")
    else:
        k.add("#pragma hy parallel for" + (" " + red if level in ("block", "both", "tile") else ""))
        k.add("for (int b = 0; b < NB; ++b) {")
        if level == "tile":
            k.add("#pragma hy parallel fetch(%s : %d : 0 : t)" % (hist.name, bins))
        k.add("#pragma hy parallel for into(threads)" + (" " + red if level in ("thread", "both") else ""))
        k.add("  for (int t = 0; t < T1; ++t) {")
        update("    ", "H + b * T1 + t")
        k.add("  }")
        k.add("}")
    return k


def minloc(unit):
    k = start(unit, "minloc")
    rng, g = unit.rng, unit.geo
    src = k.use(k.pick(["L"]))
    kind, op = rng.choice([("minloc", "min"), ("maxloc", "max")])
    ity = rng.choice(["int", "long long"])
    res = Results(k, 2)
    level = rng.choice(["block", "thread", "both"])
    k.add("hy::%s<ELT, %s> best;" % (kind, ity))
    vals = "static_cast<ELT>(%s)"
    if level == "block":
        k.add("#pragma hy parallel for reduction(%s : best)" % op)
        k.add("for (int i = 0; i < L; ++i)")
        k.add("  best.update(%s, i);" % ExprGen(unit, src.is_float(), [read(k, src, "i")]).value(1))
    else:
        k.add("#pragma hy parallel for" + (" reduction(%s : best)" % op if level == "both" else ""))
        k.add("for (int b = 0; b < NB; ++b) {")
        if level == "both" and rng.random() < 0.5:
            k.add("  hy::%s<ELT, %s> mine;" % (kind, ity))
            k.add("#pragma hy parallel for into(threads) reduction(%s : mine)" % op)
            k.add("  for (int t = 0; t < T1; ++t)")
            k.add("    mine.update(%s, H + b * T1 + t);"
                  % ExprGen(unit, src.is_float(), [read(k, src, "H + b * T1 + t")]).value(1))
            k.add("  if (!mine.empty())")
            k.add("    best.update(mine.value, mine.index);")
        else:
            k.add("#pragma hy parallel for into(threads) reduction(%s : best)" % op)
            k.add("  for (int t = 0; t < T1; ++t)")
            k.add("    best.update(%s, H + b * T1 + t);"
                  % ExprGen(unit, src.is_float(), [read(k, src, "H + b * T1 + t")]).value(1))
        k.add("}")
    res.store(k.ty, "best.value")
    res.store("int", "best.index")
    return k
