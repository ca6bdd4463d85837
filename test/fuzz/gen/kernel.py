# One kernel family instance and the ways it is placed in a unit: inline in
# run(), a function, a function template over the element type, a member
# function of a class (its data copied to a local first, as hy requires), a
# function in a nested namespace, and any of these inside a host loop.
# Family code writes its body with `ELT` for the element type and `s` for a
# small integer the call supplies (the host loop's counter, a member, ...).
import re

from .exprs import Leaf


class Kernel:
    def __init__(self, unit, family, ty):
        self.unit, self.family, self.ty = unit, family, ty
        self.params = []   # (declaration, argument)
        self.lines = []    # body, with ELT and s
        self.scalars = []  # declarations of scalar parameters (for inline use)
        self.after = []    # statements of run() after the call
        self.templatable = True
        self.repeatable = True  # may run in a host loop (body is idempotent-safe)

    # Arrays --------------------------------------------------------------
    def use(self, a, write=False):
        """Makes array `a` a parameter of the kernel function."""
        for decl, arg in self.params:
            if arg == a.name:
                if write and decl.startswith("const "):
                    self.params.remove((decl, arg))
                    break
                return a
        ty = "ELT" if a.ty == self.ty else a.ty
        if a.vector:
            decl = "std::vector<%s> &%s" % (ty, a.name)
        else:
            decl = "hy::array<%s, %d> &%s" % (ty, a.rank, a.name)
        if not write:
            decl = "const " + decl
        self.params.append((decl, a.name))
        return a

    def pick(self, dims, ty=None, vector=None, exclude=()):
        """An existing array of this shape (chains kernels), else a new one."""
        ty = ty or self.ty
        rng = self.unit.rng
        pool = [a for a in self.unit.arrays
                if a.dims == dims and a.ty == ty and a.digest == "ordered"
                and a not in exclude and (vector is None or a.vector == vector)]
        if pool and rng.random() < 0.6:
            return rng.choice(pool)
        vec = rng.random() < 0.25 if vector is None else vector
        return self.unit.array(ty, dims, vector=vec)

    def scalar(self, name, value, ctype="int"):
        self.params.append(("%s %s" % (ctype, name), str(value)))
        self.scalars.append("const %s %s = %s;" % (ctype, name, value))

    def salt(self):
        """The per-call integer `s`, as a leaf of the element type."""
        return Leaf("static_cast<ELT>(s)", 64)

    def add(self, text):
        self.lines.append(text)


def start(unit, family, ty=None):
    """A kernel of `family` over one of the unit's element types."""
    return Kernel(unit, family, ty or unit.rng.choice(unit.types))


def concrete(text, ty):
    return re.sub(r"\bELT\b", ty, text)


def place(unit, k):
    """Puts kernel `k` into the unit in a randomly chosen form."""
    rng = unit.rng
    name = unit.fresh("k_" + k.family + "_")
    loop = k.repeatable and rng.random() < 0.3
    reps = rng.randrange(1, 4)
    salt = rng.randrange(0, 50)
    body = "\n".join(k.lines)
    body = "\n".join("  " + l for l in body.split("\n"))
    params = [d for d, _ in k.params]
    args = [a for _, a in k.params]
    form = rng.choice(["inline", "function", "template", "member", "namespace"])
    if form == "template" and not (k.templatable and any("ELT" in d for d in params)):
        form = "function"
    alias = "using ELT = %s;" % k.ty
    if form != "template" and rng.random() < 0.95:
        # Mostly the concrete type; sometimes a local (or member) `using
        # ELT = ...;` that the kernel's body refers to.
        body = concrete(body, k.ty)
        alias = ""
    if form != "template":
        params = [concrete(d, k.ty) for d in params]  # signatures precede the alias
    if form == "inline":
        body = "\n".join(["  " + d for d in k.scalars] + [body])
        text = "{\n  %s\n%s\n}" % (alias, body)
        if loop:
            unit.body.append("for (int s = %d; s < %d; ++s) %s" % (salt, salt + reps, text))
        else:
            unit.body.append("{\n  const int s = %d;\n  %s\n%s\n}" % (salt, alias, body))
        unit.body += k.after
        return
    sig = ", ".join(params + ["int s"])
    if form == "template":
        unit.kernels.append("template <class ELT>\nvoid %s(%s) {\n%s\n}" % (name, sig, body))
        callee = name
    elif form == "member":
        cls = name.capitalize()
        sig = ", ".join(params)
        unit.kernels.append(
            "struct %s {\n  %s\n  int salt;\n  void apply(%s) {\n    const int s = salt;\n"
            "%s\n  }\n};" % (cls, alias, sig, "\n".join("  " + l for l in body.split("\n"))))
        call = "%s{%%s}.apply(%s);" % (cls, ", ".join(args))
        if loop:
            unit.body.append("for (int it = %d; it < %d; ++it)\n  %s" % (salt, salt + reps, call % "it"))
        else:
            unit.body.append(call % salt)
        unit.body += k.after
        return
    elif form == "namespace":
        unit.kernels.append("namespace inner_%s {\nvoid %s(%s) {\n  %s\n%s\n}\n}"
                            % (name, name, sig, alias, body))
        callee = "inner_%s::%s" % (name, name)
    else:
        unit.kernels.append("static void %s(%s) {\n  %s\n%s\n}" % (name, sig, alias, body))
        callee = name
    if loop:
        unit.body.append("for (int it = %d; it < %d; ++it)\n  %s(%s);"
                         % (salt, salt + reps, callee, ", ".join(args + ["it"])))
    else:
        unit.body.append("%s(%s);" % (callee, ", ".join(args + [str(salt)])))
    unit.body += k.after
