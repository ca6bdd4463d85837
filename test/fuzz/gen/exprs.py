# Random expressions over the values a kernel may read, with a bound on
# their magnitude so that integer arithmetic never overflows and float
# arithmetic stays exact (values are multiples of 1/4 below 2^12: every sum,
# difference and small multiple is representable, whatever the order).
# Also the unit's helper functions (namespaces, templates, a class with a
# static member, a call chain) that kernels call and that hyc must turn into
# device functions.

LIMIT_INT = 1 << 29     # every integer subexpression stays below this
LIMIT_FLOAT = 1 << 12   # floats: multiples of 1/4 below this are exact


class Leaf:
    """A value of the kernel's element type: text and magnitude bound."""

    def __init__(self, text, bound):
        self.text, self.bound = text, bound


def add_helpers(unit):
    """Declares the unit's helper functions; returns the names usable in
    expressions, each as (format, arity, max argument bound)."""
    rng = unit.rng
    names = []
    if rng.random() < 0.6:
        unit.helpers.append(
            "namespace detail {\n"
            "template <class T> T mix(T a, T b) { return wrap(a * 3 - b); }\n"
            "} // namespace detail")
        names.append(("detail::mix(%s, %s)", 2, 1 << 20))
    if rng.random() < 0.5:
        unit.helpers.append(
            "struct Ops {\n"
            "  template <class T> static T twice(T x) { return wrap(x + x + 1); }\n"
            "};")
        names.append(("Ops::twice(%s)", 1, 1 << 20))
    if rng.random() < 0.5:
        # A call chain: both functions must become device functions.
        unit.helpers.append(
            "template <class T> T inner_step(T x) { return wrap(x * 5 - 2); }\n"
            "template <class T> T outer_step(T x, T y) { return inner_step(x) + wrap(y); }")
        names.append(("outer_step(%s, %s)", 2, 1 << 20))
    if rng.random() < 0.4:
        unit.helpers.append("constexpr int kShift = %d;" % rng.randrange(1, 9))
        names.append(("(%s + static_cast<ELT>(kShift))", 1, 1 << 25))
    if rng.random() < 0.3:
        unit.helpers.append("enum Mode { ModeA = 2, ModeB = 3 };")
        names.append(("(%%s * static_cast<ELT>(Mode%s))" % rng.choice("AB"), 1, 1 << 20))
    return names


class ExprGen:
    """Expressions of one element type (`is_float`) over `leaves`."""

    def __init__(self, unit, is_float, leaves, lambdas=()):
        self.unit, self.rng, self.is_float = unit, unit.rng, is_float
        self.leaves = list(leaves)
        self.limit = LIMIT_FLOAT if is_float else LIMIT_INT
        self.calls = list(unit.helper_names) + list(lambdas)

    def const(self):
        if self.is_float:
            v = self.rng.randrange(-12, 13) / 4
            return Leaf("static_cast<ELT>(%s)" % repr(v), abs(v))
        v = self.rng.randrange(-9, 10)
        return Leaf("static_cast<ELT>(%d)" % v, abs(v))

    def leaf(self):
        if self.leaves and self.rng.random() < 0.85:
            return self.rng.choice(self.leaves)
        return self.const()

    def gen(self, depth=3):
        if depth <= 0 or self.rng.random() < 0.25:
            return self.leaf()
        rng = self.rng
        choice = rng.random()
        a = self.gen(depth - 1)
        if choice < 0.12 and self.calls:
            fmt, arity, maxarg = rng.choice(self.calls)
            args = [a] + [self.gen(depth - 1) for _ in range(arity - 1)]
            if all(x.bound < maxarg for x in args):
                bound = 1008 if not self.is_float else 256
                if "kShift" in fmt:
                    bound = a.bound + 9
                elif "Mode" in fmt:
                    bound = a.bound * 3
                return Leaf(fmt % tuple(x.text for x in args), bound)
            return a
        b = self.gen(depth - 1)
        if choice < 0.35:
            op = rng.choice("+-")
            if a.bound + b.bound < self.limit:
                return Leaf("(%s %s %s)" % (a.text, op, b.text), a.bound + b.bound)
            return a
        if choice < 0.45:
            k = rng.randrange(2, 5)
            if a.bound * k < self.limit:
                return Leaf("(%s * static_cast<ELT>(%d))" % (a.text, k), a.bound * k)
            return a
        if choice < 0.55:
            if not self.is_float and a.bound * b.bound < self.limit:
                return Leaf("(%s * %s)" % (a.text, b.text), a.bound * b.bound)
            return Leaf("std::%s(%s, %s)" % (rng.choice(["min", "max"]), a.text, b.text),
                        max(a.bound, b.bound))
        if choice < 0.7:
            return Leaf("std::%s(%s, %s)" % (rng.choice(["min", "max"]), a.text, b.text),
                        max(a.bound, b.bound))
        if choice < 0.82:
            c = self.gen(depth - 1)
            cmp = rng.choice(["<", "<=", ">", "==", "!="])
            return Leaf("(%s %s %s ? %s : %s)" % (a.text, cmp, c.text, b.text, a.text),
                        max(a.bound, b.bound))
        if self.is_float:
            return Leaf("(%s - %s)" % (a.text, b.text), a.bound + b.bound) \
                if a.bound + b.bound < self.limit else a
        op = rng.choice(["%", "/", "^", "&", "|"])
        if op in "%/":
            k = rng.randrange(2, 40)
            return Leaf("(%s %s static_cast<ELT>(%d))" % (a.text, op, k),
                        a.bound if op == "/" else min(a.bound, k))
        # Bitwise operators on values of either sign: two's complement on
        # every target; the result is below the next power of two.
        p = 1
        while p <= max(a.bound, b.bound):
            p <<= 1
        return Leaf("(%s %s %s)" % (a.text, op, b.text), 2 * p)

    def value(self, depth=3, must=()):
        """A wrapped value, ready to be stored in an array of ELT; the
        leaves in `must` are used for sure (a fetched array, say)."""
        e = self.gen(depth)
        text = e.text
        for leaf in must:
            if leaf.text not in text and e.bound + leaf.bound < self.limit:
                text = "(%s + %s)" % (text, leaf.text)
        return "wrap(%s)" % text
