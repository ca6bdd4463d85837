# Host shape "lambdas" (issue 26, family 2): kernels inside lambdas whose
# arrays are the lambda's own parameters, named like arrays of run() (the
# enclosing function) and called with other arrays: plain lambdas, generic
# ones (an `auto` scalar parameter; a kernel may not use an `auto` array),
# lambdas stored and called later, a lambda holding a kernel inside a
# lambda, and generic lambdas that hand an `auto &` array to a function
# that launches kernels.
from . import launch


def other_array(u, ln, slot):
    """An array of run() that may stand in `slot` of `ln`: same type and
    extent, not among the launch's arguments."""
    a0 = ln.arrays[slot]
    args = set(ln.args())
    pool = [a for a in u.arrays if a.dims == ["L"] and not a.vector and a.ty == a0.ty
            and a.digest == "ordered" and a.name not in args]
    if pool and u.srng.random() < 0.5:
        return u.srng.choice(pool).name
    with u.drawing_from(u.srng):
        return u.array(a0.ty, ["L"]).name


def calls(u, ln, name, n, before=(), after=()):
    """n calls of lambda `name` (arguments in launch order, the salt
    `before` or `after` them), each with another array in the written slot
    half of the time."""
    rng, out = u.srng, []
    for _ in range(n):
        subst = {ln.slots[0]: other_array(u, ln, ln.slots[0])} if rng.random() < 0.5 else None
        args = ln.args(subst)
        salt = str(rng.randrange(0, 60))
        out.append("%s(%s);" % (name, ", ".join(([salt] if before else []) + args +
                                                ([] if before else [salt]))))
    return out


def lambdas(u):
    rng = u.srng
    form = rng.choice(["plain", "generic", "nested", "pass"])
    name = u.fresh("lam")
    if form == "pass":
        ln = launch.function(u)
        if ln is None:
            return
        slot = ln.slots[0]
        subst = {slot: "x"}
        u.body.append("auto %s = [&](auto &x, auto s) { %s; };" % (name, ln.call("s", subst)))
        for _ in range(rng.randrange(1, 3)):
            target = other_array(u, ln, slot) if rng.random() < 0.6 else ln.args()[slot]
            u.body.append("%s(%s, %d);" % (name, target, rng.randrange(0, 60)))
        return
    ln = launch.draw(u)
    if ln is None:
        return
    cap = rng.choice(["[]", "[&]", "[=]"])
    params = ", ".join(d for d, _ in ln.params)
    before = False
    if form == "plain":
        text = "auto %s = %s(%s, int s) {\n%s\n};" % (name, cap, params, ln.body())
    elif form == "generic":
        before = rng.random() < 0.5
        sig = "auto s0, %s" % params if before else "%s, auto s0" % params
        text = "auto %s = %s(%s) {\n  const int s = static_cast<int>(s0);\n%s\n};" % (
            name, cap, sig, ln.body())
    else:
        inner = u.fresh("lam")
        names = ", ".join(a for _, a in ln.params)
        text = ("auto %s = [&](%s, int s) {\n  auto %s = [](%s, int s) {\n%s\n  };\n"
                "  %s(%s, s);\n  %s(%s, s / 2 + 1);\n};"
                % (name, params, inner, params, ln.body("    "), inner, names, inner, names))
    u.body.append(text)
    cs = calls(u, ln, name, rng.randrange(1, 3), before=before)
    if rng.random() < 0.4:
        u.deferred += cs  # stored and called after the next kernel family
    else:
        u.body += cs
