# Functions that launch kernels, for the host shapes (gen/shapes.py): a
# kernel family instance written as `static void launch_N(params..., int s)`
# (or as the text of a lambda), with the parameters that are a 1-D
# hy::array of extent L marked as slots, so that a call site can pass another
# array there (an element of a container, a lambda's parameter, a range-for
# reference). Kernels are drawn with the unit's shape generator.
from . import blocks, maps
from .kernel import concrete

# Families whose kernels may run any number of times on any 1-D array of
# extent L passed in a slot.
FAMILIES = [maps.map1d, blocks.threads1d, blocks.multitile, blocks.fetch_in_nest]


class Launcher:
    """name(args..., s): params are (declaration, argument) with concrete
    types; slots are the indices of the hy::array<T, 1> parameters of
    extent L, written ones first."""

    def __init__(self, name, ty, params, lines, slots, arrays):
        self.name, self.ty, self.params, self.lines = name, ty, params, lines
        self.slots, self.arrays = slots, arrays

    def slot_type(self, i):
        return "hy::array<%s, 1>" % self.arrays[i].ty

    def args(self, subst=None):
        subst = subst or {}
        return [subst.get(i, a) for i, (_, a) in enumerate(self.params)]

    def call(self, salt, subst=None, name=None):
        return "%s(%s)" % (name or self.name, ", ".join(self.args(subst) + [str(salt)]))

    def signature(self):
        return ", ".join([d for d, _ in self.params] + ["int s"])

    def body(self, indent="  "):
        return "\n".join(indent + l for l in "\n".join(self.lines).split("\n"))


def draw(u):
    """A kernel family instance over arrays of extent L with a written 1-D
    hy::array slot (not yet placed anywhere), or None."""
    rng = u.srng
    for _ in range(6):
        with u.drawing_from(rng):
            k = rng.choice(FAMILIES)(u)
        if not k.repeatable:
            continue
        byname = {a.name: a for a in u.arrays}
        params, slots, arrays = [], [], {}
        for i, (decl, arg) in enumerate(k.params):
            params.append((concrete(decl, k.ty), arg))
            a = byname.get(arg)
            if a is not None and a.dims == ["L"] and not a.vector and a.digest == "ordered":
                arrays[i] = a
                slots.append(i)
        written = [i for i in slots if not params[i][0].startswith("const ")]
        if not written:
            continue
        slots = written + [i for i in slots if i not in written]
        lines = [concrete(l, k.ty) for l in k.lines]  # scalars are parameters
        return Launcher(u.fresh("launch_"), k.ty, params, lines, slots, arrays)
    return None


def function(u):
    """A Launcher placed as a function of the unit, or None."""
    ln = draw(u)
    if ln is None:
        return None
    u.kernels.append("static void %s(%s) {\n%s\n}" % (ln.name, ln.signature(), ln.body()))
    return ln


def exact(e, ty):
    """Element text `e` of element type `ty` as an exact long long: floats
    are multiples of 1/4."""
    if ty in ("float", "double"):
        return "static_cast<long long>(%s * 4)" % e
    return "static_cast<long long>(%s)" % e


def accumulate(acc, value):
    """A statement folding `value` into the long long `acc` (order matters,
    as it should: a missed or misplaced read changes it)."""
    return "%s = (%s * 3 + %s) %% 1000003;" % (acc, acc, value)


def new_acc(u):
    """A long long accumulator of run(), printed at the end."""
    acc = u.fresh("acc")
    u.body.append("long long %s = 0;" % acc)
    u.outputs.append((acc, acc))
    return acc
