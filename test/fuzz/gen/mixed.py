# Host shape "mixed" (issue 26, family 6): one host statement that both
# calls a function that launches kernels and reads an array those kernels
# write: operands of one expression, arguments of one call, conditions of
# if / while, initialisers. Only forms whose order of evaluation C++ fixes
# (comma, &&, ||, ?:, braced initialisers; a call's arguments in braces)
# are generated, so the serial meaning is one value.
from . import launch


def mixed(u):
    ln = launch.function(u)
    if ln is None:
        return
    rng = u.srng
    # A function that launches kernels and returns a value.
    f = u.fresh("stepv")
    names = [a for _, a in ln.params]
    u.kernels.append("static int %s(%s) {\n  %s(%s, s);\n  return s %% 5 + 1;\n}"
                     % (f, ln.signature(), ln.name, ", ".join(names)))
    acc = launch.new_acc(u)
    slot = ln.slots[0]
    target, ty = ln.args()[slot], ln.arrays[slot].ty
    if "Two" not in "\n".join(u.helpers):
        u.helpers.append("struct Two {\n  long long first, second;\n};\n"
                         "inline long long peek2(Two t, long long k) { return t.first * k + t.second; }")
    for _ in range(rng.randrange(1, 4)):
        call = ln.call(rng.randrange(0, 60), name=f)
        rd = launch.exact("%s(%d)" % (target, rng.randrange(u.geo["L"])), ty)
        rd2 = launch.exact("%s(%d)" % (target, rng.randrange(u.geo["L"])), ty)
        lim = rng.randrange(-400, 400)
        form = rng.choice(["comma", "and", "or", "cond", "init", "braced", "args", "if", "while"])
        if form == "comma":
            u.body.append(launch.accumulate(acc, "(%s, %s)" % (call, rd)))
        elif form == "and":
            u.body.append("%s = (%s > 0 && %s > %d) ? %s + 1 : %s - 1;" % (acc, call, rd, lim, acc, acc))
        elif form == "or":
            u.body.append("if (%s < 0 || %s < %d)\n  %s += 7;" % (call, rd, lim, acc))
        elif form == "cond":
            u.body.append(launch.accumulate(acc, "(%s > 0 ? %s : %s)" % (call, rd, rd2)))
        elif form == "init":
            v = u.fresh("init")
            u.body.append("const long long %s = (%s, %s);" % (v, call, rd))
            u.body.append(launch.accumulate(acc, v))
        elif form == "braced":
            v = u.fresh("init")
            u.body.append("const Two %s{%s, %s};" % (v, call, rd))
            u.body.append(launch.accumulate(acc, "%s.first + %s.second" % (v, v)))
        elif form == "args":
            u.body.append(launch.accumulate(acc, "peek2(Two{%s, %s}, %d)" % (call, rd, rng.randrange(1, 5))))
        elif form == "if":
            u.body.append("if ((%s, %s) > %d)\n  %s += 3;\nelse\n  %s -= 5;" % (call, rd, lim, acc, acc))
        else:
            w = u.fresh("w")
            u.body.append("for (int %s = 0; %s < %d && ((%s = (%s * 3 + (%s, %s)) %% 1000003) | 1) != 0;)\n"
                          "  ++%s;" % (w, w, rng.randrange(1, 4), acc, acc,
                                       ln.call("%s + %d" % (w, rng.randrange(0, 50)), name=f), rd, w)
                          if rng.random() < 0.5 else
                          "{\n  int %s = 0;\n  while (%s < %d && ((%s = (%s * 3 + (%s, %s)) %% 1000003) | 1) != 0)\n"
                          "    ++%s;\n}" % (w, w, rng.randrange(1, 4), acc, acc,
                                            ln.call("%s + %d" % (w, rng.randrange(0, 50)), name=f), rd, w))
