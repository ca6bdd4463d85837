# Kernel families without thread loops: element-wise maps over 1-D and 2-D
# block loops in every canonical loop form (steps, reversed, != bounds,
# index declared before the loop, unsigned and long long indices, runtime
# bounds), bodies with locals, lambdas, serial inner loops, `continue` and
# data-dependent branches. Each iteration writes only its own element and
# reads that array only there; other arrays it reads anywhere.
from .exprs import ExprGen, Leaf
from .kernel import Kernel, start

ARRAY_BOUND = 1008


def read(k, a, *idx):
    text = a.at(*idx)
    if a.ty != k.ty:
        text = "static_cast<ELT>(%s)" % text
    return Leaf(text, ARRAY_BOUND)


def loop_header(rng, var, n, allow_before=True):
    """A canonical `for` header over some of 0..n-1; returns (decl-before,
    header). `n` is the bound's text."""
    ity = rng.choice(["int"] * 6 + ["long long", "unsigned"])
    forms = [
        "for ({t} {v} = 0; {v} < {n}; ++{v})",
        "for ({t} {v} = 0; {n} > {v}; {v}++)",
        "for ({t} {v} = 0; {v} != {n}; {v} += 1)",
        "for ({t} {v} = 1; {v} < {n}; {v} += 2)",
        "for ({t} {v} = 0; {v} <= {n} - 1; {v} = {v} + 3)",
    ]
    if ity != "unsigned":
        forms += [
            "for ({t} {v} = {n} - 1; {v} >= 0; --{v})",
            "for ({t} {v} = {n} - 1; {v} > 0; {v} -= 2)",
            "for ({t} {v} = {n} - 1; -1 < {v}; {v} = {v} - 1)",
        ]
    hdr = rng.choice(forms).format(t=ity, v=var, n=n)
    before = ""
    if allow_before and rng.random() < 0.15 and ity == "int":
        # The index declared before the loop (never read after it).
        before = "int %s;" % var
        hdr = hdr.replace("int %s = " % var, "%s = " % var)
    return before, hdr


def maybe_lambda(k, indent):
    """A lambda defined in the kernel body, usable in expressions."""
    rng = k.unit.rng
    if rng.random() < 0.3:
        k.add(indent + "auto lam = [](ELT x) { return wrap(x * static_cast<ELT>(3) + static_cast<ELT>(1)); };")
        return [("lam(%s)", 1, 1 << 20)]
    return []


def map1d(unit):
    k = start(unit, "map1d")
    rng, g = unit.rng, unit.geo
    out = k.use(k.pick(["L"]), write=True)
    ins = [k.use(k.pick(["L"], ty=rng.choice(unit.types), exclude=[out])) for _ in range(rng.randrange(1, 3))]
    n = "L"
    if rng.random() < 0.3:
        k.scalar("n", g["L"])
        n = "n"
    before, hdr = loop_header(rng, "i", n)
    if before:
        k.add(before)
    k.add("#pragma hy parallel for")
    k.add(hdr + " {")
    ii = "static_cast<int>(i)"
    leaves = [read(k, out, "i"), k.salt(), Leaf("static_cast<ELT>(%s)" % ii, g["L"])]
    for a in ins:
        leaves.append(read(k, a, "i"))
        leaves.append(read(k, a, "(%s * 7 + 3) %% L" % ii))
        leaves.append(read(k, a, "L - 1 - %s" % ii))
    lams = maybe_lambda(k, "  ")
    e = ExprGen(unit, out.is_float(), leaves, lams)
    if rng.random() < 0.3:
        k.add("  ELT acc = static_cast<ELT>(0);")
        a = rng.choice(ins)
        k.add("  for (int j = 0; j < 3; ++j)")
        k.add("    acc = wrap(acc + %s);" % read(k, a, "(%s + j) %% L" % ii).text)
        e.leaves.append(Leaf("acc", ARRAY_BOUND))
    if rng.random() < 0.2:
        k.add("  if (%s < %s)" % (e.gen(1).text, e.gen(1).text))
        k.add("    continue;")
    if rng.random() < 0.3:
        k.add("  if (%s > static_cast<ELT>(0))" % e.gen(2).text)
        k.add("    %s = %s;" % (out.at("i"), e.value()))
        k.add("  else")
        k.add("    %s = %s;" % (out.at("i"), e.value()))
    else:
        k.add("  %s = %s;" % (out.at("i"), e.value()))
    k.add("}")
    return k


def map2d(unit):
    k = start(unit, "map2d")
    rng, g = unit.rng, unit.geo
    out = k.use(k.pick(["R", "C"], vector=False), write=True)
    ins = [k.use(k.pick(["R", "C"], ty=rng.choice(unit.types), vector=False, exclude=[out]))
           for _ in range(rng.randrange(1, 3))]
    one = k.use(k.pick(["L"], ty=rng.choice(unit.types))) if rng.random() < 0.5 else None
    k.add("#pragma hy parallel for")
    _, h1 = loop_header(rng, "i", "R", False)
    k.add(h1)
    inner = "C"
    if rng.random() < 0.25:
        inner = "C - static_cast<int>(i) % 3"  # depends on the outer index: not collapsed
    _, h2 = loop_header(rng, "j", inner, False)
    if "unsigned" in h1 and "C -" in inner:
        inner = "C"
        _, h2 = loop_header(rng, "j", inner, False)
    brace = rng.random() < 0.5
    k.add("#pragma hy parallel for" if not brace else "{\n#pragma hy parallel for")
    k.add("  " + h2 + " {")
    ii, jj = "static_cast<int>(i)", "static_cast<int>(j)"
    leaves = [read(k, out, ii, jj), k.salt()]
    for a in ins:
        leaves.append(read(k, a, ii, jj))
        leaves.append(read(k, a, "R - 1 - %s" % ii, "(%s * 5 + 1) %% C" % jj))
    if one:
        leaves.append(read(k, one, "(%s * C + %s) %% L" % (ii, jj)))
    lams = maybe_lambda(k, "    ")
    e = ExprGen(unit, out.is_float(), leaves, lams)
    k.add("    %s = %s;" % (out.at(ii, jj), e.value()))
    k.add("  }")
    if brace:
        k.add("}")
    return k
