# Host shape "bodies" (issue 26, family 1): a kernel, a call of a function
# that launches kernels, or a host statement that reads or writes an array after
# kernels, as the single-statement body (no braces) of for, range-for (over
# values and over a container of arrays, the reference handed to the
# launching function), while, do, if/else, switch cases and immediately
# called lambdas, nested. Each construct's variable also exists, with
# another value, in the enclosing scope: a statement that hyc's insertions
# push out of its construct then runs with that value, and the output
# differs from the serial meaning.
from . import launch


def indent(text, by="  "):
    return "\n".join(by + l for l in text.split("\n"))


class Nest:
    def __init__(self, u, ln, acc, reads):
        self.u, self.rng, self.ln, self.acc, self.reads = u, u.srng, ln, acc, reads

    def leaf(self, vars_, arrs):
        """The innermost statement: a kernel, a call of the launching
        function (its written slot maybe an array a range-for bound), a read
        into the accumulator or a write."""
        rng, ln = self.rng, self.ln
        v = rng.choice(vars_) if vars_ else str(rng.randrange(20))
        r = rng.random()
        if r < 0.2:
            # The kernel itself as the body.
            ty = ln.arrays[ln.slots[0]].ty
            x = rng.choice(arrs) if arrs else ln.args()[ln.slots[0]]
            return ("#pragma hy parallel for\nfor (int i = 0; i < L; ++i)\n"
                    "  %s(i) = wrap(%s(i) * static_cast<%s>(3) + static_cast<%s>(%s %% 40 + i %% 5));"
                    % (x, x, ty, ty, v))
        if r < 0.65 or not self.reads:
            subst = {ln.slots[0]: rng.choice(arrs)} if arrs else None
            # the salt stays below 64 (gen/kernel.py)
            return "%s;" % ln.call("%s %% 40 + %d" % (v, rng.randrange(0, 24)), subst)
        name, ty = rng.choice(self.reads + [(x, ln.arrays[ln.slots[0]].ty) for x in arrs])
        idx = "(%s * %d + %d) %% L" % (v, rng.randrange(1, 9), rng.randrange(0, 40))
        if r < 0.85:
            return launch.accumulate(self.acc, launch.exact("%s(%s)" % (name, idx), ty))
        return "%s(%s) = wrap(%s(%s) + static_cast<%s>(%s));" % (name, idx, name, idx, ty, v)

    def outer(self, name, value):
        """The same name in the enclosing scope (run()'s)."""
        self.u.body.append("int %s = %d;" % (name, value))

    def gen(self, depth, vars_, arrs):
        if depth == 0:
            return self.leaf(vars_, arrs)
        rng, u = self.rng, self.u
        kinds = ["for", "range", "while", "do", "if", "switch", "lambda"]
        if not arrs:
            kinds.append("arrays")
        kind = rng.choice(kinds)
        v = u.fresh("v")
        if kind != "arrays":
            # while and do count from 0 in steps that stop at multiples of 3
            self.outer(v, 0 if kind in ("while", "do") else rng.randrange(30, 40))
        inner = lambda: self.gen(depth - 1, vars_ + [v], arrs)  # noqa: E731
        if kind == "for":
            lo = rng.randrange(0, 3)
            return "for (int %s = %d; %s < %d; ++%s)\n%s" % (v, lo, v, lo + rng.randrange(1, 4), v,
                                                              indent(inner()))
        if kind == "range":
            vals = ", ".join(str(rng.randrange(0, 12)) for _ in range(rng.randrange(1, 4)))
            return "for (int %s : {%s})\n%s" % (v, vals, indent(inner()))
        if kind == "while":
            return "while (%s++ %% 3 != 2)\n%s" % (v, indent(inner()))
        if kind == "do":
            return "do\n%s\nwhile (++%s %% 3 != 0);" % (indent(inner()), v)
        if kind == "if":
            cond = "%s %% 2 == 0" % (rng.choice(vars_) if vars_ else v)
            if rng.random() < 0.3:
                return "if (%s)\n%s" % (cond, indent(inner()))
            return "if (%s)\n%s\nelse\n%s" % (cond, indent(inner()), indent(inner()))
        if kind == "switch":
            sel = rng.choice(vars_) if vars_ else v
            return ("switch (%s %% 3) {\ncase 0:\n%s\n  break;\ncase 1:\n%s\n  break;\ndefault:\n%s\n}"
                    % (sel, indent(inner()), indent(inner()), indent(inner())))
        if kind == "lambda":
            arg = rng.choice(vars_) if vars_ else str(rng.randrange(0, 20))
            if rng.random() < 0.3:
                # A generic lambda: its `auto` parameter typed before the
                # kernels use it (a kernel needs the types of what it uses;
                # an `auto` one is refused on CUDA, docs/language.md).
                return "[&](auto %s0) {\n  const int %s = static_cast<int>(%s0);\n%s\n}(%s);" % (
                    v, v, v, indent(inner()), arg)
            return "[&](int %s) {\n%s\n}(%s);" % (v, indent(inner()), arg)
        # A range-for over a container of arrays whose reference is the
        # launch's slot; an outer reference of the same name.
        ty = self.ln.arrays[self.ln.slots[0]].ty
        c = u.fresh("arrs")
        n = rng.randrange(1, 4)
        if rng.random() < 0.5:
            u.body.append("std::vector<hy::array<%s, 1>> %s(%d, hy::array<%s, 1>(L));" % (ty, c, n, ty))
        else:
            u.body.append("std::array<hy::array<%s, 1>, %d> %s{%s};"
                          % (ty, n, c, ", ".join(["hy::array<%s, 1>(L)" % ty] * n)))
        u.body.append("{\n  unsigned sd = %du;\n  for (auto &e : %s)\n    fill(e, sd++, -500, 500);\n}"
                      % (rng.randrange(1 << 30), c))
        for i in range(n):
            u.outputs.append(("%s[%d]" % (c, i), "digest(%s[%d])" % (c, i)))
        u.body.append("auto &%s = %s;" % (v, self.ln.args()[self.ln.slots[0]]))
        return "for (auto &%s : %s)\n%s" % (v, c, indent(self.gen(depth - 1, vars_, arrs + [v])))


def bodies(u):
    ln = launch.function(u)
    if ln is None:
        return
    rng = u.srng
    reads = [(a.name, a.ty) for a in u.arrays
             if a.dims == ["L"] and not a.vector and a.digest == "ordered"]
    acc = launch.new_acc(u)
    u.body.append(Nest(u, ln, acc, reads).gen(rng.randrange(1, 4), [], []))
