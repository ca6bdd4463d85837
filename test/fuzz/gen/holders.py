# Host shape "containers" (issue 26, family 3): arrays reached through
# containers and copies: std::vector / std::array / std::pair / std::tuple /
# std::optional of hy::array, an aggregate holding arrays, its copies and
# references, and arrays returned by reference from functions. Functions
# that launch kernels get those arrays (elements passed directly, or a
# range-for's reference), and host code reads and writes their elements
# after the kernels, between them and at the end (the digests).
from . import launch


def holder(u, ty):
    """Declares a holder of 1-D arrays of `ty` and extent L in run();
    returns the C++ texts of its arrays and whether it is iterable."""
    rng = u.srng
    h = u.fresh("hold")
    arr = "hy::array<%s, 1>" % ty
    mk = "%s(L)" % arr
    kind = rng.choice(["vector", "array", "pair", "tuple", "optional", "aggregate"])
    if kind == "vector":
        n = rng.randrange(1, 4)
        if rng.random() < 0.5:
            u.body.append("std::vector<%s> %s(%d, %s);" % (arr, h, n, mk))
        else:
            u.body.append("std::vector<%s> %s;" % (arr, h))
            u.body.append("for (int i = 0; i < %d; ++i)\n  %s.emplace_back(L);" % (n, h))
        elems = ["%s[%d]" % (h, i) for i in range(n)]
        if n > 1 and rng.random() < 0.5:
            elems[-1] = "%s.back()" % h
        if rng.random() < 0.3:
            elems[0] = "%s.at(0)" % h
        return h, elems, True
    if kind == "array":
        n = rng.randrange(1, 4)
        u.body.append("std::array<%s, %d> %s{%s};" % (arr, n, h, ", ".join([mk] * n)))
        elems = ["%s[%d]" % (h, i) for i in range(n)]
        if rng.random() < 0.4:
            elems[0] = "std::get<0>(%s)" % h
        return h, elems, True
    if kind == "pair":
        u.body.append("std::pair<%s, %s> %s{%s, %s};" % (arr, arr, h, mk, mk))
        return h, ["%s.first" % h, "%s.second" % h], False
    if kind == "tuple":
        u.body.append("std::tuple<int, %s, %s> %s{%d, %s, %s};" % (arr, arr, h, rng.randrange(9), mk, mk))
        return h, ["std::get<1>(%s)" % h, "std::get<2>(%s)" % h], False
    if kind == "optional":
        u.body.append("std::optional<%s> %s{%s};" % (arr, h, mk))
        return h, [rng.choice(["(*%s)" % h, "%s.value()" % h])], False
    st = h.capitalize()
    u.helpers.append("struct %s {\n  int tag;\n  %s a, b;\n};" % (st, arr))
    u.body.append("%s %s{%d, %s, %s};" % (st, h, rng.randrange(9), mk, mk))
    return h, ["%s.a" % h, "%s.b" % h], False


def by_reference(u, h, elems, ty):
    """A function returning one of the holder's arrays by reference, and its
    call as another way to reach it."""
    f = u.fresh("pick")
    i = u.srng.randrange(len(elems))
    u.kernels.append("template <class Hold> static hy::array<%s, 1> &%s(Hold &h) {\n  return %s;\n}"
                     % (ty, f, elems[i].replace(h, "h")))
    elems[i] = "%s(%s)" % (f, h)


def containers(u):
    ln = launch.function(u)
    if ln is None:
        return
    rng = u.srng
    slot = ln.slots[0]
    ty = ln.arrays[slot].ty
    h, elems, iterable = holder(u, ty)
    u.body.append("{\n  unsigned sd = %du;\n  for (auto *e : {%s})\n    fill(*e, sd++, -500, 500);\n}"
                  % (rng.randrange(1 << 30), ", ".join("&" + e for e in elems)))
    if rng.random() < 0.4:
        by_reference(u, h, elems, ty)
    acc = launch.new_acc(u)
    copies = []
    for _ in range(rng.randrange(2, 6)):
        r = rng.random()
        e = rng.choice(elems + copies)
        if r < 0.35:
            u.body.append("%s;" % ln.call(rng.randrange(0, 60), {slot: e}))
        elif r < 0.5 and iterable:
            u.body.append("for (auto &x : %s)\n  %s;" % (h, ln.call(rng.randrange(0, 60), {slot: "x"})))
        elif r < 0.7:
            step = rng.randrange(1, 9)
            u.body.append("for (int j = 0; j < L; j += %d)\n  %s" % (
                step, launch.accumulate(acc, launch.exact("%s(j)" % e, ty))))
        elif r < 0.8:
            j = rng.randrange(u.geo["L"])
            u.body.append("%s(%d) = wrap(%s(%d) * static_cast<%s>(2) + static_cast<%s>(1));"
                          % (e, j, e, j, ty, ty))
        elif len(copies) < 2:
            # A copy of the whole holder (or a reference to it) after kernels
            # wrote its arrays, then used like the original.
            c = u.fresh("copy")
            if rng.random() < 0.6:
                u.body.append("auto %s = %s;" % (c, h))
            else:
                u.body.append("auto &%s = %s;" % (c, h))
            copies += [x.replace(h, c) for x in elems]
    for e in elems + copies:
        u.outputs.append((e.replace(" ", ""), "digest(%s)" % e))
